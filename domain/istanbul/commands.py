"""Commands (imperative): frozen dataclasses, first field `seat`, class attribute TYPE = wire name.

Goods are named by colour ("red", "green", "yellow", "blue"); goods counts are (red, green, yellow, blue).
"""

from __future__ import annotations

from dataclasses import dataclass


# --- phase 1 and 2: movement, assistant step, paying merchants, ending the turn ------------------------------
@dataclass(frozen=True)
class Move:
    """Move the merchant stack to `place`; `card` names a movement bonus card used instead (B08 stay, B09 3-4)."""

    TYPE = "move"
    seat: int
    place: int
    card: str | None = None


@dataclass(frozen=True)
class LeaveAssistant:
    TYPE = "leave_assistant"
    seat: int


@dataclass(frozen=True)
class PickUpAssistant:
    TYPE = "pick_up_assistant"
    seat: int
    neutral: bool = False


@dataclass(frozen=True)
class PayMerchants:
    TYPE = "pay_merchants"
    seat: int


@dataclass(frozen=True)
class EndTurn:
    """End the turn now (refusing the assistant step or the payment ends it at once; after the final round:
    done playing cards)."""

    TYPE = "end_turn"
    seat: int


# --- phase 3: place actions ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class BuyExtension:  # Wainwright 1
    TYPE = "buy_extension"
    seat: int


@dataclass(frozen=True)
class FillGoods:  # Warehouses 2, 3, 4
    TYPE = "fill_goods"
    seat: int


@dataclass(frozen=True)
class CollectMail:  # Post Office 5
    TYPE = "collect_mail"
    seat: int


@dataclass(frozen=True)
class DrawBonusCard:  # Caravansary 6: source "deck" or "discard"
    TYPE = "draw_bonus_card"
    seat: int
    source: str


@dataclass(frozen=True)
class DiscardBonusCard:  # Caravansary 6, after drawing two
    TYPE = "discard_bonus_card"
    seat: int
    card: str


@dataclass(frozen=True)
class ReturnAssistants:  # Fountain 7: the places to bring own assistants back from
    TYPE = "return_assistants"
    seat: int
    places: tuple[int, ...]


@dataclass(frozen=True)
class VisitBlackMarket:
    """Black Market 8: the red, green or yellow good, then roll; `good` None: roll first, take the good after
    the roll (take_black_market_good)."""

    TYPE = "visit_black_market"
    seat: int
    good: str | None = None


@dataclass(frozen=True)
class TakeBlackMarketGood:  # Black Market 8, rolled first: the red, green or yellow good after the roll
    TYPE = "take_black_market_good"
    seat: int
    good: str


@dataclass(frozen=True)
class VisitTeaHouse:  # Tea House 9: announce 3..12, then roll
    TYPE = "visit_tea_house"
    seat: int
    number: int


@dataclass(frozen=True)
class AcceptRoll:  # keep the dice (declining the red mosque tile)
    TYPE = "accept_roll"
    seat: int


@dataclass(frozen=True)
class SellGoods:  # Markets 10 / 11: counts (red, green, yellow, blue)
    TYPE = "sell_goods"
    seat: int
    goods: tuple[int, int, int, int]


@dataclass(frozen=True)
class SendFamilyMember:  # Police Station 12
    TYPE = "send_family_member"
    seat: int
    place: int


@dataclass(frozen=True)
class DeliverToSultan:  # Sultan's Palace 13: the goods paid on the "any" fields
    TYPE = "deliver_to_sultan"
    seat: int
    any_goods: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass(frozen=True)
class TakeMosqueTile:  # Mosques 14 / 15
    TYPE = "take_mosque_tile"
    seat: int
    tile: str


@dataclass(frozen=True)
class BuyRuby:  # Gemstone Dealer 16
    TYPE = "buy_ruby"
    seat: int


# --- phase 4: encounters -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CatchFamilyMember:
    """reward "card" (1 bonus card) or "lira" (3 lira)."""

    TYPE = "catch_family_member"
    seat: int
    owner: int
    reward: str


@dataclass(frozen=True)
class UseGovernor:
    TYPE = "use_governor"
    seat: int


@dataclass(frozen=True)
class PayGovernor:
    """card None: pay 2 lira; else discard that card."""

    TYPE = "pay_governor"
    seat: int
    card: str | None = None


@dataclass(frozen=True)
class UseSmuggler:
    """Take `good`; pay "lira" (2 lira) or a good's colour (1 good, the new one allowed)."""

    TYPE = "use_smuggler"
    seat: int
    good: str
    pay: str


# --- any time: bonus cards and mosque tiles ------------------------------------------------------------------
@dataclass(frozen=True)
class PlayBonusCard:
    """`good` for gain_good, `place` for return_assistant, `reward` ("card"/"lira") for family_to_police."""

    TYPE = "play_bonus_card"
    seat: int
    card: str
    good: str | None = None
    place: int | None = None
    reward: str | None = None


@dataclass(frozen=True)
class UseMosqueTile:
    """red: `die` 0/1 turned to 4, or `reroll`; green: `good` bought for 2 lira at a warehouse;
    yellow: `place` whose assistant comes back for 2 lira."""

    TYPE = "use_mosque_tile"
    seat: int
    tile: str
    good: str | None = None
    place: int | None = None
    die: int | None = None
    reroll: bool = False


ALL = (
    Move, LeaveAssistant, PickUpAssistant, PayMerchants, EndTurn,
    BuyExtension, FillGoods, CollectMail, DrawBonusCard, DiscardBonusCard, ReturnAssistants, VisitBlackMarket,
    TakeBlackMarketGood, VisitTeaHouse, AcceptRoll, SellGoods, SendFamilyMember, DeliverToSultan, TakeMosqueTile, BuyRuby,
    CatchFamilyMember, UseGovernor, PayGovernor, UseSmuggler, PlayBonusCard, UseMosqueTile,
)
COMMANDS = {cls.TYPE: cls for cls in ALL}
