"""The English every game's words share: counts of things, lists, seats, sentences.

A game's words (`domain/<game>/words.py`) turn what a reader is shown (a view, an envelope as served, a command
of the legal list) into lines a player reads; they read no state, so they can say nothing a view hides. Seats are
named as the API numbers them ("seat 0"), so a line and the JSON beside it agree.
"""

from __future__ import annotations

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count(n: int, noun: str, plural: str | None = None) -> str:
    """`n` of `noun`: "1 camel", "3 camels"; nouns that do not change ("lira", "coffee") pass plural=noun."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def listing(items, empty: str = "nothing", last: str = "and") -> str:
    """"a", "a and b", "a, b and c" (`last`: "or" for alternatives); `empty` for no items."""
    items = [str(item) for item in items]
    if not items:
        return empty
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def a(noun: str) -> str:
    """`noun` with its indefinite article: "a movement tile", "an encounter tile"."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def seat(number: int | None) -> str:
    return "nobody" if number is None else f"seat {number}"


def seats(numbers, empty: str = "nobody") -> str:
    numbers = list(numbers)
    if len(numbers) == 1:
        return seat(numbers[0])
    return f"seats {listing(numbers)}" if numbers else empty


def sentence(text: str) -> str:
    """`text` with a capital first letter (the rest untouched: names keep their case)."""
    return text[:1].upper() + text[1:]


def whose(number: int | None, reader: int | None) -> str:
    """How a position names a seat to its reader: "seat 1 (you)" or "seat 1"."""
    return f"seat {number} (you)" if number is not None and number == reader else seat(number)
