"""What every game's notation shares: its error, and reading a word forgivingly against the words it may be.

A game's notation (`domain/<game>/notation.py`) writes a command as the line a player types and reads it back,
forgiving case and spaces. A word that names none of its choices is an error that lists them, and a near miss
is named: `no good called 'sliver': the goods are diamond, gold, silver, ... (did you mean silver?)`.
"""

from __future__ import annotations

import difflib
import re


class NotationError(ValueError):
    """The text is not a command in the game's notation (a usage error, not a rule violation); the message says
    what was expected."""


_AROUND = re.compile(r"\s*([,:])\s*")  # not `=`: `give= camels=2` (an empty value) stays two words


def words_of(text: str) -> list[str]:
    """The words of a line, lower case, with spaces around `,` and `:` dropped (`spice, gold` is one word)."""
    if not isinstance(text, str):
        raise NotationError(f"expected a line of text, not {type(text).__name__}")
    return _AROUND.sub(r"\1", text.strip().lower()).split()


def split_list(word: str) -> list[str]:
    """The items of a comma-separated word (`-` and an empty word are none)."""
    return [] if word in ("", "-", "()", "{}") else [item for item in word.split(",") if item]


def one_of(word: str, choices, what: str, plural: str | None = None) -> str:
    """`word` if it is one of `choices` (compared in lower case, the choice's own spelling returned), else a
    NotationError naming what was expected and the nearest choice."""
    by_key = {str(choice).lower(): choice for choice in choices}
    found = by_key.get(word.lower())
    if found is not None:
        return found
    raise NotationError(unknown(word, list(by_key.values()), what, plural))


def unknown(word: str, choices: list, what: str, plural: str | None = None) -> str:
    """The message for a word that names none of `choices`."""
    near = difflib.get_close_matches(word.lower(), [str(c).lower() for c in choices], n=1)
    hint = f" (did you mean {near[0]}?)" if near else ""
    return f"no {what} called {word!r}: the {plural or what + 's'} are {', '.join(map(str, choices))}{hint}"


def number(word: str, what: str, low: int | None = None, high: int | None = None) -> int:
    """`word` as a whole number (`x3` reads as 3), within [low, high] when given."""
    digits = word[1:] if word[:1] == "x" else word
    if not (digits.isascii() and digits.isdigit()):
        raise NotationError(f"expected a number for {what}, not {word!r}")
    value = int(digits)
    if (low is not None and value < low) or (high is not None and value > high):
        raise NotationError(f"{what} is {low} to {high}, not {value}")
    return value
