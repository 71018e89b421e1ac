"""Commands (imperative): frozen dataclasses, first field `seat`, class attribute TYPE = wire name.

Every field states its meaning and range as `Annotated[T, Doc(...)]` (read by the generated API description; the
codec reads the plain type). Goods are named by colour ("red", "green", "yellow", "blue"); goods amounts are
mappings good -> count (goods.Goods: zero counts left out, so each command has one spelling).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated

from domain.core import Doc
from domain.istanbul.data import (
    BLACK_MARKET_GOODS,
    GOODS,
    MAX_SEATS,
    MOSQUE_TILES,
    POLICE_STATION,
    TILE_COLOURS,
)
from domain.istanbul.docs import CARD_IDS, COUNTS, GOODS_AND_COFFEE, MOVEMENT_CARDS, PLACE, SEAT
from domain.istanbul.frozen import record
from domain.istanbul.goods import NONE, freeze
from domain.istanbul.great_bazaar import commands as great_bazaar_commands
from domain.istanbul.letters_seals import commands as letters_commands
from domain.istanbul.mocha_baksheesh import commands as mocha_commands

SINGLE_GOODS = BLACK_MARKET_GOODS
USABLE_TILES = tuple(t for t in TILE_COLOURS if MOSQUE_TILES[t][1] != "fifth_assistant")  # blue acts when taken


# --- phase 1 and 2: movement, assistant step, paying merchants, ending the turn ------------------------------
@record
class Move:
    """Move the merchant stack to `place`; `card` names a movement bonus card used instead (B08 stay, B09 3-4,
    M07 a corner, L07 an opponent's merchant's place, L12 anywhere; L05 carrying out the discard pile's top card
    when that is one of them); `joined`: with L07, the opponent whose merchant is joined (not paid), when two or
    more opponents' merchants stand there."""

    TYPE = "move"
    seat: Annotated[int, SEAT]
    place: Annotated[int, Doc("the destination place's number: 1-2 steps away (with the tavern's movement tile "
                              "also any place in a straight line); with B09 3-4 steps; with M07 a corner place; "
                              "with B08 the merchant's own place; never across the barrier unless the seat holds "
                              "the barrier tile", minimum=PLACE.minimum, maximum=PLACE.maximum)]
    card: Annotated[str | None, Doc("null for a normal move, or the movement card played instead: B08 (stay), "
                                    "B09 (3-4 steps), M07 (a corner), L07 (an opponent's merchant's place) or L12 "
                                    "(any place, 3 lira); or L05 when the discard pile's top card is one of them",
                                    choices=MOVEMENT_CARDS)] = None
    joined: Annotated[int | None, Doc("with L07 (or L05 copying it): the seat whose merchant is joined and not "
                                      "paid, when two or more opponents' merchants stand at the place (null when "
                                      "there is only one, and for every other move)", minimum=0,
                                      maximum=MAX_SEATS - 1)] = None


@record
class LeaveAssistant:
    TYPE = "leave_assistant"
    seat: Annotated[int, SEAT]


@record
class PickUpAssistant:
    TYPE = "pick_up_assistant"
    seat: Annotated[int, SEAT]
    neutral: Annotated[bool, Doc("true: pick up a neutral assistant standing here (variant neutral_assistants) "
                                 "instead of the seat's own")] = False


@record
class PayMerchants:
    TYPE = "pay_merchants"
    seat: Annotated[int, SEAT]


@record
class EndTurn:
    """End the turn now (refusing the assistant step or the payment ends it at once; after the final round:
    done playing cards)."""

    TYPE = "end_turn"
    seat: Annotated[int, SEAT]


# --- phase 3: place actions ----------------------------------------------------------------------------------
@record
class BuyExtension:  # Wainwright 1
    TYPE = "buy_extension"
    seat: Annotated[int, SEAT]


@record
class FillGoods:  # Warehouses 2, 3, 4
    TYPE = "fill_goods"
    seat: Annotated[int, SEAT]


@record
class CollectMail:  # Post Office 5
    TYPE = "collect_mail"
    seat: Annotated[int, SEAT]


@record
class DrawBonusCard:  # Caravansary 6: source "deck" or "discard"
    TYPE = "draw_bonus_card"
    seat: Annotated[int, SEAT]
    source: Annotated[str, Doc("where the card comes from: the face-down deck or the top of the face-up discard "
                               "pile", choices=("deck", "discard"))]


@record
class DiscardBonusCard:  # Caravansary 6, after drawing two
    TYPE = "discard_bonus_card"
    seat: Annotated[int, SEAT]
    card: Annotated[str, Doc("the bonus card id to discard from hand", choices=CARD_IDS)]


@record
class ReturnAssistants:  # Fountain 7: the places to bring own assistants back from
    TYPE = "return_assistants"
    seat: Annotated[int, SEAT]
    places: Annotated[tuple[int, ...], Doc("the places (ascending, each once, at least one) whose own assistant "
                                           "comes back to the merchant", minimum=PLACE.minimum,
                                           maximum=PLACE.maximum)]


@record
class VisitBlackMarket:
    """Black Market 8: the red, green or yellow good, then roll; `good` None: roll first, take the good after
    the roll (take_black_market_good)."""

    TYPE = "visit_black_market"
    seat: Annotated[int, SEAT]
    good: Annotated[str | None, Doc("the single good taken before the roll, or null to roll first and take it "
                                    "after (take_black_market_good)", choices=SINGLE_GOODS)] = None


@record
class TakeBlackMarketGood:  # Black Market 8, rolled first: the red, green or yellow good after the roll
    TYPE = "take_black_market_good"
    seat: Annotated[int, SEAT]
    good: Annotated[str, Doc("the black market's single good, taken after the roll", choices=SINGLE_GOODS)]


@record
class VisitTeaHouse:  # Tea House 9: announce 3..12, then roll
    TYPE = "visit_tea_house"
    seat: Annotated[int, SEAT]
    number: Annotated[int, Doc("the announced number: a roll of at least it pays it in lira, else 2 lira",
                               minimum=3, maximum=12)]


@record
class AcceptRoll:  # keep the dice (declining the red mosque tile)
    TYPE = "accept_roll"
    seat: Annotated[int, SEAT]


@record
class SellGoods:  # Markets 10 / 11
    TYPE = "sell_goods"
    seat: Annotated[int, SEAT]
    goods: Annotated[dict[str, int], Doc("goods sold (1-5 in all, as pictured on the market's top demand tile "
                                         "unless B07 was played): " + COUNTS.text, minimum=0, maximum=5,
                                         choices=GOODS)]

    def __post_init__(self):
        freeze(self, "goods")


@record
class SendFamilyMember:  # Police Station 12
    TYPE = "send_family_member"
    seat: Annotated[int, SEAT]
    place: Annotated[int, Doc(f"where the family member goes to act (any place but the police station "
                              f"{POLICE_STATION})", minimum=PLACE.minimum, maximum=PLACE.maximum)]


@record
class DeliverToSultan:  # Sultan's Palace 13: the goods paid on the "any" fields
    TYPE = "deliver_to_sultan"
    seat: Annotated[int, SEAT]
    any_goods: Annotated[dict[str, int], Doc("the goods delivered on the uncovered \"any\" fields (as many as "
                                             "there are such fields): " + COUNTS.text, minimum=0, maximum=2,
                                             choices=GOODS)] = NONE

    def __post_init__(self):
        freeze(self, "any_goods")


@record
class TakeMosqueTile:  # Mosques 14 / 15
    TYPE = "take_mosque_tile"
    seat: Annotated[int, SEAT]
    tile: Annotated[str, Doc("the mosque tile by colour: red and green at the small mosque 14, yellow and blue at "
                             "the great mosque 15", choices=TILE_COLOURS)]


@record
class BuyRuby:  # Gemstone Dealer 16
    TYPE = "buy_ruby"
    seat: Annotated[int, SEAT]


# --- phase 4: encounters -------------------------------------------------------------------------------------
@record
class CatchFamilyMember:
    """reward "card" (1 bonus card) or "lira" (3 lira)."""

    TYPE = "catch_family_member"
    seat: Annotated[int, SEAT]
    owner: Annotated[int, Doc("the seat whose family member is caught here", minimum=0, maximum=MAX_SEATS - 1)]
    reward: Annotated[str, Doc("card: draw 1 bonus card; lira: take 3 lira", choices=("card", "lira"))]


@record
class UseGovernor:
    TYPE = "use_governor"
    seat: Annotated[int, SEAT]


@record
class PayGovernor:
    """card None: pay 2 lira; else discard that card."""

    TYPE = "pay_governor"
    seat: Annotated[int, SEAT]
    card: Annotated[str | None, Doc("null: pay 2 lira; else the bonus card id discarded from hand (the one just "
                                    "drawn allowed)", choices=CARD_IDS)] = None


@record
class UseSmuggler:
    """Take `good`; pay "lira" (2 lira) or a good's colour (1 good, the new one allowed), or "free" with the
    tavern's encounter tile."""

    TYPE = "use_smuggler"
    seat: Annotated[int, SEAT]
    good: Annotated[str, Doc("the good taken from the smuggler", choices=GOODS)]
    pay: Annotated[str, Doc("\"lira\" (2 lira) or the colour of the good given (the new one allowed); \"free\" "
                            "with the tavern's encounter tile (then nothing else)",
                            choices=("lira",) + GOODS + ("free",))]


# --- any time: bonus cards and mosque tiles ------------------------------------------------------------------
@record
class PlayBonusCard:
    """`good` for gain_good, `place` for return_assistant, `reward` ("card"/"lira") for family_to_police."""

    TYPE = "play_bonus_card"
    seat: Annotated[int, SEAT]
    card: Annotated[str, Doc("the bonus card id played from hand (B08, B09 and M07 go with move, M06 with "
                             "turn_die_to_six)", choices=CARD_IDS)]
    good: Annotated[str | None, Doc("B01: the good taken; L03: the good paid (coffee too, in the Great Bazaar); else "
                                    "null", choices=GOODS_AND_COFFEE)] = None
    place: Annotated[int | None, Doc("B10: the place whose own assistant comes back; else null",
                                     minimum=PLACE.minimum, maximum=PLACE.maximum)] = None
    reward: Annotated[str | None, Doc("B06: card (draw 1 bonus card) or lira (3 lira); else null",
                                      choices=("card", "lira"))] = None


@record
class UseMosqueTile:
    """red: `die` 0/1 turned to 4, or `reroll`; green: `good` bought for 2 lira at a warehouse;
    yellow: `place` whose assistant comes back for 2 lira."""

    TYPE = "use_mosque_tile"
    seat: Annotated[int, SEAT]
    tile: Annotated[str, Doc("the owned mosque tile used: red (after a roll), green (after a warehouse action), "
                             "yellow (once per turn)", choices=USABLE_TILES)]
    good: Annotated[str | None, Doc("green: the good bought for 2 lira; else null", choices=GOODS)] = None
    place: Annotated[int | None, Doc("yellow: the other place whose own assistant comes back for 2 lira; "
                                     "else null", minimum=PLACE.minimum, maximum=PLACE.maximum)] = None
    die: Annotated[int | None, Doc("red: the die (0 = first, 1 = second) turned to 4; null when rerolling",
                                   minimum=0, maximum=1)] = None
    reroll: Annotated[bool, Doc("red: true to reroll both dice instead of turning one")] = False


ALL = (
    Move, LeaveAssistant, PickUpAssistant, PayMerchants, EndTurn,
    BuyExtension, FillGoods, CollectMail, DrawBonusCard, DiscardBonusCard, ReturnAssistants, VisitBlackMarket,
    TakeBlackMarketGood, VisitTeaHouse, AcceptRoll, SellGoods, SendFamilyMember, DeliverToSultan, TakeMosqueTile,
    BuyRuby,
    CatchFamilyMember, UseGovernor, PayGovernor, UseSmuggler, PlayBonusCard, UseMosqueTile,
) + mocha_commands.ALL + letters_commands.ALL + great_bazaar_commands.ALL
COMMANDS = {cls.TYPE: cls for cls in ALL}


@lru_cache(maxsize=1 << 16)
def once(cls, *fields):
    """The command `cls(*fields)` (every field, in order), built once: commands are immutable values, and listing
    the same ones over and over is where random play and tree search spend their time (a frozen dataclass is slow
    to build). The cache holds values only, never state."""
    return cls(*fields)
