"""The table's own commands and events in words, for every game: each event type has a line (but the dealer's
draw, whose consequences speak for it), each command a seat may post or the log records has words, and the
platform's lines read back through its notation."""

from __future__ import annotations

import re

import pytest

from domain import jaipur
from domain.core import ChanceDrawn
from domain.jaipur import words as jaipur_words
from domain.jaipur.commands import TakeCamels
from domain.notation import NotationError
from domain.table import Act, AnswerUndo, Create, Deal, RecordImport, RequestUndo, SeatBot, TimeOut, notation
from domain.table import words as table_words
from domain.table.commands import ClaimSeat, Expire, StartEarly
from domain.table.events import (
    EVENTS,
    BotSeated,
    BotUnseated,
    GameCreated,
    GameExpired,
    GameImported,
    GameStarted,
    Invitation,
    MovesTakenBack,
    SeatClaimed,
    SeatsOpened,
    SeedRevealed,
    TurnTimedOut,
    UndoAnswered,
    UndoRequested,
)
from domain.table.options import BotSeat
from events.platform import command_to_wire
from tests.support.envelopes import envelope

AT = "2026-01-01T00:00:00.000Z"

RAW = re.compile(r"None|[{}\[\]_]")
SAMPLES = [
    GameCreated("jaipur", 2, {"undo": "consent", "undo_timeout_s": 120, "clock": {"per_move_s": 60},
                              "timeout_policy": {"auto_then_forfeit_after": 2}, "bots": [None, {"bot": "greedy"}],
                              "first_player": 1}, "ab" * 32),
    GameCreated("istanbul", 5, {"undo": "turn", "clock": {"initial_s": 600, "increment_s": 5},
                                "timeout_policy": "bot"}, "ab" * 32, seed="open"),
    SeedRevealed("s3cret"),
    ChanceDrawn(3, "roll", "governor", 6, 2, False, (3, 4)),
    UndoRequested(1, 40, "2026-01-01T00:02:00.000Z"),
    UndoAnswered(0, True),
    UndoAnswered(0, False),
    MovesTakenBack(1, 40, 45),
    TurnTimedOut(2, "auto", "2026-01-01T00:01:00.000Z"),
    TurnTimedOut(2, "forfeit", "2026-01-01T00:01:00.000Z"),
    TurnTimedOut(2, "bot", "2026-01-01T00:01:00.000Z"),
    BotSeated(1, "greedy", None, "timeout"),
    BotSeated(1, "mcts", 500, "organiser"),
    BotUnseated(1),
    GameImported("g-123", 88, "cd" * 32, "2026-01-01T00:00:00.000Z", "2026-01-02T00:00:00.000Z", "organiser-x"),
    SeatsOpened((Invitation("public"), Invitation("code"), Invitation("player", "p-ada"), Invitation("public")),
                "2026-01-01T01:00:00.000Z"),
    SeatClaimed(2, "p-ada", "ef" * 16, False),
    GameStarted(False),
    GameStarted(True),
    GameExpired(),
]


def test_every_platform_event_has_a_line_but_the_dealers_draw():
    said = set()
    for event in SAMPLES:
        line = table_words.event(envelope(event), 0, jaipur_words.options)
        if event.TYPE == "chance_drawn":
            assert line is None  # the game's own events say what was dealt, shuffled or rolled
            continue
        assert line and not RAW.search(line), line
        said.add(event.TYPE)
    assert said == set(EVENTS) - {"chance_drawn"}


def test_known_lines():
    created = table_words.event(envelope(SAMPLES[0]), None, jaipur_words.options)
    assert created == ("A game of Jaipur for 2 seats (seat 1 starts); moves are taken back when every other seat "
                       "agrees; 60 seconds a move; the smallest legal move is played 2 times for a seat whose time "
                       "runs out, then it forfeits; the bot greedy plays seat 1")
    assert table_words.event(envelope(MovesTakenBack(1, 40, 45)), 0) == (
        "5 versions taken back (asked by seat 1): the game is as it was at version 40")
    assert table_words.event(envelope(TurnTimedOut(2, "forfeit", "x")), 0) == "Seat 2 ran out of time: it forfeits"
    assert table_words.event(envelope(SAMPLES[-5]), None) == (
        "The game waits for its players (seats 0 and 3 for anyone, seat 1 for whoever holds its invitation and "
        "seat 2 for player p-ada) until 2026-01-01 01:00 UTC")
    assert table_words.event(envelope(SeatClaimed(2, "p-ada", "ef" * 16, True)), 1) == "Seat 2 is taken by player p-ada"


@pytest.mark.parametrize("wire,said", [
    ({"type": "accept_undo"}, "Accept the request to take moves back"),
    ({"type": "decline_undo"}, "Decline the request to take moves back"),
    ({"type": "undo", "to_version": 12}, "Take the game back to version 12"),
    ({"type": "timeout", "seat": 1}, "The clock of seat 1 ran out"),
    ({"type": "seat_bot", "seat": 1, "bot": "greedy", "budget_ms": None}, "Let the bot greedy play seat 1"),
    ({"type": "seat_bot", "seat": 1, "bot": None, "budget_ms": None}, "Give seat 1 back to its player"),
    ({"type": "deal"}, "The dealer draws"),
    ({"type": "take_camels"}, None),
])
def test_platform_commands_in_words(wire, said):
    assert table_words.command(wire) == said


TABLE_COMMANDS = [  # every table command but a seat's game move, as the log records it (events/platform.py)
    Create("jaipur", 2, {}, "ab" * 32, None, AT), Deal(AT), RequestUndo(0, 3, AT), AnswerUndo(1, True, AT),
    AnswerUndo(1, False, AT), TimeOut(AT), SeatBot(1, BotSeat("greedy"), AT), SeatBot(1, None, AT),
    RecordImport("g-1", 9, "cd" * 32, AT, AT, "organiser-x", AT), Act(0, TakeCamels(0), AT, bot="greedy"),
    ClaimSeat(1, "p-ada", "ef" * 16, False, AT), StartEarly(BotSeat("greedy"), AT), Expire(AT),
]


@pytest.mark.parametrize("command", TABLE_COMMANDS, ids=lambda c: type(c).__name__)
def test_every_command_the_log_records_has_words(command):
    wire = command_to_wire(command)
    said = jaipur_words.command({"market": ["camel", "camel", "gold", "gold", "spice"]}, wire)
    assert said and not RAW.search(said), said
    assert wire["type"] not in jaipur.COMMANDS


def test_a_bots_move_is_its_game_commands_words():
    wire = command_to_wire(Act(0, TakeCamels(0), AT, bot="greedy"))
    assert jaipur_words.command({"market": ["camel", "camel", "gold", "gold", "spice"]}, wire) == (
        "Take 2 camels into your herd (played by the bot greedy)")


@pytest.mark.parametrize("wire", [{"type": "accept_undo"}, {"type": "decline_undo"}, {"type": "undo", "to_version": 7}])
def test_the_platforms_lines_read_back(wire):
    assert notation.parse(notation.to_text(wire)) == wire
    assert notation.parse(notation.to_text(wire).upper()) == wire


def test_the_notation_leaves_other_lines_to_the_game_and_refuses_a_bad_undo():
    assert notation.parse("take camels") is None and notation.to_text({"type": "take_camels"}) is None
    assert notation.parse("accept_undo") == {"type": "accept_undo"}
    assert notation.parse("undo to version 3") == {"type": "undo", "to_version": 3}
    with pytest.raises(NotationError):
        notation.parse("undo yesterday")
