"""What a seat may ask for: the four actions of rules section 3 (there is no pass, R-23).

Multisets of cards are tuples of card names sorted by name (`sorted(...)`): one command, one spelling,
so the list of legal commands names every accepted command exactly once.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Exchange:
    """A. Take several goods (`take`, >= 2) from the market, paying as many cards: goods from the hand
    (`give`) and/or `camels` from the herd."""

    TYPE = "exchange"
    seat: int
    take: tuple[str, ...]
    give: tuple[str, ...] = ()
    camels: int = 0


@dataclass(frozen=True)
class TakeOne:
    """B. Take one goods card from the market; the deck refills its place."""

    TYPE = "take_one"
    seat: int
    good: str


@dataclass(frozen=True)
class TakeCamels:
    """C. Take every camel of the market into the herd; the deck refills their places."""

    TYPE = "take_camels"
    seat: int


@dataclass(frozen=True)
class Sell:
    """D. Sell `count` cards of one goods type from the hand."""

    TYPE = "sell"
    seat: int
    good: str
    count: int


COMMANDS = {cls.TYPE: cls for cls in (Exchange, TakeOne, TakeCamels, Sell)}
