"""The player's wheelbarrow: goods capped by capacity, and small player updates."""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from domain.istanbul.goods import Goods
from domain.istanbul.state import Player, State


def capped_gain(player: Player, goods: Mapping[str, int]) -> Goods:
    """What a gain of `goods` actually adds (anything above capacity is lost, ruling R-05)."""
    cap = player.capacity
    have = player.goods
    return Goods((good, max(0, min(n, cap - have.count(good)))) for good, n in goods.items())


def gained(player: Player, good: str, n: int = 1) -> int:
    """How many of `n` goods of one kind fit on the wheelbarrow."""
    return max(0, min(n, player.capacity - player.goods.count(good)))


def one(good: str, n: int = 1) -> Goods:
    return Goods.of(good, n)


def update(state: State, seat: int, **changes) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def hand_add(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(sorted(hand + (card,)))


def hand_remove(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    items = list(hand)
    items.remove(card)
    return tuple(items)


def gain(state: State, seat: int, goods: Mapping[str, int] | None = None, lira: int = 0, sign: int = 1) -> State:
    """Add (sign=1) or remove (sign=-1) goods and add lira (negative to pay)."""
    p = state.players[seat]
    changes = {}
    if goods:
        changes["goods"] = p.goods.plus(goods) if sign > 0 else p.goods.minus(goods)
    if lira:
        changes["lira"] = p.lira + lira
    return update(state, seat, **changes) if changes else state
