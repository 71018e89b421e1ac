"""The Market: five face-up slots. Rules-wise a multiset (R-13); slots only make replays and displays
stable: cards leave from the lowest slot holding their type, and incoming cards fill the freed slots in
ascending slot order."""

from __future__ import annotations

from collections.abc import Iterable

from domain.jaipur.components import CAMEL

Market = tuple[str | None, ...]


def goods(market: Market) -> tuple[str, ...]:
    """The goods cards of the market, name-sorted."""
    return tuple(sorted(card for card in market if card is not None and card != CAMEL))


def camel_slots(market: Market) -> tuple[int, ...]:
    return tuple(i for i, card in enumerate(market) if card == CAMEL)


def slots_of(market: Market, cards: Iterable[str]) -> tuple[int, ...]:
    """The slots `cards` leave from: for each card, the lowest slot of its type not already chosen."""
    chosen: list[int] = []
    for card in cards:
        chosen.append(next(i for i, c in enumerate(market) if c == card and i not in chosen))
    return tuple(chosen)


def vacate(market: Market, slots: Iterable[int]) -> Market:
    gone = set(slots)
    return tuple(None if i in gone else card for i, card in enumerate(market))


def after_exchange(market: Market, take: tuple[str, ...], payment: tuple[str, ...]) -> Market:
    """The market once `take` left it (each card from the lowest slot of its type) and `payment` (hand
    goods, then camels) filled the freed slots in ascending order."""
    wanted = list(take)
    freed = []
    for i, card in enumerate(market):
        if card in wanted:
            wanted.remove(card)
            freed.append(i)
    slots = list(market)
    for i, card in zip(freed, payment):
        slots[i] = card
    return tuple(slots)
