"""Mocha & Baksheesh's components in sentences, from the rows its rules read (data.py): its bonus card kinds, the
guild cards (a card's place, rules and extra), the tavern tiles, the baksheesh tile's sides. Gathered by the base's
words (domain/istanbul/phrases/cards.py); `title` and `card` answer None for an id that is not this box's."""

from __future__ import annotations

from domain.istanbul.catalogue import GUILD_CARDS, TAVERN_TILES
from domain.istanbul.data import PLACE_NAMES as BASE_NAMES
from domain.istanbul.mocha_baksheesh.data import (
    BAKSHEESH_COFFEE,
    BAKSHEESH_PLACES,
    BAKSHEESH_SIDES,
    DIE_YIELDS,
    PLACE_NAMES,
    SIX,
)
from domain.istanbul.phrases.terms import goods, goods_and_lira, lira, runs
from domain.words import count, listing, sentence

NAMES = {**BASE_NAMES, **PLACE_NAMES}


def place(pid: int) -> str:
    return f"the {NAMES.get(pid, f'place {pid}')}"


def _yields() -> str:
    return "; ".join(f"{y.face}: {goods_and_lira(y.goods, y.lira)}" for y in DIE_YIELDS)


KINDS = {
    "gain_coffee": lambda row: f"take {row.amount} coffee",
    "draw_guild_card": lambda row: f"draw {count(row.amount, 'guild card')} from the face-down stack",
    "swap_goods": lambda row: (f"give up to {row.amount} goods or coffee, then take as many goods or coffee of your "
                               "choice"),
    "roll_two_yields": lambda row: f"roll 2 dice and take both dice's yields ({_yields()})",
    "die_to_six": lambda row: f"turn one die of a roll of your own to {SIX}",
    "corner": lambda row: "move your merchant to a corner place instead of 1 or 2 steps",
}
TAVERN_KINDS = {
    "movement": "move your merchant any distance in a straight line instead of 1 or 2 steps",
    "encounter": "the governor, the smuggler, the coffee trader and the courier ask nothing for their services",
}


def _guild(row) -> str:
    r, then = row.rules, row.then
    parts = [f"instead of moving, carry out the action of {place(row.place)} from anywhere"]
    if r.cost is not None:
        parts.append(f"paying {lira(r.cost)} for the extension")
    if r.discards == 0:
        parts.append("keeping every card drawn")
    if r.blue_by_sum:
        parts.append(f"with blue goods by the dice total ({runs(dict(enumerate(r.blue_by_sum)))})")
    if r.fail_lira is not None:
        parts.append(f"with {lira(r.fail_lira)} when the roll falls short")
    if r.any_goods:
        parts.append("selling any goods")
    if r.goods_needed is not None:
        parts.append(f"holding only {r.goods_needed} good of the tile's colour")
    if r.with_tile:
        parts.append("taking a tavern tile as well")
    if r.coffee_discount:
        parts.append(f"for {r.coffee_discount} coffee less")
    if r.family_home:
        parts.append("your family member first going home without a reward")
    extra = [goods_and_lira({"coffee": then.coffee}, then.lira, "")] if then.coffee or then.lira else []
    extra += [count(then.any_goods, "good") + " of your choice"] if then.any_goods else []
    if extra:
        parts.append(f"then take {listing(extra)}")
    return ", ".join(parts)


def _side(key: str) -> str | None:
    side = next((s for s in BAKSHEESH_SIDES if s.id == key), None)
    if side is None:
        return None
    targets = listing((place(p) for p in BAKSHEESH_PLACES), last="or")
    return (f"side {side.id} of the baksheesh tile: {BAKSHEESH_COFFEE} coffee and {goods(side.goods)} buy the next "
            f"ruby of {targets}")


def title(card_id: str) -> str | None:
    if card_id in GUILD_CARDS:
        return f"the {NAMES[GUILD_CARDS[card_id].place]} guild card"
    if card_id in TAVERN_TILES:
        tile = TAVERN_TILES[card_id]
        return f"the {tile.kind} tile for {tile.cost} coffee"
    kind, _, key = card_id.partition(":")
    return _side(key) if kind == "baksheesh" else None


def card(card_id: str) -> str | None:
    if card_id in GUILD_CARDS:
        return f"Guild card for {place(GUILD_CARDS[card_id].place)}: {_guild(GUILD_CARDS[card_id])}."
    if card_id in TAVERN_TILES:
        tile = TAVERN_TILES[card_id]
        return f"Tavern {tile.kind} tile ({tile.cost} coffee): {TAVERN_KINDS[tile.kind]}."
    said = title(card_id)
    return sentence(said) + "." if said else None
