"""The position in a few lines, for a reader about to choose a move (an agent, the terminal's `bazaar play`): whose
turn and what is awaited, the rubies race, what the reader holds, where its own pieces and everyone else's figures
stand, and what lies within a move's reach of its merchant. The whole position (every place's offer, every
player's holdings, the supply) is board.py's; this says nothing that one does not, from the same view, so what the
view hides stays hidden here too. A spectator reads it from the seat whose turn it is."""

from __future__ import annotations

from domain.istanbul.data import MOSQUE_TILES
from domain.istanbul.phrases.board import Tables, closing, heading
from domain.istanbul.phrases.cards import title
from domain.istanbul.phrases.terms import Board, figure, goods, lira
from domain.words import count, listing, seat, sentence, whose

REACH = 2  # a merchant's move: 1 or 2 steps
FIFTH = next(colour for colour, (_, ability) in MOSQUE_TILES.items() if ability == "fifth_assistant")


def short_position(b: Board, tables: Tables, result: str | None) -> list[str]:
    me = b.reader if b.reader is not None else b.acting()
    p = b.player(me)
    lines = [heading(b, tables), race(b)]
    if p:
        lines += [holdings(b, p, tables), pieces(b, p)]
    lines += [line for line in (others(b, me), neutral(b)) if line]
    if p and p.get("merchant") is not None:
        lines.append(near(b, p))
    for extra in tables.turn:
        lines += extra(b)
    return lines + closing(b, tables, result)


def race(b: Board) -> str:
    standing = "; ".join(f"{whose(p['seat'], b.reader)} has {count(p.get('rubies', 0), 'ruby', 'rubies')} and "
                         f"{lira(p.get('lira', 0))}" for p in b.players)
    return f"The rubies race (lira break a tie): {standing}."


def _owner(b: Board, p: dict) -> tuple[str, str]:
    """How the short position names the player it speaks for: ("You", "your") or ("Seat 2", "its")."""
    if p["seat"] == b.reader:
        return "You", "your"
    return sentence(seat(p["seat"])) + " (to play)", "its"


def holdings(b: Board, p: dict, tables: Tables) -> str:
    who, _ = _owner(b, p)
    held = dict(p.get("goods") or {})
    coffee = held.pop("coffee", None)
    parts = [f"{lira(p.get('lira', 0))}, {goods(held, 'no goods')}" + (f", {coffee} coffee" if coffee else "")
             + f" (room for {p.get('capacity')} of each good)"]
    tiles = p.get("mosque_tiles") or ()
    if tiles:
        parts.append(f"the {listing(tiles)} mosque {'tile' if len(tiles) == 1 else 'tiles'}")
    if p.get("bonus_cards") is not None:
        parts.append("bonus cards: " + listing((f"“{title(c)}”" for c in p["bonus_cards"]), "none"))
    else:
        parts.append(count(p.get("bonus_card_count", 0), "bonus card"))
    for extra in tables.holdings:
        parts += extra(b, p)
    return f"{who} {'hold' if who == 'You' else 'holds'}: {'; '.join(parts)}."


def pieces(b: Board, p: dict) -> str:
    who, its = _owner(b, p)
    stack = len(p.get("stack") or ())
    text = (f"{sentence(its)} merchant is at {b.place(p.get('merchant'))} with "
            f"{count(stack, 'assistant') if stack else 'no assistant left'}")
    if p.get("spare_assistants"):
        text += f" (one more comes with the {FIFTH} mosque tile)"
    placed = sorted({place for place, o in b.view.get("assistants") or () if o == p["seat"]})
    text += f"; {its} assistants wait at {b.places(placed)}" if placed else f"; none of {its} assistants waits on a place"
    return text + f"; {its} family member is at {b.place(p.get('family_member'))}."


def _by_place(b: Board, figures: list[tuple[int, str]]) -> str:
    """"seat 0's and seat 4's at the Great Mosque, seat 2's at the Police Station", in the layout's order."""
    at: dict = {}
    for pid, name in figures:
        at.setdefault(pid, []).append(name)
    order = [pid for row in b.view.get("layout") or () for pid in row]
    ranked = sorted(at, key=lambda pid: order.index(pid) if pid in order else len(order))
    return ", ".join(f"{listing(at[pid])} at {b.place(pid)}" for pid in ranked)


def others(b: Board, me: int | None) -> str | None:
    """The other players' merchants, companions and family members on the board."""
    kinds = (("merchant", "Other merchants"), ("companion", "companions"), ("family_member", "family members"))
    said = []
    for key, plural in kinds:
        figures = [(p[key], f"{seat(p['seat'])}'s") for p in b.players
                   if p["seat"] != me and isinstance(p.get(key), int) and p[key] in b.cells]
        if figures:
            said.append(f"{plural}: {_by_place(b, figures)}")
    return "; ".join(said) + "." if said else None


def neutral(b: Board) -> str | None:
    figures = [(b.view[name], figure(name)) for name in ("governor", "smuggler", "coffee_trader", "courier")
               if b.view.get(name) is not None]
    figures += [(pid, "a neutral merchant") for pid in b.view.get("neutral_merchants") or ()]
    return f"Neutral figures: {_by_place(b, figures)}." if figures else None


def near(b: Board, p: dict) -> str:
    """The places a move of 1 or 2 steps reaches from the merchant, with what a figure arriving there meets."""
    start, (_, its) = p.get("merchant"), _owner(b, p)
    by_steps: dict = {}
    for row in b.view.get("layout") or ():
        for pid in row:
            steps = b.steps(start, pid)
            if steps is not None and 0 < steps <= REACH:
                by_steps.setdefault(steps, []).append(_reached(b, pid, p["seat"], its))
    said = "; ".join(f"{count(steps, 'step')}: {listing(by_steps[steps])}" for steps in sorted(by_steps))
    return f"Within {REACH} steps of {its} merchant: {said or 'no place'}."


def _reached(b: Board, pid: int, owner: int, its: str) -> str:
    here = ([f"{its} assistant"] if b.assistant_at(pid, owner) else []) + b.figures_at(pid, owner)
    return b.place(pid) + (f" ({listing(here)})" if here else "")
