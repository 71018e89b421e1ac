"""Mocha & Baksheesh's commands (imperative), documented like commands.py's: each field's meaning and range as
`Annotated[T, Doc(...)]`. Multi-step decisions are sequences of these small commands."""

from __future__ import annotations

from typing import Annotated

from domain.core import Doc
from domain.istanbul.data import GOODS
from domain.istanbul.docs import CARD_IDS, COPY_CARDS, GOODS_AND_COFFEE, PLACE, SEAT
from domain.istanbul.frozen import message
from domain.istanbul.goods import freeze
from domain.istanbul.mocha_baksheesh.data import BAKSHEESH_PLACES, GUILD_CARD_IDS, TAVERN_KINDS

ITEMS = Doc("goods or coffee by name -> count (red = fabric, green = spice, yellow = fruit, blue = jewelry, "
            "coffee); names not given count 0", minimum=0, maximum=3, choices=GOODS_AND_COFFEE)
GUILD_CARD = Doc("a guild card id, G01..G20: card N carries out place N's action (Mocha & Baksheesh, 8.5)",
                 choices=GUILD_CARD_IDS)


# --- places 17-20 ----------------------------------------------------------------------------------------------
@message("roast_coffee")
class RoastCoffee:
    """Coffee Roastery 17: 1-3 different options, 2 coffee each: 2 lira, 1 good, 1 bonus or guild card."""

    seat: Annotated[int, SEAT]
    lira: Annotated[bool, Doc("true: pay 2 lira for 2 coffee")] = False
    good: Annotated[str | None, Doc("the good paid for 2 coffee (not coffee), or null", choices=GOODS)] = None
    card: Annotated[str | None, Doc("a bonus card or guild card from hand paid for 2 coffee, or null",
                                    choices=CARD_IDS + GUILD_CARD_IDS)] = None


@message("visit_guild_hall")
class VisitGuildHall:
    """Guild Hall 18: take 1 coffee and the top 2 guild cards (then discard_guild_card)."""

    seat: Annotated[int, SEAT]


@message("discard_guild_card")
class DiscardGuildCard:
    """Guild Hall 18, after the draws: one guild card from hand onto the face-up guild discard pile."""

    seat: Annotated[int, SEAT]
    card: Annotated[str, GUILD_CARD]


@message("place_barrier")
class PlaceBarrier:
    """Tavern 19, 2 coffee: the barrier between two neighbouring places, the barrier tile to this seat, then the
    action of `act_at` (one of the two, not the tavern) without encounters."""

    seat: Annotated[int, SEAT]
    places: Annotated[tuple[int, int], Doc("the two orthogonally neighbouring places the barrier lies between, "
                                           "ascending", minimum=PLACE.minimum, maximum=PLACE.maximum)]
    act_at: Annotated[int, Doc("the place (one of `places`, not the tavern 19) whose action follows",
                               minimum=PLACE.minimum, maximum=PLACE.maximum)]
    tile: Annotated[str | None, Doc("guild card 19 only: the kind of tavern tile taken as well; else null",
                                    choices=TAVERN_KINDS)] = None


@message("take_tavern_tile")
class TakeTavernTile:
    """Tavern 19: the top tile of a kind the seat does not own, for the coffee printed on it."""

    seat: Annotated[int, SEAT]
    kind: Annotated[str, Doc("movement: move in a straight line any distance instead of 1-2 steps; encounter: "
                             "the governor, smuggler and coffee trader ask nothing", choices=TAVERN_KINDS)]


@message("pay_baksheesh")
class PayBaksheesh:
    """Tavern 19: 4 coffee and the goods on the baksheesh tile for the next ruby of a place (the tile turns)."""

    seat: Annotated[int, SEAT]
    place: Annotated[int, Doc("whose next ruby: 13 Sultan's Palace, 16 Gemstone Dealer, 20 Coffee House",
                              choices=BAKSHEESH_PLACES)]


@message("deliver_coffee")
class DeliverCoffee:
    """Coffee House 20: the coffee shown (6-10) for the next ruby."""

    seat: Annotated[int, SEAT]


# --- encounters ------------------------------------------------------------------------------------------------
@message("use_coffee_trader")
class UseCoffeeTrader:
    """Take 1 coffee from the coffee trader; pay 2 lira or 1 good, or nothing with the tavern's encounter tile."""

    seat: Annotated[int, SEAT]
    pay: Annotated[str, Doc("\"lira\" (2 lira), the colour of the good given, or \"free\" with the tavern's "
                            "encounter tile", choices=("lira",) + GOODS + ("free",))]


# --- guild cards -------------------------------------------------------------------------------------------------
@message("play_guild_card")
class PlayGuildCard:
    """Instead of moving: play a guild card (the whole turn; it must be carried out completely)."""

    seat: Annotated[int, SEAT]
    card: Annotated[str, GUILD_CARD]


@message("finish_guild_card")
class FinishGuildCard:
    """The guild card's action is done: take its extra and put it on the guild discard pile."""

    seat: Annotated[int, SEAT]
    good: Annotated[str | None, Doc("the good of your choice when the card brings one (G02-G04); else null",
                                    choices=GOODS)] = None


# --- bonus cards with a decision of their own ----------------------------------------------------------------------
@message("turn_die_to_six")
class TurnDieToSix:
    """Play M06 after a roll of your own: one die shows 6 (or L05 carrying out the M06 on top of the discard
    pile, R-52)."""

    seat: Annotated[int, SEAT]
    die: Annotated[int, Doc("the die turned (0 = first, 1 = second)", minimum=0, maximum=1)]
    card: Annotated[str | None, Doc("null: the M06 in hand; L05: L05 carrying out the M06 on top of the discard "
                                    "pile", choices=COPY_CARDS)] = None


@message("give_goods")
class GiveGoods:
    """M04, first: give up to 3 goods or coffee."""

    seat: Annotated[int, SEAT]
    goods: Annotated[dict[str, int], Doc("what is given (1-3 in all): " + ITEMS.text, minimum=0, maximum=3,
                                         choices=GOODS_AND_COFFEE)]

    def __post_init__(self):
        freeze(self, "goods")


@message("take_goods")
class TakeGoods:
    """M04, then: take as many goods or coffee of your choice as were given."""

    seat: Annotated[int, SEAT]
    goods: Annotated[dict[str, int], Doc("what is taken (as many in all as were given): " + ITEMS.text, minimum=0,
                                         maximum=3, choices=GOODS_AND_COFFEE)]

    def __post_init__(self):
        freeze(self, "goods")


ALL = (
    RoastCoffee, VisitGuildHall, DiscardGuildCard, PlaceBarrier, TakeTavernTile, PayBaksheesh, DeliverCoffee,
    UseCoffeeTrader, PlayGuildCard, FinishGuildCard, TurnDieToSix, GiveGoods, TakeGoods,
)
