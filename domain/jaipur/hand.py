"""Multisets of cards kept as name-sorted tuples (a Hand, the cards of a command, a market's goods)."""

from __future__ import annotations

from collections.abc import Iterable


def add(cards: tuple[str, ...], more: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards + tuple(more)))


def remove(cards: tuple[str, ...], gone: Iterable[str]) -> tuple[str, ...]:
    """`cards` without `gone` (which must be a sub-multiset; callers check first)."""
    left = list(cards)
    for card in gone:
        left.remove(card)
    return tuple(left)


def contains(cards: tuple, wanted: tuple) -> bool:
    """Whether the multiset `wanted` is part of `cards` (both tuples of at most a hand's size)."""
    return all(cards.count(card) >= wanted.count(card) for card in set(wanted))
