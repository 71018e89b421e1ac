"""The position in words for the viewer of a view: whose turn and what is awaited, the board row by row, every
place with what it offers and who stands there, every player's holdings (the viewer's own cards by name, the
others' by count), and the rest of the table. The boxes' phases, places and holdings come in `Tables`, gathered
by the game's words (domain/istanbul/words.py), so nothing here names a box."""

from __future__ import annotations

from dataclasses import dataclass, field

from domain.istanbul.phrases.cards import ability, title
from domain.istanbul.phrases.terms import Board, goods, lira
from domain.words import count, listing, seat, seats, sentence, whose


@dataclass(frozen=True)
class Tables:
    """The words of every box: place number -> offers, phase name -> what it awaits, and functions that add to a
    player's line and to the table's lines."""

    offers: dict
    phases: dict
    holdings: tuple = ()  # (board, player) -> list of phrases
    table: tuple = ()  # board -> list of lines
    steps: dict = field(default_factory=dict)  # a card step's name -> words
    turn: tuple = ()  # board -> lines that mark this turn (a guild card played, a bonus turn)


def _action(b: Board, p: dict) -> str:
    actor = " by the family member" if p.get("by_family") else ""
    text = f"the action of {b.place(p.get('place'))}{actor}"
    if p.get("allowed", 1) > 1:
        text += f" ({p.get('done', 0)} of {p['allowed']} times so far)"
    step = p.get("step") or {}
    name = step.get("name")
    if name == "Caravan":
        text += f"; {count(step.get('drawn', 0), 'card')} drawn"
    elif name == "Dice":
        dice = step.get("dice") or []
        text += f"; the dice show {listing(dice)}: keep them or change them" if dice else "; the dice are rolled"
    elif name == "SingleGood":
        text += f"; the roll showed {step.get('total')}, the Black Market's single good is still to take"
    elif name == "GuildDrawing":
        text += f"; {count(step.get('owed', 0), 'guild card')} still to draw"
    return text


PHASES = {  # what the phase awaits, as the rest of "Now: ..."
    "Setup": lambda b, p: "the set-up is dealt",
    "Movement": lambda b, p: "the move (of the merchant, or a card or a guild card instead)",
    "AssistantStep": lambda b, p: "an assistant picked up or left, or the end of the turn",
    "Payment": lambda b, p: "the payment to the other merchants here, or the end of the turn",
    "Action": lambda b, p: _action(b, p),
    "Encounters": lambda b, p: ("the encounters here" + ("; the governor is owed 2 lira or a card"
                                                          if (p.get("step") or {}).get("name") else "")),
    "AfterGuildCard": lambda b, p: "the end of the turn, after its guild card",
    "FinalCards": lambda b, p: f"the last cards that bring lira or goods ({seats(p.get('queue', ()))} in turn)",
    "Over": lambda b, p: "nothing: the game is over",
}


def heading(b: Board, tables: Tables) -> str:
    view = b.view
    me = view.get("you")
    who = f"You are {seat(me)} in" if me is not None else "You are watching"
    boxes = view.get("options", {}).get("expansions") or []
    names = {"mocha_baksheesh": "Mocha & Baksheesh", "letters_seals": "Letters & Seals"}
    box = f" with {listing(names.get(x, x) for x in boxes)}" + (" (the Great Bazaar)" if len(boxes) == 2 else "") \
        if boxes else ""
    text = (f"{who} a game of Istanbul{box} for {count(view.get('seats', 0), 'seat')}: "
            f"{count(view.get('ruby_target', 0), 'ruby', 'rubies')} end the game.")
    phase = b.phase()
    awaited = view.get("to_act") or []
    said = tables.phases.get(phase.get("name"), lambda b, p: phase.get("name", ""))(b, phase)
    if phase.get("name") == "Over":
        return text + " The game is over."
    if view.get("awaiting_chance"):
        return text + f" The dealer draws (a roll or a shuffle); then: {said}."
    current = view.get("current")
    turn = "your turn" if current == me else f"{seat(current)}'s turn"
    waiting = f" Awaited: {listing(whose(s, me) for s in awaited)}." if awaited and awaited != [current] else ""
    ending = " The end is triggered: this round is the last." if view.get("ending") else ""
    return text + f" It is {turn}. Now: {said}.{waiting}{ending}"


def rows(b: Board) -> list[str]:
    layout = b.view.get("layout") or []
    return [f"Row {n} of the board: {listing(b.names.get(p, str(p)) for p in row)}." for n, row in
            enumerate(layout, 1)]


def place_line(b: Board, pid: int, tables: Tables) -> str:
    offers = tables.offers.get(pid)
    text = f"{sentence(b.place(pid))} ({pid}): {offers(b) if offers else 'no action'}"
    here = []
    for p in b.players:
        if p.get("merchant") == pid:
            stack = len(p.get("stack") or ())
            here.append(f"{seat(p['seat'])}'s merchant " + (f"with {count(stack, 'assistant')}" if stack else
                                                             "with no assistant left"))
        if p.get("companion") == pid:
            here.append(f"{seat(p['seat'])}'s companion")
        if p.get("family_member") == pid:
            here.append(f"{seat(p['seat'])}'s family member")
    here += [f for f in b.figures_at(pid) if "seat" not in f]
    owners = [o for place, o in b.view.get("assistants") or () if place == pid]
    if owners:
        here.append(f"assistants of {listing('a neutral player' if o == -1 else seat(o) for o in owners)}")
    return text + (f". Here: {'; '.join(here)}." if here else ".")


def player_line(b: Board, p: dict, tables: Tables) -> str:
    me = b.view.get("you")
    held = dict(p.get("goods") or {})
    coffee = held.pop("coffee", None)
    parts = [lira(p.get("lira", 0)), count(p.get("rubies", 0), "ruby", "rubies"),
             f"{goods(held, 'no goods')} (a wheelbarrow for {p.get('capacity')} of each good)"]
    if coffee is not None:
        parts.append(f"{coffee} coffee")
    parts.append(f"merchant at {b.place(p.get('merchant'))} with {count(len(p.get('stack') or ()), 'assistant')}")
    placed = sorted({place for place, o in b.view.get("assistants") or () if o == p["seat"]})
    if placed:
        parts.append(f"assistants at {b.places(placed)}")
    if p.get("spare_assistants"):
        parts.append(f"{count(p['spare_assistants'], 'spare assistant')}")
    parts.append(f"family member at {b.place(p.get('family_member'))}")
    if p.get("mosque_tiles"):
        parts.append("mosque tiles: " + "; ".join(f"{t} ({ability(t)})" for t in p["mosque_tiles"]))
    if p.get("bonus_cards") is not None:
        parts.append("bonus cards: " + ("; ".join(f"“{title(c)}”" for c in p["bonus_cards"]) or "none"))
    else:
        parts.append(count(p.get("bonus_card_count", 0), "bonus card"))
    for extra in tables.holdings:
        parts += extra(b, p)
    return f"{sentence(whose(p['seat'], me))}: {'; '.join(parts)}."


def table_line(b: Board) -> str:
    pile = b.view.get("discard_pile") or {}
    top = f", “{title(pile['top'])}” on top" if pile.get("top") else ""
    return (f"Bonus deck: {count(b.view.get('bonus_deck_size', 0), 'card')}; discard pile: "
            f"{count(pile.get('size', 0), 'card')}{top}; rubies in the supply: {b.view.get('ruby_supply', 0)}.")


def position(b: Board, tables: Tables, result: str | None) -> list[str]:
    lines = [heading(b, tables), *rows(b)]
    for row in b.view.get("layout") or []:
        lines += [place_line(b, pid, tables) for pid in row]
    lines += [player_line(b, p, tables) for p in b.players]
    lines.append(table_line(b))
    for extra in tables.table:
        lines += extra(b)
    return lines + closing(b, tables, result)


def closing(b: Board, tables: Tables, result: str | None) -> list[str]:
    """What ends a position, full or short: a bonus card's decision awaited, and the result once there is one."""
    lines = []
    step = b.view.get("card_step")
    if step:
        lines.append(f"A bonus card awaits its decision: {tables.steps.get(step.get('name'), lambda s: '')(step)}.")
    if result:
        lines.append(result)
    return lines
