"""Letters & Seals' commands (imperative), documented like commands.py's: each field's meaning and range as
`Annotated[T, Doc(...)]`. Letters are named by the place number on their front; delivered letters (their backs
look alike) by how many."""

from __future__ import annotations

from typing import Annotated

from domain.core import Doc
from domain.istanbul.data import GOODS
from domain.istanbul.docs import CARD_IDS, GOODS_AND_COFFEE, SEAT
from domain.istanbul.frozen import message
from domain.istanbul.letters_seals.data import KIOSK_TILE_IDS, SECRET_SOCIETY_TRACKS

LETTERS = Doc("face-up letters given up, by the place number on each (one entry per letter), ascending",
              minimum=1, maximum=25)
SEALED = Doc("delivered letters (2 seals each) given up", minimum=0, maximum=36)


@message("visit_embassy")
class VisitEmbassy:
    """Embassy 21: take 2 letters, face up."""

    seat: Annotated[int, SEAT]


@message("join_secret_society")
class JoinSecretSociety:
    """Secret Society 24: give up letters showing exactly 6 seals, take the next ruby of `place`'s track without
    paying its price (and, the first time this player joins, the 3, 2 or 1 lira stack while one is left)."""

    seat: Annotated[int, SEAT]
    letters: Annotated[tuple[int, ...], LETTERS]
    sealed: Annotated[int, SEALED]
    place: Annotated[int, Doc("the track the ruby comes from: 13 Sultan's Palace, 16 Gemstone Dealer, 20 Coffee "
                              "House (the Great Bazaar only)", choices=SECRET_SOCIETY_TRACKS)]


@message("use_courier")
class UseCourier:
    """Take 1 letter from the courier; pay 2 lira or 1 own letter, or nothing with the tavern's encounter tile."""

    seat: Annotated[int, SEAT]
    pay: Annotated[str, Doc("\"lira\" (2 lira), \"letter\" (the face-up letter `letter`), \"sealed\" (a delivered "
                            "letter), \"drawn\" (the letter just taken from the courier, given straight back) or "
                            "\"free\" (the tavern's encounter tile)",
                            choices=("lira", "letter", "sealed", "drawn", "free"))]
    letter: Annotated[int | None, Doc("pay=letter: the place number of the face-up letter given (the one just "
                                      "taken may be it); else null", minimum=1, maximum=25)] = None


@message("take_bonus_turn")
class TakeBonusTurn:
    """At the end of the turn: give up letters showing 3 or 4 seals and take a bonus turn at once (at most one
    per round; a bonus turn earns none)."""

    seat: Annotated[int, SEAT]
    letters: Annotated[tuple[int, ...], LETTERS]
    sealed: Annotated[int, SEALED]


ALL = (VisitEmbassy, JoinSecretSociety, UseCourier, TakeBonusTurn)


@message("visit_auction_house")
class VisitAuctionHouse:
    """Auction House 23: take 1 good (not coffee), then open the auction of 2 bonus cards with a bid of at least
    1 lira (null only with no lira: then no auction, R-37)."""

    seat: Annotated[int, SEAT]
    good: Annotated[str, Doc("the good taken", choices=GOODS)]
    bid: Annotated[int | None, Doc("the opening bid in lira (1 to the lira held), or null with no lira",
                                   minimum=1)] = None


@message("bid")
class Bid:
    """Auction House 23, the seat whose turn in the auction it is: bid higher than the current bid (at most the
    lira held) or pass (null). Each other seat once in turn order, the auctioneer last."""

    seat: Annotated[int, SEAT]
    amount: Annotated[int | None, Doc("the new bid in lira, above the current one; null: pass", minimum=2)] = None


ALL = ALL + (VisitAuctionHouse, Bid)


@message("visit_kiosk")
class VisitKiosk:
    """Kiosk 22: take 1 letter, face up, and reveal 1 kiosk tile more than there are players; then each seat in
    turn, this one first, chooses a tile (choose_kiosk_tile), and this seat also the last one left."""

    seat: Annotated[int, SEAT]


@message("choose_kiosk_tile")
class ChooseKioskTile:
    """Kiosk 22, the seat whose choice is awaited: take one of the face-up tiles, carry out its action or not
    (`use`), and turn it over. The fields after `use` answer the tile's own choices; null where it has none."""

    seat: Annotated[int, SEAT]
    tile: Annotated[str, Doc("a face-up kiosk tile, K01-K24 (rules 7.7)", choices=KIOSK_TILE_IDS)]
    use: Annotated[bool, Doc("true: carry out the tile's action; false: only turn it over")] = False
    option: Annotated[int | None, Doc("K13, K14, K20-K24: the branch taken, 0 the first printed (pay ... and take "
                                      "...), 1 the second; else null", minimum=0, maximum=1)] = None
    good: Annotated[str | None, Doc("the good (coffee too, in the Great Bazaar) the branch pays or takes by "
                                    "choice; else null", choices=GOODS_AND_COFFEE)] = None
    letter: Annotated[int | None, Doc("the letter the branch pays: the place number of a face-up letter, or 0 for "
                                      "a delivered one (their backs look alike); else null",
                                      minimum=0, maximum=25)] = None
    card: Annotated[str | None, Doc("the bonus card in hand the branch pays; else null", choices=CARD_IDS)] = None


ALL = ALL + (VisitKiosk, ChooseKioskTile)


@message("bring_in_companion")
class BringInCompanion:
    """At the start of the own turn: put the companion from the personal supply onto the merchant's place, free
    even where other figures stand (5.2, R-32)."""

    seat: Annotated[int, SEAT]


@message("move_companion")
class MoveCompanion:
    """Instead of moving the merchant: move the companion exactly 1 step (2 with L08); it needs no assistant, pays
    and is paid like a merchant, acts and meets the figures there (5.7, R-30)."""

    seat: Annotated[int, SEAT]
    place: Annotated[int, Doc("the destination: an orthogonal neighbour of the companion's place (2 steps away "
                              "with L08)", minimum=1, maximum=25)]
    card: Annotated[str | None, Doc("null, or L08 (2 steps instead of 1) played with the move",
                                    choices=CARD_IDS)] = None


@message("take_companion")
class TakeCompanion:
    """Fountain 7: take the companion into the personal supply: the first fountain action takes it from the
    general supply (carried out alone when no assistant comes back), a later one may take it back from the
    board (5.7, R-31)."""

    seat: Annotated[int, SEAT]


ALL = ALL + (BringInCompanion, MoveCompanion, TakeCompanion)


@message("step_family_member")
class StepFamilyMember:
    """L06, instead of the turn's move of merchant or companion: the family member steps to an orthogonal
    neighbour (never from or into the police station) and carries out that place's action, without encounters."""

    seat: Annotated[int, SEAT]
    place: Annotated[int, Doc("an orthogonal neighbour of the family member's place, not the police station 12",
                              minimum=1, maximum=25)]
    card: Annotated[str, Doc("the L06 card played", choices=CARD_IDS)]


@message("use_neutral_figure")
class UseNeutralFigure:
    """L09: use a neutral figure wherever it stands, pay its cost (the tavern's encounter tile does not waive it,
    R-41), then it is relocated by dice."""

    seat: Annotated[int, SEAT]
    card: Annotated[str, Doc("the L09 card played", choices=CARD_IDS)]
    figure: Annotated[str, Doc("the figure used", choices=("governor", "smuggler", "courier", "coffee_trader"))]
    pay: Annotated[str, Doc("the payment: \"lira\" (2 lira); the governor: a bonus card id in hand or \"drawn\" (the "
                            "card just drawn); the smuggler or coffee trader: a good's colour; the courier: "
                            "\"letter\" (the face-up letter `letter`), \"sealed\" (a delivered one) or \"drawn\" "
                            "(the letter just drawn)")]
    good: Annotated[str | None, Doc("the smuggler: the good taken; else null", choices=GOODS)] = None
    letter: Annotated[int | None, Doc("pay=letter: the face-up letter's place number; else null",
                                      minimum=1, maximum=25)] = None


ALL = ALL + (StepFamilyMember, UseNeutralFigure)

