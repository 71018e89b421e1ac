"""Kiosk 22 (Letters & Seals, 6.19, 7.7, R-38, R-39): a letter, players + 1 kiosk tiles face up, each seat in turn
(the active seat first) chooses one and may carry it out, the active seat also the last one; `to_act` names exactly
the seat whose choice is awaited, and its legal moves are its choices."""

from __future__ import annotations

from dataclasses import replace

from jsonschema import Draft202012Validator

import domain.istanbul as game
from domain.istanbul.commands import EndTurn, PlayBonusCard, UseMosqueTile
from domain.istanbul.events import BonusCardDrawn, GameEndTriggered
from domain.istanbul.forfeit import forfeit
from domain.istanbul.letters_seals.commands import ChooseKioskTile, UseNeutralFigure, VisitKiosk
from domain.istanbul.letters_seals.data import KIOSK_TILE_IDS, PERSONAL_SUPPLY
from domain.istanbul.letters_seals.events import (
    KioskDieRolled,
    KioskTileChosen,
    KioskTilesRevealed,
    KioskTilesShuffled,
    KioskVisited,
    LettersDrawn,
)
from domain.istanbul.letters_seals.places.kiosk import KioskChoice
from domain.istanbul.state import Action

from ..builders import answer, codes, letters_acting, play, position, with_place

VALIDATOR = Draft202012Validator(game.VIEW_SCHEMA)


def on_top(*tiles: str) -> tuple[int, ...]:
    """The kiosk shuffle's outcome that puts `tiles` on top, the rest in canonical order (K01, K02, ...)."""
    first = [KIOSK_TILE_IDS.index(t) for t in tiles]
    return tuple(first + [i for i in range(len(KIOSK_TILE_IDS)) if i not in first])


def at_kiosk(*tiles: str, seats: int = 3, lira=(5, 5, 5, 5, 5), **kwargs):
    state = letters_acting(22, seats=seats, setup_kwargs={"kiosk": on_top(*tiles)}, **kwargs)
    return position(state, players={s: {"lira": lira[s]} for s in range(seats)})


def choosing(*tiles: str, **kwargs):
    """Seat 0 visited the kiosk with `tiles` on top of the stack."""
    _, state = play(at_kiosk(*tiles, **kwargs), VisitKiosk(0))
    return state


def test_each_seat_in_turn_chooses_a_tile_and_the_active_seat_also_the_last():
    state = at_kiosk("K01", "K12", "K09", "K04")
    assert game.legal_commands(state, 0)[:1] == [VisitKiosk(0)]
    events, state = play(state, VisitKiosk(0))
    assert events == [KioskVisited(0, ("K01", "K12", "K09", "K04"), 0), LettersDrawn(0, (1,), 0)]
    assert state.phase == KioskChoice(0, (0, 1, 2, 0), False, Action(place=22))
    assert game.to_act(state) == (0,)
    listed = game.legal_commands(state, 0)
    assert listed[:4] == [ChooseKioskTile(0, t, False) for t in ("K01", "K12", "K09", "K04")]
    assert ChooseKioskTile(0, "K12", True) in listed
    _, state = play(state, ChooseKioskTile(0, "K12", True))
    assert state.players[0].lira == 7 and game.to_act(state) == (1,)
    assert game.legal_commands(state, 0) == [] and codes(lambda: game.decide(state, ChooseKioskTile(2, "K01", True))) \
        == "not_your_turn"
    assert codes(lambda: game.decide(state, ChooseKioskTile(1, "K12", True))) == "istanbul.invalid_target"
    _, state = play(state, ChooseKioskTile(1, "K01", True))
    assert state.players[1].goods == {"yellow": 1} and state.players[1].lira == 6
    assert game.to_act(state) == (2,)
    _, state = play(state, ChooseKioskTile(2, "K04", False))  # turned over unused
    assert state.players[2].goods == {} and game.to_act(state) == (0,)
    assert game.legal_commands(state, 0) == [ChooseKioskTile(0, "K09", False), ChooseKioskTile(0, "K09", True)]
    events, state = play(state, ChooseKioskTile(0, "K09", True))
    assert events == [KioskTileChosen(0, "K09", True, gained={"red": 1})]
    assert state.phase == Action(place=22, done=1) and EndTurn(0) in game.legal_commands(state, 0)
    kiosk = state.places["kiosk"]
    assert kiosk.discard == ("K12", "K01", "K04", "K09") and kiosk.shown == () and len(kiosk.stack) == 20


def test_views_fit_the_schema_and_the_stack_order_stays_hidden():
    state = choosing("K05", "K06", "K07", "K08")
    for seat in (0, 1, 2, None):
        view = game.view(state, seat)
        VALIDATOR.validate(view)
        assert "stack" not in view["places"]["kiosk"] and view["places"]["kiosk"]["shown"] == ["K05", "K06", "K07",
                                                                                                "K08"]
    assert game.view(state, None)["phase"] == {"name": "KioskChoice", "active": 0, "choosers": [0, 1, 2, 0],
                                               "left": False}
    assert game.redact(KioskTilesShuffled(24, tuple(KIOSK_TILE_IDS)), 1).tiles == ()


def test_the_timeout_turns_the_first_tile_over_unused():
    state = choosing("K05", "K06", "K07", "K08")
    assert game.timeout_command(state, 0) == ChooseKioskTile(0, "K05", False)


def test_coffee_is_not_offered_without_the_great_bazaar():
    state = choosing("K13", "K14", "K07", "K08")
    uses = [c for c in game.legal_commands(state, 0) if c.use]
    assert ChooseKioskTile(0, "K13", True, 1) in uses and ChooseKioskTile(0, "K14", True, 1) in uses
    assert not [c for c in uses if c.option == 0]
    events, state = play(state, ChooseKioskTile(0, "K14", True, 1))
    assert events == [KioskTileChosen(0, "K14", True, 1, lira=3)] and state.players[0].lira == 8


def test_k15_brings_the_companion_into_the_personal_supply_of_a_passive_seat_too():
    state = choosing("K15", "K05", "K07", "K08")
    _, state = play(state, ChooseKioskTile(0, "K05", True))
    assert ChooseKioskTile(1, "K15", True) in game.legal_commands(state, 1)
    events, state = play(state, ChooseKioskTile(1, "K15", True))
    assert events == [KioskTileChosen(1, "K15", True, companion=True)]
    assert state.players[1].companion == PERSONAL_SUPPLY


def test_k16_the_choosing_seat_rolls_one_die_for_lira():
    state = choosing("K05", "K16", "K07", "K08")
    _, state = play(state, ChooseKioskTile(0, "K05", True))
    _, state = play(state, ChooseKioskTile(1, "K16", True))
    request = game.chance(state)
    assert request.label == "kiosk_die" and request.dice == 1 and not request.by_dealer and game.to_act(state) == ()
    events, state = answer(state, (4,))
    assert events[1:] == [KioskDieRolled(1, 4)] and state.players[1].lira == 9 and game.to_act(state) == (2,)


def test_k17_a_passive_seats_third_extension_brings_the_ruby_and_triggers_the_end():
    state = at_kiosk("K17", "K05", "K07", "K08", lira=(5, 12, 5))
    state = position(state, players={1: {"extensions": 2, "rubies": 5}})
    _, state = play(state, VisitKiosk(0))
    _, state = play(state, ChooseKioskTile(0, "K05", True))
    events, state = play(state, ChooseKioskTile(1, "K17", True))
    assert events == [KioskTileChosen(1, "K17", True, lira=-10, extension=True, ruby=True), GameEndTriggered(1, 6)]
    assert state.players[1].extensions == 3 and state.players[1].rubies == 6 and state.ending


def test_k18_pays_one_good_of_each_colour_and_a_full_wheelbarrow_cannot_take_it():
    goods = {"red": 1, "green": 1, "yellow": 1, "blue": 1}
    state = at_kiosk("K18", "K05", "K07", "K08", player={"goods": goods}, others={1: {"goods": goods,
                                                                                          "extensions": 3}})
    _, state = play(state, VisitKiosk(0))
    events, state = play(state, ChooseKioskTile(0, "K18", True))
    assert events == [KioskTileChosen(0, "K18", True, paid=goods, extension=True)]
    assert state.players[0].goods == {} and state.players[0].extensions == 1


def test_k19_a_passive_seats_merchant_stack_goes_to_the_fountain():
    state = choosing("K05", "K19", "K07", "K08", others={1: {"merchant": 3}})
    _, state = play(state, ChooseKioskTile(0, "K05", True))
    _, state = play(state, ChooseKioskTile(1, "K19", True))
    assert state.players[1].merchant == 7 and state.players[1].stack == (1, 1, 1, 1)  # no assistant collected


def test_k19_for_the_active_seat_means_no_encounters_at_the_kiosk():
    state = choosing("K19", "K05", "K07", "K08", governor=7)  # waiting where the stack goes
    _, state = play(state, ChooseKioskTile(0, "K19", True))
    for seat, tile in ((1, "K05"), (2, "K07"), (0, "K08")):
        _, state = play(state, ChooseKioskTile(seat, tile, False))
    assert state.players[0].merchant == 7 and state.phase == Action(place=22, done=1, figure_left=True)
    assert game.legal_commands(state, 0)[:1] == [EndTurn(0)]
    assert not [c for c in game.legal_commands(state, 0) if type(c).__name__ == "UseGovernor"]


def test_k20_to_k24_pay_one_thing_for_another():
    state = choosing("K20", "K21", "K22", "K23", seats=3, player={"hand": ("B02",)},
                     others={1: {"letters": ()}, 2: {"goods": {"green": 1}}})
    listed = game.legal_commands(state, 0)
    assert ChooseKioskTile(0, "K21", True, 0, None, None, "B02") in listed  # pay the card, take a letter
    assert ChooseKioskTile(0, "K20", True, 1, "blue", 1) in listed  # pay the letter just drawn, take blue
    assert not [c for c in listed if isinstance(c, ChooseKioskTile) and c.tile == "K20" and c.option == 0]  # no good
    events, state = play(state, ChooseKioskTile(0, "K21", True, 0, None, None, "B02"))
    assert events == [KioskTileChosen(0, "K21", True, 0, card="B02"), LettersDrawn(0, (1,), 0)]
    assert state.players[0].hand == () and state.discard[-1] == "B02" and state.players[0].letters == (1, 1)
    _, state = play(state, ChooseKioskTile(1, "K22", True, 0))  # pay 2 lira, take a letter
    assert state.players[1].lira == 3 and state.players[1].letters == (2,)
    events, state = play(state, ChooseKioskTile(2, "K23", True, 1, "green"))  # pay a good, take 3 lira
    assert events == [KioskTileChosen(2, "K23", True, 1, paid={"green": 1}, lira=3)]
    assert state.players[2].lira == 8 and state.players[2].goods == {}
    events, state = play(state, ChooseKioskTile(0, "K20", True, 1, "red", 1))  # pay a letter, take a red good
    assert events == [KioskTileChosen(0, "K20", True, 1, gained={"red": 1}, letters=(1,))]
    assert state.players[0].letters == (1,) and state.letters.discard == (1,)


def test_k24_draws_a_bonus_card_for_two_lira():
    state = choosing("K24", "K05", "K07", "K08")
    top = state.deck[0]
    events, state = play(state, ChooseKioskTile(0, "K24", True, 0))
    assert events == [KioskTileChosen(0, "K24", True, 0, lira=-2), BonusCardDrawn(0, top, "deck")]


def test_a_short_stack_is_refilled_from_the_reshuffled_discard_pile():
    state = at_kiosk()
    kiosk = state.places["kiosk"]
    state = with_place(state, "kiosk", stack=kiosk.stack[:2], discard=kiosk.stack[2:])
    events, state = play(state, VisitKiosk(0))
    assert events[0] == KioskVisited(0, KIOSK_TILE_IDS[:2], 2)
    assert game.chance(state).label == "kiosk_reshuffle" and game.to_act(state) == ()
    events, state = answer(state, tuple(range(22)))
    assert events[1:] == [KioskTilesShuffled(22, KIOSK_TILE_IDS[2:], True), KioskTilesRevealed(KIOSK_TILE_IDS[2:4])]
    assert state.places["kiosk"].shown == KIOSK_TILE_IDS[:4] and game.to_act(state) == (0,)


def test_a_passive_seats_letter_is_delivered_only_in_its_own_turn():
    """R-38 / R-33: seat 1 stands at the Wainwright 1 and takes a letter for it through K22; it stays face up
    until seat 1's own turn begins."""
    state = choosing("K05", "K22", "K07", "K08", others={1: {"merchant": 1}})
    _, state = play(state, ChooseKioskTile(0, "K05", True))
    _, state = play(state, ChooseKioskTile(1, "K22", True, 0))
    assert state.players[1].letters == (1,)  # the pile's next letter names place 1
    for seat, tile in ((2, "K07"), (0, "K08")):
        _, state = play(state, ChooseKioskTile(seat, tile, False))
    assert state.players[1].letters == (1,)
    events, state = play(state, EndTurn(0))
    assert state.players[1].letters == () and state.players[1].sealed == (1,)


def test_a_forfeited_chooser_is_skipped():
    state = choosing("K05", "K06", "K07", "K08")
    _, state = play(state, ChooseKioskTile(0, "K05", False))
    state = game.evolve(state, forfeit(state, 1)[0])
    assert game.to_act(state) == (2,)
    _, state = play(state, ChooseKioskTile(2, "K06", False))
    assert game.to_act(state) == (0,) and len(game.legal_commands(state, 0)) == 4  # two tiles left, each 2 ways
    _, state = play(state, ChooseKioskTile(0, "K07", False))
    assert isinstance(state.phase, Action) and len(state.places["kiosk"].discard) == 4


def test_the_active_seat_choosing_may_use_its_own_turns_cards_and_tiles_a_passive_seat_none():
    """Rulebook p.9: during the own turn any number of bonus cards and mosque tile abilities; the choosing is in
    the middle of the kiosk's action (not B01, "nicht während einer Ortsaktion"), away from the cards' places (not
    B03) and past the movement (not B09). A passive seat chooses outside its own turn: no card, no tile."""
    hands = {"hand": ("B01", "B02", "B03", "B09", "L09"), "tiles": ("yellow",), "stack": (0, 0)}
    state = choosing("K05", "K06", "K07", "K08", player=hands, assistants=((5, 0), (6, 1), (22, 0)), smuggler=3,
                     others={1: {"hand": ("B02",), "tiles": ("yellow",), "stack": (1, 1, 1), "merchant": 5}})
    listed = game.legal_commands(state, 0)
    assert listed[:4] == [ChooseKioskTile(0, t, False) for t in ("K05", "K06", "K07", "K08")]
    extra = [c for c in listed if not isinstance(c, ChooseKioskTile)]
    assert {c.card for c in extra if isinstance(c, PlayBonusCard)} == {"B02"}
    assert UseMosqueTile(0, "yellow", None, 5) in extra
    assert {c.figure for c in extra if isinstance(c, UseNeutralFigure)} == {"governor", "smuggler", "courier"}
    assert game.timeout_command(state, 0) == ChooseKioskTile(0, "K05", False)
    _, state = play(state, PlayBonusCard(0, "B02"))
    assert state.players[0].lira == 10 and game.to_act(state) == (0,)
    _, state = play(state, ChooseKioskTile(0, "K05", True))
    assert game.to_act(state) == (1,)
    assert not [c for c in game.legal_commands(state, 1) if not isinstance(c, ChooseKioskTile)]
    assert codes(lambda: game.decide(state, PlayBonusCard(1, "B02"))) == "istanbul.card_timing"
    assert codes(lambda: game.decide(state, UseMosqueTile(1, "yellow", None, 6))) == "istanbul.card_timing"
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B01", "red"))) == "not_your_turn"
    for seat in (1, 2):
        _, state = play(state, ChooseKioskTile(seat, state.places["kiosk"].shown[0], False))
    assert game.to_act(state) == (0,)
    assert UseMosqueTile(0, "yellow", None, 5) in game.legal_commands(state, 0)
    _, state = play(state, ChooseKioskTile(0, "K08", False))
    assert PlayBonusCard(0, "B01", "red") in game.legal_commands(state, 0)  # after the action


def test_b06_does_not_recall_the_family_member_whose_kiosk_visit_is_under_way():
    state = choosing("K05", "K06", "K07", "K08", player={"hand": ("B06",), "family": 22})
    assert PlayBonusCard(0, "B06", None, None, "lira") in game.legal_commands(state, 0)
    by_family = position(state, phase=replace(state.phase, action=Action(place=22, by_family=True)))
    assert not [c for c in game.legal_commands(by_family, 0) if isinstance(c, PlayBonusCard)]
    assert codes(lambda: game.decide(by_family, PlayBonusCard(0, "B06", None, None, "lira"))) == \
        "istanbul.card_timing"
