"""Turns, seals and the end of the match (rules 3, 6; R-15, R-22, R-31)."""

from dataclasses import replace

import pytest

from domain import jaipur
from domain.core import RuleViolation
from domain.jaipur.commands import Exchange, Sell, TakeCamels
from domain.jaipur.events import GoodsSold, MarketRefilled, MatchAborted, MatchWon, SealAwarded
from domain.jaipur.state import Dealing, MatchOver
from tests.unit.jaipur.builders import code_of, play, position


def ending(seals=(0, 0), starter=0, **kw):
    """Seat 0 (holding every sold token) sells the last leather and empties a third pile."""
    return position(
        hands=(("leather",), ("gold",)),
        herds=(2, 3),
        market=("camel", "camel", "camel", "diamond", "gold"),
        discard=("cloth",) * 8 + ("spice",) * 7 + ("leather",) * 8,
        seals=seals,
        starter=starter,
        **kw,
    )


def test_players_alternate_turns():
    state = position(hands=(("cloth",), ("spice",)))
    assert jaipur.to_act(state) == (0,)
    assert code_of(state, TakeCamels(1)) == "not_your_turn"
    after, _ = play(state, TakeCamels(0))
    assert jaipur.to_act(after) == (1,)
    assert code_of(after, TakeCamels(0)) == "not_your_turn"


def test_a_seat_outside_the_table_is_never_on_turn():
    assert code_of(position(), TakeCamels(2)) == "not_your_turn"


def test_unknown_commands_are_refused():
    assert code_of(position(), object()) == "jaipur.unknown_command"


def test_round_winner_gets_a_seal_and_the_loser_starts_the_next_round():
    after, events = play(ending(), Sell(0, "leather", 1))
    assert [e.TYPE for e in events] == ["goods_sold", "round_ended", "seal_awarded"]
    assert events[2] == SealAwarded(0, 1)
    assert after.seals == (1, 0)
    assert replace(after.phase, previous_round=None) == Dealing(2, 1)
    assert len(after.rounds) == 1 and after.rounds[0].winner == 0


def test_the_second_seal_wins_the_match():
    after, events = play(ending(seals=(1, 1), number=3), Sell(0, "leather", 1))
    assert events[-2:] == [SealAwarded(0, 2), MatchWon(0)]
    assert jaipur.is_terminal(after) and replace(after.phase, final_round=None) == MatchOver((0,))
    assert jaipur.to_act(after) == () and jaipur.chance(after) is None
    assert jaipur.legal_commands(after, 0) == [] and jaipur.legal_commands(after, 1) == []
    result = jaipur.result(after)
    assert result["winners"] == [0] and result["scores"] == [2, 1]
    assert result["rounds"][0]["round"] == 3 and result["rounds"][0]["winner"] == 0
    assert result["aborted"] is False


def test_no_command_after_the_match():
    after, _ = play(ending(seals=(1, 0)), Sell(0, "leather", 1))
    with pytest.raises(RuleViolation) as error:
        jaipur.decide(after, TakeCamels(1))
    assert error.value.code == "game_over"


def test_result_is_none_before_the_end():
    assert jaipur.result(position()) is None and not jaipur.is_terminal(position())


def full_tie(**kw):
    """Seat 0 sells the last 2 silver tokens (5 + 5), emptying a third pile: 45 each (seat 1 with the camel
    token), no bonus tokens, 8 goods tokens each."""
    return position(
        hands=(("silver", "silver"), ()),
        herds=(2, 3),
        market=("camel", "camel", "leather", "leather", "leather"),
        discard=("diamond",) * 6 + ("gold",) * 6 + ("silver",) * 3 + ("leather",),
        goods_tokens=(
            (("diamond", 7), ("diamond", 7), ("gold", 6), ("gold", 6), ("silver", 5), ("leather", 4)),
            (("diamond", 5),) * 3 + (("gold", 5),) * 3 + (("silver", 5),) * 2,
        ),
        seals=(1, 1),
        starter=1,
        number=3,
        **kw,
    )


def test_r15_residual_tie_awards_no_seal_and_another_round_is_played():
    after, events = play(full_tie(), Sell(0, "silver", 2))
    assert [e.TYPE for e in events] == ["goods_sold", "round_ended"]
    ended = events[1]
    assert ended.totals == (45, 45) and ended.bonus_counts == (0, 0) and ended.goods_counts == (8, 8)
    assert ended.camel_token == 1 and ended.winner is None
    assert after.seals == (1, 1)
    assert replace(after.phase, previous_round=None) == Dealing(4, 0)  # the non-starter of the tied round starts


def test_r15_option_seal_to_non_starter_can_decide_the_match():
    after, events = play(full_tie(options={"residual_tie": "seal_to_non_starter"}), Sell(0, "silver", 2))
    assert events[1].winner == 0
    assert events[2:] == [SealAwarded(0, 2), MatchWon(0)]
    assert replace(after.phase, final_round=None) == MatchOver((0,))


def test_r31_seals_are_a_counter_per_seat():
    assert position().seals == (0, 0)


def test_r22_safety_cap_aborts_the_match_after_turns_without_progress():
    state = position(
        hands=(("cloth", "spice"), ("leather", "silver")),
        herds=(0, 0),
        market=("diamond", "gold", "camel", "camel", "camel"),
        options={"safety_cap_turns_without_progress": 2},
    )
    state, events = play(state, Exchange(0, ("diamond", "gold"), ("cloth", "spice")))
    assert [e.TYPE for e in events] == ["goods_exchanged"]
    state, events = play(state, Exchange(1, ("cloth", "spice"), ("leather", "silver")))
    assert events[-1] == MatchAborted(round=1, idle_turns=2)
    assert jaipur.is_terminal(state)
    assert jaipur.result(state)["winners"] == [] and jaipur.result(state)["aborted"] is True


def test_r22_a_draw_or_a_sale_resets_the_count():
    state = position(
        hands=(("cloth", "spice"), ("leather", "silver")),
        market=("diamond", "gold", "camel", "camel", "camel"),
        options={"safety_cap_turns_without_progress": 2},
    )
    state, _ = play(state, Exchange(0, ("diamond", "gold"), ("cloth", "spice")))
    state, _ = play(state, Sell(1, "leather", 1))
    state, events = play(state, Exchange(0, ("cloth", "spice"), ("diamond", "gold")))
    assert [e.TYPE for e in events] == ["goods_exchanged"]


def test_r22_no_cap_by_default():
    assert jaipur.initial_state({}, 2).options.safety_cap_turns_without_progress is None


def test_a_forfeit_ends_the_match_and_the_other_seat_wins():
    state = position(hands=(("cloth",), ("spice",)))
    events = jaipur.forfeit(state, 0)
    assert [e.TYPE for e in events] == ["match_forfeited"]
    after = state
    for event in events:
        after = jaipur.evolve(after, event)
    assert jaipur.is_terminal(after) and jaipur.to_act(after) == ()
    assert jaipur.result(after)["winners"] == [1] and jaipur.result(after)["forfeited_by"] == 0
    with pytest.raises(RuleViolation) as error:
        jaipur.forfeit(after, 1)
    assert error.value.code == "game_over"


def test_draws_from_the_deck_and_bonus_tokens_are_reveals():
    assert jaipur.reveals(MarketRefilled(cards=("gold",), slots=(3,), deck_size=9))
    assert jaipur.reveals(GoodsSold(0, "cloth", 3, (5, 3, 3), "three", 2))
    assert not jaipur.reveals(GoodsSold(0, "cloth", 2, (5, 3), None, None))
