"""legal_commands(state, seat): every command `decide` accepts from the seat now, each exactly once,
in a fixed order: exchanges (by take, give, camels), take_one (by good), take_camels, sell (by good, count)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product

from domain.jaipur import market
from domain.jaipur.commands import Exchange, Sell, TakeCamels, TakeOne
from domain.jaipur.components import CAMEL, EXCHANGE_MIN, HAND_LIMIT, MIN_SALE
from domain.jaipur.selling import goods_pile
from domain.jaipur.state import Match, Player, Round


def legal_commands(state: Match, seat: int) -> list:
    r = state.phase
    if not isinstance(r, Round) or not r.is_set_up or seat != r.to_move:
        return []
    player = r.players[seat]
    commands: list = exchanges(r.market, player, seat)
    if len(player.hand) < HAND_LIMIT:
        commands += [TakeOne(seat, good) for good in sorted(set(market.goods(r.market)))]
    if CAMEL in r.market:
        commands.append(TakeCamels(seat))
    commands += sales(r, player, seat, state.options.allow_sale_into_empty_pile)
    return commands


def exchanges(slots, player: Player, seat: int) -> list:
    """Every (take, give, camels) with 2 <= |take| = |give| + camels, disjoint goods types, camels from the
    herd and at most 7 cards in hand afterwards (which caps camels at 7 - hand size)."""
    return list(_exchanges(market.goods(slots), player.hand, min(player.herd, HAND_LIMIT - len(player.hand)), seat))


@lru_cache(maxsize=8192)
def _exchanges(offered: tuple[str, ...], hand: tuple[str, ...], max_camels: int, seat: int) -> tuple:
    """`exchanges` by what it depends on (the commands are immutable, so equal positions share them): a tree
    search lists the same seat's exchanges for the same market and hand in most determinisations, and building
    them was a third of the mcts bot's time in Jaipur."""
    offer = Counter(offered)
    held = Counter(hand)
    offer_types = sorted(offer)
    out = []
    for take_counts in product(*(range(offer[t] + 1) for t in offer_types)):
        k = sum(take_counts)
        if k < EXCHANGE_MIN:
            continue
        take = tuple(t for t, n in zip(offer_types, take_counts) for _ in range(n))
        give_types = [t for t, n in zip(offer_types, take_counts) if n == 0 and t in held]
        give_types += [t for t in held if t not in offer]
        give_types.sort()
        for give_counts in product(*(range(min(held[t], k) + 1) for t in give_types)):
            given = sum(give_counts)
            camels = k - given
            if camels < 0 or camels > max_camels:
                continue
            give = tuple(t for t, n in zip(give_types, give_counts) for _ in range(n))
            out.append(Exchange(seat, take, give, camels))
    out.sort(key=lambda c: (c.take, c.give, c.camels))
    return tuple(out)


def sales(r: Round, player: Player, seat: int, into_empty_pile: bool) -> list:
    held = Counter(player.hand)
    return [
        Sell(seat, good, count)
        for good in sorted(held)
        if into_empty_pile or goods_pile(r, good)
        for count in range(MIN_SALE[good], held[good] + 1)
    ]


def timeout_command(state: Match, seat: int):
    """The service's default for a seat whose clock ran out: the smallest move that changes no plan, i.e.
    take the camels, else take one good, else the smallest sale (3.7: one of them is always legal)."""
    commands = legal_commands(state, seat)
    for kind in (TakeCamels, TakeOne, Sell):
        for command in commands:
            if isinstance(command, kind):
                return command
    return commands[0]
