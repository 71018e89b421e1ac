"""The printed data of the base game as tables (rules section 15); no logic.

Goods are named ("red", "green", "yellow", "blue"); amounts are goods.Goods mappings.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.istanbul.goods import Goods

MIN_SEATS, MAX_SEATS = 2, 5

GOODS = ("red", "green", "yellow", "blue")  # fabric, spice, fruit, jewelry: the wheelbarrow's goods, "any good"
COFFEE = "coffee"  # Mocha & Baksheesh: kept beside the goods, never capped and never "any good"

# place ids (the big printed numbers)
WAINWRIGHT = 1
FABRIC_WAREHOUSE, SPICE_WAREHOUSE, FRUIT_WAREHOUSE = 2, 3, 4
POST_OFFICE = 5
CARAVANSARY = 6
FOUNTAIN = 7
BLACK_MARKET = 8
TEA_HOUSE = 9
LARGE_MARKET = 10
SMALL_MARKET = 11
POLICE_STATION = 12
SULTANS_PALACE = 13
SMALL_MOSQUE = 14
GREAT_MOSQUE = 15
GEMSTONE_DEALER = 16

PLACE_NAMES = {
    1: "Wainwright",
    2: "Fabric Warehouse",
    3: "Spice Warehouse",
    4: "Fruit Warehouse",
    5: "Post Office",
    6: "Caravansary",
    7: "Fountain",
    8: "Black Market",
    9: "Tea House",
    10: "Large Market",
    11: "Small Market",
    12: "Police Station",
    13: "Sultan's Palace",
    14: "Small Mosque",
    15: "Great Mosque",
    16: "Gemstone Dealer",
}
BASE_PLACES = tuple(range(1, 17))
WAREHOUSE_GOOD = {FABRIC_WAREHOUSE: "red", SPICE_WAREHOUSE: "green", FRUIT_WAREHOUSE: "yellow"}

# 15.2 layouts, rows top to bottom, row-major
LAYOUTS = {
    "short_paths": (15, 5, 2, 14, 4, 12, 7, 3, 8, 6, 11, 9, 13, 10, 1, 16),
    "long_paths": (16, 2, 8, 11, 15, 7, 6, 4, 3, 5, 12, 1, 10, 9, 14, 13),
    "ordered": tuple(range(1, 17)),
}
GRID_SIZES = {16: (4, 4), 20: (5, 4), 25: (5, 5)}  # places in play -> (columns, rows): base, one expansion, GB
BLACK_MARKET_TEA_HOUSE_MIN_DISTANCE = 3

# 4.3 / 15.3 set-up by player count
SETUP = {
    2: dict(mosque_values=(2, 4), mosque_rubies=2, wainwright_rubies=2, sultan_first=5, sultan_rubies=6,
            gem_first=15, gem_rubies=9, neutral_merchants=(14, 15, 16), target=6),
    3: dict(mosque_values=(2, 3, 4), mosque_rubies=3, wainwright_rubies=3, sultan_first=5, sultan_rubies=6,
            gem_first=14, gem_rubies=10, neutral_merchants=(), target=5),
    4: dict(mosque_values=(2, 3, 4, 5), mosque_rubies=4, wainwright_rubies=4, sultan_first=4, sultan_rubies=7,
            gem_first=12, gem_rubies=12, neutral_merchants=(), target=5),
    5: dict(mosque_values=(2, 3, 4, 5), mosque_rubies=4, wainwright_rubies=5, sultan_first=4, sultan_rubies=7,
            gem_first=12, gem_rubies=12, neutral_merchants=(), target=5),
}
RUBIES_TOTAL = 42  # Big Box; the unplaced rest is the general supply (refill rule 6.13)
START_LIRA = (2, 3, 4, 5, 6)  # by seat order from the start player
START_CAPACITY, MAX_EXTENSIONS = 2, 3
START_STACK, SPARE_ASSISTANTS = 4, 1
EXTENSIONS_PER_PLAYER = 3
MERCHANT_FEE = 2
CATCH_LIRA = 3

# 15.4 place tables
WAINWRIGHT_COST = 7
CARAVANSARY_DRAWS = 2
POST_OFFICE_GAINS = {  # state -> (goods, lira)
    0: (Goods({"green": 1, "yellow": 1}), 2),
    1: (Goods({"red": 1, "yellow": 1}), 2),
    2: (Goods({"red": 1, "yellow": 1}), 3),
    3: (Goods({"red": 1, "blue": 1}), 3),
    4: (Goods({"red": 1, "blue": 1}), 4),
}
POST_OFFICE_STATES = 5
MARKET_PAYOUT = {SMALL_MARKET: (2, 5, 9, 14, 20), LARGE_MARKET: (3, 7, 12, 18, 25)}
DEMAND_TILES = {  # id -> the goods pictured; the small market's are light, the large market's dark
    "S1": Goods({"red": 1, "green": 2, "yellow": 1, "blue": 1}),
    "S2": Goods({"red": 1, "green": 2, "yellow": 2}),
    "S3": Goods({"green": 2, "yellow": 2, "blue": 1}),
    "S4": Goods({"red": 1, "green": 1, "yellow": 2, "blue": 1}),
    "S5": Goods({"red": 1, "green": 3, "yellow": 1}),
    "L1": Goods({"red": 1, "green": 1, "yellow": 1, "blue": 2}),
    "L2": Goods({"red": 1, "green": 1, "blue": 3}),
    "L3": Goods({"red": 2, "green": 1, "blue": 2}),
    "L4": Goods({"red": 1, "yellow": 1, "blue": 3}),
    "L5": Goods({"red": 2, "yellow": 1, "blue": 2}),
}
DEMAND_STACKS = {SMALL_MARKET: ("S1", "S2", "S3", "S4", "S5"), LARGE_MARKET: ("L1", "L2", "L3", "L4", "L5")}
BLACK_MARKET_BLUE = {2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 1, 8: 1, 9: 2, 10: 2, 11: 3, 12: 3}
BLACK_MARKET_GOODS = ("red", "green", "yellow")  # the single good; the roll brings blue
BLACK_MARKET_ROLL_GOOD = "blue"
TEA_HOUSE_MIN, TEA_HOUSE_MAX, TEA_HOUSE_FAIL = 3, 12, 2
ANY = "any"
SULTAN_TRACK = ("blue", "red", "green", "yellow", ANY, "blue", "red", "green", "yellow", ANY)
GEMSTONE_MAX_PRICE = 23

# 15.5 mosque tiles: colour -> (mosque, ability kind)
MOSQUE_TILES = {
    "red": (SMALL_MOSQUE, "dice_turn_to_4_or_reroll"),
    "green": (SMALL_MOSQUE, "warehouse_extra_good"),
    "yellow": (GREAT_MOSQUE, "recall_assistant"),
    "blue": (GREAT_MOSQUE, "fifth_assistant"),
}
TILE_COLOURS = ("red", "green", "yellow", "blue")
MOSQUE_OF = {SMALL_MOSQUE: ("red", "green"), GREAT_MOSQUE: ("yellow", "blue")}
TILE_GOOD = {"red": "red", "green": "green", "yellow": "yellow", "blue": "blue"}  # the goods a tile asks for
GREEN_TILE_COST = 2
YELLOW_TILE_COST = 2
RED_TILE_DIE = 4

# 15.7 neutral figures (placement and relocation: 2d6 -> place with that number): name -> encounter kind
FIGURES = {"governor": "draw_bonus_card", "smuggler": "take_any_good"}
FIGURE_FEE = 2
START_PLACE = FOUNTAIN  # every merchant stack starts at the fountain (set-up step 11)
FAMILY_START = POLICE_STATION  # every family member starts in the police station (set-up step 10)


# 8.1 base bonus cards: one row per face; code dispatches on `kind` and `timing`, never on the id (cards.py)
@dataclass(frozen=True)
class BonusCard:
    id: str
    kind: str
    copies: int
    timing: str  # "any" | "outside_action" | "at_place" | "movement" | "after_roll" (cards.py)
    place: int | None = None
    final: bool = False  # may still be played after the last turn (brings lira or goods, rules 10, item 3)
    amount: int = 0  # the kind's number: lira or coffee gained, goods swapped, guild cards drawn
    cost: Goods = Goods()  # what playing it costs (M02: 2 coffee, M03: 1 coffee)
    good: str | None = None  # the pictured good (L04)
    places: tuple[int, ...] = ()  # further places where an "at_place" card is played (L10: either mosque)
    status: str = "printed"  # "printed", "inferred" (e.g. copies deduced from a total) or "proposed" (reference 14a)


BASE_CARDS = (
    BonusCard("B01", "gain_good", 4, "outside_action", final=True),
    BonusCard("B02", "gain_lira", 4, "any", final=True, amount=5),
    BonusCard("B03", "repeat_action", 2, "at_place", place=SULTANS_PALACE),
    BonusCard("B04", "repeat_action", 2, "at_place", place=POST_OFFICE),
    BonusCard("B05", "repeat_action", 2, "at_place", place=GEMSTONE_DEALER),
    BonusCard("B06", "family_to_police", 2, "any"),
    BonusCard("B07", "sell_any_goods", 2, "at_place", place=SMALL_MARKET),
    BonusCard("B08", "stay", 2, "movement"),
    BonusCard("B09", "move_3_4", 4, "movement"),
    BonusCard("B10", "return_assistant", 2, "movement"),
)
CARD_IDS = tuple(card.id for card in BASE_CARDS)
MOVE_3_4 = (3, 4)
