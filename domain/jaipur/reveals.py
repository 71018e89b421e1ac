"""Which events uncover hidden information: an undo may never reach back across one (it would let a seat
see a card or token and then choose again)."""

from __future__ import annotations

from domain.jaipur.events import GoodsSold, MarketRefilled, RoundDealt, RoundEnded


def reveals(event) -> bool:
    if isinstance(event, (MarketRefilled, RoundDealt, RoundEnded)):
        return True  # cards come off the deck; face-down bonus values are turned over
    return isinstance(event, GoodsSold) and event.bonus_tier is not None  # the seller sees its bonus token
