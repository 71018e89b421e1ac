"""What a seat may ask for: the four actions of rules section 3 (there is no pass, R-23).

Multisets of cards are tuples of card names sorted by name (`sorted(...)`): one command, one spelling,
so the list of legal commands names every accepted command exactly once.

Every field states its meaning and range as `Annotated[T, Doc(...)]` (domain.core.Doc), read by the
generated API description; the codec reads the plain type and ignores it. For a tuple of card names,
`minimum`/`maximum` bound the number of cards and `choices` lists the names allowed for each card.
The ranges are what the wire may carry; the rules then decide (a sale of 1 gold is in range, and refused).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from domain.core import Doc
from domain.jaipur.components import EXCHANGE_MIN, GOODS, HAND_LIMIT, MARKET_SIZE

SEAT = Doc("The acting seat (0 or 1). Set by the server from the caller's seat token, never sent in a body.",
           minimum=0, maximum=1)


@dataclass(frozen=True)
class Exchange:
    """A. Take several goods (`take`, >= 2) from the market, paying as many cards: goods from the hand
    (`give`) and/or `camels` from the herd."""

    TYPE = "exchange"
    seat: Annotated[int, SEAT]
    take: Annotated[tuple[str, ...], Doc(
        "The goods cards taken from the market, one name per card, sorted by name (a type may repeat). "
        "At least 2; never a camel. The hand may hold at most 7 cards afterwards.",
        minimum=EXCHANGE_MIN, maximum=MARKET_SIZE, choices=GOODS)]
    give: Annotated[tuple[str, ...], Doc(
        "The goods cards paid from the hand, one name per card, sorted by name; none of a type that is "
        "taken. len(give) + camels == len(take).",
        minimum=0, maximum=MARKET_SIZE, choices=GOODS)] = ()
    camels: Annotated[int, Doc(
        "How many camels are paid from the herd (at most the herd's size). len(give) + camels == len(take).",
        minimum=0, maximum=MARKET_SIZE)] = 0


@dataclass(frozen=True)
class TakeOne:
    """B. Take one goods card from the market; the deck refills its place."""

    TYPE = "take_one"
    seat: Annotated[int, SEAT]
    good: Annotated[str, Doc(
        "The goods type of the market card taken (never a camel). The hand must hold 6 cards or fewer.",
        choices=GOODS)]


@dataclass(frozen=True)
class TakeCamels:
    """C. Take every camel of the market into the herd; the deck refills their places."""

    TYPE = "take_camels"
    seat: Annotated[int, SEAT]


@dataclass(frozen=True)
class Sell:
    """D. Sell `count` cards of one goods type from the hand."""

    TYPE = "sell"
    seat: Annotated[int, SEAT]
    good: Annotated[str, Doc("The goods type sold (never a camel).", choices=GOODS)]
    count: Annotated[int, Doc(
        "How many cards of that type are sold from the hand; diamond, gold and silver need 2 or more.",
        minimum=1, maximum=HAND_LIMIT)]


COMMANDS = {cls.TYPE: cls for cls in (Exchange, TakeOne, TakeCamels, Sell)}
