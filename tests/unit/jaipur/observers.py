"""What an observer (a seat, or the spectator `None`) is shown, and an attacker that tries to work out each
seat's herd from it. Used by the secrecy tests: a hidden value must not be derivable from what is shown.
"""

from __future__ import annotations

import json
from itertools import product

from domain import jaipur
from domain.core import ChanceDrawn, apply_permutation
from domain.jaipur.components import CAMEL, CARD_COUNTS, DEAL_PER_PLAYER, HAND_LIMIT, SHUFFLED_CARDS
from domain.jaipur.events import CamelsTaken, GoodsExchanged, GoodsSold, GoodTaken, RoundDealt, RoundEnded
from events.codec import to_wire

SEATS = (0, 1)
DEALT_CARDS = DEAL_PER_PLAYER * len(SEATS)
MARKET_DRAW_END = DEALT_CARDS + 2  # shuffled positions 10 and 11 go to the market; the deck starts at 12
GOODS_CARDS = sum(n for card, n in CARD_COUNTS.items() if card != CAMEL)


def seen(event, seat: int | None):
    """The event as `seat` receives it, in wire form: the game's redaction, and for a secret chance draw
    the service's (its outcome is withheld until the end)."""
    if isinstance(event, ChanceDrawn):
        shown = to_wire(event)
        return {**shown, "outcome": None} if event.secret else shown
    return to_wire(jaipur.redact(event, seat))


def observed(state, events, seat: int | None) -> str:
    """Everything `seat` is shown: each event as redacted, then the view, as one canonical text."""
    return json.dumps([[e.TYPE, seen(e, seat)] for e in events] + [jaipur.view(state, seat)], sort_keys=True)


def twin_deal(outcome: tuple[int, ...], starter: int, seat: int) -> tuple[tuple[int, ...], int] | None:
    """A deck shuffle that deals `seat` one camel more (one goods card fewer) or, if it was dealt no goods,
    one camel fewer, by swapping one of its dealt cards with the deepest deck card of the other kind.
    Everything else dealt is unchanged. Returns (the shuffle outcome, the deck index of the swapped card),
    or None if the deck holds no card of the kind needed."""
    cards = apply_permutation(SHUFFLED_CARDS, outcome)
    mine = [i for i in range(DEALT_CARDS) if (starter + i) % len(SEATS) == seat]
    goods = [i for i in mine if cards[i] != CAMEL]
    if goods:  # the type the seat holds most of: the twin then keeps its options longest
        give = max(goods, key=lambda i: (sum(cards[j] == cards[i] for j in goods), -i))
        wanted = CAMEL
    else:
        give, wanted = mine[0], None
    deck = [j for j in range(MARKET_DRAW_END, len(cards)) if (cards[j] == CAMEL) == (wanted == CAMEL)]
    if not deck:
        return None
    take = deck[-1]
    swapped = list(outcome)
    swapped[give], swapped[take] = swapped[take], swapped[give]
    return tuple(swapped), take - MARKET_DRAW_END


class Attacker:
    """Tries to pin down both herds from what one observer is shown during a round.

    Tracks the set of (herd of seat 0, herd of seat 1) still possible. Each seat holds 5 cards in hand and
    herd after the deal and every change to that total is a public move; the herd then changes only by the
    camels taken and paid. So the deal's split settles everything: a shown herd or hand size (in the deal or
    a view) pins it down, and otherwise every split stays possible that agrees with the moves (a seat pays
    no camels it lacks, gives or sells no cards it lacks, never ends a turn above 7 cards in hand) and with
    card counting (the camels in neither herd nor market must fit in the deck)."""

    def __init__(self):
        self.splits: set | None = None
        self.held = [0, 0]

    def herds(self, seat: int) -> set:
        return {split[seat] for split in self.splits or ()}

    def _keep(self, test) -> None:
        self.splits = {split for split in self.splits if test(split)}

    def _hand(self, split, seat: int) -> int:
        return self.held[seat] - split[seat]

    def _move(self, seat: int, herd: int = 0, held: int = 0) -> None:
        self.held[seat] += held
        self.splits = {tuple(h + herd if s == seat else h for s, h in enumerate(split)) for split in self.splits}

    def event(self, event) -> None:
        """One event as the observer received it (redacted)."""
        if isinstance(event, RoundDealt):
            self.held = [DEAL_PER_PLAYER] * len(SEATS)
            options = []
            for s in SEATS:
                if event.herds[s] is not None:
                    options.append({event.herds[s]})
                elif event.hand_sizes[s] is not None:  # the derivation that works when hand sizes are shown
                    options.append({DEAL_PER_PLAYER - event.hand_sizes[s]})
                else:
                    options.append(set(range(DEAL_PER_PLAYER + 1)))
            self.splits = set(product(*options))
            return
        if self.splits is None:
            return
        if isinstance(event, RoundEnded):
            self.splits = None
        elif isinstance(event, CamelsTaken):
            self._move(event.seat, herd=event.count, held=event.count)
        elif isinstance(event, GoodTaken):
            self._move(event.seat, held=1)
            self._keep(lambda split: self._hand(split, event.seat) <= HAND_LIMIT)
        elif isinstance(event, GoodsExchanged):
            s = event.seat
            self._keep(lambda split: split[s] >= event.camels and self._hand(split, s) >= len(event.give))
            self._move(s, herd=-event.camels)
            self._keep(lambda split: self._hand(split, s) <= HAND_LIMIT)
        elif isinstance(event, GoodsSold):
            self._keep(lambda split: self._hand(split, event.seat) >= event.count)
            self._move(event.seat, held=-event.count)

    def view(self, view: dict) -> None:
        """The observer's view: shown sizes, and card counting over the market, discard and deck size."""
        if self.splits is None or view["phase"] != "playing":
            return
        for s, player in enumerate(view["players"]):
            assert player["hand_and_herd_size"] == self.held[s], "the attacker lost track of a public total"
            if player["herd"] is not None:
                self._keep(lambda split, s=s, herd=player["herd"]: split[s] == herd)
            if player["hand_size"] is not None:
                self._keep(lambda split, s=s, size=player["hand_size"]: self._hand(split, s) == size)
        market_camels = view["market"].count(CAMEL)
        market_goods = sum(1 for card in view["market"] if card not in (None, CAMEL))
        deck = view["deck_size"]
        in_hands = sum(self.held)
        self._keep(lambda split: 0 <= CARD_COUNTS[CAMEL] - market_camels - sum(split) <= deck
                   and 0 <= GOODS_CARDS - market_goods - len(view["discard"]) - (in_hands - sum(split)) <= deck)
