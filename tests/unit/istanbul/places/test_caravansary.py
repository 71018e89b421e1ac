import domain.istanbul as game
from domain.istanbul.commands import DiscardBonusCard, DrawBonusCard, EndTurn, PlayBonusCard
from domain.istanbul.events import BonusCardDiscarded, BonusCardDrawn, CaravansaryVisited
from domain.istanbul.state import Caravan

from ..builders import acting, answer, codes, play, position


def test_take_two_from_deck_or_discard_then_discard_one():
    state = acting(6, player={"hand": ("B02",)}, discard=("B09", "B05"))
    assert set(game.legal_commands(state, 0)) >= {DrawBonusCard(0, "deck"), DrawBonusCard(0, "discard")}
    top = state.deck[0]
    events, state = play(state, DrawBonusCard(0, "deck"))
    assert events == [CaravansaryVisited(0), BonusCardDrawn(0, top, "deck")]
    assert state.phase.step == Caravan(1)
    # mid-action: the draws, any-time cards (B02), but no encounter and no end of turn
    legal = game.legal_commands(state, 0)
    assert set(legal) == {DrawBonusCard(0, "deck"), DrawBonusCard(0, "discard"), PlayBonusCard(0, "B02")}
    assert codes(lambda: game.decide(state, EndTurn(0))) == "istanbul.decision_pending"
    events, state = play(state, DrawBonusCard(0, "discard"))
    assert events == [BonusCardDrawn(0, "B05", "discard")]
    assert state.discard == ("B09",)
    legal = game.legal_commands(state, 0)
    assert set(legal) == {DiscardBonusCard(0, c) for c in set(state.players[0].hand)} | {PlayBonusCard(0, "B02")}
    events, state = play(state, DiscardBonusCard(0, "B05"))
    assert events == [BonusCardDiscarded(0, "B05")]
    assert state.discard == ("B09", "B05")
    assert len(state.players[0].hand) == 2
    assert state.phase.step is None and state.phase.done == 1


def test_deck_running_out_between_the_draws_is_reshuffled_with_the_discard_pile():
    state = acting(6, player={"hand": ("B02",)})
    # move all but one card to the discard pile
    rest = state.deck
    state = position(state, discard=rest[1:])
    assert len(state.deck) == 1
    _, state = play(state, DrawBonusCard(0, "deck"))
    request = game.chance(state)
    assert request.label == "bonus_reshuffle" and request.size == len(rest) - 1
    assert game.to_act(state) == ()
    events, state = answer(state, tuple(range(request.size)))
    assert state.discard == () and len(state.deck) == len(rest) - 1
    assert DrawBonusCard(0, "deck") in game.legal_commands(state, 0)
    assert DrawBonusCard(0, "discard") not in game.legal_commands(state, 0)


def test_cards_between_the_draws_but_the_last_card_stays_for_the_discard():
    """Cards may be played while the caravansary's draws are pending; once both are taken the discard is owed,
    so the last card in hand cannot be played away (it would skip the discard)."""
    state = acting(6, player={"hand": ()}, discard=("B02", "B02"))
    _, state = play(state, DrawBonusCard(0, "discard"))
    _, state = play(state, PlayBonusCard(0, "B02"))  # a second draw is still due: it brings a card
    _, state = play(state, DrawBonusCard(0, "discard"))
    assert state.phase.step == Caravan(2) and state.players[0].hand == ("B02",)
    assert game.legal_commands(state, 0) == [DiscardBonusCard(0, "B02")]
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B02"))) == "istanbul.decision_pending"
