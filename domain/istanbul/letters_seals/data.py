"""The tables of Letters & Seals (rules 2.3, 4.2, 5.7, 5.9, 5.10, 6.18-6.21, 7.7, 7.8, 8.3, 9.2): places 21-24,
the recommended 5x4 layout, the 36 letters, the 24 kiosk tiles, the 28 bonus cards with seals, the courier, the
Secret Society's lira stacks, the seal counts; no logic.

As in mocha_baksheesh/data.py every component is a row and values not read off a printed component carry their status:
the letters' place numbers and the L cards' copies, L02's yield and L04's goods are the reference's stand-ins
(14a.4, 14a.5: "proposed"); the card faces' set assignment is "inferred" (8.3). Correcting a row to the printed
text is a change of this file only.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.istanbul.data import (
    BLACK_MARKET,
    CARAVANSARY,
    FABRIC_WAREHOUSE,
    FRUIT_WAREHOUSE,
    GEMSTONE_DEALER,
    GREAT_MOSQUE,
    LARGE_MARKET,
    POST_OFFICE,
    SMALL_MARKET,
    SMALL_MOSQUE,
    SPICE_WAREHOUSE,
    SULTANS_PALACE,
    TEA_HOUSE,
    WAINWRIGHT,
    BonusCard,
)
from domain.istanbul.goods import Goods

EXPANSION = "letters_seals"

EMBASSY, KIOSK, AUCTION_HOUSE, SECRET_SOCIETY = 21, 22, 23, 24
PLACE_NAMES = {21: "Embassy", 22: "Kiosk", 23: "Auction House", 24: "Secret Society"}

# rulebook p.15 (the first game with the expansion), printed column by column; rows top to bottom here
LAYOUTS = {"recommended": (9, 1, 4, 21, 3, 15, 6, 7, 11, 22, 13, 24, 12, 14, 8, 10, 2, 23, 5, 16)}

FIGURES = {"courier": "take_letter"}  # 9.2: take 1 letter, pay 2 lira or 1 of the own letters

# the companion (5.7): where it is, as Player.companion: a place number, or one of the two supplies
GENERAL_SUPPLY = -1  # not yet won (the first Fountain action takes it, R-31)
PERSONAL_SUPPLY = 0  # the player's own supply: brought in at the start of a turn onto the merchant's place

# --- letters and seals (7.8) ---------------------------------------------------------------------------------------
FRONT_SEALS, BACK_SEALS = 1, 2  # a letter shows 1 seal and a place number in front, 2 seals behind
EMBASSY_LETTERS = 2  # 6.18
KIOSK_LETTERS = 1  # 6.19
SOCIETY_SEALS = 6  # 6.21, ruling R-35: exactly 6
SECRET_SOCIETY_TRACKS = (SULTANS_PALACE, GEMSTONE_DEALER, 20)  # 20, the Coffee House: in the Great Bazaar only
SOCIETY_LIRA = (3, 2, 1)  # 6.21, rulebook p.21: the 1st, 2nd and 3rd players to join take these stacks
BONUS_TURN_SEALS = (3, 4)  # 5.10 (the Big Box: 3 or 4; the English stand-alone rule: 3, overpaid seals lost)


@dataclass(frozen=True)
class Letter:
    """One letter's front: the place whose visit delivers it."""

    place: int
    status: str = "proposed"  # reference 14a.4: no source lists the printed numbers


# Which places letters may name, by mode: the rulebook says only "die Nummer eines Ortes" (p.14), and one set of
# 36 letters serves both Letters & Seals alone (places 1-16 and 21-24, p.15) and the Great Bazaar (1-25, p.17),
# with no rule for a letter whose place is not laid out. So no letter names the Mocha places 17-20 or the
# Catacombs 25, which are laid out only with the other box (the reference agrees, 7.8 and 14a.4). Delivery
# (letters.py) reads the number alone: a printed row naming any place would need no code change.
# reference 14a.4 [P]: 2 letters for each place of the L&S layout but the fountain and the police station
LETTER_PLACES = (WAINWRIGHT, FABRIC_WAREHOUSE, SPICE_WAREHOUSE, FRUIT_WAREHOUSE, POST_OFFICE, CARAVANSARY,
                 BLACK_MARKET, TEA_HOUSE, LARGE_MARKET, SMALL_MARKET, SULTANS_PALACE, SMALL_MOSQUE, GREAT_MOSQUE,
                 GEMSTONE_DEALER, EMBASSY, KIOSK, AUCTION_HOUSE, SECRET_SOCIETY)
LETTERS = tuple(Letter(place) for place in LETTER_PLACES for _ in range(2))  # 36, the canonical pile order


# --- kiosk tiles (7.7): 24, each unique; "gain"/"pay" amounts, or an effect kind with its parameters --------------
@dataclass(frozen=True)
class KioskTile:
    id: str
    kind: str  # "gain" | "choose" | "companion" | "roll_lira" | "extension" | "to_fountain"
    gain: Goods = Goods()  # goods and coffee ("coffee": in the Great Bazaar only, rules 3)
    lira: int = 0
    cards: int = 0  # bonus cards drawn
    letters: int = 0  # letters drawn
    good: int = 0  # goods of the player's choice ("auch Kaffee": coffee too, in the Great Bazaar)
    pay: Goods = Goods()  # goods paid (K18: one of each)
    pay_lira: int = 0
    pay_good: int = 0  # goods of the player's choice paid (coffee too)
    pay_letters: int = 0  # own letters paid, front or back
    pay_cards: int = 0  # bonus cards paid from hand
    options: tuple = ()  # "choose": the branches the player picks one of (each a KioskTile of kind "gain")
    status: str = "printed"


def _gain(coffee: int = 0, **amounts) -> KioskTile:
    return KioskTile("", "gain", gain=Goods({"coffee": coffee}), **amounts)


KIOSK_TILES = (
    KioskTile("K01", "gain", gain=Goods({"yellow": 1}), lira=1),
    KioskTile("K02", "gain", gain=Goods({"green": 1}), lira=1),
    KioskTile("K03", "gain", gain=Goods({"red": 1}), lira=1),
    KioskTile("K04", "gain", gain=Goods({"yellow": 2})),
    KioskTile("K05", "gain", gain=Goods({"green": 2})),
    KioskTile("K06", "gain", gain=Goods({"red": 2})),
    KioskTile("K07", "gain", gain=Goods({"yellow": 1})),
    KioskTile("K08", "gain", gain=Goods({"green": 1})),
    KioskTile("K09", "gain", gain=Goods({"red": 1})),
    KioskTile("K10", "gain", gain=Goods({"blue": 1})),
    KioskTile("K11", "gain", cards=1),
    KioskTile("K12", "gain", lira=2),
    KioskTile("K13", "choose", options=(_gain(coffee=1), _gain(lira=2))),  # coffee only in the Great Bazaar
    KioskTile("K14", "choose", options=(_gain(coffee=1), _gain(lira=3))),
    KioskTile("K15", "companion"),  # the companion into the personal supply
    KioskTile("K16", "roll_lira"),  # 1 die, that many lira
    KioskTile("K17", "extension", pay_lira=10),  # a third extension brings the wainwright's ruby
    KioskTile("K18", "extension", pay=Goods({"blue": 1, "yellow": 1, "green": 1, "red": 1})),
    KioskTile("K19", "to_fountain"),  # the merchant stack to the fountain, no assistants, no action, no encounters
    # "choose": pay the first to take the second, or the reverse; "good_or_coffee": one good or (GB) coffee
    KioskTile("K20", "choose", options=(_gain(pay_good=1, letters=1), _gain(pay_letters=1, good=1))),
    KioskTile("K21", "choose", options=(_gain(pay_cards=1, letters=1), _gain(pay_letters=1, cards=1))),
    KioskTile("K22", "choose", options=(_gain(pay_lira=2, letters=1), _gain(pay_letters=1, lira=3))),
    KioskTile("K23", "choose", options=(_gain(pay_lira=2, good=1), _gain(pay_good=1, lira=3))),
    KioskTile("K24", "choose", options=(_gain(pay_lira=2, cards=1), _gain(pay_cards=1, lira=3))),
)
KIOSK_TILE_IDS = tuple(tile.id for tile in KIOSK_TILES)
KIOSK_EXTRA_TILES = 1  # reveal players + 1 tiles (6.19)
KIOSK_STACKS = 2  # face down on the kiosk (4.2); the engine draws from one shuffled pile (the split is cosmetic)


# --- bonus cards with seals (8.3): the texts are printed, the copies are the reference's stand-in (14a.5) ---------
L04_GOODS = ("red", "green", "yellow", "blue")  # [P] 14a.5: the pictured good of each of L04's four copies
CARDS = (
    BonusCard("L01", "take_letter", 4, "any", amount=1, status="proposed"),
    BonusCard("L02", "roll_named_yield", 2, "any", status="proposed"),  # [P] the black market's blue goods
    BonusCard("L03", "good_for_lira", 2, "any", final=True, amount=7, status="proposed"),
    # L04: one row per pictured good (the copies differ), ids L04R, L04G, L04Y, L04B
    *(BonusCard(f"L04{good[0].upper()}", "pictured_good", 1, "any", final=True, amount=3, good=good,
                status="proposed") for good in L04_GOODS),
    BonusCard("L05", "copy_discard", 2, "any", status="proposed"),
    BonusCard("L06", "family_step", 2, "movement", status="proposed"),
    BonusCard("L07", "join_opponent", 2, "movement", status="proposed"),
    BonusCard("L08", "companion_two_steps", 2, "movement", status="proposed"),
    BonusCard("L09", "use_neutral", 2, "any", status="proposed"),
    BonusCard("L10", "repeat_action", 2, "at_place", place=SMALL_MOSQUE, places=(GREAT_MOSQUE,), status="proposed"),
    BonusCard("L11", "repeat_action", 2, "at_place", place=SECRET_SOCIETY, status="proposed"),
    BonusCard("L12", "pay_to_anywhere", 2, "movement", amount=3, status="proposed"),
)
