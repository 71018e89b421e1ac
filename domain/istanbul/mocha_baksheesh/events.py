"""Mocha & Baksheesh's events (past tense, v1): frozen records carrying every decided result, as events.py's.

Secret fields (a guild card drawn from the face-down stack, the stack's order) are blanked by `view.redact`.
"""

from __future__ import annotations

from domain.istanbul.frozen import message as _event
from domain.istanbul.goods import freeze
from domain.istanbul.mocha_baksheesh.data import GuildExtra, GuildRules


# --- coffee at the places -------------------------------------------------------------------------------------
@_event("coffee_taken")
class CoffeeTaken:
    """The coffee a place's face adds to its action (the expansion's Caravansary: 1)."""

    seat: int
    coffee: int


@_event("coffee_roasted")
class CoffeeRoasted:
    """Coffee Roastery 17: the options paid (2 lira, 1 good, 1 bonus or guild card) and the coffee gained."""

    seat: int
    lira: int  # lira paid (0 or 2)
    good: str | None  # the good paid, or None
    card: str | None  # the bonus or guild card paid, or None
    coffee: int


@_event("coffee_delivered")
class CoffeeDelivered:
    """Coffee House 20: coffee paid for the next ruby; `refilled`: the last one, a supply ruby replaces it."""

    seat: int
    coffee: int
    refilled: bool


# --- the guild cards --------------------------------------------------------------------------------------------
@_event("guild_deck_shuffled")
class GuildDeckShuffled:
    size: int
    cards: tuple[str, ...]  # top first; secret (redacted to ())
    reshuffle: bool = False  # the discard pile became the stack


@_event("guild_hall_visited")
class GuildHallVisited:
    """Guild Hall 18: the coffee taken, how many guild cards are drawn (what exists, at most 2) and whether a
    discard follows."""

    seat: int
    coffee: int
    draws: int
    discard: bool


@_event("guild_card_drawn")
class GuildCardDrawn:
    seat: int
    card: str  # "" when redacted


@_event("guild_card_discarded")
class GuildCardDiscarded:
    seat: int
    card: str


@_event("guild_card_played")
class GuildCardPlayed:
    """A guild card replaces the turn (5.8): its place's action with `rules`, then `then`; the rules travel in the
    event, so a later correction of the card's data never changes a recorded game."""

    seat: int
    card: str
    place: int
    rules: GuildRules
    then: GuildExtra


@_event("family_member_returned")
class FamilyMemberReturned:
    """The family member went back to the Police Station without a reward (guild card 12)."""

    seat: int


@_event("guild_card_finished")
class GuildCardFinished:
    """The guild card's extra was taken and the card put on the guild discard pile."""

    seat: int
    card: str
    coffee: int
    lira: int
    good: str | None  # the good of the player's choice, or None
    gained: int  # of that good, after capacity


# --- the tavern -----------------------------------------------------------------------------------------------
@_event("barrier_placed")
class BarrierPlaced:
    """Tavern 19: the barrier lies between `places`, the player holds the barrier tile; the action of `act_at`
    follows without a figure."""

    seat: int
    places: tuple[int, int]
    act_at: int
    coffee: int


@_event("tavern_tile_taken")
class TavernTileTaken:
    seat: int
    tile: str
    coffee: int


@_event("baksheesh_paid")
class BaksheeshPaid:
    """Tavern 19: coffee and the baksheesh tile's goods for the next ruby of `place`; the tile turned over."""

    seat: int
    place: int
    coffee: int
    goods: dict[str, int]
    side: str  # the side paid (it is turned over)
    refilled: bool

    def __post_init__(self):
        freeze(self, "goods")


# --- encounters ------------------------------------------------------------------------------------------------
@_event("coffee_trader_used")
class CoffeeTraderUsed:
    seat: int
    coffee: int
    pay: str  # "lira", a good's colour, or "free" (the tavern's encounter tile)


@_event("governor_payment_waived")
class GovernorPaymentWaived:
    """The tavern's encounter tile: the governor's card costs nothing."""

    seat: int


# --- the bonus cards with coffee beans --------------------------------------------------------------------------
@_event("bonus_card_paid")
class BonusCardPaid:
    """What a played card cost (M02: 2 coffee, M03: 1 coffee)."""

    seat: int
    card: str
    goods: dict[str, int]

    def __post_init__(self):
        freeze(self, "goods")


@_event("goods_given")
class GoodsGiven:
    """M04: the goods or coffee given up."""

    seat: int
    goods: dict[str, int]

    def __post_init__(self):
        freeze(self, "goods")


@_event("goods_taken")
class GoodsTaken:
    """M04: the goods or coffee chosen (`goods`) and what fitted on the wheelbarrow (`gained`)."""

    seat: int
    goods: dict[str, int]
    gained: dict[str, int]

    def __post_init__(self):
        freeze(self, "goods", "gained")


@_event("die_turned")
class DieTurned:
    """M06: die `die` shows 6; `dice` are the dice now."""

    seat: int
    die: int
    dice: tuple[int, ...]


@_event("yields_taken")
class YieldsTaken:
    """M05: the dice's yields (goods after capacity, coffee, lira)."""

    seat: int
    dice: tuple[int, ...]
    goods: dict[str, int]
    lira: int

    def __post_init__(self):
        freeze(self, "goods")


ALL = (
    CoffeeTaken, CoffeeRoasted, CoffeeDelivered, GuildDeckShuffled, GuildHallVisited, GuildCardDrawn,
    GuildCardDiscarded, GuildCardPlayed, FamilyMemberReturned, GuildCardFinished, BarrierPlaced, TavernTileTaken,
    BaksheeshPaid, CoffeeTraderUsed, GovernorPaymentWaived, BonusCardPaid, GoodsGiven, GoodsTaken, DieTurned,
    YieldsTaken,
)
