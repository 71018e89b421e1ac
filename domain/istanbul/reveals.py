"""Which events uncover hidden information: an undo may never reach back across one (a seat that saw a
card or a demand tile could otherwise choose again knowing it)."""

from __future__ import annotations

from domain.istanbul.events import BonusCardDrawn, GoodsSold


def reveals(event) -> bool:
    if isinstance(event, BonusCardDrawn):
        return True  # a card from the deck (or the discard pile's top, chosen on sight) joins a hand
    return isinstance(event, GoodsSold) and bool(event.next_top)  # the next demand tile is turned up
