"""What each seat sees of the log (`service/redaction.py`), judged by tables written here by hand.

The game is a stub of three seats whose own `redact` is a table too: every kind of event a real game has (seen
by all, by its seat alone, by nobody, by all but with a part hidden, by two seats, by one seat with a part shown
to the others), so each branch of `visibility` and `redact_envelope` meets a case where the wrong branch shows
another answer. No expected value below is computed by the code under test.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import SimpleNamespace

import pytest

from domain.core import ChanceDrawn
from domain.table import Act, TimeOut
from domain.table.events import EVENTS as TABLE_EVENTS
from domain.table.events import Recorded, TurnTimedOut
from service.games.redaction import documents, redact_all, redact_envelope, visibility


@dataclass(frozen=True)
class Shown:
    """Everyone sees it whole."""

    TYPE = "shown"
    V = 1
    n: int


@dataclass(frozen=True)
class Drawn:
    """Its seat sees the card; nobody else learns anything of it."""

    TYPE = "drawn"
    V = 1
    seat: int
    card: str


@dataclass(frozen=True)
class Buried:
    """Nobody sees it while the game runs."""

    TYPE = "buried"
    V = 1
    card: str


@dataclass(frozen=True)
class Sold:
    """Everyone sees the sale; the bonus only the seller."""

    TYPE = "sold"
    V = 1
    seat: int
    bonus: int | None


@dataclass(frozen=True)
class Passed:
    """Seats 0 and 1 see the card passed between them; seat 2 and a spectator see nothing."""

    TYPE = "passed"
    V = 1
    card: str


@dataclass(frozen=True)
class Peeked:
    """Its seat sees the card; the other seats nothing; a spectator (a commentator's feed) that a card was seen."""

    TYPE = "peeked"
    V = 1
    seat: int
    card: str | None


@dataclass(frozen=True)
class Dealt:
    """Every seat sees its own hand's size only: nobody sees the whole deal, everybody sees part of it."""

    TYPE = "dealt"
    V = 1
    hands: tuple[str, ...]
    sizes: tuple[int, ...]


@dataclass(frozen=True)
class Draw:
    TYPE = "draw"
    seat: int


@dataclass(frozen=True)
class Pass:
    TYPE = "pass"
    seat: int


def _redact(event, seat):
    """The stub game's own rules of what a seat (None: a spectator) sees of each event."""
    if isinstance(event, Shown):
        return event
    if isinstance(event, Drawn):
        return event if seat == event.seat else None
    if isinstance(event, Buried):
        return None
    if isinstance(event, Sold):
        return event if seat == event.seat else replace(event, bonus=None)
    if isinstance(event, Passed):
        return event if seat in (0, 1) else None
    if isinstance(event, Peeked):
        if seat == event.seat:
            return event
        return replace(event, card=None) if seat is None else None
    if isinstance(event, Dealt):
        return replace(event, hands=())
    raise AssertionError(event)


GAME = SimpleNamespace(NAME="stub", MAX_SEATS=3, EVENTS={c.TYPE: c for c in (Shown, Drawn, Buried, Sold, Passed,
                                                                              Peeked, Dealt)}, redact=_redact)


@pytest.mark.parametrize(("event", "expected"), [
    (Shown(1), "public"),
    (Drawn(1, "ruby"), "seat:1"),
    (Drawn(2, "ruby"), "seat:2"),
    (Buried("ruby"), "hidden"),
    (Sold(0, 5), "redacted"),  # one seat sees it whole, the others a copy: not that seat's alone
    (Passed("ruby"), "redacted"),  # two seats see it whole
    (Peeked(0, "ruby"), "redacted"),  # one seat sees it whole, the spectator a copy
    (Dealt(("a", "b"), (1, 1)), "redacted"),  # nobody sees it whole, everybody part of it
    (ChanceDrawn(1, "shuffle", "deck", 4, 1, True, (3, 2, 1, 0)), "hidden"),
    (ChanceDrawn(2, "roll", "die", 6, 1, False, (4,)), "public"),
    (TurnTimedOut(1, "auto", "t"), "public"),  # the table's own events are public, whatever the game would say
])
def test_each_kind_of_event_gets_its_visibility(event, expected):
    assert visibility(GAME, event) == expected


def test_a_table_event_is_public_even_where_the_game_would_hide_a_namesake():
    """Only the table's own classes are public by rule: a game event that shares a table event's TYPE is judged by
    the game's `redact`."""
    name = next(iter(TABLE_EVENTS))

    @dataclass(frozen=True)
    class Namesake:
        TYPE = name
        V = 1
        card: str

    game = SimpleNamespace(NAME="stub", MAX_SEATS=2, EVENTS={}, redact=lambda event, seat: None)
    assert visibility(game, Namesake("ruby")) == "hidden"


def envelope(visibility: str, payload, seat: int | None = 1, kind: str = "drawn", **extra) -> dict:
    return {"game": "g", "version": 4, "type": kind, "v": 1, "at": "t", "seat": seat, "command": {"type": "draw"},
            "visibility": visibility, "payload": payload, "prev_hash": "p", "sealed": "s", "hash": "h", **extra}


DRAWN = {"seat": 1, "card": "ruby"}

# (visibility, payload, the envelope's seat, viewer) -> (payload shown, command shown); None: the envelope as stored
SHOWN = {
    ("public", None): None,
    ("seat:1", 1): None,
    ("seat:1", 0): (None, None),
    ("seat:1", 2): (None, None),
    ("seat:1", None): (None, None),
    ("hidden", 1): (None, {"type": "draw"}),  # its own seat keeps the command it posted, not the hidden payload
    ("hidden", 0): (None, None),
    ("hidden", None): (None, None),
}


@pytest.mark.parametrize(("vis", "viewer"), sorted(SHOWN, key=str))
def test_a_private_envelope_shows_each_viewer_the_payload_and_command_of_the_table(vis, viewer):
    env = envelope(vis, DRAWN)
    expected = SHOWN[(vis, viewer)]
    if expected is None:
        assert redact_envelope(GAME, env, viewer) == env
    else:
        payload, command = expected
        assert redact_envelope(GAME, env, viewer) == {**env, "payload": payload, "command": command, "redacted": True}


def test_the_public_envelope_and_the_seat_s_own_are_served_as_stored():
    env = envelope("public", {"n": 1}, kind="shown")
    assert redact_envelope(GAME, env, None) is env
    mine = envelope("seat:1", DRAWN)
    assert redact_envelope(GAME, mine, 1) is mine


def test_a_redacted_envelope_shows_each_viewer_what_the_game_lets_it_see():
    env = envelope("redacted", {"seat": 1, "bonus": 5}, kind="sold")
    assert redact_envelope(GAME, env, 1) == {**env, "redacted": True}  # the seller: all of it, its command too
    for viewer in (0, 2, None):
        assert redact_envelope(GAME, env, viewer) == {**env, "payload": {"seat": 1, "bonus": None}, "command": None,
                                                      "redacted": True}


def test_a_redacted_envelope_a_viewer_sees_nothing_of_shows_no_payload():
    env = envelope("redacted", {"card": "ruby"}, seat=0, kind="passed")
    assert redact_envelope(GAME, env, 2) == {**env, "payload": None, "command": None, "redacted": True}
    assert redact_envelope(GAME, env, 1) == {**env, "command": None, "redacted": True}  # whole, but not its command


def test_a_spectator_never_owns_an_envelope_recorded_without_a_seat():
    env = envelope("hidden", {"card": "ruby"}, seat=None, kind="buried")
    assert redact_envelope(GAME, env, None) == {**env, "payload": None, "command": None, "redacted": True}


def test_an_automatic_move_is_shown_to_its_seat_only_and_never_added_where_there_was_none():
    env = envelope("hidden", {"card": "ruby"}, seat=1, kind="buried", auto={"type": "pass"})
    assert redact_envelope(GAME, env, 1)["auto"] == {"type": "pass"}
    assert redact_envelope(GAME, env, 0)["auto"] is None
    assert redact_envelope(GAME, env, None)["auto"] is None
    assert "auto" not in redact_envelope(GAME, envelope("hidden", {"card": "ruby"}, kind="buried"), 0)


def test_a_secret_draw_hides_its_outcome_only():
    payload = {"draw": 1, "kind": "shuffle", "label": "deck", "size": 4, "dice": 1, "outcome": [3, 2, 1, 0],
               "secret": True}
    env = envelope("hidden", payload, seat=None, kind="chance_drawn", command={"type": "deal"})
    for viewer in (0, 1, None):
        assert redact_envelope(GAME, env, viewer) == {**env, "payload": {**payload, "outcome": None}, "redacted": True}


def test_redact_all_redacts_every_envelope_while_the_game_runs_and_none_after_the_end():
    log = [envelope("public", {"n": 1}, kind="shown"), envelope("seat:1", DRAWN), envelope("hidden", {"card": "x"})]
    assert redact_all(GAME, True, 0, log) == log
    assert redact_all(GAME, False, 0, log) == [log[0], {**log[1], "payload": None, "command": None, "redacted": True},
                                               {**log[2], "payload": None, "command": None, "redacted": True}]
    assert redact_all(GAME, False, 1, log) == [log[0], log[1], {**log[2], "payload": None, "redacted": True}]


def test_documents_record_the_command_on_the_first_event_of_a_batch_only():
    batch = [Recorded(Drawn(1, "ruby"), 1, "t1", Act(1, Draw(1), "t1")),
             Recorded(Shown(2), 1, "t1", Act(1, Draw(1), "t1"), Pass(1)),  # only the first names the command
             Recorded(Sold(1, 3), 1, "t1")]
    first, second, third = documents(GAME, batch)
    assert (first["command"], first["visibility"], first["payload"]) == ({"type": "draw"}, "seat:1",
                                                                         {"seat": 1, "card": "ruby"})
    assert "auto" not in first
    assert (second["command"], second["visibility"], second["auto"]) == (None, "public", {"type": "pass"})
    assert (third["command"], third["visibility"]) == (None, "redacted")
    timed_out = [Recorded(TurnTimedOut(1, "auto", "t0"), None, "t1", TimeOut("t1")), Recorded(Shown(3), 1, "t1")]
    assert documents(GAME, timed_out)[0]["command"] == {"type": "timeout", "seat": 1}  # whose clock: from the batch
