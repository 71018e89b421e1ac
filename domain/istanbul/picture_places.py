"""What each place shows on the board picture, in short words and goods: what lies there and what it offers,
from the view's `places` alone (domain/istanbul/picture.py draws the items in the place's tile).

A place is a list of items: `Text(words)`, `Chips(label, goods, tail)` (coloured chips), `Tiles(tiles, tail)`
(coloured tiles with a number on them), `Card(words)` (a face-up card or tile by its effect, never its id).
A place the table below does not know (a box's new place) shows what the words say it offers
(domain/istanbul/words.py), cut to the tile, so it is never blank.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.istanbul.phrases.cards import title
from domain.istanbul.phrases.terms import Board, good


@dataclass(frozen=True)
class Text:
    words: str


@dataclass(frozen=True)
class Chips:
    label: str
    goods: dict
    tail: str = ""


@dataclass(frozen=True)
class Tiles:
    tiles: tuple  # (colour, number) pairs
    tail: str = ""


@dataclass(frozen=True)
class Card:
    words: str


WAREHOUSES = {2: "red", 3: "green", 4: "yellow"}


def _here(view: dict, key: str) -> dict:
    entry = (view.get("places") or {}).get(key)
    return entry if isinstance(entry, dict) else {}


def _left(n, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many} left"


def _wainwright(v: dict) -> list:
    here = _here(v, "wainwright")
    return [Text("Wheelbarrow +1 for 7 lira"), Text(_left(here.get("extensions", 0), "extension", "extensions"))]


def _warehouse(colour: str):
    return lambda v: [Chips("Fill your", {colour: 0}, f"{good(colour)}")]


def _post_office(v: dict) -> list:
    here = _here(v, "post_office")
    lira = here.get("lira", 0)
    return [Chips("Mail", here.get("goods") or {}, f"+ {lira} lira" if lira else "")]


def _caravansary(v: dict) -> list:
    top = (v.get("discard_pile") or {}).get("top")
    out = [Text("Draw 2 bonus cards, discard 1")]
    if "mocha_baksheesh" in ((v.get("options") or {}).get("expansions") or ()):
        out = [Text("2 bonus cards + 1 coffee, discard 1")]
    out.append(Card(title(top)) if top else Text("discard pile empty"))
    return out


def _fountain(v: dict) -> list:
    out = [Text("Call your assistants back")]
    if v.get("letters") is not None:
        out.append(Text("First visit: your companion"))
    return out


def _market(key: str):
    def items(v: dict) -> list:
        here = _here(v, key)
        if not here.get("demand"):
            return [Text("No demand tile left")]
        pays = "/".join(str(p) for p in here.get("payout") or ())
        below = max(here.get("stack_size", 1) - 1, 0)
        return [Chips("Wants", here.get("demand_goods") or {}), Text(f"Pays {pays} lira"),
                Text(f"{below} demand tile{'' if below == 1 else 's'} below")]
    return items


def _palace(v: dict) -> list:
    here = _here(v, "sultans_palace")
    extra = f"+{here['any']} any" if here.get("any") else ""
    return [Chips("Deliver", here.get("next_goods") or {}, extra), Text("for a ruby")]


def _mosque(which: str):
    def items(v: dict) -> list:
        here = (_here(v, "mosques").get(which)) or {}
        tiles = tuple((colour, stack[0] if stack else "-") for colour, stack in here.items()
                      if colour != "rubies" and isinstance(stack, list))
        return [Tiles(tiles, "goods to own"), Text("A tile costs 1 of its good"), Text("Both tiles: a ruby")]
    return items


def _gemstones(v: dict) -> list:
    return [Text(f"A ruby for {_here(v, 'gemstone_dealer').get('price', '?')} lira")]


def _guild_hall(v: dict) -> list:
    here = _here(v, "guild_hall")
    out = [Text("2 guild cards + 1 coffee"), Text(f"{here.get('deck_size', 0)} in the stack")]
    if here.get("discard_top"):
        out.append(Card(title(here["discard_top"])))
    return out


def _tavern(v: dict) -> list:
    here = _here(v, "tavern")
    barrier = here.get("barrier")
    if barrier:
        names = v.get("place_names") or {}
        out = [Text("Barrier: " + " | ".join(names.get(str(p), str(p)) for p in barrier))]
    else:
        out = [Text("Barrier for 2 coffee")]
    tiles = here.get("tiles") or {}
    offered = [f"{kind} {stack[0].get('coffee')}" for kind, stack in tiles.items() if stack]
    if offered:
        out.append(Text("Tiles: " + ", ".join(offered) + " coffee"))
    baksheesh = here.get("baksheesh") or {}
    if baksheesh.get("goods"):
        out.append(Chips("Baksheesh", {"coffee": 4, **baksheesh["goods"]}))
    return out


def _coffee_house(v: dict) -> list:
    return [Text(f"Deliver {_here(v, 'coffee_house').get('coffee', '?')} coffee"), Text("for a ruby")]


def _kiosk(v: dict) -> list:
    here = _here(v, "kiosk")
    out = [Text("1 letter, turn up kiosk tiles")]
    out += [Card(title(tile)) for tile in here.get("shown") or ()]
    return out


def _secret_society(v: dict) -> list:
    stacks = _here(v, "secret_society").get("lira_stacks") or []
    out = [Text("6 seals for a ruby")]
    if stacks:
        out.append(Text("First visits: " + ", ".join(str(s) for s in stacks) + " lira"))
    return out


SHORT = {
    1: _wainwright,
    **{pid: _warehouse(colour) for pid, colour in WAREHOUSES.items()},
    5: _post_office,
    6: _caravansary,
    7: _fountain,
    8: lambda v: [Text("1 fabric, spice or fruit,"), Text("roll 2 dice for jewelry")],
    9: lambda v: [Text("Call 3 to 12, roll 2 dice"), Text("win what you call")],
    10: _market("large_market"),
    11: _market("small_market"),
    12: lambda v: [Text("Send your family member"), Text("to act at any place")],
    13: _palace,
    14: _mosque("small"),
    15: _mosque("great"),
    16: _gemstones,
    17: lambda v: [Text("Roast 2 coffee per payment:"), Text("2 lira, a good or a card")],
    18: _guild_hall,
    19: _tavern,
    20: _coffee_house,
    21: lambda v: [Text("Take 2 letters, face up")],
    22: _kiosk,
    23: lambda v: [Text("1 good, then auction"), Text("2 bonus cards")],
    24: _secret_society,
    25: lambda v: [Text("1 good or 1 coffee;"), Text("the figure moves on")],
}


def items(view: dict, pid: int, offers: dict) -> list:
    """What place `pid` shows; `offers`: the words' sentences by place (board -> words), for a place the table
    does not know."""
    short = SHORT.get(pid)
    if short is not None:
        return short(view)
    said = offers[pid](Board(view)) if pid in offers else ""
    return [Text(said[:1].upper() + said[1:])] if said else []
