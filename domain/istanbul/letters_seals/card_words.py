"""Letters & Seals' components in sentences, from the rows its rules read (data.py): its bonus card kinds, the
kiosk tiles (a tile's kind, what it gives and what it asks), the letters. Gathered by the base's words
(domain/istanbul/phrases/cards.py); `title` and `card` answer None for an id that is not this box's."""

from __future__ import annotations

from domain.istanbul.data import BLACK_MARKET_BLUE, FOUNTAIN, MAX_EXTENSIONS
from domain.istanbul.data import PLACE_NAMES as BASE_NAMES
from domain.istanbul.letters_seals.data import (
    BACK_SEALS,
    BONUS_TURN_SEALS,
    FRONT_SEALS,
    KIOSK_TILES,
    PLACE_NAMES,
    SECRET_SOCIETY,
    SOCIETY_SEALS,
)
from domain.istanbul.phrases.terms import good, goods, lira, runs
from domain.words import count, listing, sentence

NAMES = {**BASE_NAMES, **PLACE_NAMES}
TILES = {tile.id: tile for tile in KIOSK_TILES}
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def place(pid: int) -> str:
    return f"the {NAMES.get(pid, f'place {pid}')}"


KINDS = {
    "take_letter": lambda row: f"take {count(row.amount, 'letter')} from the pile, face up",
    "roll_named_yield": lambda row: f"roll 2 dice and take jewelry by the dice total ({runs(BLACK_MARKET_BLUE)})",
    "good_for_lira": lambda row: f"pay 1 good (coffee too, in the Great Bazaar) and take {lira(row.amount)}",
    "pictured_good": lambda row: f"take 1 {good(row.good)} and {lira(row.amount)}",
    "copy_discard": lambda row: "carry out the top card of the bonus discard pile",
    "family_step": lambda row: ("instead of moving, step your family member to a neighbouring place (never from or "
                                "into the Police Station) and carry out its action, without encounters"),
    "join_opponent": lambda row: ("move your merchant to a place where an opponent's merchant stands, and do not pay "
                                  "that merchant"),
    "companion_two_steps": lambda row: "move your companion 2 steps instead of 1",
    "use_neutral": lambda row: ("use the governor, the smuggler, the courier or the coffee trader wherever it stands, "
                                "pay its price, then it is placed anew by dice"),
    "pay_to_anywhere": lambda row: f"pay {lira(row.amount)} and move your merchant to any place",
}


def _gain(tile) -> str:
    """A "gain" row (or a branch of a "choose" tile): what it asks, then what it gives."""
    asks = [goods(tile.pay, "")] if tile.pay else []
    asks += [lira(tile.pay_lira)] if tile.pay_lira else []
    asks += [count(tile.pay_good, "good") + " of your choice"] if tile.pay_good else []
    asks += [count(tile.pay_letters, "letter") + " of yours"] if tile.pay_letters else []
    asks += [count(tile.pay_cards, "bonus card")] if tile.pay_cards else []
    coffee = tile.gain.count("coffee")
    gives = [goods({g: n for g, n in tile.gain.items() if g != "coffee"}, "")] if len(tile.gain) > bool(coffee) else []
    gives += [f"{coffee} coffee (in the Great Bazaar)"] if coffee else []
    gives += [lira(tile.lira)] if tile.lira else []
    gives += [count(tile.cards, "bonus card")] if tile.cards else []
    gives += [count(tile.letters, "letter")] if tile.letters else []
    gives += [count(tile.good, "good") + " of your choice"] if tile.good else []
    take = listing(gives)
    return f"pay {listing(asks)} to take {take}" if asks else f"take {take}"


def _extension(tile) -> str:
    price = listing([goods(tile.pay, "")] * bool(tile.pay) + [lira(tile.pay_lira)] * bool(tile.pay_lira))
    return f"pay {price} for a wheelbarrow extension (the {ORDINALS[MAX_EXTENSIONS]} brings the Wainwright's ruby)"


TILE_KINDS = {
    "gain": _gain,
    "choose": lambda tile: "either " + " or ".join(_gain(branch) for branch in tile.options),
    "companion": lambda tile: "take your companion into your own supply",
    "roll_lira": lambda tile: "roll 1 die and take as many lira as it shows",
    "extension": _extension,
    "to_fountain": lambda tile: (f"move your merchant stack to {place(FOUNTAIN)}, with no assistant, action or "
                                 "encounters there"),
}


def letter(pid: int | None = None) -> str:
    at = place(pid) if pid else "its place"
    return (f"a letter for {at}: it shows {count(FRONT_SEALS, 'seal')} face up and turns over to {BACK_SEALS} seals "
            f"when a figure of yours stands at {at}; letters showing exactly {SOCIETY_SEALS} seals join "
            f"{place(SECRET_SOCIETY)}, {listing(BONUS_TURN_SEALS, last='or')} seals buy a bonus turn")


def effect(tile_id: str) -> str:
    """A kiosk tile's effect: "pay 2 lira to take 1 letter"."""
    return TILE_KINDS[TILES[tile_id].kind](TILES[tile_id])


def title(card_id: str) -> str | None:
    if card_id in TILES:
        return f"the kiosk tile “{effect(card_id)}”"
    kind, _, key = card_id.partition(":")
    if kind == "letter":
        return f"a letter for {place(int(key))}" if key.isdigit() else "a letter"
    return None


def card(card_id: str) -> str | None:
    if card_id in TILES:
        return f"Kiosk tile: {TILE_KINDS[TILES[card_id].kind](TILES[card_id])}."
    kind, _, key = card_id.partition(":")
    if kind == "letter":
        return sentence(letter(int(key) if key.isdigit() else None)) + "."
    return None
