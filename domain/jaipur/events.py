"""What happened, past tense. Events carry every decided result (slots, token values, scores) so
`evolve` only applies them. Fields that `redact` may hide from a seat are Optional: a redacted copy keeps
its TYPE and puts None where the seat may not look."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FirstPlayerDrawn:
    """Round 1's starter, drawn by lot (R-16)."""

    TYPE = "first_player_drawn"
    V = 1
    seat: int


@dataclass(frozen=True)
class RoundDealt:
    """The shuffled 52 cards dealt per R-24. `hands` are goods only (name-sorted), dealt camels went to
    `herds`; `market` holds the 3 set-up camels then the 2 drawn cards; `deck` is the rest, top first.
    Each seat was dealt 5 cards: hand size + herd = 5, so a hand size gives the herd away and vice versa.
    Redacted: the other seat's hand, the deck order, and (per the options) the other seat's herd and hand
    size are None."""

    TYPE = "round_dealt"
    V = 1
    round: int
    starter: int
    market: tuple[str, ...]
    hand_sizes: tuple[int | None, ...]
    hands: tuple[tuple[str, ...] | None, ...]
    herds: tuple[int | None, ...]
    deck_size: int
    deck: tuple[str, ...] | None
    herds_public: bool = False  # option opponent_sees_herd_size: both herds shown to everyone
    # option opponent_sees_hand_size: both hand sizes shown to everyone. Events written before the
    # option existed lack the field: hand sizes were always public then, hence the default.
    hand_sizes_public: bool = True


@dataclass(frozen=True)
class BonusPileShuffled:
    """One tier's bonus tokens stacked face down, top first. Redacted: `values` is None for every seat."""

    TYPE = "bonus_pile_shuffled"
    V = 1
    round: int
    tier: str
    count: int
    values: tuple[int, ...] | None


@dataclass(frozen=True)
class GoodsExchanged:
    """`take` went from the market to the hand; `give` (hand goods) and `camels` (from the herd) filled
    the freed slots in ascending slot order, goods first; `market` is the market afterwards."""

    TYPE = "goods_exchanged"
    V = 1
    seat: int
    take: tuple[str, ...]
    give: tuple[str, ...]
    camels: int
    market: tuple[str | None, ...]


@dataclass(frozen=True)
class GoodTaken:
    TYPE = "good_taken"
    V = 1
    seat: int
    good: str
    slot: int


@dataclass(frozen=True)
class CamelsTaken:
    TYPE = "camels_taken"
    V = 1
    seat: int
    count: int
    slots: tuple[int, ...]


@dataclass(frozen=True)
class GoodsSold:
    """`count` cards of `good` discarded for the top `tokens` of its pile and, if a bonus token was
    received, the top token of `bonus_tier`. Redacted: `bonus` is None for a seat that may not see it."""

    TYPE = "goods_sold"
    V = 1
    seat: int
    good: str
    count: int
    tokens: tuple[int, ...]
    bonus_tier: str | None
    bonus: int | None
    bonus_secret_from_seller: bool = False  # option owner_sees_own_bonus_values false


@dataclass(frozen=True)
class MarketRefilled:
    """`cards` drawn from the top of the deck into `slots` (ascending); `deck_size` left afterwards."""

    TYPE = "market_refilled"
    V = 1
    cards: tuple[str, ...]
    slots: tuple[int, ...]
    deck_size: int


@dataclass(frozen=True)
class RoundEnded:
    """Round scoring (rules section 5): bonus values are revealed; `winner` is None on a residual tie
    (R-15); `next_starter` starts the next round, if any."""

    TYPE = "round_ended"
    V = 1
    round: int
    reason: str  # "goods_piles" | "deck"
    camel_token: int | None
    totals: tuple[int, ...]
    bonus_counts: tuple[int, ...]
    goods_counts: tuple[int, ...]
    bonus_values: tuple[tuple[int, ...], ...]
    winner: int | None
    next_starter: int


@dataclass(frozen=True)
class SealAwarded:
    TYPE = "seal_awarded"
    V = 1
    seat: int
    seals: int


@dataclass(frozen=True)
class MatchWon:
    TYPE = "match_won"
    V = 1
    seat: int


@dataclass(frozen=True)
class MatchForfeited:
    """`seat` forfeited (its clock ran out under the forfeit policy): the match ends, the other seat wins."""

    TYPE = "match_forfeited"
    V = 1
    seat: int


@dataclass(frozen=True)
class MatchAborted:
    """Self-play safety cap (R-22): too many turns in a row without a draw or a sale. Not a result."""

    TYPE = "match_aborted"
    V = 1
    round: int
    idle_turns: int


EVENTS = {
    cls.TYPE: cls
    for cls in (
        FirstPlayerDrawn,
        RoundDealt,
        BonusPileShuffled,
        GoodsExchanged,
        GoodTaken,
        CamelsTaken,
        GoodsSold,
        MarketRefilled,
        RoundEnded,
        SealAwarded,
        MatchWon,
        MatchForfeited,
        MatchAborted,
    )
}
