"""Which events uncover hidden information: an undo may never reach back across one (a seat that saw a
card or a demand tile could otherwise choose again knowing it)."""

from __future__ import annotations

from domain.istanbul.events import BonusCardDrawn, GoodsSold
from domain.istanbul.letters_seals.events import KioskTilesRevealed, KioskVisited, LettersDrawn
from domain.istanbul.mocha_baksheesh.events import GuildCardDrawn


def reveals(event) -> bool:
    if isinstance(event, (BonusCardDrawn, GuildCardDrawn)):
        return True  # a card from a face-down stack (or the discard pile's top, chosen on sight) joins a hand
    if isinstance(event, (LettersDrawn, KioskVisited, KioskTilesRevealed)):
        return True  # letters from the face-down pile, kiosk tiles from the face-down stack, turned up
    return isinstance(event, GoodsSold) and bool(event.next_top)  # the next demand tile is turned up
