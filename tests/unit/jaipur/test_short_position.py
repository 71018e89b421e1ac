"""Jaipur's short position (`WORDS.short_position`): a known position read by each seat and a spectator, line by line
as written here by hand from the position built (the rulebook's token piles, the cards left for the deck); random
matches read cleanly in a few lines for every reader; and no reader's short position names a card of another
seat's hand (the oracle is the true state's hands: a good another hand holds and the reader's own hand and the
market do not is never named, but in the line of the token piles, which names every good)."""

from __future__ import annotations

import re

from domain import jaipur
from domain.jaipur import words
from domain.jaipur.components import CARD_TYPES
from tests.support.playthrough import playthrough
from tests.unit.jaipur.builders import position
from tests.unit.jaipur.test_words import OPTIONS, SEEDS, clean

# Round 2 (seat 0 won the first), seat 0 to move. Seat 0: cloth and 2 diamonds, 2 camels, the first two leather
# tokens (4 and 3: 7 rupees) and a bonus token for 3 cards worth 2; seat 1: gold and spice, 1 camel. The market
# shows 3 camels, a diamond and gold; 2 leather were sold. 55 cards - 5 in hands - 3 in herds - 5 in the market -
# 2 sold = 40 in the deck.
KNOWN = dict(hands=(("cloth", "diamond", "diamond"), ("gold", "spice")), herds=(2, 1), discard=("leather", "leather"),
             goods_tokens=((("leather", 4), ("leather", 3)), ()), bonus_tokens=((("three", 2),), ()), seals=(1, 0),
             number=2, starter=1, to_move=0)
MARKET = "Market: 3 camels, a diamond and gold; 40 cards in the deck."
TOPS = ("Goods tokens on top of the piles, the next sale's first: diamond 7 (5 left), gold 6 (5 left), silver 5 "
        "(5 left), cloth 5 (7 left), spice 5 (7 left), leather 2 (7 left).")
SEAT_0 = "Seat 0: 3 cards in hand, herd 2 camels; 7 rupees in goods tokens, 1 bonus token."
SEAT_1 = "Seat 1: 2 cards in hand, herd 1 camel; 0 rupees in goods tokens, 0 bonus tokens."
NAMES = re.compile(r"\b(" + "|".join(c for c in CARD_TYPES if c != "camel") + r")s?\b")
MOST_LINES = 8


def known(reader, **options):
    return words.short_position(jaipur.view(position(**KNOWN, options=options or None), reader))


def test_the_seat_to_move_reads_its_hand_its_rupees_the_others_sizes_and_the_next_tokens():
    assert known(0) == [
        "You are seat 0; round 2, your turn. Seals of excellence (2 win the match): seat 0 (you) has 1, seat 1 has 0.",
        MARKET,
        "You: hand cloth and 2 diamonds (3 of 7), herd 2 camels; 7 rupees in goods tokens, 1 bonus token worth 2.",
        SEAT_1,
        TOPS,
    ]


def test_the_other_seat_reads_its_own_hand_first_and_only_sizes_of_the_movers():
    assert known(1) == [
        "You are seat 1; round 2, seat 0 to play. Seals of excellence (2 win the match): seat 0 has 1, seat 1 (you) "
        "has 0.",
        MARKET,
        "You: hand gold and spice (2 of 7), herd 1 camel; 0 rupees in goods tokens, 0 bonus tokens.",
        SEAT_0,
        TOPS,
    ]


def test_a_spectator_reads_sizes_only():
    assert known(None) == [
        "You are watching; round 2, seat 0 to play. Seals of excellence (2 win the match): seat 0 has 1, seat 1 has 0.",
        MARKET, SEAT_0, SEAT_1, TOPS]


def test_with_the_sizes_hidden_a_seat_reads_the_others_hand_and_herd_together():
    hidden = {"opponent_sees_hand_size": False, "opponent_sees_herd_size": False}
    assert known(0, **hidden)[3] == "Seat 1: 3 cards in hand and herd; 0 rupees in goods tokens, 0 bonus tokens."


def test_random_matches_read_cleanly_and_never_name_a_card_only_the_other_hand_holds():
    checked = 0
    for options in OPTIONS:
        for seed in SEEDS:
            for played, _seat, _legal in playthrough(jaipur, options, 2, seed):
                phase = played.state.phase
                hands = [p.hand for p in getattr(phase, "players", ())]
                for reader in (0, 1, None):
                    lines = words.short_position(played.view(reader))
                    assert 2 <= len(lines) <= MOST_LINES, lines
                    for line in lines:
                        clean(line)
                    if not hands:
                        continue
                    market = {c for c in getattr(phase, "market", ()) if c is not None}
                    own = set(hands[reader]) if reader is not None else set()
                    hidden = {c for s, hand in enumerate(hands) if s != reader for c in hand} - own - market
                    said = set(NAMES.findall(" ".join(line for line in lines if not line.startswith(TOPS[:30]))))
                    assert not said & hidden, (said & hidden, lines)
                    checked += bool(hidden)
    assert checked
