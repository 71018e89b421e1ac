"""A game in words, for every surface at once: the service says each legal move, each event of the log and the
position in the game's own words, so the page, the CLI, the SDK and the MCP server all show the same language and
none of them needs the rules.

The words are the game's (its package's `WORDS` and `NOTATION`, and the table's for the platform's own commands
and events: domain/table/words.py, notation.py); they read only what the caller is shown (its view, the envelopes
as redacted for it), so words can never say what the view hides. A game that states no words of its own is said
plainly: a command as its notation or its fields, an event by its type.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from domain.table import notation as platform_notation
from domain.table import words as platform_words
from events import codec
from service.games.problems import BadRequest
from service.games.redaction import redact_all
from service.games.repository import Loaded

MAX_LINE = 500  # longer than any move's line (an Istanbul action with every choice named is under 200)


def _words(game) -> ModuleType | None:
    return getattr(game, "WORDS", None)


def _notation(game) -> ModuleType | None:
    return getattr(game, "NOTATION", None)


def plain(command: dict) -> str:
    """A command with no words of its game: its type and fields, as a person would read them."""
    fields = " ".join(f"{k}={v}" for k, v in command.items() if k not in ("type", "seat"))
    return (command["type"].replace("_", " ") + (" " + fields if fields else "")).strip()


def notation(game, command: dict, seat: int) -> str:
    """The line a player types for `command` (wire form): the game's notation, the table's for its own."""
    text = platform_notation.to_text(command)
    if text is not None:
        return text
    written = _notation(game)
    if written is None:
        return plain(command)
    cls = game.COMMANDS.get(command.get("type"))
    if cls is None:
        return plain(command)
    return written.to_text(codec.command_from_wire(cls, command, seat))


def command(game, view: dict, command: dict) -> str:
    """A legal command in words, with what it costs and yields where the view shows it."""
    words = _words(game)
    said = platform_words.command(command, (lambda c: words.command(view, c)) if words else None)
    return said if said is not None else (words.command(view, command) if words else plain(command))


def moves(loaded: Loaded, seat: int, view: dict, listed: list[dict]) -> list[dict]:
    """For each listed move (in order): its notation and its words."""
    return [{"notation": notation(loaded.game, move, seat), "words": command(loaded.game, view, move)}
            for move in listed]


def events(game, view: dict, reader: int | None, envelopes: list[dict]) -> list[dict]:
    """The log in words: one line per envelope worth one (as redacted for `reader`), never more than one."""
    words = _words(game)
    options = getattr(words, "options", None)
    lines = []
    for env in envelopes:
        if platform_words.is_platform(env):
            text = platform_words.event(env, reader, options)
        elif words is not None:
            text = words.event(env, view, reader)
        else:
            text = ("" if env.get("seat") is None else f"Seat {env['seat']}: ") + env["type"].replace("_", " ")
        if text:
            lines.append({"version": env["version"], "seat": env.get("seat"), "type": env["type"], "text": text})
    return lines


def log_page(loaded: Loaded, reader: int | None, after: int, limit: int, first: list[dict],
             more: Callable[[int, int], list[dict]]) -> dict:
    """A page of the log in words: the first `limit` lines after version `after` (an event says one line or none),
    as `reader` may read them, and `next`, the `after` of the page that follows: the last line's version when
    the page is full (lines may follow), else the game's version (every event so far was read; a line comes
    with a later event). Since a line is its event's, resuming after the last line's version neither repeats
    nor skips one. `first`: the envelopes after `after` read with the game (at most `limit`); `more(after,
    count)`: the next envelopes up to the game's version, for the events that say nothing."""
    game, view = loaded.game, loaded.game.view(loaded.table.game_state, reader)
    lines, page = [], first
    while True:
        lines += events(game, view, reader, redact_all(game, loaded.finished, reader, page))
        if len(lines) >= limit:
            return {"version": loaded.version, "lines": lines[:limit], "next": lines[limit - 1]["version"]}
        if not page or page[-1]["version"] >= loaded.version:
            return {"version": loaded.version, "lines": lines, "next": max(after, loaded.version)}
        page = more(page[-1]["version"], limit)


def position(game, view: dict, short: bool = False) -> dict:
    """The position in words for the viewer of `view` (`short`: in a few lines, what it needs to choose its next
    move; a game without a short form says its whole position), and the result once there is one."""
    words = _words(game)
    form = "short" if short else "full"
    if words is None:
        return {"form": form, "position": [], "result": None}
    say = getattr(words, "short_position", words.position) if short else words.position
    return {"form": form, "position": say(view), "result": words.result(view) if view.get("result") else None}


def parse(loaded: Loaded, seat: int, text, view: dict) -> dict:
    """A typed line into the command body it names (wire form), or 400 `bad_notation` saying what was expected."""
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_LINE:
        raise BadRequest("bad_notation", f"notation: a line of text of 1 to {MAX_LINE} characters", "notation")
    try:
        body = platform_notation.parse(text)
    except ValueError as error:
        raise BadRequest("bad_notation", str(error), "notation") from None
    if body is not None:
        return body
    written = _notation(loaded.game)
    if written is None:
        raise BadRequest("bad_notation", f"{loaded.meta.name} has no notation: post the command as JSON",
                         "notation")
    try:
        parsed = written.parse(text, seat, view)
    except ValueError as error:  # NotationError: what was expected, in words
        raise BadRequest("bad_notation", str(error), "notation") from None
    return codec.command_to_wire(parsed)
