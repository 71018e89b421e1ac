"""The player's wheelbarrow: goods counts capped by capacity, and small player updates."""

from __future__ import annotations

from dataclasses import replace

from domain.istanbul.data import GOODS
from domain.istanbul.state import Player, State


def good_index(good: str) -> int:
    return GOODS.index(good)


def capped_gain(player: Player, counts: tuple[int, ...]) -> tuple[int, int, int, int]:
    """What a gain of `counts` actually adds (anything above capacity is lost, ruling R-05)."""
    cap = player.capacity
    return tuple(max(0, min(n, cap - have)) for n, have in zip(counts, player.goods))  # type: ignore[return-value]


def one(good: str, n: int = 1) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    counts[good_index(good)] = n
    return tuple(counts)  # type: ignore[return-value]


def add_goods(player: Player, counts) -> Player:
    return replace(player, goods=tuple(a + b for a, b in zip(player.goods, counts)))


def remove_goods(player: Player, counts) -> Player:
    return replace(player, goods=tuple(a - b for a, b in zip(player.goods, counts)))


def has_goods(player: Player, counts) -> bool:
    return all(have >= n for have, n in zip(player.goods, counts))


def update(state: State, seat: int, **changes) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def put(state: State, seat: int, player: Player) -> State:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players))


def hand_add(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(sorted(hand + (card,)))


def hand_remove(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    items = list(hand)
    items.remove(card)
    return tuple(items)


def gain(state: State, seat: int, goods=None, lira: int = 0, sign: int = 1) -> State:
    """Add (sign=1) or remove (sign=-1) goods counts and add lira (negative to pay)."""
    p = state.players[seat]
    changes = {}
    if goods is not None:
        changes["goods"] = tuple(a + sign * b for a, b in zip(p.goods, goods))
    if lira:
        changes["lira"] = p.lira + lira
    return update(state, seat, **changes) if changes else state
