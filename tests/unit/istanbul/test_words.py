"""Istanbul in words, every box: every command and event type has words; random games read cleanly as each seat
and a spectator are served them (no None, no dicts, no ids such as B02 or K13, no snake_case); the words never
name a card the reader's envelope hides; the rulebook's examples read as known values; every card and tile row has
a sentence with its numbers; every place says what it offers."""

from __future__ import annotations

import dataclasses
import functools
import json
import re

import pytest

import domain.istanbul as game
from domain.core import RuleViolation
from domain.istanbul import words
from domain.istanbul.catalogue import CARDS, GUILD_CARDS, TAVERN_TILES
from domain.istanbul.commands import (
    BuyRuby,
    CollectMail,
    LeaveAssistant,
    Move,
    PayMerchants,
    SellGoods,
    UseMosqueTile,
    VisitBlackMarket,
    VisitTeaHouse,
)
from domain.istanbul.events import BonusCardDrawn, FinalCardsBegan, FinalCardsPassed, SeatForfeited
from domain.istanbul.letters_seals.card_words import effect
from domain.istanbul.letters_seals.commands import JoinSecretSociety
from domain.istanbul.letters_seals.data import KIOSK_TILES
from domain.istanbul.letters_seals.events import SecretSocietyJoined
from domain.istanbul.phrases.cards import title
from domain.istanbul.refusals import REASONS
from events.codec import command_to_wire
from tests.contract.test_conformance import nearby
from tests.support.envelopes import envelope
from tests.support.playthrough import playthrough
from tests.unit.istanbul.builders import acting, letters_acting, play, position, roll, setup, with_place

BOXES = {  # each box with a seat count and the variants that add commands of their own; seeds that reach far
    "base": (3, {"neutral_assistants": True}, "words-base"),
    "base-2": (2, {}, "words-base-2"),
    "mocha_baksheesh": (4, {"expansions": ["mocha_baksheesh"], "caravan_leader": True}, "words-mocha"),
    "letters_seals": (2, {"expansions": ["letters_seals"]}, "words-letters_seals-7"),
    "great_bazaar": (5, {"expansions": ["mocha_baksheesh", "letters_seals"]}, "words-gb-0"),
}
REFUSALS_EVERY = 7  # steps between near misses tried (each refusal builds the seat's view and legal moves)
VIEWS_EVERY = 8  # steps between fresh views of every reader (views cost; an older one is still the reader's own)
# a dict, a list, None, JSON, snake_case; a card or tile id (B02, L04R, G11, K13, S1, movement_1)
RAW = re.compile(r"None|[{}\[\]_]|\b(?:null|true|false|[BMLGK]\d\d[RGYB]?|[SL][1-5])\b")
NAMED: dict = {}  # a card's name in a line -> the ids so named (cards with one effect share a name)
for _card in (*CARDS, *GUILD_CARDS):
    NAMED.setdefault(title(_card), []).append(_card)
for _tile in KIOSK_TILES:  # kiosk tiles are named by their effect in quotes too
    NAMED.setdefault(effect(_tile.id), []).append(_tile.id)
GUILD = re.compile(r"(the (?:[A-Z][\w']* )+guild card)")  # a guild card's name: "the Post Office guild card"


def wire(command) -> dict:
    return {k: v for k, v in command_to_wire(command).items() if k != "seat"}


def clean(line) -> str:
    assert isinstance(line, str) and line.strip(), line
    assert not RAW.search(line), line
    return line


@functools.cache
def games() -> dict:
    """Each box's random game (each command type played the first time it is offered): the command types listed,
    every legal command's words, and after each move its envelopes as each reader was served them, read with a
    view of that reader's: (served, reader, line)."""
    out = {}
    for box, (seats, options, seed) in BOXES.items():
        readers = (*range(seats), None)
        kinds, lines, read, views, refused, examples = set(), [], 0, {}, [], {}
        for step, (played, seat, legal) in enumerate(playthrough(game, options, seats, seed, curious=True)):
            examples.update({type(c): c for c in legal})
            if step % REFUSALS_EVERY == 0 and legal:
                refused += refusals(played.state, seat, legal, examples)
            if step % VIEWS_EVERY == 0 or not legal:  # each fresh view's position in words, for every reader
                views = {reader: played.view(reader) for reader in readers}
                for reader in readers:
                    for line in words.position(views[reader]):
                        clean(line)
            mover = played.view(seat) if legal else None
            for command in legal:
                clean(words.command(mover, wire(command)))
                kinds.add(command.TYPE)
            for env in played.envelopes[read:]:
                for reader in readers:
                    served = played.served(env, reader)
                    lines.append((served, reader, words.event(served, views[reader], reader)))
            read = len(played.envelopes)
        out[box] = (played, frozenset(kinds), tuple(lines), tuple(refused))
    return out


ODD = {int: (-1, 0, 99), str: ("", "zz", "B99", "L08x"), tuple: ((), (99,), (0, 99)), dict: ({"zz": 1}, {"red": 9})}


def oddities(command):
    """`command` with one field at a value of its type that no rule expects (what a client may post)."""
    for f in dataclasses.fields(command)[1:]:
        value = getattr(command, f.name)
        for odd in ODD.get(type(value), ()):  # of the value's own type: the codec refuses any other
            yield dataclasses.replace(command, **{f.name: odd})


def refusals(state, seat: int, legal: list, examples: dict) -> list:
    """(command, code, message) of near misses now: a listed command with a field moved (tests/contract's
    `nearby`), and a command of each type seen earlier in the game that is not listed now."""
    listed = set(legal)
    candidates = [near for command in legal[:2] for near in nearby(command, legal, state.seats)]
    candidates += [odd for command in legal[-1:] for odd in oddities(command)]
    candidates += [dataclasses.replace(c, seat=seat) for cls, c in examples.items() if cls not in map(type, legal)]
    out = []
    for command in candidates[:12]:
        if command in listed or command.seat != seat:
            continue
        try:
            game.decide(state, command)
        except RuleViolation as refusal:
            out.append((command, refusal.code, refusal.message))
    return out


RARE_COMMANDS = [JoinSecretSociety(0, (1, 5, 13, 14), 1, 13)]  # exactly 6 seals: random play seldom has them
RARE_EVENTS = [SecretSocietyJoined(0, (1, 5), (13, 14), 13, False, 3), SeatForfeited(2), FinalCardsBegan((1, 2)),
               FinalCardsPassed(1)]


@pytest.mark.slow(seconds=15)
def test_every_command_and_event_of_every_box_reads_cleanly_for_every_reader():
    commands, events = set(), set()
    for played, kinds, lines, _ in games().values():
        commands |= kinds
        for served, _, line in lines:
            if line is None:
                assert served["type"] == "chance_drawn", served  # the drawn outcome's own events speak for it
                continue
            events.add(served["type"])
            clean(line)
        assert clean(words.result(played.view(None)))
    view = game.view(letters_acting(24), 0)
    for command in RARE_COMMANDS:
        commands.add(command.TYPE)
        clean(words.command(view, wire(command)))
    for event in RARE_EVENTS:
        events.add(event.TYPE)
        clean(words.event(envelope(event, getattr(event, "seat", None)), view, 0))
    assert commands == set(game.COMMANDS)
    assert events == set(game.EVENTS) | {"game_created", "seed_revealed"}


def test_the_words_never_name_a_card_the_readers_envelope_hides():
    """The oracle is the envelope as served while the game ran: every card a line names (a bonus card by its effect
    in quotes, a guild card by its place) is in it, so another seat's draw from the deck is only "a card"."""
    hidden = 0
    for _, _, lines, _ in games().values():
        for served, _reader, line in lines:
            shown = json.dumps(served.get("payload"))
            for named in re.findall(r"“([^”]+)”", line or "") + GUILD.findall(line or ""):
                assert any(card in shown for card in NAMED[named]), (line, served)
            if served["type"] in ("bonus_card_drawn", "guild_card_drawn") and not served["payload"]["card"]:
                hidden += 1
    assert hidden  # some reader was served another seat's draw, or this test proves nothing


# --- known values, from the rulebook's examples -----------------------------------------------------------------
def said(state, command, seat=0) -> str:
    return words.command(game.view(state, seat), wire(command))


def test_the_rulebooks_payment_of_2_lira_each_to_two_merchants():
    """000 p.8: 2 lira each to the yellow and the green player, else the turn is over."""
    state = position(setup(3), players={0: {"lira": 4}, 1: {"merchant": 6}, 2: {"merchant": 6}})
    assert said(state, Move(0, 6)) == (
        "Move to the Caravansary (1 step; leave an assistant; pay 4 lira, 2 each to seat 1's merchant and seat 2's "
        "merchant there)")
    _, state = play(state, Move(0, 6))
    _, paying = play(state, LeaveAssistant(0))
    assert said(paying, PayMerchants(0)) == "Pay 4 lira, 2 each to seat 1's merchant and seat 2's merchant to act here"


def test_a_move_says_the_steps_the_assistant_and_the_merchant_paid():
    state = position(setup(3), players={0: {"merchant": 5}, 1: {"merchant": 13}})
    assert said(state, Move(0, 13)) == (
        "Move to the Sultan's Palace (2 steps; leave an assistant; pay 2 lira to seat 1's merchant there)")


def test_the_rulebooks_small_market_sale_for_14_lira():
    """000 p.19: 1 red, 1 green and 2 yellow sold give 14 lira (demand tile S4)."""
    state = acting(11, player={"goods": {"red": 1, "green": 1, "yellow": 2}, "lira": 0},
                   setup_kwargs={"small": (3, 0, 1, 2, 4)})
    command = SellGoods(0, {"red": 1, "green": 1, "yellow": 2})
    assert said(state, command) == "Sell 1 fabric, 1 spice and 2 fruit at the Small Market for 14 lira"
    events, after = play(state, command)
    assert words.event(envelope(events[0], 0), game.view(after, 0), 0) == (
        "Seat 0 sold 1 fabric, 1 spice and 2 fruit at the Small Market for 14 lira; the next demand tile asks for "
        "1 fabric, 2 spice, 1 fruit and 1 jewelry")


def test_the_rulebooks_gemstone_dealer_and_post_office():
    """000 p.19: the highest uncovered number is 15; 000 p.18: 3 lira, 1 red and 1 yellow from the post office."""
    state = with_place(acting(16, seats=4, player={"lira": 20}), "gemstone_dealer", taken=3, rubies=9)
    assert said(state, BuyRuby(0)) == "Buy a ruby at the Gemstone Dealer for 15 lira"
    state = with_place(acting(5, player={"lira": 0}), "post_office", moved=2)
    assert said(state, CollectMail(0)) == "Collect the mail: 1 fabric, 1 fruit and 3 lira"


def test_the_rulebooks_black_market_roll_turned_by_the_red_tile():
    """000 p.18: 2 and 5 rolled, the red tile turns the 2 into a 4: 9, 2 jewelry."""
    state = acting(8, player={"tiles": ("red",)})
    assert said(state, VisitBlackMarket(0, "yellow")) == (
        "Take 1 fruit at the Black Market, then roll for jewelry by the dice total (7-8: 1, 9-10: 2, 11-12: 3)")
    _, state = play(state, VisitBlackMarket(0, "yellow"))
    _, state = roll(state, 2, 5)
    assert said(state, UseMosqueTile(0, "red", die=0)) == "Use your red mosque tile: turn the first die (2) to 4"
    events, state = play(state, UseMosqueTile(0, "red", die=0))
    assert [words.event(envelope(e, 0), game.view(state, 0), 0) for e in events] == [
        "Seat 0 used the red mosque tile: the dice now show 4 and 5",
        "Seat 0 took 2 jewelry at the Black Market (the dice showed 9)"]


def test_the_tea_house_says_the_odds():
    state = acting(9)
    assert said(state, VisitTeaHouse(0, 7)) == (
        "Announce 7 at the Tea House and roll 2 dice: 7 or more (58% likely) pays 7 lira, less pays 2 lira")


def test_a_card_drawn_from_the_deck_is_named_to_its_drawer_only():
    drawn = BonusCardDrawn(1, "B02", "deck")
    view = game.view(setup(2), 1)
    assert words.event(envelope(drawn, 1), view, 1) == "Seat 1 drew “take 5 lira” from the deck"
    blank = envelope(game.redact(drawn, 0), 1)
    assert words.event(blank, game.view(setup(2), 0), 0) == "Seat 1 drew a bonus card from the deck"


# --- cards and places ---------------------------------------------------------------------------------------------
def numbers(*values) -> list[str]:
    return [str(v) for v in values if isinstance(v, int) and not isinstance(v, bool) and v]


@pytest.mark.parametrize("card", sorted(CARDS))
def test_every_bonus_card_row_has_a_sentence_with_its_numbers(card):
    row = CARDS[card]
    text = clean(words.card(card))
    for n in numbers(row.amount, *row.cost.values()):
        assert n in text, text
    for place in (row.place, *row.places):
        if place is not None:
            assert game.view(setup(2), 0)["place_names"].get(str(place), "") in text or place > 16, text


@pytest.mark.parametrize("card", sorted(GUILD_CARDS))
def test_every_guild_card_row_has_a_sentence_with_its_numbers(card):
    row = GUILD_CARDS[card]
    text = clean(words.card(card))
    r, then = row.rules, row.then
    for n in numbers(r.cost, r.fail_lira, r.goods_needed, r.coffee_discount, then.coffee, then.lira, then.any_goods):
        assert n in text, text


@pytest.mark.parametrize("tile", [*sorted(TAVERN_TILES), *(t.id for t in KIOSK_TILES)])
def test_every_tile_row_has_a_sentence_with_its_numbers(tile):
    text = clean(words.card(tile))
    if tile in TAVERN_TILES:
        assert str(TAVERN_TILES[tile].cost) in text
        return
    row = next(t for t in KIOSK_TILES if t.id == tile)
    for branch in (row, *row.options):
        for n in numbers(branch.lira, branch.cards, branch.letters, branch.good, branch.pay_lira, branch.pay_good,
                         branch.pay_letters, branch.pay_cards, *branch.gain.values(), *branch.pay.values()):
            assert n in text, text


@pytest.mark.parametrize("component", ["mosque:red", "mosque:green", "mosque:yellow", "mosque:blue", "demand:S1",
                                       "letter:13", "letter", "baksheesh:A"])
def test_the_other_components_have_sentences(component):
    clean(words.card(component))


def test_every_place_of_the_great_bazaar_says_what_it_offers():
    played = games()["great_bazaar"][0]
    view = played.view(0)
    for pid in range(1, 26):
        line = clean(words.place(view, pid))
        assert line.startswith(f"The {view['place_names'][str(pid)]} ({pid}): ") and "): no action" not in line


# --- refusals say why -------------------------------------------------------------------------------------------
def refused(state, command) -> tuple[str, str]:
    with pytest.raises(RuleViolation) as refusal:
        game.decide(state, command)
    return refusal.value.code, refusal.value.message


def test_a_move_out_of_reach_says_how_far_and_what_is_within_reach():
    state = position(setup(3), players={1: {"merchant": 13}})
    code, why = refused(state, Move(0, 13))
    assert code == "istanbul.place_unreachable"
    assert why.startswith("the Sultan's Palace is 4 steps from your merchant at the Fountain: a move goes 1 or 2 steps "
                          "(within reach: the Fabric Warehouse, ")
    assert why.endswith("; now you may: move or play bonus card")
    code, why = refused(state, Move(0, 99))
    assert (code, why) == ("istanbul.place_unreachable", "there is no place 99 on this board: the places are numbered "
                           "1 to 16; now you may: move or play bonus card")


def test_a_place_action_out_of_its_phase_names_its_places_and_what_is_awaited():
    code, why = refused(position(setup(3)), SellGoods(0, {"red": 1}))
    assert code == "istanbul.wrong_phase"
    assert why.startswith("sell goods (the action of the Large Market or the Small Market) is not possible now: the "
                          "turn awaits the move")


def test_a_sale_the_demand_tile_does_not_take_says_what_it_takes():
    state = acting(11, player={"goods": {"red": 1}, "lira": 0})
    code, why = refused(state, SellGoods(0, {"blue": 2}))
    assert code == "istanbul.invalid_goods"
    assert why.startswith("the demand tile at the Small Market takes at most ") and "you offer 2 jewelry" in why


def test_every_code_has_words_of_its_own():
    assert set(REASONS) == set(game.ALL_CODES) - {"istanbul.illegal_command"}  # that one names no rule


def test_near_misses_in_random_games_of_every_box_are_refused_in_words():
    """Every refusal met says why in words: no None, no dict; its code is one of the game's."""
    seen = set()
    for _, _, _, tried in games().values():
        for command, code, why in tried:
            assert code in game.ALL_CODES, code
            assert why and "now you may:" in why and not re.search(r"None|[{}]|_", why), (command, why)
            seen.add(code)
    assert len(seen) >= 15, seen


# The log tells what happened: a seat's line opens with a verb in the past ("moved", "took"), whatever follows.
PAST = re.compile(r"^Seat \d+ ([a-z]+)")
IRREGULAR_PAST = {"left", "took", "brought", "drew", "paid", "sold", "chose", "gave", "bought", "sent", "caught", "bid",
                  "won", "was", "went", "made", "got", "kept", "put", "met", "spent", "lost", "threw", "held", "had"}
STATES = {"has"}  # "Seat 2 has 5 rubies: this round is played to its end": a standing, not a deed


@pytest.mark.slow(seconds=15)
def test_every_seats_log_line_tells_what_it_did_in_the_past():
    verbs = set()
    for _played, _kinds, lines, _ in games().values():
        for _served, _, line in lines:
            match = PAST.match(line or "")
            if match:
                verbs.add(match.group(1))
    odd = {v for v in verbs if not v.endswith("ed") and v not in IRREGULAR_PAST | STATES}
    assert not odd, odd
    assert {"moved", "took", "ended"} <= verbs
