"""The companion (Letters & Seals, rules 5.2, 5.7, 5.4; rulings R-30 to R-32, R-39): won at the first Fountain
action, brought in at the start of a turn onto the merchant's place, then moved instead of the merchant exactly one
step, with no assistant; it pays and is paid 2 lira like a merchant, acts, catches family members and meets the
neutral figures where it stands, and delivers letters. The recommended 5x4 layout (rulebook p.15):

     9  1  4 21  3
    15  6  7 11 22
    13 24 12 14  8
    10  2 23  5 16
"""

from __future__ import annotations

import domain.istanbul as game
from domain.istanbul.commands import (
    CatchFamilyMember,
    EndTurn,
    LeaveAssistant,
    Move,
    PayMerchants,
    ReturnAssistants,
    UseGovernor,
)
from domain.istanbul.events import AssistantsReturned, MerchantsPaid
from domain.istanbul.letters_seals.commands import BringInCompanion, ChooseKioskTile, MoveCompanion, TakeCompanion, VisitKiosk
from domain.istanbul.letters_seals.data import GENERAL_SUPPLY, PERSONAL_SUPPLY
from domain.istanbul.letters_seals.events import CompanionBroughtIn, CompanionMoved, CompanionTaken, LettersDelivered
from domain.istanbul.state import MOVEMENT, Action, AssistantStep, Movement, Payment

from .builders import letters_acting, play, position
from .builders import letters_turn_start as turn_start
from .places.test_kiosk import on_top


def test_the_first_fountain_action_wins_the_companion():
    state = letters_acting(7, seats=3, assistants=((7, 0), (3, 0)), player={"stack": (0, 0)})
    assert state.players[0].companion == GENERAL_SUPPLY
    events, state = play(state, ReturnAssistants(0, (3,)))
    assert events == [AssistantsReturned(0, (3,), 0, "fountain"), CompanionTaken(0, GENERAL_SUPPLY, False)]
    assert state.players[0].companion == PERSONAL_SUPPLY
    assert TakeCompanion(0) not in game.legal_commands(state, 0)


def test_with_no_assistant_away_taking_the_companion_is_the_fountain_action():
    state = letters_acting(7, seats=3, assistants=(), player={"stack": (0, 0, 0, 0)})
    listed = game.legal_commands(state, 0)
    assert TakeCompanion(0) in listed and not [c for c in listed if isinstance(c, ReturnAssistants)]
    events, state = play(state, TakeCompanion(0))
    assert events == [CompanionTaken(0, GENERAL_SUPPLY, True)]
    assert state.phase.done == 1 and state.players[0].companion == PERSONAL_SUPPLY


def test_a_later_fountain_action_may_take_it_back_from_the_board():
    state = letters_acting(7, seats=3, assistants=((7, 0), (3, 0)), player={"stack": (0, 0), "companion": 22})
    _, state = play(state, ReturnAssistants(0, (3,)))
    assert state.players[0].companion == 22 and TakeCompanion(0) in game.legal_commands(state, 0)
    events, state = play(state, TakeCompanion(0))
    assert events == [CompanionTaken(0, 22, False)] and state.players[0].companion == PERSONAL_SUPPLY


def test_it_is_brought_in_at_the_start_of_a_turn_and_moves_exactly_one_step_without_assistants():
    state = turn_start(players={0: {"companion": PERSONAL_SUPPLY}}, governor=11)
    assert BringInCompanion(0) in game.legal_commands(state, 0)
    events, state = play(state, BringInCompanion(0))
    assert events == [CompanionBroughtIn(0, 7)] and state.players[0].companion == 7
    assert isinstance(state.phase, Movement) and BringInCompanion(0) not in game.legal_commands(state, 0)
    moves = [c for c in game.legal_commands(state, 0) if isinstance(c, MoveCompanion)]
    assert moves == [MoveCompanion(0, p) for p in (4, 6, 11, 12)]  # the fountain's four neighbours
    assert Move(0, 14) in game.legal_commands(state, 0)  # or the merchant, as usual
    events, state = play(state, MoveCompanion(0, 11))
    assert events == [CompanionMoved(0, 7, 11)]
    assert state.phase == Action(place=11) and state.companion_turn and state.players[0].merchant == 7
    assert UseGovernor(0) in game.legal_commands(state, 0)  # it meets the figures where it stands


def test_it_catches_family_members_where_it_stands():
    state = turn_start(players={0: {"companion": 7}, 1: {"family": 4}})
    _, state = play(state, MoveCompanion(0, 4))
    listed = game.legal_commands(state, 0)
    assert CatchFamilyMember(0, 1, "lira") in listed and EndTurn(0) not in listed


def test_the_companion_pays_and_is_paid_two_lira_like_a_merchant():
    """Rulebook p.16: "Wenn Kaufleute oder Kompagnons fremden Kaufleuten oder Kompagnons begegnen, müssen sie diesen
    jeweils 2 Lira zahlen, bevor sie die Ortsaktion ausführen können." Seat 0's companion joins seat 1's merchant
    and seat 2's companion at the Small Market 11; then seat 1's merchant comes to seat 0's companion at the
    Kiosk 22."""
    state = turn_start(players={0: {"companion": 7, "lira": 5}, 1: {"merchant": 11, "lira": 2},
                                2: {"companion": 11, "lira": 4}})
    _, state = play(state, MoveCompanion(0, 11))
    assert state.phase == Payment() and game.legal_commands(state, 0)[:1] == [PayMerchants(0)]
    events, state = play(state, PayMerchants(0))
    assert events == [MerchantsPaid(0, 11, (1, 2), (), 4)]
    assert [p.lira for p in state.players] == [1, 4, 6] and state.phase == Action(place=11)
    state = position(state, current=1, phase=MOVEMENT, companion_turn=False, players={0: {"companion": 22}})
    _, state = play(state, Move(1, 22))
    assert state.phase == AssistantStep()
    _, state = play(state, LeaveAssistant(1))
    assert state.phase == Payment()
    events, state = play(state, PayMerchants(1))
    assert events == [MerchantsPaid(1, 22, (0,), (), 2)] and [p.lira for p in state.players] == [3, 2, 6]


def test_no_payment_at_the_fountain_for_the_companion_either():
    state = turn_start(players={0: {"companion": 6}, 1: {"companion": 7}})
    _, state = play(state, MoveCompanion(0, 7))
    assert isinstance(state.phase, Action) and state.phase.place == 7


def test_a_card_naming_the_merchant_commits_the_turn_to_it():
    """5.7 c: B10 ("take 1 of your assistants back to your merchant") begins a merchant turn; no companion move."""
    state = turn_start(players={0: {"companion": 6}}, phase=Movement(committed=True))
    assert not [c for c in game.legal_commands(state, 0) if isinstance(c, MoveCompanion)]


def test_the_companion_delivers_letters_where_it_stands():
    state = turn_start(players={0: {"companion": 7, "letters": (11,)}})
    pile = list(state.letters.pile)
    pile.remove(11)
    state = position(state, letters=state.letters.__class__(pile=tuple(pile)))
    events, state = play(state, MoveCompanion(0, 11))
    assert events[-1] == LettersDelivered(0, (11,)) and state.players[0].sealed == (11,)


def test_k15_takes_the_companion_back_from_the_board():
    state = letters_acting(22, seats=2, setup_kwargs={"kiosk": on_top("K15", "K05", "K06")},
                           player={"companion": 9})
    _, state = play(state, VisitKiosk(0))
    events, state = play(state, ChooseKioskTile(0, "K15", True))
    assert state.players[0].companion == PERSONAL_SUPPLY


def test_the_companion_turn_ends_with_the_turn():
    state = turn_start(players={0: {"companion": 6}})
    _, state = play(state, MoveCompanion(0, 15))
    _, state = play(state, EndTurn(0))
    assert not state.companion_turn and state.current == 1
