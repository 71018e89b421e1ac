"""Istanbul's short position (`WORDS.short_position`): a known position read by its player, a spectator and another
seat, line by line as written here by hand from the position built (the rulebook's ruby target, the ordered layout's
grid, the cards' effects); random games of every box read cleanly in a few lines for every reader; and no reader's
short position names a card that another seat holds and the reader may not see (the oracle is the true state's
hands, not the words or the view)."""

from __future__ import annotations

import functools
import re

import pytest

import domain.istanbul as game
from domain.istanbul import words
from domain.istanbul.phrases.cards import title
from tests.support.playthrough import playthrough
from tests.unit.istanbul.builders import position, setup
from tests.unit.istanbul.test_words import BOXES, clean

MOST_LINES = 12
STEPS = 300  # moves of each box's random game
EVERY = 5  # steps between looks

# Seat 0 to move at the Caravansary (ordered layout: rows 1-4, 5-8, 9-12, 13-16), its assistant at the Large Market
# where seat 2's merchant stands; seat 1 at the Fountain; seat 2's family member at the Tea House; the governor at
# the Small Market, the smuggler at the Fabric Warehouse. Seat 0 holds B02 and B09, seat 1 holds B10.
KNOWN = dict(players={
    0: {"lira": 7, "goods": {"red": 1, "blue": 2}, "extensions": 1, "rubies": 1, "merchant": 6, "stack": (0, 0, 0),
        "hand": ("B02", "B09")},
    1: {"lira": 3, "rubies": 2, "merchant": 7, "stack": (1, 1, 1, 1), "hand": ("B10",)},
    2: {"lira": 12, "merchant": 10, "stack": (2, 2, 2, 2), "family": 9}},
    assistants=((10, 0),), governor=11, smuggler=2)
HEAD = "a game of Istanbul for 3 seats: 5 rubies end the game. "
MOVE = "Now: the move (of the merchant, or a card or a guild card instead)."
FIGURES = "Neutral figures: the smuggler at the Fabric Warehouse, the governor at the Small Market."


def known(reader):
    return words.short_position(game.view(position(setup(3), **KNOWN), reader))


def test_the_player_to_move_reads_its_turn_its_holdings_the_race_and_what_its_merchant_reaches():
    assert known(0) == [
        f"You are seat 0 in {HEAD}It is your turn. {MOVE}",
        "The rubies race (lira break a tie): seat 0 (you) has 1 ruby and 7 lira; seat 1 has 2 rubies and 3 lira; "
        "seat 2 has 0 rubies and 12 lira.",
        "You hold: 7 lira, 1 fabric and 2 jewelry (room for 3 of each good); bonus cards: “take 5 lira” and "
        "“move 3 or 4 steps instead of 1 or 2”.",
        "Your merchant is at the Caravansary with 3 assistants (one more comes with the blue mosque tile); your "
        "assistants wait at the Large Market; your family member is at the Police Station.",
        "Other merchants: seat 1's at the Fountain, seat 2's at the Large Market; family members: seat 2's at the Tea "
        "House, seat 1's at the Police Station.",
        FIGURES,
        "Within 2 steps of your merchant: 1 step: the Fabric Warehouse (the smuggler), the Post Office, the Fountain "
        "(seat 1's merchant) and the Large Market (your assistant and seat 2's merchant); 2 steps: the Wainwright, "
        "the Spice Warehouse, the Black Market, the Tea House (seat 2's family member), the Small Market (the "
        "governor) and the Small Mosque.",
    ]


def test_a_spectator_reads_the_seat_to_move_with_its_cards_counted_not_named():
    assert known(None)[:4] == [
        f"You are watching {HEAD}It is seat 0's turn. {MOVE}",
        "The rubies race (lira break a tie): seat 0 has 1 ruby and 7 lira; seat 1 has 2 rubies and 3 lira; "
        "seat 2 has 0 rubies and 12 lira.",
        "Seat 0 (to play) holds: 7 lira, 1 fabric and 2 jewelry (room for 3 of each good); 2 bonus cards.",
        "Its merchant is at the Caravansary with 3 assistants (one more comes with the blue mosque tile); its "
        "assistants wait at the Large Market; its family member is at the Police Station.",
    ]


def test_another_seat_reads_its_own_cards_and_its_own_merchants_reach():
    assert known(1) == [
        f"You are seat 1 in {HEAD}It is seat 0's turn. {MOVE}",
        "The rubies race (lira break a tie): seat 0 has 1 ruby and 7 lira; seat 1 (you) has 2 rubies and 3 lira; "
        "seat 2 has 0 rubies and 12 lira.",
        "You hold: 3 lira, no goods (room for 2 of each good); bonus cards: “bring 1 of your assistants back to your "
        "merchant”.",
        "Your merchant is at the Fountain with 4 assistants (one more comes with the blue mosque tile); none of your "
        "assistants waits on a place; your family member is at the Police Station.",
        "Other merchants: seat 0's at the Caravansary, seat 2's at the Large Market; family members: seat 2's at the "
        "Tea House, seat 0's at the Police Station.",
        FIGURES,
        "Within 2 steps of your merchant: 1 step: the Spice Warehouse, the Caravansary (seat 0's merchant), the Black "
        "Market and the Small Market (the governor); 2 steps: the Fabric Warehouse (the smuggler), the Fruit "
        "Warehouse, the Post Office, the Large Market (seat 2's merchant), the Police Station (seat 0's family "
        "member) and the Great Mosque.",
    ]


# --- random games of every box ----------------------------------------------------------------------------------
QUOTED = re.compile(r"“([^”]+)”")
GUILD = re.compile(r"the ((?:[A-Z][\w']* )+)guild card")


@functools.cache
def looks() -> tuple:
    """(box, reader, short position, the titles of the cards the reader holds, those only others hold), every
    EVERY moves of each box's random game, for every seat and a spectator; the hands come from the true state."""
    out = []
    for box, (seats, options, seed) in BOXES.items():
        for step, (played, _seat, _legal) in enumerate(playthrough(game, options, seats, seed, STEPS, curious=True)):
            if step % EVERY:
                continue
            hands = [(*p.hand, *p.guild_hand) for p in played.state.players]
            for reader in (*range(seats), None):
                own = set(hands[reader]) if reader is not None else set()
                others = {c for s, hand in enumerate(hands) if s != reader for c in hand} - own
                out.append((box, reader, tuple(words.short_position(played.view(reader))),
                            {title(c) for c in own}, {title(c) for c in others} - {title(c) for c in own}))
    return tuple(out)


@pytest.mark.slow(seconds=10)
def test_random_games_of_every_box_read_cleanly_in_a_few_lines_for_every_reader():
    for box, reader, lines, _, _ in looks():
        assert 6 <= len(lines) <= MOST_LINES, (box, reader, lines)
        for line in lines:
            clean(line)
    assert {box for box, *_ in looks()} == set(BOXES)


@pytest.mark.slow(seconds=10)
def test_no_reader_reads_a_card_that_only_another_seat_holds():
    """Another seat's bonus and guild cards are hidden from the reader: their effects (a bonus card's in quotes, a
    guild card by its place) never appear in its short position; its own do, in the line of what it holds."""
    checked = named = 0
    for _box, _reader, lines, own, others in looks():
        text = "\n".join(lines)
        said = set(QUOTED.findall(text)) | {f"the {m}guild card" for m in GUILD.findall(text)}
        assert not said & others, (said & others, text)
        checked += bool(others)
        named += bool(said & own)
    assert checked and named  # some other seat held a card, some reader read its own: or this proves nothing

