"""Text notation for every game's commands (one module per game), plus the platform's own commands.

`format_move(game, command)` writes the line a player reads and types; `parse_move(game, text)` reads it back
into a command body. `find_move(game, text, moves)` picks the listed legal move that a text names."""

from __future__ import annotations

from bazaar_client.sdk.notation import istanbul, jaipur
from bazaar_client.sdk.notation.common import PLATFORM, PLATFORM_PARSE, NotationError, canonical

GAMES = {"jaipur": jaipur, "istanbul": istanbul}


def _module(game: str):
    if game not in GAMES:
        raise NotationError(f"no notation for game {game!r}")
    return GAMES[game]


def format_move(game: str, command: dict, place_names: dict | None = None) -> str:
    if command["type"] in PLATFORM:
        return PLATFORM[command["type"]]
    if game == "istanbul":
        return istanbul.format_move(command, place_names)
    return _module(game).format_move(command)


def parse_move(game: str, text: str, place_names: dict | None = None) -> dict:
    words = " ".join(text.lower().split())
    if words in PLATFORM_PARSE:
        return {"type": PLATFORM_PARSE[words]}
    if game == "istanbul":
        return istanbul.parse_move(text, place_names)
    return _module(game).parse_move(text)


def find_move(game: str, text: str, moves, place_names: dict | None = None) -> dict | None:
    """The legal move (a complete body, as listed) that `text` names, or None if it names none of them."""
    wanted = canonical(parse_move(game, text, place_names))
    return next((move for move in moves if canonical(move) == wanted), None)


__all__ = ["GAMES", "NotationError", "canonical", "find_move", "format_move", "parse_move"]
