"""Letters & Seals' events (past tense, v1): frozen records carrying every decided result, as events.py's.

Secret fields (the letter pile's order) are blanked by `view.redact`; letters drawn are laid face up (public).
"""

from __future__ import annotations

from domain.istanbul.frozen import message as _event
from domain.istanbul.goods import NONE, freeze


@_event("letter_pile_shuffled")
class LetterPileShuffled:
    """The letters (set-up) or the spent letters (a reshuffle) became the face-down pile."""

    size: int
    letters: tuple[int, ...]  # top first, place numbers; secret (redacted to ())
    reshuffle: bool = False


@_event("letters_drawn")
class LettersDrawn:
    """`letters` (place numbers) from the top of the pile, face up to `seat`; `owed`: more to draw once the spent
    letters are reshuffled (the pile ran out)."""

    seat: int
    letters: tuple[int, ...]
    owed: int = 0


@_event("letters_delivered")
class LettersDelivered:
    """A figure of the seat stands on these places: its face-up letters for them turn to their back (5.9)."""

    seat: int
    places: tuple[int, ...]  # one entry per letter turned


@_event("embassy_visited")
class EmbassyVisited:
    """Embassy 21: the action was carried out (its letters follow as letters_drawn)."""

    seat: int


@_event("secret_society_joined")
class SecretSocietyJoined:
    """Secret Society 24: letters showing exactly 6 seals spent (face-up ones by place, `sealed` delivered
    ones), the next ruby of `place`'s track taken without its price, `lira` from the stacks (3, 2, 1, then 0)."""

    seat: int
    letters: tuple[int, ...]
    sealed: tuple[int, ...]  # the delivered letters spent (canonically the first in place order)
    place: int
    refilled: bool
    lira: int


@_event("courier_used")
class CourierUsed:
    """The courier: a letter drawn (letters_drawn follows), paid with 2 lira, a face-up letter or a delivered
    one, or nothing with the tavern's encounter tile."""

    seat: int
    lira: int
    letters: tuple[int, ...]  # the face-up letter paid, if any
    sealed: tuple[int, ...]  # the delivered letter paid, if any


@_event("bonus_turn_taken")
class BonusTurnTaken:
    """At the end of its turn the seat spent letters showing 3 or 4 seals and takes a bonus turn now (5.10)."""

    seat: int
    letters: tuple[int, ...]
    sealed: tuple[int, ...]


@_event("auction_house_visited")
class AuctionHouseVisited:
    """Auction House 23: the good taken (`gained` after capacity), the opening bid (None: no auction, R-37)."""

    seat: int
    good: str
    gained: int
    bid: int | None


@_event("bid_placed")
class BidPlaced:
    """A seat's one chance in the auction: a higher bid, or None (passed)."""

    seat: int
    amount: int | None


@_event("auction_won")
class AuctionWon:
    """The auction closed: the winner pays its bid to the auctioneer (to the supply when it is the auctioneer) and
    draws 2 bonus cards (bonus_card_drawn follows; `owed`: cards drawn after the discard pile is reshuffled)."""

    seat: int
    auctioneer: int
    bid: int
    owed: int = 0


@_event("kiosk_tiles_shuffled")
class KioskTilesShuffled:
    """The kiosk tiles (set-up) or their discard pile (a reshuffle) became the face-down stack."""

    size: int
    tiles: tuple[str, ...]  # top first; secret (redacted to ())
    reshuffle: bool = False


@_event("kiosk_visited")
class KioskVisited:
    """Kiosk 22: the seat's letter follows as letters_drawn; `tiles` were turned face up from the stack's top,
    `owed` more are turned up once the discard pile is reshuffled (the stack ran out)."""

    seat: int
    tiles: tuple[str, ...]
    owed: int = 0


@_event("kiosk_tiles_revealed")
class KioskTilesRevealed:
    """After the reshuffle: the tiles a kiosk visit still owed, turned face up."""

    tiles: tuple[str, ...]


@_event("kiosk_tile_chosen")
class KioskTileChosen:
    """A seat chose a face-up kiosk tile and turned it over; `used`: its action was carried out, with every
    result decided here: goods `gained` (after capacity) and `paid`, the lira change, a bonus card, face-up
    `letters` and delivered `sealed` letters paid, an extension (with the wainwright's `ruby`), the companion
    taken into the personal supply, the merchant stack put on the fountain, a die to roll for lira. Cards and
    letters taken follow as bonus_card_drawn / letters_drawn."""

    seat: int
    tile: str
    used: bool
    option: int | None = None
    gained: dict[str, int] = NONE
    paid: dict[str, int] = NONE
    lira: int = 0
    card: str | None = None
    letters: tuple[int, ...] = ()
    sealed: tuple[int, ...] = ()
    extension: bool = False
    ruby: bool = False
    companion: bool = False
    fountain: bool = False
    roll: bool = False

    def __post_init__(self):
        freeze(self, "gained")
        freeze(self, "paid")


@_event("kiosk_die_rolled")
class KioskDieRolled:
    """K16: the seat's die; it takes that many lira."""

    seat: int
    die: int


@_event("companion_brought_in")
class CompanionBroughtIn:
    """At the start of the seat's turn its companion came from the personal supply onto the merchant's place."""

    seat: int
    place: int


@_event("companion_moved")
class CompanionMoved:
    """The seat moves its companion this turn (not the merchant): from `origin` to `place`, `card` (L08) played."""

    seat: int
    origin: int
    place: int
    card: str | None = None


@_event("companion_taken")
class CompanionTaken:
    """Fountain 7: the companion went into the personal supply from the general supply (`origin` -1) or from the
    board (`origin` its place); `action`: this was the fountain action itself (no assistant came back)."""

    seat: int
    origin: int
    action: bool = False


@_event("movement_card_paid")
class MovementCardPaid:
    """L12: the lira paid with the move it allowed (merchant_moved comes first)."""

    seat: int
    card: str
    lira: int


@_event("merchant_joined")
class MerchantJoined:
    """L07 (or L05 copying it): the merchant moved to `owner`'s merchant, which is not paid this turn (every other
    figure there is); merchant_moved comes first."""

    seat: int
    owner: int


@_event("family_member_stepped")
class FamilyMemberStepped:
    """L06: the family member stepped from `origin` to `place` and acts there (no encounters this turn)."""

    seat: int
    card: str
    origin: int
    place: int


@_event("neutral_figure_used")
class NeutralFigureUsed:
    """L09: `figure` used from afar (bonus_card_played comes first, the card or letter taken follows): the good
    taken (`gained` after capacity, coffee for the coffee trader), then the payment: `lira`, a card, a good, a
    face-up or a delivered letter. The figure's relocation roll follows."""

    seat: int
    figure: str
    good: str | None = None
    gained: int = 0
    lira: int = 0
    card: str | None = None
    paid_good: str | None = None
    letters: tuple[int, ...] = ()
    sealed: tuple[int, ...] = ()


@_event("bonus_card_copied")
class BonusCardCopied:
    """L05: the top card of the discard pile, `card`, was carried out (it stays there; L05 was played just before):
    its effect's fields, as bonus_card_played's."""

    seat: int
    card: str
    kind: str
    good: str | None = None
    gained: int = 0
    lira: int = 0
    place: int | None = None
    reward: str | None = None


ALL = (LetterPileShuffled, LettersDrawn, LettersDelivered, EmbassyVisited, SecretSocietyJoined, CourierUsed,
       BonusTurnTaken, AuctionHouseVisited, BidPlaced, AuctionWon, KioskTilesShuffled, KioskVisited,
       KioskTilesRevealed, KioskTileChosen, KioskDieRolled, CompanionBroughtIn, CompanionMoved, CompanionTaken,
       MovementCardPaid, MerchantJoined, FamilyMemberStepped, NeutralFigureUsed, BonusCardCopied)

