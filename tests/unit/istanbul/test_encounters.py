"""Phase 4 (5.6, 9.2): family members (compulsory catch), governor, smuggler; dealer relocation rolls."""

from __future__ import annotations

import domain.istanbul as game
from domain.istanbul.commands import CatchFamilyMember, EndTurn, PayGovernor, SendFamilyMember, UseGovernor, UseSmuggler
from domain.istanbul.events import (
    BonusCardDrawn,
    FamilyMemberCaught,
    FigurePlaced,
    GovernorPaid,
    GovernorUsed,
    SmugglerUsed,
)
from domain.istanbul.state import Encounters

from .builders import acting, codes, play, roll


def test_catching_is_compulsory_and_pays_three_lira_or_a_card():
    state = acting(2, seats=3, others={1: {"family": 2}, 2: {"family": 2}})
    assert codes(lambda: game.decide(state, EndTurn(0))) == "istanbul.must_catch_family"
    legal = set(game.legal_commands(state, 0))
    assert {CatchFamilyMember(0, 1, "lira"), CatchFamilyMember(0, 1, "card"), CatchFamilyMember(0, 2, "lira"),
            CatchFamilyMember(0, 2, "card")} <= legal
    events, state = play(state, CatchFamilyMember(0, 1, "lira"))
    assert events == [FamilyMemberCaught(0, 1, "lira")]
    assert state.players[1].family == 12 and state.players[0].lira == 5
    assert isinstance(state.phase, Encounters)
    top = state.deck[0]
    events, state = play(state, CatchFamilyMember(0, 2, "card"))
    assert events == [FamilyMemberCaught(0, 2, "card"), BonusCardDrawn(0, top, "deck")]
    assert EndTurn(0) in game.legal_commands(state, 0)


def test_no_catch_at_the_police_station():
    state = acting(12, seats=3, others={1: {"family": 12}})
    assert not [c for c in game.legal_commands(state, 0) if isinstance(c, CatchFamilyMember)]


def test_governor_draw_then_pay_two_lira_or_discard_and_relocate():
    state = acting(5, governor=5)
    top = state.deck[0]
    events, state = play(state, UseGovernor(0))
    assert events == [GovernorUsed(0), BonusCardDrawn(0, top, "deck")]
    legal = set(game.legal_commands(state, 0))
    assert PayGovernor(0, None) in legal and PayGovernor(0, top) in legal
    events, state = play(state, PayGovernor(0, top))
    assert events == [GovernorPaid(0, top)]
    assert state.discard[-1] == top
    request = game.chance(state)
    assert request.label == "governor" and request.by_dealer is True
    events, state = roll(state, 2, 2)
    assert events[1] == FigurePlaced("governor", 0, 4, (2, 2))
    assert state.figures["governor"] == 4
    assert UseGovernor(0) not in game.legal_commands(state, 0)


def test_governor_used_only_once_even_if_it_lands_here_again():
    state = acting(5, governor=5)
    _, state = play(state, UseGovernor(0))
    _, state = play(state, PayGovernor(0, None))
    _, state = roll(state, 1, 4)
    assert state.figures["governor"] == 5
    assert codes(lambda: game.decide(state, UseGovernor(0))) == "istanbul.figure_already_used"


def test_smuggler_any_good_paid_with_lira_or_a_good():
    state = acting(5, smuggler=5, player={"goods": {"red": 1}, "lira": 1})
    legal = {c for c in game.legal_commands(state, 0) if isinstance(c, UseSmuggler)}
    assert UseSmuggler(0, "blue", "lira") not in legal  # 1 lira only
    assert UseSmuggler(0, "blue", "red") in legal and UseSmuggler(0, "blue", "blue") in legal
    events, state = play(state, UseSmuggler(0, "blue", "red"))
    assert events == [SmugglerUsed(0, "blue", 1, "red")]
    assert state.players[0].goods == {"blue": 1}
    assert game.chance(state).label == "smuggler"
    _, state = roll(state, 6, 5)
    assert state.figures["smuggler"] == 11


def test_figure_not_here():
    state = acting(5, governor=6, smuggler=6)
    assert codes(lambda: game.decide(state, UseGovernor(0))) == "istanbul.figure_not_here"
    assert codes(lambda: game.decide(state, UseSmuggler(0, "red", "lira"))) == "istanbul.figure_not_here"


def test_family_member_sent_by_the_police_has_no_encounters():
    state = acting(12, seats=3, others={1: {"family": 2}}, governor=2)
    _, state = play(state, SendFamilyMember(0, 2))
    legal = game.legal_commands(state, 0)
    assert not [c for c in legal if isinstance(c, (CatchFamilyMember, UseGovernor))]
