"""Round scoring (rules 5), the next starter (R-15, R-17) and the end of the match (rules 6)."""

from __future__ import annotations

from domain.jaipur.components import CAMEL_TOKEN_VALUE, SEALS_TO_WIN
from domain.jaipur.events import MatchWon, RoundEnded, SealAwarded
from domain.jaipur.state import Match, Options, Round


def camel_token_owner(round_: Round) -> int | None:
    """The seat with strictly more camels in its herd; nobody on equal herds."""
    a, b = (p.herd for p in round_.players)
    if a == b:
        return None
    return 0 if a > b else 1


def score_round(round_: Round, reason: str, options: Options) -> RoundEnded:
    camel = camel_token_owner(round_)
    totals = tuple(
        sum(t.value for t in p.goods_tokens)
        + sum(t.value for t in p.bonus_tokens)
        + (CAMEL_TOKEN_VALUE if camel == seat else 0)
        for seat, p in enumerate(round_.players)
    )
    bonus_counts = tuple(len(p.bonus_tokens) for p in round_.players)
    goods_counts = tuple(len(p.goods_tokens) for p in round_.players)
    # winner order: total (camel token included, R-28), then bonus-token count, then goods-token count;
    # the camel token counts in neither
    keys = [(totals[s], bonus_counts[s], goods_counts[s]) for s in (0, 1)]
    winner: int | None = None
    if keys[0] != keys[1]:
        winner = 0 if keys[0] > keys[1] else 1
    elif options.residual_tie == "seal_to_non_starter":
        winner = 1 - round_.starter
    # the loser starts the next round; after a residual tie with no seal, the non-starter
    next_starter = 1 - winner if winner is not None else 1 - round_.starter
    return RoundEnded(
        round=round_.number,
        reason=reason,
        camel_token=camel,
        totals=totals,
        bonus_counts=bonus_counts,
        goods_counts=goods_counts,
        bonus_values=tuple(tuple(t.value for t in p.bonus_tokens) for p in round_.players),
        winner=winner,
        next_starter=next_starter,
    )


def seal_events(match: Match, winner: int | None) -> list:
    if winner is None:
        return []
    seals = match.seals[winner] + 1
    events: list = [SealAwarded(seat=winner, seals=seals)]
    if seals >= SEALS_TO_WIN:
        events.append(MatchWon(seat=winner))
    return events
