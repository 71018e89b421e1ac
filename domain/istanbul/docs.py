"""Meanings and ranges of command fields shared by the command modules (commands.py and each box's): every
box's places, cards and goods, so a client reads one range whatever the options."""

from __future__ import annotations

from domain.core import Doc
from domain.istanbul.catalogue import CARDS, PLACES
from domain.istanbul.data import COFFEE, GOODS, MAX_SEATS

ALL_PLACES = PLACES
CARD_IDS = tuple(CARDS)
MOVE_KINDS = ("move_3_4", "stay", "corner", "join_opponent", "pay_to_anywhere")  # cards played with `move`
MOVEMENT_CARDS = tuple(card_id for card_id, c in CARDS.items() if c.kind in (*MOVE_KINDS, "copy_discard"))
COPY_CARDS = tuple(card_id for card_id, c in CARDS.items() if c.kind == "copy_discard")  # L05
GOODS_AND_COFFEE = GOODS + (COFFEE,)

SEAT = Doc("the acting seat (0-based; the server sets it from the seat's token)", minimum=0, maximum=MAX_SEATS - 1)
PLACE = Doc("a place, by its printed number (17-20: Mocha & Baksheesh, 21-24: Letters & Seals, 25: the Great "
            "Bazaar)", minimum=min(ALL_PLACES),
            maximum=max(ALL_PLACES))
CARD = Doc("a bonus card id in the seat's hand: B01..B10 (rules 8.1), M01..M09 (Mocha & Baksheesh, 8.2)",
           choices=CARD_IDS)
GOOD = Doc("a good by colour: red = fabric, green = spice, yellow = fruit, blue = jewelry", choices=GOODS)
COUNTS = Doc("goods by name -> count (red = fabric, green = spice, yellow = fruit, blue = jewelry); goods not "
             "given count 0", minimum=0, maximum=5, choices=GOODS)
