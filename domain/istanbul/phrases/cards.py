"""Every card and tile in a sentence, from the rows the rules read: a bonus card's sentence is its effect kind's,
filled with the row's parameters (amount, cost, place, good), so a new row of a known kind has words without new
code; each box adds the sentences of its own kinds and components (`<box>/card_words.py`: guild cards, tavern
tiles, kiosk tiles, letters), gathered here without a branch on the box.

`title(card_id)` is the effect alone ("take 5 lira"), how a line names a card; `card(card_id)` the whole sentence,
with when it may be played. Components without ids of their own are named `mosque:<colour>`, `demand:<tile>`,
`letter:<place>`.
"""

from __future__ import annotations

from domain.istanbul.catalogue import CARDS
from domain.istanbul.data import (
    CATCH_LIRA,
    DEMAND_TILES,
    GREEN_TILE_COST,
    MOSQUE_TILES,
    MOVE_3_4,
    PLACE_NAMES,
    POLICE_STATION,
    RED_TILE_DIE,
    SMALL_MARKET,
    YELLOW_TILE_COST,
)
from domain.istanbul.great_bazaar import card_words as great_bazaar_cards
from domain.istanbul.letters_seals import card_words as letters_cards
from domain.istanbul.mocha_baksheesh import card_words as mocha_cards
from domain.istanbul.phrases.terms import goods, lira
from domain.words import listing, sentence

BOXES = (mocha_cards, letters_cards, great_bazaar_cards)
NAMES = {**PLACE_NAMES, **{pid: name for box in BOXES for pid, name in box.PLACE_NAMES.items()}}
TIMINGS = {
    "any": "any time in your turn",
    "outside_action": "in your turn, before or after a place action, never during one",
    "at_place": "during that action",
    "movement": "in your movement",
    "after_roll": "after a roll of your own",
}


def place(pid: int) -> str:
    return f"the {NAMES.get(pid, f'place {pid}')}"


def _repeat(row) -> str:
    where = listing((place(p) for p in (row.place, *row.places)), last="or")
    return f"at {where}, carry out its action once more"


KINDS = {  # bonus card effect kind -> the effect, from the row's parameters
    "gain_good": lambda row: "take 1 good of your choice",
    "gain_lira": lambda row: f"take {lira(row.amount)}",
    "repeat_action": _repeat,
    "family_to_police": lambda row: (f"put your family member into {place(POLICE_STATION)} and take the catch reward, "
                                     f"1 bonus card or {lira(CATCH_LIRA)}"),
    "sell_any_goods": lambda row: f"at {place(row.place or SMALL_MARKET)}, sell any goods, not only the demand tile's",
    "stay": lambda row: "stay on your place instead of moving, and still use an assistant",
    "move_3_4": lambda row: f"move {listing(MOVE_3_4, last='or')} steps instead of 1 or 2",
    "return_assistant": lambda row: "bring 1 of your assistants back to your merchant",
    **{kind: said for box in BOXES for kind, said in box.KINDS.items()},
}


def title(card_id: str) -> str:
    """A bonus card (or another box's component) named by its effect: "take 5 lira"."""
    row = CARDS.get(card_id)
    if row is not None:
        effect = KINDS[row.kind](row)
        return f"pay {goods(row.cost)}, {effect}" if row.cost else effect
    for box in BOXES:
        said = box.title(card_id)
        if said is not None:
            return said
    return _component(card_id)


def quoted(card_id: str | None) -> str:
    """A card named in a line: its effect in quotes ("" for none)."""
    return f"“{title(card_id)}”" if card_id else ""


def card(card_id: str) -> str:
    """The whole sentence: the effect, when it may be played, and whether it counts after the last turn."""
    row = CARDS.get(card_id)
    if row is None:
        for box in BOXES:
            said = box.card(card_id)
            if said is not None:
                return said
        return sentence(_component(card_id)) + "."
    when = TIMINGS.get(row.timing, "in your turn")
    final = "; also after the last turn" if row.final else ""
    return f"Bonus card: {title(card_id)} ({when}{final})."


def _component(card_id: str) -> str:
    kind, _, key = card_id.partition(":")
    if kind == "mosque" and key in MOSQUE_TILES:
        return f"the {key} mosque tile: {MOSQUE_ABILITIES[MOSQUE_TILES[key][1]]}"
    if kind == "demand" and key in DEMAND_TILES:
        return f"a demand tile asking for {goods(DEMAND_TILES[key])}"
    raise KeyError(card_id)


MOSQUE_ABILITIES = {  # the ability kinds of data.MOSQUE_TILES (tiles.py)
    "dice_turn_to_4_or_reroll": f"after a roll of your own, turn one die to {RED_TILE_DIE} or roll both again",
    "warehouse_extra_good": f"after a warehouse action, buy 1 more good of any kind for {lira(GREEN_TILE_COST)}",
    "recall_assistant": f"once a turn, bring 1 of your assistants back to your merchant for {lira(YELLOW_TILE_COST)}",
    "fifth_assistant": "take your fifth assistant into your stack at once",
}


def ability(colour: str) -> str:
    return MOSQUE_ABILITIES[MOSQUE_TILES[colour][1]]
