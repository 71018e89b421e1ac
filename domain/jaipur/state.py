"""The match as frozen data. A match is a sequence of rounds; its phase is one of four types:

`ChoosingFirstPlayer` (round 1's starter is drawn by lot) -> `Dealing` (a round's deck shuffle is due)
-> `Round` (set-up finishes while its bonus piles are shuffled one tier at a time, then play) -> back to
`Dealing` after each round, or `MatchOver`. The last round's final position travels along (`Dealing.
previous_round`, `MatchOver.final_round`) so that the finished match can still be drawn.

Multisets of cards (hands, the cards of a command) are tuples sorted by name. Market places are slots
(R-13: cosmetic): `None` marks a slot a failed refill left empty at the end of a round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from domain.jaipur.components import BONUS_TIERS


@dataclass(frozen=True)
class Options:
    """Rulings that are configurable (rules reference section 9); defaults are the proposed rulings."""

    residual_tie: str = "no_seal_replay"  # R-15; or "seal_to_non_starter"
    deck_end_trigger: str = "failed_refill"  # R-01; or "deck_empty_immediately"
    allow_sale_into_empty_pile: bool = True
    bonus_when_tier_empty: str = "none"  # R-05 (the only value)
    owner_sees_own_bonus_values: bool = True
    opponent_sees_hand_size: bool = True
    opponent_sees_herd_size: bool = True  # R-19 as the German rulebook has it; hidden only with the hand size
    safety_cap_turns_without_progress: int | None = None  # R-22 (self-play only)
    first_player: int | None = None  # explicit starter instead of the lot


@dataclass(frozen=True)
class GoodsToken:
    good: str
    value: int


@dataclass(frozen=True)
class BonusToken:
    tier: str
    value: int


@dataclass(frozen=True)
class Player:
    """One seat's round holdings: Hand (goods cards), Herd (camels), collected tokens."""

    hand: tuple[str, ...] = ()
    herd: int = 0
    goods_tokens: tuple[GoodsToken, ...] = ()
    bonus_tokens: tuple[BonusToken, ...] = ()


@dataclass(frozen=True)
class Round:
    number: int
    starter: int
    to_move: int
    market: tuple[str | None, ...]
    deck: tuple[str, ...]  # index 0 = top
    discard: tuple[str, ...]  # in the order sold
    players: tuple[Player, ...]
    goods_piles: tuple[tuple[int, ...], ...]  # GOODS order; index 0 = top
    bonus_piles: tuple[tuple[int, ...], ...] = ()  # BONUS_TIERS order; fills during set-up
    idle_turns: int = 0  # consecutive turns without a draw or a sale

    @property
    def is_set_up(self) -> bool:
        return len(self.bonus_piles) == len(BONUS_TIERS)


@dataclass(frozen=True)
class RoundResult:
    number: int
    starter: int
    reason: str  # "goods_piles" | "deck"
    camel_token: int | None
    totals: tuple[int, ...]
    bonus_counts: tuple[int, ...]
    goods_counts: tuple[int, ...]
    bonus_values: tuple[tuple[int, ...], ...]
    winner: int | None


@dataclass(frozen=True)
class ChoosingFirstPlayer:
    pass


@dataclass(frozen=True)
class Dealing:
    number: int
    starter: int
    previous_round: Round | None = None  # the round just scored, as it ended (kept for the final board)


@dataclass(frozen=True)
class MatchOver:
    winners: tuple[int, ...]
    aborted: bool = False
    forfeited_by: int | None = None
    final_round: Round | None = None  # the last round as the match left it (None if none was dealt)


Phase = Union[ChoosingFirstPlayer, Dealing, Round, MatchOver]


@dataclass(frozen=True)
class Match:
    options: Options
    seals: tuple[int, ...]
    rounds: tuple[RoundResult, ...]
    phase: Phase
