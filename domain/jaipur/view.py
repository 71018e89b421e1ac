"""What a seat may see (rules 7 and R-18..R-21): `view` of a state and `redact` of an event.

Public: market, deck size, discard, remaining goods tokens, collected goods tokens, bonus-token counts
and tiers, seals, round results, and how many cards each seat holds in hand and herd together (5 at the
deal, and every later change to it is a public move). By default also each seat's hand size (R-20) and
herd size (R-19: the German rulebook only says a player need not *announce* the herd). Owner only: the
hand, own bonus values (R-18) until the round's scoring reveals them, and, with `opponent_sees_hand_size`
and `opponent_sees_herd_size` both false, the split of the held cards between hand and herd (either size
gives the other away through the public total, so the options only hide them together). Nobody: the deck
order and the bonus piles' order.
"""

from __future__ import annotations

from dataclasses import replace

from domain.jaipur.components import BONUS_TIERS, GOODS
from domain.jaipur.events import BonusPileShuffled, GoodsSold, RoundDealt
from domain.jaipur.state import ChoosingFirstPlayer, Dealing, Match, MatchOver, Player, Round, RoundResult


def phase_name(state: Match) -> str:
    phase = state.phase
    if isinstance(phase, ChoosingFirstPlayer):
        return "choosing_first_player"
    if isinstance(phase, Dealing):
        return "dealing"
    if isinstance(phase, Round):
        return "playing" if phase.is_set_up else "setting_up"
    return "match_over"


def to_act(state: Match) -> tuple[int, ...]:
    r = state.phase
    return (r.to_move,) if isinstance(r, Round) and r.is_set_up else ()


def is_terminal(state: Match) -> bool:
    return isinstance(state.phase, MatchOver)


def result(state: Match) -> dict | None:
    phase = state.phase
    if not isinstance(phase, MatchOver):
        return None
    return {
        "winners": list(phase.winners),
        "scores": list(state.seals),
        "rounds": [round_summary(r) for r in state.rounds],
        "aborted": phase.aborted,
        "forfeited_by": phase.forfeited_by,
    }


def round_summary(r: RoundResult) -> dict:
    return {
        "round": r.number,
        "starter": r.starter,
        "reason": r.reason,
        "totals": list(r.totals),
        "camel_token": r.camel_token,
        "bonus_counts": list(r.bonus_counts),
        "goods_counts": list(r.goods_counts),
        "bonus_values": [list(values) for values in r.bonus_values],
        "winner": r.winner,
    }


def view(state: Match, seat: int | None, complete: bool = False) -> dict:
    """What `seat` (None: a spectator) sees now. Once the match is over nothing is secret: every seat and
    the spectator see the final board (the last round as the match left it) with every hand, herd and
    bonus value, and the result. `complete` shows every hand, herd and bonus value at any moment (time
    travel through a finished match)."""
    phase = state.phase
    over = isinstance(phase, MatchOver)
    board = phase.final_round if over else (phase if isinstance(phase, Round) else None)
    if isinstance(phase, (Round, Dealing)):
        number, starter = phase.number, phase.starter
    elif board is not None:
        number, starter = board.number, board.starter
    else:  # before the first deal, or a match that ended before any round was dealt
        number, starter = (state.rounds[-1].number if state.rounds else None), None
    out = {
        "game": "jaipur",
        "you": seat,
        "phase": phase_name(state),
        "round": number,
        "starter": starter,
        "turn": phase.to_move if isinstance(phase, Round) and phase.is_set_up else None,
        "to_act": list(to_act(state)),
        "seals": list(state.seals),
        "market": None,
        "deck_size": None,
        "discard": [],
        "goods_tokens": {},
        "bonus_tokens": {},
        "players": [],
        "rounds": [round_summary(done) for done in state.rounds],
        "result": result(state),
    }
    if board is not None:
        out.update(
            market=list(board.market),
            deck_size=len(board.deck),
            discard=list(board.discard),
            goods_tokens={good: list(pile) for good, pile in zip(GOODS, board.goods_piles)},
            bonus_tokens={tier: len(pile) for tier, pile in zip(BONUS_TIERS, board.bonus_piles)},
            players=[_player(state, p, s, seat, public=over or complete) for s, p in enumerate(board.players)],
        )
    return out


def _player(state: Match, p: Player, s: int, seat: int | None, public: bool) -> dict:
    own = public or s == seat
    options = state.options
    sees_bonus = public or (own and options.owner_sees_own_bonus_values)
    return {
        "seat": s,
        "hand": list(p.hand) if own else None,
        "hand_size": len(p.hand) if own or options.opponent_sees_hand_size else None,
        "herd": p.herd if own or options.opponent_sees_herd_size else None,
        "hand_and_herd_size": len(p.hand) + p.herd,
        "goods_tokens": [{"good": t.good, "value": t.value} for t in p.goods_tokens],
        "goods_total": sum(t.value for t in p.goods_tokens),
        "bonus_tokens": [{"tier": t.tier, "value": t.value if sees_bonus else None} for t in p.bonus_tokens],
        "seals": state.seals[s],
    }


def redact(event, seat: int | None):
    """The event as `seat` may see it: the deal shows a seat its own hand only, and the other seat's herd
    and hand size only if the options make them public; bonus piles never show their order, a sale's
    bonus value only to the seller until `round_ended` reveals it.
    (`ChanceDrawn` is returned as is; the service hides secret outcomes.)"""
    if isinstance(event, RoundDealt):
        return replace(
            event,
            hand_sizes=_own_unless(event.hand_sizes_public, event.hand_sizes, seat),
            hands=_own_unless(False, event.hands, seat),
            herds=_own_unless(event.herds_public, event.herds, seat),
            deck=None,
        )
    if isinstance(event, BonusPileShuffled):
        return replace(event, values=None)
    if isinstance(event, GoodsSold) and event.bonus is not None and (event.seat != seat or event.bonus_secret_from_seller):
        return replace(event, bonus=None)
    return event


def _own_unless(public: bool, per_seat: tuple, seat: int | None) -> tuple:
    """`per_seat` as `seat` sees it: all of it if public, else its own entry only."""
    return per_seat if public else tuple(x if s == seat else None for s, x in enumerate(per_seat))
