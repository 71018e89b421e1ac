"""view(state, seat) and redact(event, seat): what a seat (None = spectator) may see.

Secret while the game runs: bonus cards in hand (others see the count), the bonus deck's order, the demand stacks
below the top tile. Once the game is over nothing is secret: every seat and the spectator see the complete final
position (every hand, the deck, the whole discard pile and demand stacks) and the result.
"""

from __future__ import annotations

from dataclasses import replace

from domain.core import ChanceDrawn
from domain.istanbul.chance import chance
from domain.istanbul.data import (
    DEMAND_TILES,
    GOODS,
    LARGE_MARKET,
    MARKET_PAYOUT,
    PLACE_NAMES,
    POST_OFFICE_GAINS,
    SMALL_MARKET,
)
from domain.istanbul.events import BonusCardDrawn, BonusDeckShuffled, DemandTilesShuffled
from domain.istanbul.legal import to_act
from domain.istanbul.places.gemstone_dealer import price
from domain.istanbul.places.sultans_palace import delivery
from domain.istanbul.scoring import is_terminal, result
from domain.istanbul.state import State


HIDDEN = ("reward_due",)  # bookkeeping between two events of one command, never seen between commands


def _phase(state: State) -> dict:
    phase = state.phase
    out = {"name": type(phase).__name__}
    for key in ("place", "by_family", "done", "allowed", "any_goods", "green_used", "assistant_taken",
                "assistant_left", "used", "queue"):
        if hasattr(phase, key):
            value = getattr(phase, key)
            out[key] = list(value) if isinstance(value, tuple) else value
    step = getattr(phase, "step", None)
    if step is not None:
        out["step"] = {"name": type(step).__name__, **{k: (list(x) if isinstance(x, tuple) else x)
                                                         for k, x in step.__dict__.items() if k not in HIDDEN}}
    return out


def _market(stack: tuple[str, ...], market: int, revealed: bool) -> dict:
    """Only the face-up top tile: the stack below it is secret until the end."""
    top = stack[0] if stack else None
    out = {
        "demand": top,
        "demand_goods": {good: DEMAND_TILES[top].count(good) for good in GOODS} if top else None,
        "payout": list(MARKET_PAYOUT[market]),
        "stack_size": len(stack),
    }
    if revealed:
        out["stack"] = list(stack)
    return out


def _player(state: State, seat: int, viewer, revealed: bool) -> dict:
    p = state.players[seat]
    out = {
        "seat": seat,
        "lira": p.lira,
        "goods": {good: p.goods.count(good) for good in GOODS},
        "capacity": p.capacity,
        "extensions": p.extensions,
        "rubies": p.rubies,
        "merchant": p.merchant,
        "stack": list(p.stack),
        "spare_assistants": p.spare,
        "family_member": p.family,
        "mosque_tiles": list(p.tiles),
        "bonus_card_count": len(p.hand),
    }
    if viewer == seat or revealed:
        out["bonus_cards"] = list(p.hand)
    return out


def view(state: State, seat: int | None) -> dict:
    stock = state.stock
    request = chance(state)
    fixed, wild = delivery(state)
    revealed = is_terminal(state)
    out = {
        "game": "istanbul",
        "seats": state.seats,
        "options": {"layout": state.options.layout, "neutral_assistants": state.options.neutral_assistants},
        "you": seat,
        "layout": [list(state.layout[r * 4:(r + 1) * 4]) for r in range(4)] if state.layout else [],
        "place_names": {str(k): v for k, v in PLACE_NAMES.items()},
        "start_player": state.start_player,
        "current": state.current,
        "to_act": list(to_act(state)),
        "phase": _phase(state),
        "awaiting_chance": None if request is None else {
            "kind": type(request).__name__.lower(),
            "label": request.label,
            "by_dealer": request.by_dealer,
        },
        "yellow_tile_used": state.yellow_used,
        "ending": state.ending,
        "ruby_target": state.target,
        "players": [_player(state, s, seat, revealed) for s in range(state.seats)],
        "assistants": [[place, owner] for place, owner in state.assistants],
        "governor": state.governor,
        "smuggler": state.smuggler,
        "neutral_merchants": list(state.neutral_merchants),
        "places": {
            "wainwright": {"rubies": stock.wainwright_rubies, "extensions": stock.wainwright_extensions},
            "post_office": {"state": stock.post,
                            "goods": {good: POST_OFFICE_GAINS[stock.post][0].count(good) for good in GOODS},
                            "lira": POST_OFFICE_GAINS[stock.post][1]},
            "small_market": _market(stock.small_demand, SMALL_MARKET, revealed),
            "large_market": _market(stock.large_demand, LARGE_MARKET, revealed),
            "sultans_palace": {"rubies": stock.sultan_rubies,
                               "next_goods": {good: fixed.count(good) for good in GOODS}, "any": wild},
            "mosques": {
                "small": {"rubies": stock.mosque_rubies[0], "red": list(stock.mosque_tiles[0]),
                          "green": list(stock.mosque_tiles[1])},
                "great": {"rubies": stock.mosque_rubies[1], "yellow": list(stock.mosque_tiles[2]),
                          "blue": list(stock.mosque_tiles[3])},
            },
            "gemstone_dealer": {"rubies": stock.gem_rubies, "price": price(state)},
        },
        "ruby_supply": stock.ruby_supply,
        "bonus_deck_size": len(state.deck),
        "discard_pile": {"size": len(state.discard), "top": state.discard[-1] if state.discard else None},
        "result": result(state),
    }
    if revealed:
        out["bonus_deck"] = list(state.deck)
        out["discard_pile"]["cards"] = list(state.discard)
    return out


def redact(event, seat: int | None):
    """The event as `seat` sees it: another seat's drawn card, deck and demand stack orders are blanked (the
    service also hides secret ChanceDrawn outcomes; they are blanked here too)."""
    if isinstance(event, ChanceDrawn):
        return replace(event, outcome=()) if event.secret else event
    if isinstance(event, BonusCardDrawn):
        if event.source == "deck" and event.seat != seat:
            return replace(event, card="")
        return event
    if isinstance(event, BonusDeckShuffled):
        return replace(event, cards=())
    if isinstance(event, DemandTilesShuffled):
        return replace(event, tiles=())
    return event
