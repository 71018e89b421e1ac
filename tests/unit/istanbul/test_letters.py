"""Letters & Seals (the options, 2-5 seats): letters and seals (7.8), their
delivery (5.9, R-33), the Embassy 21 (6.18), the Secret Society 24 (6.21, R-35, R-36), the courier (9.2) and the
bonus turn (5.10, R-34). Letter place numbers are the reference's stand-in (14a.4); these tests check rules only."""

from __future__ import annotations

import pytest

import domain.istanbul as game
from domain.core import InvalidOptions
from domain.istanbul.commands import EndTurn, LeaveAssistant, Move, PayMerchants, PlayBonusCard, SendFamilyMember
from domain.istanbul.events import CaravanTileTaken, TurnEnded
from domain.istanbul.letters_seals.commands import JoinSecretSociety, TakeBonusTurn, UseCourier, VisitEmbassy
from domain.istanbul.letters_seals.data import LETTERS
from domain.istanbul.letters_seals.events import (
    BonusTurnTaken,
    CourierUsed,
    EmbassyVisited,
    LetterPileShuffled,
    LettersDelivered,
    LettersDrawn,
    SecretSocietyJoined,
)
from domain.istanbul.places.caravansary import CaravanTile
from domain.istanbul.state import MOVEMENT, Action, Encounters, Payment

from .builders import answer, codes, fold, letters_acting, letters_game, play, position, settle_rolls

CANONICAL = tuple(letter.place for letter in LETTERS)  # 1, 1, 2, 2, 3, 3, ...


def on_top(*places: int) -> tuple[int, ...]:
    """The letter pile shuffle's outcome that puts letters for `places` on top, the rest in canonical order."""
    chosen, rest = [], list(range(len(CANONICAL)))
    for place in places:
        index = next(i for i in rest if CANONICAL[i] == place)
        rest.remove(index)
        chosen.append(index)
    return tuple(chosen + rest)


def with_letters(state, seat=0, letters=(), sealed=()):
    """`seat` holds these face-up and delivered letters, taken out of the pile (so letters stay conserved)."""
    pile = list(state.letters.pile)
    for place in (*letters, *sealed):
        pile.remove(place)
    state = position(state, players={seat: {"letters": tuple(sorted(letters)), "sealed": tuple(sorted(sealed))}})
    return position(state, letters=state.letters.__class__(pile=tuple(pile)))


def letter_count(state) -> int:
    held = sum(len(p.letters) + len(p.sealed) for p in state.players)
    return len(state.letters.pile) + len(state.letters.discard) + held


# --- set-up and options ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [2, 5])
def test_the_options_accept_the_box_at_2_to_5_seats_with_its_layouts_variants_and_deck(seats):
    for layout in ("recommended", "random"):
        state = game.initial_state({"expansions": ["letters_seals"], "layout": layout, "caravan_leader": True,
                                    "neutral_assistants": seats < 5, "bonus_deck": "letters_seals"}, seats)
        assert state.options.expansions == ("letters_seals",) and state.letters is not None
    assert game.view(letters_game(seats), None)["ruby_target"] == 6
    with pytest.raises(InvalidOptions, match="5x4"):
        game.initial_state({"expansions": ["letters_seals"], "layout": "short_paths"}, seats)


def test_set_up_shuffles_36_letters_face_down_and_rolls_the_courier():
    state = letters_game(3, courier=(2, 3), letter_pile=on_top(21, 9))
    assert state.letters.pile[:2] == (21, 9) and len(state.letters.pile) == 36
    assert state.figures["courier"] == 5 and len(state.layout) == 20 and 24 in state.layout
    assert set(state.letters.pile) <= set(state.layout)  # one set of letters for both modes: none for 17-20 or 25
    assert all(p.letters == () and p.seals == 0 for p in state.players)
    view = game.view(state, 0)
    assert view["letters"] == {"pile_size": 36, "spent": 0, "bonus_turns": [], "bonus_turn": False,
                               "companion_turn": False}
    assert view["players"][1]["letters"] == [] and view["courier"] == 5
    shuffled = LetterPileShuffled(36, state.letters.pile)
    assert game.redact(shuffled, 0).letters == ()  # the pile's order is secret


# --- the Embassy 21 -------------------------------------------------------------------------------------------
def test_the_embassy_gives_two_letters_face_up():
    state = letters_acting(21, setup_kwargs={"letter_pile": on_top(9, 13)})
    assert VisitEmbassy(0) in game.legal_commands(state, 0)
    events, state = play(state, VisitEmbassy(0))
    assert events == [EmbassyVisited(0), LettersDrawn(0, (9, 13), 0)]
    assert state.players[0].letters == (9, 13) and state.players[0].seals == 2
    assert game.view(state, 1)["players"][0]["letters"] == [9, 13]  # letters are public
    assert letter_count(state) == 36


def test_a_letter_for_the_place_the_merchant_stands_on_is_delivered_at_once():
    state = letters_acting(21, setup_kwargs={"letter_pile": on_top(21, 9)})
    events, state = play(state, VisitEmbassy(0))
    assert events == [EmbassyVisited(0), LettersDrawn(0, (21, 9), 0), LettersDelivered(0, (21,))]
    assert state.players[0].letters == (9,) and state.players[0].sealed == (21,) and state.players[0].seals == 3


def test_a_pile_running_out_is_refilled_from_the_spent_letters_then_the_rest_is_drawn():
    state = letters_acting(21)
    state = position(state, letters=state.letters.__class__(pile=(3,), discard=(1, 1)))  # 33 out of play here
    events, state = play(state, VisitEmbassy(0))
    assert events == [EmbassyVisited(0), LettersDrawn(0, (3,), 1)]
    request = game.chance(state)
    assert request.label == "letter_reshuffle" and request.size == 2 and request.secret
    assert game.to_act(state) == ()
    events, state = answer(state, (1, 0))
    assert events[1:] == [LetterPileShuffled(2, (1, 1), True), LettersDrawn(0, (1,), 0)]
    assert state.players[0].letters == (1, 3) and state.letters == state.letters.__class__(pile=(1,))


def test_without_any_letter_the_embassy_has_no_action():
    state = letters_acting(21)
    state = position(state, letters=state.letters.__class__())
    assert VisitEmbassy(0) not in game.legal_commands(state, 0)
    assert codes(lambda: game.decide(state, VisitEmbassy(0))) == "istanbul.no_letters"


# --- delivery (5.9, R-33) -------------------------------------------------------------------------------------
def test_moving_onto_a_letters_place_delivers_it():
    state = with_letters(letters_game(2), letters=(11, 11, 9))
    assert Move(0, 11, None) in game.legal_commands(state, 0)  # 11 is next to the fountain
    events, state = play(state, Move(0, 11, None))
    assert events[-1] == LettersDelivered(0, (11, 11))
    assert state.players[0].letters == (9,) and state.players[0].sealed == (11, 11)


def test_a_delivery_by_the_family_member_sent_from_the_police_station():
    """Rulebook 5.9: any own figure delivers, the family member too."""
    state = with_letters(letters_acting(12), letters=(4,))
    events, state = play(state, SendFamilyMember(0, 4))
    assert events[-1] == LettersDelivered(0, (4,))
    assert state.players[0].sealed == (4,)


def test_a_figure_already_standing_there_delivers_at_the_start_of_the_own_turn_only():
    """Letters never change in other seats' turns (R-33): seat 0's family member stands on 4; seat 0 gets a
    letter for 4 while seat 1 plays and delivers it when its own turn begins."""
    state = position(letters_game(2), players={0: {"family": 4}}, current=1)
    state = with_letters(state, seat=0, letters=(4,))
    assert state.players[0].letters == (4,)  # nothing happened in seat 1's turn
    state = position(state, phase=Encounters())
    events, state = play(state, EndTurn(1))
    assert events == [TurnEnded(1, 0), LettersDelivered(0, (4,))]


def test_another_seats_figure_delivers_nothing():
    state = with_letters(letters_game(2), seat=1, letters=(11,))
    _, state = play(state, Move(0, 11, None))
    assert state.players[1].letters == (11,)


# --- the Secret Society 24 -----------------------------------------------------------------------------------
def test_the_secret_society_takes_exactly_six_seals_for_the_next_sultan_or_gemstone_ruby_and_the_lira_stacks():
    state = with_letters(letters_acting(24, seats=3), letters=(1, 2, 3, 4), sealed=(5, 6, 8))
    legal = {c for c in game.legal_commands(state, 0) if isinstance(c, JoinSecretSociety)}
    assert {(c.letters, c.sealed) for c in legal} == {((), 3), ((1, 2), 2), ((1, 3), 2), ((1, 4), 2), ((2, 3), 2),
                                                       ((2, 4), 2), ((3, 4), 2), ((1, 2, 3, 4), 1)}
    assert {c.place for c in legal} == {13, 16}  # the coffee house only in the Great Bazaar
    sultan = state.places["sultans_palace"].rubies
    events, state = play(state, JoinSecretSociety(0, (1, 2, 3, 4), 1, 13))
    assert events == [SecretSocietyJoined(0, (1, 2, 3, 4), (5,), 13, False, 3)]
    p = state.players[0]
    assert p.rubies == 1 and p.lira == 2 + 3 and p.letters == () and p.sealed == (6, 8)
    assert state.places["sultans_palace"].rubies == sultan - 1 and state.places["sultans_palace"].taken == 1
    assert state.letters.discard == (1, 2, 3, 4, 5) and letter_count(state) == 36
    assert game.view(state, None)["places"]["secret_society"] == {"lira_stacks": [2, 1]}


def test_the_lira_stacks_go_to_the_first_three_players_one_each():
    """Rulebook p.21: "Der erste Spieler, der diese Aktion ausführt, nimmt 3 Lira ..., der zweite 2 Lira und der
    dritte Spieler 1 Lira" (not R-36's first three executions): seat 0 joining again (L11) takes no second stack,
    seats 1 and 2 take the 2 and the 1, then nobody takes lira."""
    state = with_letters(letters_acting(24, seats=4, player={"hand": ("L11",)}), sealed=(1, 1, 2, 2, 3, 3))
    events, state = play(state, JoinSecretSociety(0, (), 3, 16))
    assert events[0].lira == 3 and state.places["secret_society"].placings == (0,)
    _, state = play(state, PlayBonusCard(0, "L11"))
    events, state = play(state, JoinSecretSociety(0, (), 3, 13))
    assert events[0].lira == 0 and game.view(state, None)["places"]["secret_society"] == {"lira_stacks": [2, 1]}
    lira = []
    for seat, sealed in ((1, (4, 4, 5)), (2, (5, 6, 6)), (3, (8, 8, 9)), (0, (9, 10, 10))):
        here = with_letters(position(state, current=seat, phase=Action(place=24)), seat=seat, sealed=sealed)
        events = game.decide(here, JoinSecretSociety(seat, (), 3, 16))
        lira.append(events[0].lira)
        state = fold(here, events)
    assert lira == [2, 1, 0, 0] and state.places["secret_society"].placings == (0, 1, 2)


def test_five_seals_are_not_enough():
    state = with_letters(letters_acting(24), letters=(1,), sealed=(2, 3))
    assert not [c for c in game.legal_commands(state, 0) if isinstance(c, JoinSecretSociety)]
    assert codes(lambda: game.decide(state, JoinSecretSociety(0, (1,), 2, 13))) == "istanbul.wrong_seals"


# --- the courier (9.2) -------------------------------------------------------------------------------------------
def courier_here(**player):
    state = letters_acting(9, setup_kwargs={"letter_pile": on_top(5)}, courier=9)
    return with_letters(state, **player) if player else state


def test_the_courier_gives_a_letter_for_two_lira_or_a_letter_then_moves_by_dice():
    state = courier_here(letters=(1,), sealed=(2,))
    legal = [c for c in game.legal_commands(state, 0) if isinstance(c, UseCourier)]
    assert set(legal) == {UseCourier(0, "lira", None), UseCourier(0, "letter", 1), UseCourier(0, "sealed", None),
                          UseCourier(0, "drawn", None)}
    events, after = play(state, UseCourier(0, "lira", None))
    assert events == [LettersDrawn(0, (5,), 0), CourierUsed(0, 2, (), ())]
    assert after.players[0].lira == state.players[0].lira - 2 and after.players[0].letters == (1, 5)
    request = game.chance(after)
    assert request.label == "courier" and request.by_dealer
    _, after = settle_rolls(after, (3, 4))
    assert after.figures["courier"] == 7
    events, _ = play(state, UseCourier(0, "sealed", None))
    assert events[-1] == CourierUsed(0, 0, (), (2,))


def test_the_letter_just_taken_may_be_the_payment():
    state = courier_here()
    events, state = play(state, UseCourier(0, "drawn", None))
    assert events == [LettersDrawn(0, (5,), 0), CourierUsed(0, 0, (5,), ())]
    assert state.players[0].letters == () and state.letters.discard == (5,)


def test_the_courier_is_used_once_a_turn():
    state = courier_here()
    _, state = play(state, UseCourier(0, "lira", None))
    _, state = settle_rolls(state, (6, 3))  # rolled back onto the tea house
    assert state.figures["courier"] == 9
    assert not [c for c in game.legal_commands(state, 0) if isinstance(c, UseCourier)]
    assert codes(lambda: game.decide(state, UseCourier(0, "lira", None))) == "istanbul.figure_already_used"


# --- the bonus turn (5.10, R-34) -------------------------------------------------------------------------------------
def test_a_bonus_turn_from_three_seals():
    """Rulebook 5.10: at the end of the turn, letters showing 3 seals buy a bonus turn at once."""
    state = with_letters(letters_acting(9, phase=Encounters()), letters=(1,), sealed=(2,))
    legal = game.legal_commands(state, 0)
    assert TakeBonusTurn(0, (1,), 1) in legal and EndTurn(0) in legal
    events, state = play(state, TakeBonusTurn(0, (1,), 1))
    assert events == [BonusTurnTaken(0, (1,), (2,))]
    assert state.current == 0 and state.phase == MOVEMENT and state.letters.bonus_turn
    assert state.players[0].seals == 0 and state.letters.discard == (1, 2)
    assert game.view(state, 1)["letters"]["bonus_turns"] == [0]


def test_four_seals_may_be_paid_but_not_five_or_two():
    state = with_letters(letters_acting(9, phase=Encounters()), letters=(1, 3, 4), sealed=(2, 5))
    spends = {(c.letters, c.sealed) for c in game.legal_commands(state, 0) if isinstance(c, TakeBonusTurn)}
    seals = {len(fronts) + 2 * backs for fronts, backs in spends}
    assert seals == {3, 4} and ((1, 3, 4), 0) in spends and ((), 2) in spends
    assert codes(lambda: game.decide(state, TakeBonusTurn(0, (1, 3, 4), 1))) == "istanbul.wrong_seals"


def test_a_bonus_turn_earns_none_and_one_per_round_then_again_next_round():
    state = with_letters(letters_acting(9, phase=Encounters()), letters=(1, 3, 4), sealed=(2, 5, 6))
    _, state = play(state, TakeBonusTurn(0, (1,), 1))
    state = position(state, phase=Encounters())  # the bonus turn played to its end
    assert not [c for c in game.legal_commands(state, 0) if isinstance(c, TakeBonusTurn)]
    assert codes(lambda: game.decide(state, TakeBonusTurn(0, (3,), 1))) == "istanbul.bonus_turn_taken"
    _, state = play(state, EndTurn(0))
    assert state.current == 1 and not state.letters.bonus_turn and state.letters.bonus_turns == (0,)
    state = position(state, phase=Encounters())
    _, state = play(state, EndTurn(1))  # a new round begins with the start player
    assert state.letters.bonus_turns == ()
    state = position(state, phase=Encounters())
    assert TakeBonusTurn(0, (3,), 1) in game.legal_commands(state, 0)


def test_the_caravan_tile_changes_hands_at_the_end_of_the_turn_before_the_bonus_turn():
    state = letters_acting(9, phase=Encounters(), setup_kwargs={"caravan_leader": True})
    state = with_letters(state, letters=(1,), sealed=(2,))
    state = position(state, places=state.places.set("caravansary", CaravanTile(claimant=0)))
    events, state = play(state, TakeBonusTurn(0, (1,), 1))
    assert events == [CaravanTileTaken(0), BonusTurnTaken(0, (1,), (2,))]


def test_a_bonus_turn_is_offered_after_a_refused_payment_too():
    """R-03: the end-of-turn bonus turn remains after the turn ended by refusing to pay."""
    state = with_letters(letters_game(2), letters=(1, 3, 4))
    state = position(state, players={1: {"merchant": 11}})
    _, state = play(state, Move(0, 11, None))
    _, state = play(state, LeaveAssistant(0))
    assert isinstance(state.phase, Payment)
    legal = game.legal_commands(state, 0)
    assert {PayMerchants(0), EndTurn(0), TakeBonusTurn(0, (1, 3, 4), 0)} <= set(legal)
