"""Events (past tense): frozen dataclasses with TYPE and a version V. They carry every decided result (evolve
never decides again). Secret fields (drawn cards, deck and demand stack orders) are blanked by `redact`.

An event's shape never changes in place: a new shape gets V + 1 and a one-step upcaster (upcasters.py), so logs
stored earlier keep replaying. Goods amounts are goods.Goods mappings (v2 of the events that carry them).
Each box's events are in its package (mocha_baksheesh/, letters_seals/, great_bazaar/ events.py); EVENTS lists them all."""

from __future__ import annotations

from domain.istanbul.frozen import message as _event
from domain.istanbul.goods import freeze
from domain.istanbul.great_bazaar import events as great_bazaar_events
from domain.istanbul.letters_seals import events as letters_events
from domain.istanbul.mocha_baksheesh import events as mocha_events


# --- set-up and chance consequences ---------------------------------------------------------------------------
@_event("start_player_chosen")
class StartPlayerChosen:
    seat: int
    lira: tuple[int, ...]  # starting lira per seat


@_event("layout_drawn")
class LayoutDrawn:
    layout: tuple[int, ...]
    accepted: bool  # False: the random layout broke a constraint; another shuffle follows


@_event("bonus_deck_shuffled")
class BonusDeckShuffled:
    size: int
    cards: tuple[str, ...]  # top first; secret (redacted to ())
    reshuffle: bool = False  # the discard pile became the deck


@_event("demand_tiles_shuffled")
class DemandTilesShuffled:
    market: int
    top: str
    tiles: tuple[str, ...]  # top first; secret (redacted to ())


@_event("figure_placed")
class FigurePlaced:
    figure: str  # "governor" | "smuggler" | "neutral_merchant"
    index: int
    place: int
    dice: tuple[int, ...]


@_event("bonus_card_drawn")
class BonusCardDrawn:
    seat: int
    card: str  # "" when redacted
    source: str  # "deck" | "discard"


@_event("bonus_card_discarded")
class BonusCardDiscarded:
    seat: int
    card: str


# --- phases 1 and 2 --------------------------------------------------------------------------------------------
@_event("merchant_moved")
class MerchantMoved:
    seat: int
    origin: int
    place: int
    card: str | None = None


@_event("assistant_left")
class AssistantLeft:
    seat: int
    place: int
    owner: int


@_event("assistant_picked_up")
class AssistantPickedUp:
    seat: int
    place: int
    owner: int


@_event("merchants_paid")
class MerchantsPaid:
    seat: int
    place: int
    owners: tuple[int, ...]  # seats paid 2 lira each
    neutral: tuple[int, ...]  # indices of neutral merchants paid (2 lira each to the supply)
    lira: int  # total paid


@_event("turn_ended")
class TurnEnded:
    seat: int
    next_seat: int


@_event("game_end_triggered")
class GameEndTriggered:
    seat: int
    rubies: int


@_event("final_cards_began")
class FinalCardsBegan:
    queue: tuple[int, ...]


@_event("final_cards_passed")
class FinalCardsPassed:
    seat: int


@_event("game_ended")
class GameEnded:
    winners: tuple[int, ...]
    tie_break: str | None


# --- phase 3: place actions ------------------------------------------------------------------------------------
@_event("extension_bought")
class ExtensionBought:
    seat: int
    lira: int
    ruby: bool


@_event("goods_filled")
class GoodsFilled:
    seat: int
    good: str
    gained: int


@_event("mail_collected", v=2)
class MailCollected:
    seat: int
    goods: dict[str, int]  # gained (after capacity)
    lira: int
    post: int  # post office state afterwards

    def __post_init__(self):
        freeze(self, "goods")


@_event("caravansary_visited")
class CaravansaryVisited:
    seat: int


@_event("assistants_returned")
class AssistantsReturned:
    seat: int
    places: tuple[int, ...]
    lira: int  # paid (yellow mosque tile: 2)
    reason: str  # "fountain" | "yellow_tile" | "bonus_card"


@_event("black_market_visited")
class BlackMarketVisited:
    seat: int
    good: str
    gained: int


@_event("black_market_good_deferred")
class BlackMarketGoodDeferred:
    """The black market was visited rolling first: the single good is taken after the roll."""

    seat: int


@_event("black_market_good_taken")
class BlackMarketGoodTaken:
    """The single good of a black market visit that rolled first (the action is then done)."""

    seat: int
    good: str
    gained: int


@_event("tea_house_visited")
class TeaHouseVisited:
    seat: int
    number: int


@_event("dice_rolled")
class DiceRolled:
    seat: int
    purpose: str
    dice: tuple[int, ...]


@_event("red_tile_used")
class RedTileUsed:
    seat: int
    dice: tuple[int, ...]  # after turning a die to 4; () when rerolling
    reroll: bool


@_event("roll_resolved")
class RollResolved:
    seat: int
    purpose: str
    total: int
    blue: int  # black market: blue goods gained
    lira: int  # tea house: lira gained


@_event("goods_sold", v=2)
class GoodsSold:
    seat: int
    market: int
    goods: dict[str, int]
    lira: int
    next_top: str

    def __post_init__(self):
        freeze(self, "goods")


@_event("family_member_sent")
class FamilyMemberSent:
    seat: int
    place: int


@_event("sultan_delivered", v=2)
class SultanDelivered:
    seat: int
    goods: dict[str, int]
    refilled: bool

    def __post_init__(self):
        freeze(self, "goods")


@_event("mosque_tile_taken")
class MosqueTileTaken:
    seat: int
    tile: str
    value: int
    ruby: bool
    assistant: bool


@_event("ruby_bought")
class RubyBought:
    seat: int
    lira: int
    refilled: bool


@_event("green_tile_used")
class GreenTileUsed:
    seat: int
    good: str
    gained: int


# --- phase 4: encounters ---------------------------------------------------------------------------------------
@_event("family_member_caught")
class FamilyMemberCaught:
    seat: int
    owner: int
    reward: str  # "card" | "lira"


@_event("governor_used")
class GovernorUsed:
    seat: int


@_event("governor_paid")
class GovernorPaid:
    seat: int
    card: str | None  # discarded card, or None: 2 lira


@_event("smuggler_used")
class SmugglerUsed:
    seat: int
    good: str
    gained: int
    pay: str  # "lira" or the colour of the good paid


# --- bonus cards -----------------------------------------------------------------------------------------------
@_event("bonus_card_played")
class BonusCardPlayed:
    seat: int
    card: str
    kind: str
    good: str | None = None
    gained: int = 0  # goods gained (gain_good)
    lira: int = 0  # lira gained (gain_lira, family_to_police with lira reward)
    place: int | None = None  # return_assistant: where the assistant came from
    reward: str | None = None  # family_to_police


@_event("caravan_tile_taken")
class CaravanTileTaken:
    """Caravan Leader variant: the seat carried out the Caravansary action this turn; at the turn's end it takes
    the caravan tile (from the Caravansary or the previous leader)."""

    seat: int


@_event("seat_forfeited")
class SeatForfeited:
    """The seat forfeited (its clock ran out under the forfeit policy): it is skipped from now on."""

    seat: int


ALL = (
    StartPlayerChosen, LayoutDrawn, BonusDeckShuffled, DemandTilesShuffled, FigurePlaced, BonusCardDrawn,
    BonusCardDiscarded, MerchantMoved, AssistantLeft, AssistantPickedUp, MerchantsPaid, TurnEnded,
    GameEndTriggered, FinalCardsBegan, FinalCardsPassed, GameEnded, ExtensionBought, GoodsFilled, MailCollected,
    CaravansaryVisited, AssistantsReturned, BlackMarketVisited, BlackMarketGoodDeferred, BlackMarketGoodTaken,
    TeaHouseVisited, DiceRolled, RedTileUsed, RollResolved, GoodsSold,
    FamilyMemberSent, SultanDelivered, MosqueTileTaken, RubyBought, GreenTileUsed, FamilyMemberCaught,
    GovernorUsed, GovernorPaid, SmugglerUsed, BonusCardPlayed, SeatForfeited, CaravanTileTaken,
) + mocha_events.ALL + letters_events.ALL + great_bazaar_events.ALL
EVENTS = {cls.TYPE: cls for cls in ALL}
