import pytest

import domain.istanbul as game
from domain.istanbul.commands import (
    AcceptRoll,
    EndTurn,
    PlayBonusCard,
    TakeBlackMarketGood,
    UseMosqueTile,
    VisitBlackMarket,
)
from domain.istanbul.events import (
    BlackMarketGoodDeferred,
    BlackMarketGoodTaken,
    BlackMarketVisited,
    DiceRolled,
    RedTileUsed,
    RollResolved,
)
from domain.istanbul.goods import Goods
from domain.istanbul.state import SingleGood

from ..builders import acting, codes, fold, play, roll


@pytest.mark.parametrize("dice, blue", [((1, 1), 0), ((3, 3), 0), ((3, 4), 1), ((4, 4), 1), ((4, 5), 2),
                                        ((5, 5), 2), ((5, 6), 3), ((6, 6), 3)])
def test_blue_goods_by_the_sum(dice, blue):
    state = acting(8, player={"extensions": 1})
    events, state = play(state, VisitBlackMarket(0, "green"))
    assert events == [BlackMarketVisited(0, "green", 1)]
    request = game.chance(state)
    assert request.label == "black_market" and request.by_dealer is False
    events, state = roll(state, *dice)
    assert events[1:] == [DiceRolled(0, "black_market", dice), RollResolved(0, "black_market", sum(dice), blue, 0)]
    assert state.players[0].goods == Goods({"green": 1, "blue": blue})
    assert state.phase.step is None


def test_blue_is_not_the_single_good():
    state = acting(8)
    assert codes(lambda: game.decide(state, VisitBlackMarket(0, "blue"))) == "istanbul.invalid_target"


def test_blue_goods_are_capped():
    state = acting(8, player={"goods": {"blue": 1}})
    _, state = play(state, VisitBlackMarket(0, "red"))
    events, state = roll(state, 6, 6)
    assert events[-1] == RollResolved(0, "black_market", 12, 1, 0)
    assert state.players[0].goods == {"red": 1, "blue": 2}


# --- rolling first: the single good after the roll (000 p.18 "Du darfst auch zuerst würfeln ...") ---------------
def _rolled_first(player=None):
    state = acting(8, player=player or {})
    events, state = play(state, VisitBlackMarket(0, None))
    assert events == [BlackMarketGoodDeferred(0)]
    return state


def test_the_good_may_be_chosen_up_front_or_after_the_roll():
    state = acting(8)
    legal = game.legal_commands(state, 0)
    assert [c for c in legal if isinstance(c, VisitBlackMarket)] == [
        VisitBlackMarket(0, "red"), VisitBlackMarket(0, "green"), VisitBlackMarket(0, "yellow"),
        VisitBlackMarket(0, None)]
    assert not any(isinstance(c, TakeBlackMarketGood) for c in legal)


def test_rolling_first_then_taking_the_good():
    state = _rolled_first()
    assert state.phase.done == 0 and game.legal_commands(state, 0) == []
    request = game.chance(state)
    assert request.label == "black_market" and request.by_dealer is False
    events, state = roll(state, 4, 5)
    assert events[1:] == [DiceRolled(0, "black_market", (4, 5)), RollResolved(0, "black_market", 9, 2, 0)]
    assert state.players[0].goods == {"blue": 2}
    assert state.phase.step == SingleGood(9) and state.phase.done == 0
    legal = game.legal_commands(state, 0)
    assert legal == [TakeBlackMarketGood(0, "red"), TakeBlackMarketGood(0, "green"),
                     TakeBlackMarketGood(0, "yellow")]
    assert game.timeout_command(state, 0) in legal
    events, state = play(state, TakeBlackMarketGood(0, "green"))
    assert events == [BlackMarketGoodTaken(0, "green", 1)]
    assert state.players[0].goods == {"green": 1, "blue": 2}
    assert state.phase.step is None and state.phase.done == 1
    assert not any(isinstance(c, (VisitBlackMarket, TakeBlackMarketGood)) for c in game.legal_commands(state, 0))


def test_while_the_good_is_due_only_the_good_and_any_time_cards_are_accepted():
    state = _rolled_first(player={"hand": ("B01", "B02")})
    _, state = roll(state, 1, 1)
    assert isinstance(state.phase.step, SingleGood)
    assert codes(lambda: game.decide(state, EndTurn(0))) == "istanbul.decision_pending"
    assert codes(lambda: game.decide(state, VisitBlackMarket(0, "red"))) == "istanbul.decision_pending"
    # B02 is any time in the turn; B01 never during a place action (8.1)
    assert PlayBonusCard(0, "B02") in game.legal_commands(state, 0)
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B01", good="red"))) == "istanbul.card_timing"
    assert codes(lambda: game.decide(state, AcceptRoll(0))) in game.ALL_CODES
    assert codes(lambda: game.decide(state, TakeBlackMarketGood(0, "blue"))) == "istanbul.invalid_target"


def test_taking_the_good_is_refused_when_none_is_due():
    state = acting(8)
    assert codes(lambda: game.decide(state, TakeBlackMarketGood(0, "red"))) == "istanbul.action_unavailable"
    _, state = play(state, VisitBlackMarket(0, "red"))
    assert codes(lambda: game.decide(state, TakeBlackMarketGood(0, "red"))) == "awaiting_chance"
    _, state = roll(state, 3, 4)
    assert codes(lambda: game.decide(state, TakeBlackMarketGood(0, "red"))) == "istanbul.action_already_done"
    other = acting(9)
    assert codes(lambda: game.decide(other, TakeBlackMarketGood(0, "red"))) == "istanbul.not_at_place"


def test_rolling_first_with_the_red_tile_the_good_comes_after_the_tile_choice():
    state = _rolled_first(player={"tiles": ("red",), "extensions": 1})
    _, state = roll(state, 2, 5)
    legal = game.legal_commands(state, 0)
    assert AcceptRoll(0) in legal and not any(isinstance(c, TakeBlackMarketGood) for c in legal)
    assert codes(lambda: game.decide(state, TakeBlackMarketGood(0, "red"))) == "istanbul.decision_pending"
    events, state = play(state, UseMosqueTile(0, "red", reroll=True))
    assert events == [RedTileUsed(0, (), True)]
    events, state = roll(state, 6, 6)
    assert events[-1] == RollResolved(0, "black_market", 12, 3, 0)
    assert state.phase.step == SingleGood(12)
    _, state = play(state, TakeBlackMarketGood(0, "yellow"))
    assert state.players[0].goods == {"yellow": 1, "blue": 3} and state.phase.done == 1


def test_rolling_first_and_accepting_the_roll():
    state = _rolled_first(player={"tiles": ("red",)})
    _, state = roll(state, 3, 4)
    assert game.timeout_command(state, 0) == AcceptRoll(0)
    events, state = play(state, AcceptRoll(0))
    assert events == [RollResolved(0, "black_market", 7, 1, 0)]
    assert game.legal_commands(state, 0)[0] == TakeBlackMarketGood(0, "red")


def test_the_good_taken_after_the_roll_is_capped():
    state = _rolled_first(player={"goods": {"red": 2}})
    _, state = roll(state, 6, 5)
    events, state = play(state, TakeBlackMarketGood(0, "red"))
    assert events == [BlackMarketGoodTaken(0, "red", 0)]
    assert state.players[0].goods == {"red": 2, "blue": 2}


def test_rolling_first_replays_to_the_same_state():
    start = acting(8)
    log, state = play(start, VisitBlackMarket(0, None))
    more, state = roll(state, 5, 5)
    log += more
    more, state = play(state, TakeBlackMarketGood(0, "red"))
    log += more
    assert fold(start, log) == state
