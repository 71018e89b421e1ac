"""The tables of Mocha & Baksheesh (rules 2.2, 4.2, 6.14-6.17, 7.4-7.6, 8.2, 8.5): places 17-20, the bonus
cards with coffee beans, the guild cards, the tavern tiles, the baksheesh tile, the coffee trader; no logic.

Every card, tile and side is a row; code dispatches on a row's kind and parameters, never on its id. Values not
read off a printed component carry their status: "inferred" (deduced, reference [INF]) or "proposed" (a playable
stand-in, reference 14a [P]); the view lists those in play (`proposed_rows`). Correcting a row to the printed
text is a change of this file only, as long as the printed text fits the parameters a row already has.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.istanbul.data import (
    BLACK_MARKET,
    CARAVANSARY,
    FABRIC_WAREHOUSE,
    FOUNTAIN,
    FRUIT_WAREHOUSE,
    GEMSTONE_DEALER,
    GREAT_MOSQUE,
    LARGE_MARKET,
    POLICE_STATION,
    POST_OFFICE,
    SMALL_MARKET,
    SMALL_MOSQUE,
    SPICE_WAREHOUSE,
    SULTANS_PALACE,
    TEA_HOUSE,
    WAINWRIGHT,
    BonusCard,
)
from domain.istanbul.frozen import record
from domain.istanbul.goods import Goods

EXPANSION = "mocha_baksheesh"

COFFEE_ROASTERY, GUILD_HALL, TAVERN, COFFEE_HOUSE = 17, 18, 19, 20
PLACE_NAMES = {17: "Coffee Roastery", 18: "Guild Hall", 19: "Tavern", 20: "Coffee House"}

# rulebook p.11 (the first game with the expansion), rows top to bottom
LAYOUTS = {"recommended": (16, 15, 18, 3, 10, 8, 1, 7, 17, 4, 2, 19, 6, 12, 9, 20, 11, 5, 14, 13)}

FIGURES = {"coffee_trader": "take_coffee"}  # 9.2: take 1 coffee, pay 2 lira or 1 good


@dataclass(frozen=True)
class PlaceFace:
    """What a place tile of this box prints beyond the base tile: the Caravansary's extra coffee, the
    Wainwright's place symbol (which M08 refers to)."""

    coffee: int = 0  # coffee taken with the place's action
    symbol: bool = False


FACES = {WAINWRIGHT: PlaceFace(symbol=True), CARAVANSARY: PlaceFace(coffee=1)}

# 6.14 Coffee Roastery: 1-3 different options, each 2 coffee
ROASTERY_COFFEE = 2  # per option
ROASTERY_LIRA = 2  # option a's price
# 6.15 Guild Hall
GUILD_HALL_COFFEE, GUILD_HALL_DRAWS, GUILD_HALL_DISCARDS = 1, 2, 1
# 6.16 Tavern
BARRIER_COFFEE = 2
BAKSHEESH_COFFEE = 4
BAKSHEESH_PLACES = (SULTANS_PALACE, GEMSTONE_DEALER, COFFEE_HOUSE)
TAVERN_KINDS = ("movement", "encounter")
# 6.17 Coffee House: coffee for the next ruby, the highest uncovered number; field 6 stays empty at set-up
COFFEE_HOUSE_TRACK = (6, 7, 8, 9, 10)
COFFEE_HOUSE_RUBIES = 5  # fields 7-10 and the ruby symbol


@dataclass(frozen=True)
class TavernTile:
    """7.4: a tavern tile; a stack per kind, the cheapest on top."""

    id: str
    kind: str  # "movement" (straight line any distance) | "encounter" (neutral figures for free)
    cost: int  # coffee
    two_players: bool  # kept with 2 players (4.2: only the tiles with 1 and 3 coffee)
    status: str = "inferred"  # the costs 2-4 per kind are inferred (reference 7.4, 14a.7)


# The rulebook's set-up of the Tavern 19 stacks each kind "so dass das oberste Plättchen jeweils 1 Kaffeesymbol
# zeigt": each kind's 1-coffee tile is printed; the costs 2-4 are the reference's inference (7.4, 14a.7).
TAVERN_TILES = tuple(
    TavernTile(f"{kind}_{cost}", kind, cost, cost in (1, 3), "printed" if cost == 1 else "inferred")
    for kind in TAVERN_KINDS for cost in (1, 2, 3, 4)
)


@dataclass(frozen=True)
class BaksheeshSide:
    """7.5: one side of the baksheesh tile: the goods the tavern's baksheesh option costs besides 4 coffee."""

    id: str
    goods: Goods
    status: str = "printed"


BAKSHEESH_SIDES = (
    BaksheeshSide("A", Goods({"yellow": 3})),  # face up at set-up
    BaksheeshSide("B", Goods({"blue": 2}), "proposed"),  # the back is not known (reference 14a.3)
)


@dataclass(frozen=True)
class DieYield:
    """M05: what one die's face brings (reference 14a.6, proposed)."""

    face: int
    goods: Goods
    lira: int = 0
    status: str = "proposed"


DIE_YIELDS = (
    DieYield(1, Goods({"coffee": 1})),
    DieYield(2, Goods({"red": 1})),
    DieYield(3, Goods({"green": 1})),
    DieYield(4, Goods({"yellow": 1})),
    DieYield(5, Goods(), 3),
    DieYield(6, Goods({"blue": 1})),
)

# 8.2 the bonus cards with coffee beans (texts printed; 2 copies each inferred from 18 cards and 9 faces)
CARDS = (
    BonusCard("M01", "gain_coffee", 2, "any", amount=2, status="inferred"),
    BonusCard("M02", "draw_guild_card", 2, "any", amount=1, cost=Goods({"coffee": 2}), status="inferred"),
    BonusCard("M03", "gain_lira", 2, "any", final=True, amount=8, cost=Goods({"coffee": 1}), status="inferred"),
    BonusCard("M04", "swap_goods", 2, "any", final=True, amount=3, status="inferred"),
    BonusCard("M05", "roll_two_yields", 2, "any", status="inferred"),
    BonusCard("M06", "die_to_six", 2, "after_roll", status="inferred"),
    BonusCard("M07", "corner", 2, "movement", status="inferred"),
    BonusCard("M08", "repeat_action", 2, "at_place", place=WAINWRIGHT, status="inferred"),
    BonusCard("M09", "repeat_action", 2, "at_place", place=COFFEE_HOUSE, status="inferred"),
)
SIX = 6  # M06 turns a die to 6


# 8.5 / 14a.2 guild cards: card N carries out place N's action from anywhere, with the parameters below
@record
class GuildRules:
    """How a guild card changes its place's action; None / False / () keep the printed rule."""

    cost: int | None = None  # Wainwright: lira for the extension
    discards: int | None = None  # Caravansary, Guild Hall: cards discarded after the draws
    blue_by_sum: tuple[int, ...] = ()  # Black Market: blue goods by dice sum (index = the sum)
    fail_lira: int | None = None  # Tea House: lira when the roll falls short
    any_goods: bool = False  # Small Market: sell any goods (as B07)
    goods_needed: int | None = None  # Mosques: goods of the tile's colour held (1 of them paid)
    with_tile: bool = False  # Tavern: the barrier option also takes a tavern tile
    coffee_discount: int = 0  # Tavern: coffee off the total
    family_home: bool = False  # Police Station: the family member goes home first, without a reward


@record
class GuildExtra:
    """What a guild card brings once its action is done."""

    coffee: int = 0
    lira: int = 0
    any_goods: int = 0  # goods of the player's choice (not coffee)


NO_RULES = GuildRules()
NO_EXTRA = GuildExtra()


@dataclass(frozen=True)
class GuildCard:
    id: str
    place: int  # whose action the card carries out
    text: str
    rules: GuildRules = NO_RULES
    then: GuildExtra = NO_EXTRA
    # "proposed" (reference 14a.2 [P]); "inferred" for 9, 16 and 19, rebuilt from the rulebook's note and one
    # example each (p.23; p.13 for 16): no row is "printed", as no card's own text has been transcribed
    status: str = "proposed"


ANY_GOOD_AFTER = GuildExtra(any_goods=1)
GUILD_CARDS = (
    GuildCard("G01", WAINWRIGHT, "Pay 5 lira (not 7) for 1 extension from the Wainwright (the third brings its "
              "ruby).", GuildRules(cost=5)),
    GuildCard("G02", FABRIC_WAREHOUSE, "Fill red goods to capacity, then take 1 good of your choice (not coffee).",
              then=ANY_GOOD_AFTER),
    GuildCard("G03", SPICE_WAREHOUSE, "Fill green goods to capacity, then take 1 good of your choice (not coffee).",
              then=ANY_GOOD_AFTER),
    GuildCard("G04", FRUIT_WAREHOUSE, "Fill yellow goods to capacity, then take 1 good of your choice (not "
              "coffee).", then=ANY_GOOD_AFTER),
    GuildCard("G05", POST_OFFICE, "Carry out the Post Office action, then take 2 coffee.", then=GuildExtra(coffee=2)),
    GuildCard("G06", CARAVANSARY, "Take 2 bonus cards, each from the deck or the discard pile, and keep both (with "
              "the Caravansary's coffee).", GuildRules(discards=0)),
    GuildCard("G07", FOUNTAIN, "Bring any number of your assistants back to your merchant, then take 2 lira.",
              then=GuildExtra(lira=2)),
    GuildCard("G08", BLACK_MARKET, "Take 1 red, green or yellow good and roll: 2-8 1 blue, 9-10 2 blue, 11-12 "
              "3 blue. No red mosque tile.", GuildRules(blue_by_sum=(0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 3))),
    GuildCard("G09", TEA_HOUSE, "Announce 3-12 and roll: at least the number pays the number, else 4 lira. No red "
              "mosque tile.", GuildRules(fail_lira=4), status="inferred"),
    GuildCard("G10", LARGE_MARKET, "Sell 1-5 goods at the Large Market, then take 2 lira.", then=GuildExtra(lira=2)),
    GuildCard("G11", SMALL_MARKET, "Sell 1-5 goods of any types at the Small Market.", GuildRules(any_goods=True)),
    GuildCard("G12", POLICE_STATION, "Put your family member into the Police Station without a reward (also when "
              "it is there), then carry out the Police Station action.", GuildRules(family_home=True)),
    GuildCard("G13", SULTANS_PALACE, "Deliver to the Sultan for the next ruby, then take 3 coffee.",
              then=GuildExtra(coffee=3)),
    GuildCard("G14", SMALL_MOSQUE, "Take a red or green mosque tile you do not own for 1 good of its colour (the "
              "number on the tile need not be held).", GuildRules(goods_needed=1)),
    GuildCard("G15", GREAT_MOSQUE, "Take a yellow or blue mosque tile you do not own for 1 good of its colour (the "
              "number on the tile need not be held).", GuildRules(goods_needed=1)),
    GuildCard("G16", GEMSTONE_DEALER, "Buy the next ruby at the Gemstone Dealer, then take 3 coffee.",
              then=GuildExtra(coffee=3), status="inferred"),
    GuildCard("G17", COFFEE_ROASTERY, "Carry out the Coffee Roastery action, then take 2 coffee.",
              then=GuildExtra(coffee=2)),
    GuildCard("G18", GUILD_HALL, "Take 1 coffee and the top 2 guild cards; keep both.", GuildRules(discards=0)),
    GuildCard("G19", TAVERN, "Take a tavern tile and place the barrier (with the action next to it, take the "
              "barrier tile); pay the coffee of both minus 1.", GuildRules(with_tile=True, coffee_discount=1),
              status="inferred"),
    GuildCard("G20", COFFEE_HOUSE, "Deliver coffee for the next ruby at the Coffee House, then take 3 lira.",
              then=GuildExtra(lira=3)),
)
GUILD_CARD_IDS = tuple(card.id for card in GUILD_CARDS)
