"""Caravan Leader variant (11.4; rulebook p.17): the caravan tile starts on the Caravansary 6; whoever carries
out the Caravansary action takes it at the end of that turn and leads until another player carries it out; a
seat already leading when it carries out the action keeps both cards (no discard)."""

from __future__ import annotations

import pytest

import domain.istanbul as game
from domain.core import InvalidOptions
from domain.istanbul.commands import DiscardBonusCard, DrawBonusCard, EndTurn, SendFamilyMember
from domain.istanbul.events import BonusCardDrawn, CaravanTileTaken, SeatForfeited, TurnEnded
from domain.istanbul.forfeit import forfeit
from domain.istanbul.mocha_baksheesh.commands import FinishGuildCard, PlayGuildCard
from domain.istanbul.places.caravansary import CaravanTile
from domain.istanbul.state import MOVEMENT, Action

from .builders import MOCHA, acting, codes, play, position

LEADER = {"caravan_leader": True}


def leader_of(state):
    return state.places["caravansary"].leader


def caravansary(seats=2, seat=0, leader=None, **kwargs):
    """`seat` at the Caravansary about to act, in the variant, with the tile held by `leader`."""
    state = acting(6, seats=seats, seat=seat, setup_kwargs={"caravan_leader": True, **kwargs.pop("setup", {})},
                   **kwargs)
    return position(state, places=state.places.set("caravansary", CaravanTile(leader=leader)))


def visit(state, seat=0):
    """Both draws from the deck (and the discard of the first card drawn when one is owed)."""
    _, state = play(state, DrawBonusCard(seat, "deck"))
    _, state = play(state, DrawBonusCard(seat, "deck"))
    return state


@pytest.mark.parametrize("options", [LEADER, {**LEADER, "expansions": MOCHA},
                                     {**LEADER, "neutral_assistants": True, "layout": "random"}])
def test_the_variant_is_accepted_with_every_box_and_the_tile_starts_on_the_caravansary(options):
    state = game.initial_state(options, 3)
    assert state.places["caravansary"] == CaravanTile()
    view = game.view(state, None)
    assert view["options"]["caravan_leader"] is True
    assert view["places"]["caravan_tile"] == {"leader": None}


def test_without_the_variant_no_tile_and_the_view_keeps_its_shape():
    state = game.initial_state({}, 2)
    assert "caravansary" not in state.places
    view = game.view(state, 0)
    assert "caravan_leader" not in view["options"] and "caravan_tile" not in view["places"]


def test_the_option_must_be_a_boolean():
    with pytest.raises(InvalidOptions, match="caravan_leader"):
        game.initial_state({"caravan_leader": "yes"}, 2)


def test_the_first_visitor_discards_as_usual_and_takes_the_tile_at_the_end_of_the_turn():
    state = visit(caravansary(player={"hand": ()}))
    assert leader_of(state) is None  # not before the end of the turn
    hand = state.players[0].hand
    assert set(game.legal_commands(state, 0)) == {DiscardBonusCard(0, c) for c in set(hand)}
    _, state = play(state, DiscardBonusCard(0, hand[0]))
    events, state = play(state, EndTurn(0))
    assert events == [CaravanTileTaken(0), TurnEnded(0, 1)]
    assert leader_of(state) == 0
    assert game.view(state, 1)["places"]["caravan_tile"] == {"leader": 0}


def test_the_leader_keeps_both_cards_and_stays_leader():
    state = caravansary(player={"hand": ()}, leader=0)
    top, second = state.deck[:2]
    state = visit(state)
    assert state.players[0].hand == tuple(sorted((top, second)))
    assert state.phase.step is None and state.phase.done == 1  # the action is over: no discard owed
    assert not [c for c in game.legal_commands(state, 0) if isinstance(c, DiscardBonusCard)]
    assert codes(lambda: game.decide(state, DiscardBonusCard(0, top))) == "istanbul.action_already_done"
    events, state = play(state, EndTurn(0))
    assert events == [TurnEnded(0, 1)] and leader_of(state) == 0


def test_another_player_takes_the_tile_over_and_the_old_leader_discards_again():
    state = visit(caravansary(seat=1, leader=0, player={"hand": ()}), seat=1)
    assert [type(c) for c in game.legal_commands(state, 1)] == [DiscardBonusCard] * len(
        set(state.players[1].hand))  # seat 1 does not lead yet
    _, state = play(state, DiscardBonusCard(1, state.players[1].hand[0]))
    events, state = play(state, EndTurn(1))
    assert events[0] == CaravanTileTaken(1) and leader_of(state) == 1
    state = visit(position(state, players={0: {"merchant": 6, "stack": (0, 0, 0, 0)}}, current=0, phase=Action(place=6)))
    assert any(isinstance(c, DiscardBonusCard) for c in game.legal_commands(state, 0))


def test_a_turn_without_the_caravansary_action_leaves_the_tile_where_it_is():
    state = caravansary(leader=1)
    events, state = play(state, EndTurn(0))
    assert events == [TurnEnded(0, 1)] and leader_of(state) == 1


def test_the_family_member_carrying_out_the_action_counts():
    state = acting(12, setup_kwargs={"caravan_leader": True}, player={"hand": ()})
    _, state = play(state, SendFamilyMember(0, 6))
    state = visit(state)
    _, state = play(state, DiscardBonusCard(0, state.players[0].hand[0]))
    events, state = play(state, EndTurn(0))
    assert events == [CaravanTileTaken(0), TurnEnded(0, 1)]


def test_guild_card_6_counts_as_a_caravansary_action():
    state = position(caravansary(setup={"expansions": MOCHA, "layout": "recommended"}),
                     players={0: {"guild_hand": ("G06",), "hand": (), "merchant": 5}}, phase=MOVEMENT)
    _, state = play(state, PlayGuildCard(0, "G06"))
    state = visit(state)
    _, state = play(state, FinishGuildCard(0, None))
    events, state = play(state, EndTurn(0))
    assert events == [CaravanTileTaken(0), TurnEnded(0, 1)]


def test_a_seat_forfeiting_after_the_action_does_not_take_the_tile():
    state = visit(caravansary(seats=3, player={"hand": ()}))
    _, state = play(state, DiscardBonusCard(0, state.players[0].hand[0]))
    events = forfeit(state, 0)
    assert events == [SeatForfeited(0), TurnEnded(0, 1)]


def test_the_drawn_card_is_secret_to_others_whoever_leads():
    state = caravansary(leader=0)
    events, _ = play(state, DrawBonusCard(0, "deck"))
    drawn = [e for e in events if isinstance(e, BonusCardDrawn)][0]
    assert game.redact(drawn, 1).card == ""
