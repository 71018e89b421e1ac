"""Jaipur in words: every command and event type has words; random matches read cleanly as each seat and a
spectator (no None, no dicts, no raw ids) and never say what the reader's envelope hides; the rulebook's examples
read as known values; an empty market slot is a slot, not None; every card and token has a sentence with its
numbers."""

from __future__ import annotations

import functools
import json
import re

import pytest

from domain import jaipur
from domain.jaipur import words
from domain.jaipur.commands import Sell
from domain.jaipur.components import BONUS_VALUES, CARD_TYPES, GOODS_TOKENS
from domain.jaipur.events import GoodsSold, MatchAborted, MatchForfeited, RoundEnded
from domain.jaipur.state import RoundResult
from domain.jaipur.view import round_summary
from events.codec import command_to_wire
from tests.support.envelopes import envelope
from tests.support.playthrough import playthrough
from tests.unit.jaipur.builders import play, position

SEEDS = ("words-a", "words-b")
OPTIONS = ({}, {"opponent_sees_hand_size": False, "opponent_sees_herd_size": False,
                "owner_sees_own_bonus_values": False, "residual_tie": "seal_to_non_starter"})
RAW = re.compile(r"None|[{}\[\]_]|\bnull\b")  # a dict, a list, None or a snake_case id shown as such
NAMES = re.compile(r"\b(" + "|".join(CARD_TYPES) + r")s?\b")  # a card named in a line (diamonds: a diamond)
READERS = (0, 1, None)


def wire(command) -> dict:
    return {k: v for k, v in command_to_wire(command).items() if k != "seat"}


def clean(line: str) -> str:
    assert isinstance(line, str) and line.strip(), line
    assert not RAW.search(line), line
    return line


# --- every command and event, in random matches as each reader is served them -----------------------------------
@functools.cache
def matches() -> tuple:
    """Random matches, each as (played, the command types listed, log lines): every legal command in words (the
    mover's view), and after each move its envelopes as each reader was served them, read with the reader's view
    of that moment (served envelope, reader, line)."""
    out = []
    for options in OPTIONS:
        for seed in SEEDS:
            kinds, lines, read = set(), [], 0
            for played, seat, legal in playthrough(jaipur, options, 2, seed):
                views = {reader: played.view(reader) for reader in READERS}
                for command in legal:
                    clean(words.command(views[seat], wire(command)))
                    kinds.add(command.TYPE)
                for env in played.envelopes[read:]:
                    for reader in READERS:
                        served = played.served(env, reader)
                        lines.append((served, reader, words.event(served, views[reader], reader)))
                read = len(played.envelopes)
            out.append((played, frozenset(kinds), tuple(lines)))
    return tuple(out)


def test_random_matches_read_cleanly_for_every_reader_and_cover_every_command_and_event():
    commands, events = set(), set()
    for played, kinds, lines in matches():
        commands |= kinds
        for reader in READERS:
            for line in words.position(played.view(reader)):
                clean(line)
        for served, _, line in lines:
            if line is not None:
                events.add(served["type"])
                clean(line)
            else:
                assert served["type"] == "chance_drawn", served  # the dealt cards' own events speak for a draw
        assert clean(words.result(played.view(None)))
    assert commands == set(jaipur.COMMANDS)
    rare = {"match_forfeited", "match_aborted"}  # not reached by random play: read below
    assert events >= set(jaipur.EVENTS) - rare
    for event in (MatchForfeited(1), MatchAborted(2, 30)):
        clean(words.event(envelope(event), {}, 0))


def test_the_words_never_name_a_card_or_a_bonus_value_the_readers_envelope_hides():
    """The oracle is the envelope as served while the match ran: every card a line names is in it (or in its
    type), and a bonus token's value is said only where it shows."""
    hidden = 0
    for _, _, lines in matches():
        for served, reader, line in lines:
            shown = served["type"] + json.dumps(served.get("payload"))
            for name in NAMES.findall(line or ""):
                assert name in shown, (line, served)
            if served["type"] == "goods_sold":
                assert ("worth" in line) == (served["payload"]["bonus"] is not None), line
                hidden += served["payload"]["bonus"] is None
            if served["type"] == "round_dealt" and reader is not None:
                assert served["payload"]["hands"][1 - reader] is None, served  # a hidden hand, or this proves nothing
    assert hidden  # some reader was served a sale whose bonus it may not see


# --- known values -----------------------------------------------------------------------------------------------
def test_the_rulebooks_sale_of_three_gold_cards():
    """Rules 3.4: 3 gold take the top 3 gold tokens (6, 6, 5) and a bonus token for 3 cards."""
    state = position(hands=(("gold", "gold", "gold"), ()), market=("camel", "camel", "camel", "diamond", "leather"),
                     bonus_piles={"three": (2, 3, 3, 2, 2, 1, 1)})
    view = jaipur.view(state, 0)
    assert words.command(view, wire(Sell(0, "gold", 3))) == "Sell 3 gold for 17 rupees and a bonus token for 3 cards"
    _, events = play(state, Sell(0, "gold", 3))
    assert words.event(envelope(events[0], 0), view, 0) == (
        "Seat 0 sold 3 gold for 17 rupees (goods tokens 6, 6 and 5) and a bonus token for 3 cards worth 2")
    hidden = envelope(GoodsSold(0, "gold", 3, (6, 6, 5), "three", None), 0)
    assert words.event(hidden, jaipur.view(state, 1), 1) == (
        "Seat 0 sold 3 gold for 17 rupees (goods tokens 6, 6 and 5) and a bonus token for 3 cards")


def test_the_references_short_leather_sale():
    """Two leather tokens left: 3 leather pay 1 and 1, and the bonus still counts the 3 cards sold."""
    state = position(hands=(("leather",) * 3, ()), discard=("leather",) * 7)
    assert words.command(jaipur.view(state, 0), wire(Sell(0, "leather", 3))) == (
        "Sell 3 leather for 2 rupees (only 2 tokens left) and a bonus token for 3 cards")


def test_a_round_won_on_the_tie_break_says_how():
    """Rules 5: equal rupees, the seat with more bonus tokens wins the round."""
    ended = RoundEnded(1, "deck", 0, (40, 40), (2, 1), (5, 6), ((3, 1), (2,)), 0, 1)
    assert words.event(envelope(ended), {}, None) == (
        "Round 1 ended (the deck could not refill the market): seat 0 40 rupees, seat 1 40 rupees; seat 0 had the "
        "larger herd and took the camel token (5); seat 0 wins the round on more bonus tokens")


def test_the_result_says_who_won_by_how_much_round_by_round():
    rounds = [{"round": 1, "totals": [61, 58], "winner": 0, "camel_token": 1, "bonus_counts": [2, 1],
               "goods_counts": [9, 8]},
              {"round": 2, "totals": [50, 50], "winner": None, "camel_token": None, "bonus_counts": [1, 1],
               "goods_counts": [7, 7]},
              {"round": 3, "totals": [44, 62], "winner": 1, "camel_token": 0, "bonus_counts": [1, 3],
               "goods_counts": [5, 9]},
              {"round": 4, "totals": [70, 55], "winner": 0, "camel_token": None, "bonus_counts": [3, 1],
               "goods_counts": [8, 6]}]
    view = {"result": {"winners": [0], "scores": [2, 1], "rounds": rounds, "aborted": False, "forfeited_by": None}}
    assert words.result(view) == (
        "Seat 0 won the match, 2 to 1 in seals of excellence (round 1 seat 0 won 61 to 58 rupees, camel token to "
        "seat 1; round 2 tied at 50 rupees each: no seal; round 3 seat 1 won 62 to 44 rupees, camel token to seat 0; "
        "round 4 seat 0 won 70 to 55 rupees).")
    assert words.result({"result": {**view["result"], "forfeited_by": 1, "rounds": []}}) == (
        "Seat 1 forfeited: seat 0 wins.")
    assert words.result({"result": None}) is None


def test_an_empty_market_slot_is_said_as_one():
    """At a deck-out the market may keep an empty slot (null in the view): it is part of the position."""
    view = {"you": 0, "phase": "match_over", "seals": [2, 0], "market": [None, "gold", "camel", "camel", "spice"],
            "deck_size": 0, "discard": [], "goods_tokens": {"gold": []}, "bonus_tokens": {"three": 1}, "players": [],
            "rounds": [], "result": None}
    lines = words.position(view)
    assert "Market: an empty slot, gold, 2 camels and spice; the deck has 0 cards; 0 cards sold so far." in lines
    assert all(clean(line) for line in lines)
    assert words.command(view, {"type": "take_camels"}) == "Take 2 camels into your herd"


def test_a_seat_reads_its_own_hand_and_only_the_size_of_the_others():
    state = position(hands=(("cloth", "diamond", "diamond"), ("gold", "spice")), herds=(2, 1))
    lines = words.position(jaipur.view(state, 0))
    assert any(line.startswith("Seat 0 (you): hand cloth and 2 diamonds (3 of 7); herd 2 camels;") for line in lines)
    other = next(line for line in lines if line.startswith("Seat 1:"))
    assert other.startswith("Seat 1: 2 cards in hand; herd 1 camel;") and not NAMES.search(other.replace("camel", ""))


@pytest.mark.parametrize("card", [*CARD_TYPES, *BONUS_VALUES])
def test_every_card_and_bonus_tier_has_a_sentence_with_its_numbers(card):
    said = words.card(card)
    numbers = GOODS_TOKENS.get(card) or BONUS_VALUES.get(card) or (5,)
    assert all(str(n) in said for n in numbers), said
    clean(said)


def test_the_scored_rounds_in_a_view_read_as_results():
    done = RoundResult(1, 0, "goods_piles", None, (30, 30), (1, 1), (4, 4), ((1,), (2,)), None)
    view = {"you": None, "phase": "dealing", "round": 2, "seals": [0, 0], "market": None, "players": [],
            "rounds": [round_summary(done)], "result": None}
    assert "Round 1: tied at 30 rupees each: no seal." in words.position(view)
