"""view(state, seat) and redact(event, seat): what a seat (None = spectator) may see.

Secret while the game runs: bonus cards and guild cards in hand (others see the counts), the bonus deck's order,
the guild stack's order, the demand stacks below the top tile. Once the game is over nothing is secret: every seat
and the spectator see the complete final position (every hand, the decks, the whole discard piles and demand
stacks) and the result.

Each place module renders its own entries of "places"; the goods shown, the figures, the grid and the place names
come from the content in play, so the base game's view keeps its exact shape and an expansion only adds fields
(Mocha & Baksheesh: `expansions` among the options, each player's guild cards and tavern tiles, `guild_turn`,
`card_step`, `proposed_rows`; a phase field an expansion added shows only when set, see state.VIEW_OPTIONAL).
"""

from __future__ import annotations

import dataclasses

from domain.core import ChanceDrawn
from domain.istanbul import places
from domain.istanbul.chance import chance
from domain.istanbul.content import content
from domain.istanbul.events import BonusCardDrawn, BonusDeckShuffled, DemandTilesShuffled
from domain.istanbul.frozen import replace
from domain.istanbul.legal import to_act
from domain.istanbul.letters_seals.events import KioskTilesShuffled, LetterPileShuffled
from domain.istanbul.mocha_baksheesh.events import GuildCardDrawn, GuildDeckShuffled
from domain.istanbul.scoring import is_terminal, result, target
from domain.istanbul.state import State

HIDDEN = ("reward_due", "action")  # bookkeeping (an auction's paused action phase), never shown


def _fields(item) -> dict:
    optional = getattr(type(item), "VIEW_OPTIONAL", ())
    out = {}
    for f in dataclasses.fields(item):
        if f.name in HIDDEN or f.name == "step":
            continue
        x = getattr(item, f.name)
        if f.name in optional and x == f.default:
            continue  # an expansion's field at its default: the base game's phases keep their shape
        out[f.name] = list(x) if isinstance(x, tuple) else dict(x) if isinstance(x, dict) else x
    return out


def _phase(state: State) -> dict:
    phase = state.phase
    out = {"name": type(phase).__name__, **_fields(phase)}
    step = getattr(phase, "step", None)
    if step is not None:
        out["step"] = {"name": type(step).__name__, **_fields(step)}
    return out


def _player(state: State, seat: int, viewer, revealed: bool, goods: tuple[str, ...], expansion: bool) -> dict:
    p = state.players[seat]
    out = {
        "seat": seat,
        "lira": p.lira,
        "goods": {good: p.goods.count(good) for good in goods},
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
    if expansion:
        out["guild_card_count"] = len(p.guild_hand)
        out["tavern_tiles"] = list(p.tavern_tiles)
        if viewer == seat or revealed:
            out["guild_cards"] = list(p.guild_hand)
    if state.letters is not None:  # letters are public; a delivered one shows only its back
        out["letters"] = list(p.letters)
        out["sealed_letters"] = len(p.sealed)
        out["seals"] = p.seals
        out["companion"] = p.companion
    return out


def view(state: State, seat: int | None, complete: bool = False) -> dict:
    """What `seat` (None: a spectator) sees; after the end, or when `complete` (time travel through a finished
    game), everything: every hand, the deck, the demand stacks."""
    tables = content(state)
    request = chance(state)
    revealed = complete or is_terminal(state)
    entries: dict = {}
    for module in places.in_play(tables.place_ids):
        if hasattr(module, "view"):
            entries.update(module.view(state, revealed))
    expansion = bool(tables.expansions)
    options = {"layout": state.options.layout, "neutral_assistants": state.options.neutral_assistants}
    if expansion:
        options["expansions"] = list(state.options.expansions)
    if state.letters is not None:
        options["bonus_deck"] = state.options.bonus_deck
    if state.options.caravan_leader:
        options["caravan_leader"] = True  # a variant's option shows only when chosen: base views keep their shape
    out = {
        "game": "istanbul",
        "seats": state.seats,
        "options": options,
        "you": seat,
        "layout": tables.grid.rows_of(state.layout) if state.layout else [],
        "place_names": {str(k): v for k, v in tables.place_names.items()},
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
        "ruby_target": target(state),
        "players": [_player(state, s, seat, revealed, tables.goods, expansion) for s in range(state.seats)],
        "assistants": [[place, owner] for place, owner in state.assistants],
        **{figure: place for figure, place in state.figures.items()},
        "neutral_merchants": list(state.neutral_merchants),
        "places": entries,
        "ruby_supply": state.ruby_supply,
        "bonus_deck_size": len(state.deck),
        "discard_pile": {"size": len(state.discard), "top": state.discard[-1] if state.discard else None},
        "result": result(state),
    }
    if revealed:
        out["bonus_deck"] = list(state.deck)
        out["discard_pile"]["cards"] = list(state.discard)
    if expansion:
        out.update(_expansion(state, tables))
    if state.letters is not None:
        supply = state.letters
        out["letters"] = {"pile_size": len(supply.pile), "spent": len(supply.discard),
                          "bonus_turns": list(supply.bonus_turns), "bonus_turn": supply.bonus_turn,
                          "companion_turn": state.companion_turn}
        if revealed:
            out["letters"]["pile"] = list(supply.pile)
    return out


def _expansion(state: State, tables) -> dict:
    guild = state.guild
    step = state.card_step
    return {
        "guild_turn": None if guild is None else {"card": guild.card, "place": guild.place},
        "card_step": None if step is None else {"name": type(step).__name__, **_fields(step)},
        "proposed_rows": [{"table": table, "id": row_id, "status": status, "text": text}
                          for table, row_id, status, text in tables.proposed_rows(state.seats)],
    }


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
    if isinstance(event, GuildCardDrawn):  # always from the face-down stack
        return event if event.seat == seat else replace(event, card="")
    if isinstance(event, GuildDeckShuffled):
        return replace(event, cards=())
    if isinstance(event, DemandTilesShuffled):
        return replace(event, tiles=())
    if isinstance(event, LetterPileShuffled):
        return replace(event, letters=())
    if isinstance(event, KioskTilesShuffled):
        return replace(event, tiles=())
    return event
