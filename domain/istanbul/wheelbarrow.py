"""The player's wheelbarrow: goods capped by capacity (coffee is kept beside it, uncapped), and small player
updates."""

from __future__ import annotations

from collections.abc import Mapping

from domain.istanbul.data import COFFEE, GOODS
from domain.istanbul.frozen import replace
from domain.istanbul.goods import Goods
from domain.istanbul.state import Player, State, players_with

CAPPED = frozenset(GOODS)  # coffee is not on the wheelbarrow: "Kaffee könnt ihr beliebig viel sammeln"


def capped_gain(player: Player, goods: Mapping[str, int]) -> Goods:
    """What a gain of `goods` actually adds (anything above capacity is lost, ruling R-05; coffee is never
    capped)."""
    cap = player.capacity
    have = player.goods
    return Goods((good, max(0, min(n, cap - have.count(good))) if good in CAPPED else n)
                 for good, n in goods.items())


def gained(player: Player, good: str, n: int = 1) -> int:
    """How many of `n` goods of one kind fit on the wheelbarrow (all of them, for coffee)."""
    if good not in CAPPED:
        return n
    return max(0, min(n, player.capacity - player.goods.count(good)))


def coffee(player: Player) -> int:
    return player.goods.count(COFFEE)


def one(good: str, n: int = 1) -> Goods:
    return Goods.of(good, n)


def update(state: State, seat: int, **changes) -> State:
    return replace(state, players=players_with(state, seat, **changes))


def hand_add(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(sorted(hand + (card,)))


def hand_remove(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    items = list(hand)
    items.remove(card)
    return tuple(items)


def gain(state: State, seat: int, goods: Mapping[str, int] | None = None, lira: int = 0, sign: int = 1,
         **changes) -> State:
    """Add (sign=1) or remove (sign=-1) goods and add lira (negative to pay), with other State `changes` in the
    same copy."""
    p = state.players[seat]
    player = {}
    if goods:
        player["goods"] = p.goods.plus(goods, sign)
    if lira:
        player["lira"] = p.lira + lira
    if player:
        changes["players"] = players_with(state, seat, **player)
    return replace(state, **changes) if changes else state
