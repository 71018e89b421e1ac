"""evolve(state, event) -> state: applies what decide decided. Pure, total, never validates. States are copied with
`core.copied` (no __init__ re-run: replay speed)."""

from __future__ import annotations

from domain.core import copied, folded_once
from domain.jaipur import hand
from domain.jaipur.events import (
    BonusPileShuffled,
    CamelsTaken,
    FirstPlayerDrawn,
    GoodsExchanged,
    GoodsSold,
    GoodTaken,
    MarketRefilled,
    MatchAborted,
    MatchForfeited,
    MatchWon,
    RoundDealt,
    RoundEnded,
    SealAwarded,
)
from domain.jaipur.market import vacate
from domain.jaipur.selling import GOODS_INDEX, TIER_INDEX
from domain.jaipur.setup import new_round
from domain.jaipur.state import BonusToken, Dealing, GoodsToken, Match, MatchOver, Round, RoundResult


@folded_once
def evolve(state: Match, event) -> Match:
    apply = _APPLY.get(type(event))
    return apply(state, event) if apply is not None else state


def _round(state: Match, round_: Round) -> Match:
    return copied(state, phase=round_)


def _seat(round_: Round, seat: int, **changes) -> tuple:
    players = list(round_.players)
    players[seat] = copied(players[seat], **changes)
    return tuple(players)


def apply_first_player_drawn(state: Match, event: FirstPlayerDrawn) -> Match:
    return copied(state, phase=Dealing(1, event.seat))


def apply_round_dealt(state: Match, event: RoundDealt) -> Match:
    return _round(state, new_round(event))


def apply_bonus_pile_shuffled(state: Match, event: BonusPileShuffled) -> Match:
    r = state.phase
    return _round(state, copied(r, bonus_piles=r.bonus_piles + (event.values or (),)))


def apply_goods_exchanged(state: Match, event: GoodsExchanged) -> Match:
    r = state.phase
    p = r.players[event.seat]
    players = _seat(
        r,
        event.seat,
        hand=hand.add(hand.remove(p.hand, event.give), event.take),
        herd=p.herd - event.camels,
    )
    return _round(
        state,
        copied(r, market=event.market, players=players, to_move=1 - event.seat, idle_turns=r.idle_turns + 1),
    )


def apply_good_taken(state: Match, event: GoodTaken) -> Match:
    r = state.phase
    players = _seat(r, event.seat, hand=hand.add(r.players[event.seat].hand, (event.good,)))
    market = vacate(r.market, (event.slot,))
    return _round(state, copied(r, market=market, players=players, to_move=1 - event.seat, idle_turns=0))


def apply_camels_taken(state: Match, event: CamelsTaken) -> Match:
    r = state.phase
    players = _seat(r, event.seat, herd=r.players[event.seat].herd + event.count)
    market = vacate(r.market, event.slots)
    return _round(state, copied(r, market=market, players=players, to_move=1 - event.seat, idle_turns=0))


def apply_goods_sold(state: Match, event: GoodsSold) -> Match:
    r = state.phase
    p = r.players[event.seat]
    g = GOODS_INDEX[event.good]
    piles = list(r.goods_piles)
    piles[g] = piles[g][len(event.tokens) :]
    bonus_piles = r.bonus_piles
    bonus_tokens = p.bonus_tokens
    if event.bonus_tier is not None:
        t = TIER_INDEX[event.bonus_tier]
        bonus_piles = bonus_piles[:t] + (bonus_piles[t][1:],) + bonus_piles[t + 1 :]
        bonus_tokens = bonus_tokens + (BonusToken(event.bonus_tier, event.bonus),)
    players = _seat(
        r,
        event.seat,
        hand=hand.remove(p.hand, (event.good,) * event.count),
        goods_tokens=p.goods_tokens + tuple(GoodsToken(event.good, v) for v in event.tokens),
        bonus_tokens=bonus_tokens,
    )
    return _round(
        state,
        copied(
            r,
            players=players,
            discard=r.discard + (event.good,) * event.count,
            goods_piles=tuple(piles),
            bonus_piles=bonus_piles,
            to_move=1 - event.seat,
            idle_turns=0,
        ),
    )


def apply_market_refilled(state: Match, event: MarketRefilled) -> Match:
    r = state.phase
    placed = dict(zip(event.slots, event.cards))
    market = tuple(placed.get(i, card) for i, card in enumerate(r.market))
    return _round(state, copied(r, market=market, deck=r.deck[len(event.cards) :]))


def apply_round_ended(state: Match, event: RoundEnded) -> Match:
    result = RoundResult(
        number=event.round,
        starter=state.phase.starter,
        reason=event.reason,
        camel_token=event.camel_token,
        totals=event.totals,
        bonus_counts=event.bonus_counts,
        goods_counts=event.goods_counts,
        bonus_values=event.bonus_values,
        winner=event.winner,
    )
    return copied(state, rounds=state.rounds + (result,),
                   phase=Dealing(event.round + 1, event.next_starter, previous_round=state.phase))


def apply_seal_awarded(state: Match, event: SealAwarded) -> Match:
    seals = list(state.seals)
    seals[event.seat] = event.seals
    return copied(state, seals=tuple(seals))


def _last_round(state: Match) -> Round | None:
    """The round on the table when the match ends: the one in play, or the one just scored."""
    phase = state.phase
    if isinstance(phase, Round):
        return phase
    return phase.previous_round if isinstance(phase, Dealing) else None


def apply_match_won(state: Match, event: MatchWon) -> Match:
    return copied(state, phase=MatchOver(winners=(event.seat,), final_round=_last_round(state)))


def apply_match_forfeited(state: Match, event: MatchForfeited) -> Match:
    return copied(state, phase=MatchOver(winners=(1 - event.seat,), forfeited_by=event.seat,
                                          final_round=_last_round(state)))


def apply_match_aborted(state: Match, event: MatchAborted) -> Match:
    return copied(state, phase=MatchOver(winners=(), aborted=True, final_round=_last_round(state)))


_APPLY = {
    FirstPlayerDrawn: apply_first_player_drawn,
    RoundDealt: apply_round_dealt,
    BonusPileShuffled: apply_bonus_pile_shuffled,
    GoodsExchanged: apply_goods_exchanged,
    GoodTaken: apply_good_taken,
    CamelsTaken: apply_camels_taken,
    GoodsSold: apply_goods_sold,
    MarketRefilled: apply_market_refilled,
    RoundEnded: apply_round_ended,
    SealAwarded: apply_seal_awarded,
    MatchWon: apply_match_won,
    MatchForfeited: apply_match_forfeited,
    MatchAborted: apply_match_aborted,
}
