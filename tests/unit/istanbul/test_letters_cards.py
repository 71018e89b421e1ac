"""Letters & Seals' bonus cards (8.3; copies and L02/L04's printed details are the reference's stand-ins, 14a.5)
and the choice of deck (rulebook p.15, set-up step 1: the new cards alone or mixed with the base cards). The
recommended 5x4 layout:

     9  1  4 21  3
    15  6  7 11 22
    13 24 12 14  8
    10  2 23  5 16
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

import domain.istanbul as game
from domain.core import InvalidOptions
from domain.istanbul.commands import (
    CatchFamilyMember,
    EndTurn,
    LeaveAssistant,
    Move,
    PayMerchants,
    PlayBonusCard,
    TakeMosqueTile,
    UseGovernor,
)
from domain.istanbul.content import content
from domain.istanbul.events import BonusCardDrawn, BonusCardPlayed, MerchantMoved, MerchantsPaid
from domain.istanbul.frozen import FrozenDict
from domain.istanbul.letters_seals.commands import MoveCompanion, StepFamilyMember, UseNeutralFigure, VisitEmbassy
from domain.istanbul.letters_seals.data import CARDS
from domain.istanbul.letters_seals.events import (
    BonusCardCopied,
    CompanionMoved,
    FamilyMemberStepped,
    LettersDrawn,
    MerchantJoined,
    MovementCardPaid,
    NeutralFigureUsed,
)
from domain.istanbul.mocha_baksheesh.events import YieldsTaken
from domain.istanbul.mocha_baksheesh.places.tavern import Tavern
from domain.istanbul.scoring import final_queue
from domain.istanbul.state import Action, AssistantStep, FinalCards, Movement, Payment

from .builders import codes, letters_acting, letters_game, play, position, roll
from .builders import letters_turn_start as turn_start


def test_the_28_cards_and_the_choice_of_deck():
    assert sum(card.copies for card in CARDS) == 28
    mixed = content(letters_game(2)).deck
    alone = content(letters_game(2, bonus_deck="letters_seals")).deck
    assert len(alone) == 28 and all(card.startswith("L") for card in alone)
    assert len(mixed) == 26 + 28 and Counter(mixed)["B01"] == 4
    assert all(row[2] == "proposed" for row in content(letters_game(2)).proposed_rows(2) if row[1][0] == "L")
    with pytest.raises(InvalidOptions, match="bonus_deck"):
        game.initial_state({"bonus_deck": "letters_seals"}, 2)
    with pytest.raises(InvalidOptions, match="bonus_deck must be one of"):
        game.initial_state({"bonus_deck": "base"}, 2)


def test_l01_takes_a_letter():
    state = turn_start(players={0: {"hand": ("L01",)}})
    events, state = play(state, PlayBonusCard(0, "L01"))
    assert events == [BonusCardPlayed(0, "L01", "take_letter"), LettersDrawn(0, (1,), 0)]
    assert state.players[0].letters == (1,) and state.discard[-1] == "L01"


def test_l02_rolls_for_the_black_markets_blue_goods():
    state = turn_start(players={0: {"hand": ("L02",)}})
    _, state = play(state, PlayBonusCard(0, "L02"))
    assert game.chance(state).label == "roll_named_yield" and not game.chance(state).by_dealer
    events, state = roll(state, 4, 5)
    assert events[-1] == YieldsTaken(0, (4, 5), {"blue": 2}, 0) and state.players[0].goods == {"blue": 2}
    assert state.card_step is None


def test_l03_pays_a_good_for_seven_lira_also_after_the_last_turn():
    state = turn_start(players={0: {"hand": ("L03",), "goods": {"green": 1}, "lira": 2}})
    assert [c for c in game.legal_commands(state, 0) if c.card == "L03"] == [PlayBonusCard(0, "L03", "green")]
    events, state = play(state, PlayBonusCard(0, "L03", "green"))
    assert events == [BonusCardPlayed(0, "L03", "good_for_lira", good="green", lira=7)]
    assert state.players[0].lira == 9 and state.players[0].goods == {}
    final = position(turn_start(players={0: {"hand": ("L03", "L04R"), "goods": {"red": 1}}}),
                     phase=FinalCards((0, 1, 2)))
    assert {c.card for c in game.legal_commands(final, 0) if isinstance(c, PlayBonusCard)} == {"L03", "L04R"}


def test_l04_takes_its_pictured_good_and_three_lira():
    state = turn_start(players={0: {"hand": ("L04Y",), "lira": 0}})
    events, state = play(state, PlayBonusCard(0, "L04Y"))
    assert events == [BonusCardPlayed(0, "L04Y", "pictured_good", good="yellow", gained=1, lira=3)]
    assert state.players[0].goods == {"yellow": 1} and state.players[0].lira == 3


def test_l07_joins_an_opponents_merchant_without_paying_it_but_pays_the_others_there():
    state = turn_start(players={0: {"hand": ("L07",), "merchant": 9}, 1: {"merchant": 16},
                                2: {"companion": 16}})
    moves = [c for c in game.legal_commands(state, 0) if isinstance(c, Move) and c.card == "L07"]
    assert moves == [Move(0, 7, "L07"), Move(0, 16, "L07")]  # seat 2's merchant still at the fountain
    _, state = play(state, Move(0, 16, "L07"))
    assert state.phase == AssistantStep()
    _, state = play(state, LeaveAssistant(0))
    assert state.phase == Payment()
    events, state = play(state, PayMerchants(0))
    assert events == [MerchantsPaid(0, 16, (2,), (), 2)]  # seat 2's companion, not seat 1's merchant
    _, state = play(state, EndTurn(0))
    assert state.unpaid == ()


def test_l07_with_two_opponents_merchants_there_the_player_names_the_one_it_joins():
    """"Diesen Kaufmann brauchst du nicht zu bezahlen. Allen anderen anwesenden Figuren begegnest du wie üblich":
    of two opponents' merchants, the one the player joins is not paid, the other is (and every companion)."""
    state = turn_start(seats=4, players={0: {"hand": ("L07",), "merchant": 9, "lira": 6}, 1: {"merchant": 16},
                                         2: {"merchant": 16}, 3: {"merchant": 16, "companion": 16}})
    moves = [c for c in game.legal_commands(state, 0) if isinstance(c, Move) and c.card == "L07"]
    assert moves == [Move(0, 16, "L07", s) for s in (1, 2, 3)]
    assert codes(lambda: game.decide(state, Move(0, 16, "L07"))) == "istanbul.invalid_target"
    assert codes(lambda: game.decide(state, Move(0, 16, "L07", 0))) == "istanbul.invalid_target"
    events, state = play(state, Move(0, 16, "L07", 2))
    assert events == [MerchantMoved(0, 9, 16, "L07"), MerchantJoined(0, 2)]
    _, state = play(state, LeaveAssistant(0))
    events, state = play(state, PayMerchants(0))
    assert events == [MerchantsPaid(0, 16, (1, 3, 3), (), 6)]  # seat 1's and 3's merchants, seat 3's companion
    alone = turn_start(players={0: {"hand": ("L07",)}, 1: {"merchant": 16}, 2: {"merchant": 3}})
    events, _ = play(alone, Move(0, 16, "L07"))
    assert events == [MerchantMoved(0, 7, 16, "L07"), MerchantJoined(0, 1)]  # one there: nothing to name
    assert codes(lambda: game.decide(alone, Move(0, 16, None, 1))) == "istanbul.invalid_target"


def test_l08_moves_the_companion_two_steps():
    state = turn_start(players={0: {"hand": ("L08",), "companion": 7}})
    moves = [c.place for c in game.legal_commands(state, 0) if isinstance(c, MoveCompanion) and c.card == "L08"]
    assert moves == [1, 14, 15, 21, 22, 23, 24]  # exactly 2 steps from the fountain
    events, state = play(state, MoveCompanion(0, 22, "L08"))
    assert events == [CompanionMoved(0, 7, 22, "L08")] and state.players[0].hand == ()


def test_l10_repeats_the_action_at_either_mosque():
    state = letters_acting(15, seats=3, player={"hand": ("L10",), "goods": {"yellow": 5, "blue": 5},
                                               "extensions": 3, "lira": 0})
    _, state = play(state, TakeMosqueTile(0, "yellow"))
    assert PlayBonusCard(0, "L10") in game.legal_commands(state, 0)
    _, state = play(state, PlayBonusCard(0, "L10"))
    assert TakeMosqueTile(0, "blue") in game.legal_commands(state, 0)


def test_l11_only_at_the_secret_society():
    state = letters_acting(13, seats=3, player={"hand": ("L11",)})
    assert PlayBonusCard(0, "L11") not in game.legal_commands(state, 0)


def test_l12_pays_three_lira_to_move_anywhere():
    state = turn_start(players={0: {"hand": ("L12",), "lira": 3}})
    moves = {c.place for c in game.legal_commands(state, 0) if isinstance(c, Move) and c.card == "L12"}
    assert moves == set(state.layout) - {7}
    events, state = play(state, Move(0, 16, "L12"))
    assert events == [MerchantMoved(0, 7, 16, "L12"), MovementCardPaid(0, "L12", 3)]
    assert state.players[0].lira == 0 and state.players[0].merchant == 16
    poor = turn_start(players={0: {"hand": ("L12",), "lira": 2}})
    assert not [c for c in game.legal_commands(poor, 0) if isinstance(c, Move) and c.card == "L12"]


def test_l06_the_family_member_steps_and_acts_instead_of_the_turn_without_encounters():
    state = turn_start(players={0: {"hand": ("L06",), "family": 4}, 1: {"family": 21}}, governor=21)
    steps = [c for c in game.legal_commands(state, 0) if isinstance(c, StepFamilyMember)]
    assert steps == [StepFamilyMember(0, p, "L06") for p in (1, 7, 21)]
    events, state = play(state, StepFamilyMember(0, 21, "L06"))
    assert events == [FamilyMemberStepped(0, "L06", 4, 21)]
    assert state.phase == Action(place=21, by_family=True, figure_left=True) and state.players[0].merchant == 7
    listed = game.legal_commands(state, 0)
    assert VisitEmbassy(0) in listed and EndTurn(0) in listed
    assert not [c for c in listed if isinstance(c, (UseGovernor, CatchFamilyMember))]  # no encounters
    near_police = turn_start(players={0: {"hand": ("L06",), "family": 24}})
    assert 12 not in [c.place for c in game.legal_commands(near_police, 0) if isinstance(c, StepFamilyMember)]
    at_police = turn_start(players={0: {"hand": ("L06",)}})
    assert not [c for c in game.legal_commands(at_police, 0) if isinstance(c, StepFamilyMember)]


def test_l09_uses_the_governor_from_afar_pays_and_the_dealer_relocates_it():
    state = turn_start(players={0: {"hand": ("L09", "B02"), "lira": 2}}, governor=5)
    listed = [c for c in game.legal_commands(state, 0) if isinstance(c, UseNeutralFigure) and c.figure == "governor"]
    assert listed == [UseNeutralFigure(0, "L09", "governor", pay) for pay in ("lira", "B02", "drawn")]
    top = state.deck[0]
    events, state = play(state, UseNeutralFigure(0, "L09", "governor", "drawn"))
    assert events == [BonusCardPlayed(0, "L09", "use_neutral"), BonusCardDrawn(0, top, "deck"),
                      NeutralFigureUsed(0, "governor", card=top)]
    assert state.players[0].hand == ("B02",) and state.discard[-2:] == ("L09", top)
    request = game.chance(state)
    assert request.label == "governor" and request.by_dealer and isinstance(state.phase, Movement)


def test_l09_the_smuggler_and_the_courier_with_the_item_just_taken_as_payment():
    state = turn_start(players={0: {"hand": ("L09", "L09"), "lira": 0}}, smuggler=10, courier=3)
    events, state = play(state, UseNeutralFigure(0, "L09", "smuggler", "blue", "blue"))
    assert events[1:] == [NeutralFigureUsed(0, "smuggler", "blue", 1, paid_good="blue")]
    assert state.players[0].goods == {}
    _, state = roll(state, 3, 3)
    events, state = play(state, UseNeutralFigure(0, "L09", "courier", "drawn"))
    assert events[1:] == [LettersDrawn(0, (1,), 0), NeutralFigureUsed(0, "courier", letters=(1,))]
    assert state.players[0].letters == () and state.letters.discard == (1,)


def test_l09_even_the_tavern_encounter_tile_does_not_waive_its_cost():
    """R-41: the card says "pay the costs"; without 2 lira or a good there is no smuggler from afar."""
    state = turn_start(players={0: {"hand": ("L09",), "lira": 0}}, smuggler=10)
    assert [c.pay for c in game.legal_commands(state, 0)
            if isinstance(c, UseNeutralFigure) and c.figure == "smuggler" and c.good == "red"] == ["red"]


def test_l05_carries_out_the_discard_piles_top_card_which_stays_there():
    state = turn_start(players={0: {"hand": ("L05",), "lira": 1}}, discard=("B02",))
    assert [c for c in game.legal_commands(state, 0) if c.__class__ is PlayBonusCard] == [PlayBonusCard(0, "L05")]
    events, state = play(state, PlayBonusCard(0, "L05"))
    assert events == [BonusCardPlayed(0, "L05", "copy_discard"), BonusCardCopied(0, "B02", "gain_lira", lira=5)]
    assert state.players[0].lira == 6 and state.discard == ("B02", "L05")


def test_l05_follows_the_top_cards_own_timing_and_choices():
    state = turn_start(players={0: {"hand": ("L05",)}}, discard=("B01",))
    assert [c for c in game.legal_commands(state, 0) if c.__class__ is PlayBonusCard] == [
        PlayBonusCard(0, "L05", good) for good in ("red", "green", "yellow", "blue")]
    events, state = play(state, PlayBonusCard(0, "L05", "blue"))
    assert events[1] == BonusCardCopied(0, "B01", "gain_good", good="blue", gained=1)
    at_place = turn_start(players={0: {"hand": ("L05",)}}, discard=("B03",))  # the sultan's palace only
    assert not [c for c in game.legal_commands(at_place, 0) if c.__class__ is PlayBonusCard]
    copying_a_copy = turn_start(players={0: {"hand": ("L05",)}}, discard=("L05",))  # it would copy itself
    assert not [c for c in game.legal_commands(copying_a_copy, 0) if c.__class__ is PlayBonusCard]


def test_l05_carries_out_a_movement_card_on_top_with_the_move():
    """R-52: the top card under its own timing, so a movement card goes with the move (L05 lands on the pile)."""
    state = turn_start(players={0: {"hand": ("L05",), "lira": 3}}, discard=("B09",))
    far = {c.place for c in game.legal_commands(state, 0) if isinstance(c, Move) and c.card == "L05"}
    assert far == {c.place for c in game.legal_commands(turn_start(players={0: {"hand": ("B09",)}}), 0)
                   if isinstance(c, Move) and c.card == "B09"}
    events, after = play(state, Move(0, 9, "L05"))
    assert events == [MerchantMoved(0, 7, 9, "L05"), BonusCardCopied(0, "B09", "move_3_4")]
    assert after.discard == ("B09", "L05") and after.players[0].hand == () and after.phase == AssistantStep()
    anywhere = position(state, discard=("L12",))
    events, after = play(anywhere, Move(0, 16, "L05"))
    assert events == [MerchantMoved(0, 7, 16, "L05"), BonusCardCopied(0, "L12", "pay_to_anywhere"),
                      MovementCardPaid(0, "L12", 3)]
    assert after.players[0].lira == 0
    joining = position(state, discard=("L07",), players={1: {"merchant": 16}, 2: {"merchant": 16}})
    assert [c for c in game.legal_commands(joining, 0) if isinstance(c, Move) and c.card == "L05"] == [
        Move(0, 16, "L05", 1), Move(0, 16, "L05", 2)]
    events, after = play(joining, Move(0, 16, "L05", 2))
    assert events[1:] == [BonusCardCopied(0, "L07", "join_opponent"), MerchantJoined(0, 2)] and after.unpaid == (2,)
    not_a_move = position(state, discard=("B02",))
    assert not [c for c in game.legal_commands(not_a_move, 0) if isinstance(c, Move) and c.card]
    assert codes(lambda: game.decide(not_a_move, Move(0, 9, "L05"))) == "istanbul.card_timing"


def test_l05_carries_out_l06_l08_and_l09_with_their_own_commands():
    family = turn_start(players={0: {"hand": ("L05",), "family": 4}}, discard=("L06",))
    assert [c for c in game.legal_commands(family, 0) if isinstance(c, StepFamilyMember)] == [
        StepFamilyMember(0, p, "L05") for p in (1, 7, 21)]
    events, after = play(family, StepFamilyMember(0, 21, "L05"))
    assert events == [FamilyMemberStepped(0, "L05", 4, 21), BonusCardCopied(0, "L06", "family_step")]
    assert after.discard == ("L06", "L05") and after.players[0].family == 21
    companion = turn_start(players={0: {"hand": ("L05",), "companion": 7}}, discard=("L08",))
    events, after = play(companion, MoveCompanion(0, 22, "L05"))
    assert events == [CompanionMoved(0, 7, 22, "L05"), BonusCardCopied(0, "L08", "companion_two_steps")]
    governor = turn_start(players={0: {"hand": ("L05",), "lira": 2}}, discard=("L09",), governor=5)
    assert UseNeutralFigure(0, "L05", "governor", "lira") in game.legal_commands(governor, 0)
    top = governor.deck[0]
    events, after = play(governor, UseNeutralFigure(0, "L05", "governor", "lira"))
    assert events == [BonusCardPlayed(0, "L05", "copy_discard"), BonusCardCopied(0, "L09", "use_neutral"),
                      BonusCardDrawn(0, top, "deck"), NeutralFigureUsed(0, "governor", lira=2)]
    assert after.players[0].hand == (top,) and after.discard == ("L09", "L05")
    assert game.chance(after).label == "governor"


def test_l05_after_the_last_turn_when_the_card_it_carries_out_brings_lira_or_goods():
    """Rulebook p.10: after the last round "dürft ihr noch die Bonuskarten einsetzen, die euch Geld oder Waren
    bringen"; L05 brings what the top card brings (the reference's R-44 list leaves L05 out)."""
    final = position(turn_start(players={0: {"hand": ("L05",)}}), discard=("B02",), phase=FinalCards((0,)))
    assert [c for c in game.legal_commands(final, 0) if isinstance(c, PlayBonusCard)] == [PlayBonusCard(0, "L05")]
    events, final = play(final, PlayBonusCard(0, "L05"))
    assert events[1] == BonusCardCopied(0, "B02", "gain_lira", lira=5)
    place_bound = position(final, discard=("B03",), players={0: {"hand": ("L05",)}})
    assert not [c for c in game.legal_commands(place_bound, 0) if isinstance(c, PlayBonusCard)]
    queued = position(turn_start(players={0: {"hand": ()}, 1: {"hand": ("L05",)}, 2: {"hand": ("L05",)}}),
                      discard=("B03",))
    assert final_queue(queued) == ()  # nothing it could carry out
    assert final_queue(position(queued, discard=("L04R",))) == (1, 2)
    assert final_queue(position(queued, players={0: {"hand": ("B02",)}})) == (0, 1, 2)  # B02 may land on top


def test_l06_the_family_members_step_does_not_cross_the_barrier():
    """R-15 (the Great Bazaar: a barrier and L06 together): only the barrier tile's holder crosses it."""
    state = turn_start(players={0: {"hand": ("L06",), "family": 4}})
    barrier = Tavern(FrozenDict(), barrier=(4, 21), holder=1)
    blocked = position(state, places=state.places.set("tavern", barrier))
    assert [c.place for c in game.legal_commands(blocked, 0) if isinstance(c, StepFamilyMember)] == [1, 7]
    held = position(state, places=state.places.set("tavern", replace(barrier, holder=0)))
    assert [c.place for c in game.legal_commands(held, 0) if isinstance(c, StepFamilyMember)] == [1, 7, 21]
