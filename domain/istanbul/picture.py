"""Istanbul's board from a seat's (or the spectator's) view, drawn as the board game looks.

The grid comes from the view's `layout` (rows top to bottom: 4×4 in the base game, 5×4 or 5×5 with expansions)
and `place_names`. Each place is a tile with its number and name, what lies there and what it offers in short
words and goods (domain/istanbul/picture_places.py; a face-up card is named by its effect, never its id), its
rubies, and the pieces standing on it: merchant stacks in the seat's colour (a merchant disc on its assistant
discs), assistants left there (single discs), family members, companions and the neutral figures (pawns with
their initial). The acting seat's merchant's place is outlined in its colour. Below the grid, one row a seat
(lira, rubies, wheelbarrow, tiles, cards, clock), a legend, and at the end the result in words.

Every text is measured (domain/svg.py `fit`, `wrap`) and cut to the tile it belongs to.
"""

from __future__ import annotations

from domain.istanbul import picture_places
from domain.istanbul.phrases.cards import title
from domain.istanbul.words import TABLES
from domain.istanbul.words import result as result_words
from domain.svg import (
    chips,
    circle,
    diamond,
    disc,
    document,
    el,
    fit,
    good_colour,
    ink,
    paragraph,
    pawn,
    rect,
    seat_colour,
    text,
    text_width,
)

CELL_W, CELL_H, GAP, MARGIN = 186, 150, 8, 12
BAND = 22  # the tile's title band
LINE = 14  # body text lines, at BODY pt
BODY = 10.5
HEADER_H = 56
ROW_H = 58
RUBY = "#e03131"
FIGURES = {"governor": ("#343a40", "G", "the governor"), "smuggler": ("#868e96", "S", "the smuggler"),
           "coffee_trader": ("#6f4e37", "T", "the coffee trader"), "courier": ("#0b7285", "C", "the courier")}
# top-level keys of the view that hold a place id but are no figure standing there
NOT_FIGURES = {"seats", "you", "start_player", "current", "ruby_target", "ruby_supply", "bonus_deck_size"}
BANDS = {2: "#f4c7c3", 3: "#c3e6cb", 4: "#fff3bf", 13: "#ffd8a8", 16: "#ffd8a8", 14: "#e5dbff", 15: "#e5dbff",
         10: "#d0ebff", 11: "#d0ebff"}
BAND_DEFAULT, BAND_BOX = "#eadbc8", "#e3d5ca"
PHASES = {"Movement": "moves", "Action": "acts", "Encounters": "meets the figures", "EndOfTurn": "ends the turn"}


def figures(state: dict) -> dict[str, int]:
    """Neutral figures on the board: the view's top-level keys whose value is a place id (governor, smuggler, and
    whatever figure a box adds)."""
    places = {p for row in state.get("layout") or () for p in row}
    return {k: v for k, v in state.items() if k not in NOT_FIGURES and isinstance(v, int)
            and not isinstance(v, bool) and v in places}


def stack(x: float, base: float, colour: str, assistants: int, title_text: str) -> str:
    """A merchant stack: its assistants' discs, the merchant's disc on top (with a white mark)."""
    out = [el("title", title_text)]
    for i in range(assistants):
        out.append(disc(x, base - 5.5 * i, colour, 10, 4.2))
    top = base - 5.5 * assistants - 2
    out += [disc(x, top, colour, 12, 5, stroke_width=1.6), circle(x, top, 2.2, "#fff", None)]
    return el("g", out, class_="merchant", data_assistants=assistants)


def standing(state: dict, place: int) -> list[tuple[str, str, str, int]]:
    """(kind, colour, title, assistants) of every piece standing on `place`, in a fixed order."""
    out = []
    players = state.get("players") or []
    for p in players:
        if p.get("merchant") == place:
            n = len(p.get("stack") or [])
            out.append(("merchant", seat_colour(p["seat"]), f"seat {p['seat']}'s merchant with {n} assistant"
                        + ("" if n == 1 else "s"), n))
    for spot in state.get("neutral_merchants") or []:
        if spot == place:
            out.append(("merchant", "#adb5bd", "a neutral merchant", 0))
    for p in players:
        if p.get("family_member") == place:
            out.append(("family", seat_colour(p["seat"]), f"seat {p['seat']}'s family member", 0))
    for p in players:
        if p.get("companion") == place and place > 0:
            out.append(("companion", seat_colour(p["seat"]), f"seat {p['seat']}'s companion", 0))
    for name, spot in figures(state).items():
        if spot == place:
            colour, _mark, said = FIGURES.get(name, ("#495057", name[:1].upper(), name.replace("_", " ")))
            out.append(("figure", colour, said, 0))
    return out


def piece(kind: str, x: float, base: float, colour: str, said: str, assistants: int, name: str = "") -> str:
    if kind == "merchant":
        return stack(x, base, colour, assistants, said)
    height = {"family": 22, "companion": 16, "figure": 27}[kind]
    shapes = [el("title", said), *pawn(x, base, colour, height)]
    if kind == "figure":
        mark = next((m for c, m, s in FIGURES.values() if s == said), said[4:5].upper())
        shapes.append(text(x, base - 4, mark, 10, "bold", "middle", "#fff"))
    if kind == "companion":
        shapes.append(circle(x, base - height * 0.78, 1.6, "#fff", None))
    return el("g", shapes, class_={"figure": "figure"}.get(kind, kind), data_piece=name or kind)


def item_shapes(item, x: float, y: float, width: float, lines_left: int) -> tuple[list[str], int]:
    """One item of what a place shows, from baseline `y`; returns the shapes and how many lines it took."""
    if isinstance(item, picture_places.Chips):
        label = fit(item.label, width / 2, BODY)
        out = [text(x, y, label, BODY)]
        shown = {g: n for g, n in item.goods.items() if n} or item.goods
        shapes, gx = chips(x + text_width(label, BODY) + 5, y, shown, 9, zero=True)
        if item.goods and not any(item.goods.values()):  # a good without a count: its chip alone
            shapes = [s for s in shapes if "<rect" in s]
            gx = x + text_width(label, BODY) + 18
        out += shapes
        if item.tail:
            out.append(text(gx, y, fit(item.tail, x + width - gx, BODY), BODY))
        return out, 1
    if isinstance(item, picture_places.Tiles):
        out = []
        tx = x
        for colour, number in item.tiles:
            out += [rect(tx, y - 10, 15, 13, good_colour(colour), "#343a40", 2, data_tile=colour),
                    text(tx + 7.5, y, number, 9, "bold", "middle", ink(good_colour(colour)))]
            tx += 19
        if item.tail:
            out.append(text(tx + 2, y, fit(item.tail, x + width - tx - 2, BODY), BODY))
        return out, 1
    if isinstance(item, picture_places.Card):
        lines = min(2, lines_left)
        shapes, after = paragraph(x + 4, y, f"“{item.words}”", width - 4, BODY - 0.5, lines, LINE - 1,
                                  fill="#5f3dc4", font_style="italic")
        return [rect(x, y - 10, 2, (len(shapes) - 1) * (LINE - 1) + 13, "#5f3dc4", None), *shapes], len(shapes)
    shapes, _after = paragraph(x, y, item.words, width, BODY, lines_left, LINE)
    return shapes, len(shapes)


def cell(state: dict, place: int, x: float, y: float, acting: int | None) -> str:
    names = state.get("place_names") or {}
    name = names.get(str(place), f"Place {place}")
    here = [p for p in state.get("players") or () if p.get("merchant") == place and p["seat"] == acting]
    border = seat_colour(acting) if here else "#8d6e63"
    out = [rect(x, y, CELL_W, CELL_H, "#fffdf8", border, 7, stroke_width=4 if here else 1.2),
           rect(x + 1, y + 1, CELL_W - 2, BAND, BANDS.get(place, BAND_DEFAULT if place <= 16 else BAND_BOX), None, 6),
           circle(x + 13, y + 12, 9, "#5d4037", None),
           text(x + 13, y + 15.5, place, 10, "bold", "middle", "#fff")]
    rubies = _rubies(state, place)
    right = 0
    if rubies:
        label = f"{rubies}"
        right = 18 + text_width(label, 10)
        out += [diamond(x + CELL_W - right, y + 12, 6, RUBY, class_="ruby"),
                text(x + CELL_W - right + 9, y + 16, label, 10, "bold")]
    out.append(text(x + 26, y + 16, fit(name, CELL_W - 30 - right, 11.5, True), 11.5, "bold"))
    # what lies there and what it offers, in the lines above the pieces
    ty, lines = y + BAND + 14, 5
    for item in picture_places.items(state, place, TABLES.offers):
        if lines <= 0:
            break
        shapes, used = item_shapes(item, x + 7, ty, CELL_W - 14, lines)
        out += shapes
        ty += used * LINE
        lines -= used
    out += _assistants(state, place, x, y)
    pieces = standing(state, place)
    step = min(28, (CELL_W - 30) / max(len(pieces), 1))
    for i, (kind, colour, said, assistants) in enumerate(pieces):
        out.append(piece(kind, x + 18 + step * i, y + CELL_H - 8, colour, said, assistants))
    return el("g", [el("title", f"{place} {name}"), *out], class_="place", data_place=place,
              data_x=x, data_y=y, data_w=CELL_W, data_h=CELL_H)


def _rubies(state: dict, place: int) -> int:
    entry = _entry(state, place)
    return entry.get("rubies") or 0


def _entry(state: dict, place: int) -> dict:
    """The view's `places` entry of one place (the mosques share an entry, split by size)."""
    places = state.get("places") or {}
    name = (state.get("place_names") or {}).get(str(place), "")
    key = "".join(c if c.isalnum() else "_" for c in name.lower().replace("'", "")).strip("_")
    if key in places and isinstance(places[key], dict):
        return places[key]
    size, _, kind = key.partition("_")
    group = places.get(kind + "s") if kind else None
    return group.get(size) or {} if isinstance(group, dict) else {}


def _assistants(state: dict, place: int, x: float, y: float) -> list[str]:
    """Assistants left at the place: single discs in their owner's colour (grey: neutral), right-aligned above
    the pieces."""
    owners = [owner for spot, owner in state.get("assistants") or () if spot == place]
    out = []
    for i, owner in enumerate(owners):
        colour = "#adb5bd" if owner is None else seat_colour(owner)
        who = "a neutral assistant" if owner is None else f"seat {owner}'s assistant"
        out.append(el("g", [el("title", who), disc(x + CELL_W - 16 - 21 * i, y + CELL_H - 44, colour, 9, 4)],
                      class_="assistant"))
    return out


def row_height(p: dict) -> float:
    """A seat's row; the viewer's own bonus cards take a line of their own."""
    return ROW_H + (16 if p.get("bonus_cards") else 0)


def player_row(state: dict, body: dict, p: dict, x: float, y: float, width: float) -> str:
    seat = p["seat"]
    colour = seat_colour(seat)
    acting = seat in (body.get("to_act") or [])
    out = [rect(x, y, width, row_height(p) - 6, "#fff4e0" if acting else "#fffdf8", colour, 5,
                stroke_width=3 if acting else 1.2),
           stack(x + 16, y + 40, colour, len(p.get("stack") or []), f"seat {seat}'s merchant")]
    you = " (you)" if seat == body.get("seat") else ""
    out.append(text(x + 32, y + 19, f"Seat {seat}{you}", 12.5, "bold"))
    if acting:
        out.append(text(x + 32, y + 37, "▶ to act", 11, "bold", fill="#d9480f"))
    # lira and rubies
    out += [circle(x + 140, y + 15, 8, "#fcc419", "#8d6e63"), text(x + 140, y + 18.5, "L", 9, "bold", "middle"),
            text(x + 152, y + 19, f"{p.get('lira')} lira", 12)]
    target = state.get("ruby_target") or 0
    rubies = p.get("rubies") or 0
    for i in range(max(target, rubies)):
        out.append(diamond(x + 226 + 14 * i, y + 14, 5.5, RUBY if i < rubies else "#fff", class_="ruby"
                           if i < rubies else "ruby-slot"))
    out.append(text(x + 222 + 14 * max(target, rubies), y + 19, f"{rubies}/{target} rubies", 10))
    # the wheelbarrow
    goods = p.get("goods") or {}
    shapes, gx = chips(x + 140, y + 40, goods, 10, zero=True)
    room = f"(room for {p.get('capacity')} each)"
    out += [*shapes, text(gx, y + 40, room, 10)]
    # the rest: assistants, tiles, cards, letters, clock
    extras = [f"{p.get('spare_assistants')} spare assistant" + ("" if p.get("spare_assistants") == 1 else "s")]
    for key, label in (("guild_card_count", "guild card"), ("seals", "seal")):
        if p.get(key):
            extras.append(f"{p[key]} {label}{'' if p[key] == 1 else 's'}")
    if p.get("letters"):
        extras.append(f"{len(p['letters'])} letter{'' if len(p['letters']) == 1 else 's'}")
    if p.get("tavern_tiles"):
        extras.append(f"{len(p['tavern_tiles'])} tavern tile{'' if len(p['tavern_tiles']) == 1 else 's'}")
    tx = x + 470
    for tile in p.get("mosque_tiles") or []:
        out.append(rect(tx, y + 7, 12, 12, good_colour(tile), "#212529", 2, data_tile=tile))
        tx += 15
    clock = _clock(body, seat)
    if clock:
        out.append(text(x + width - 8, y + 19, clock, 12, "bold", "end", fill="#d9480f" if acting else "#495057"))
    out.append(text(tx + 4, y + 19, fit(" · ".join(extras), x + width - tx - 70, 10), 10))
    cards = p.get("bonus_cards")
    count = p.get("bonus_card_count") or 0
    said = f"{count} bonus card{'' if count == 1 else 's'}"
    cx = max(gx + text_width(room, 10) + 12, x + 470)
    out.append(text(cx, y + 40, fit(said, x + width - cx - 8, 10), 10, class_="cards"))
    if cards:
        mine = "Your cards: " + "; ".join(f"“{title(c)}”" for c in cards)
        out.append(text(x + 32, y + 56, fit(mine, width - 40, 10), 10, fill="#5f3dc4", class_="cards"))
    return el("g", out, class_="player", data_seat=seat)


def _clock(body: dict, seat: int) -> str:
    remaining = (body.get("clock") or {}).get("remaining_ms") or []
    if seat >= len(remaining) or remaining[seat] is None:
        return ""
    s = -(-remaining[seat] // 1000)
    return f"⏱ {s // 60}:{s % 60:02d}"


def legend(x: float, y: float, present) -> str:
    out = [stack(x + 10, y + 2, "#adb5bd", 2, "merchant"), text(x + 22, y, "merchant on 2 assistants", 10),
           disc(x + 160, y - 3, "#adb5bd", 7, 3), text(x + 172, y, "assistant left", 10),
           *pawn(x + 258, y + 2, "#adb5bd", 15), text(x + 268, y, "family member", 10)]
    fx = x + 360
    for name, (colour, mark, said) in FIGURES.items():
        if name not in present:
            continue
        out += [*pawn(fx, y + 3, colour, 19), text(fx, y, mark, 8, "bold", "middle", "#fff"),
                text(fx + 10, y, said[4:], 10)]
        fx += 30 + text_width(said[4:], 10)
    out += [diamond(fx + 4, y - 4, 6, RUBY), text(fx + 14, y, "ruby", 10)]
    return el("g", out, class_="legend")


def header(state: dict, body: dict, width: float) -> list[str]:
    name = "Istanbul"
    if body.get("status") == "finished" or body.get("result"):
        status = "Game over"
    elif body.get("status") == "waiting":
        status = "Waiting for players"
    elif body.get("awaiting_chance"):
        status = "The dice are rolling"
    else:
        to_act = body.get("to_act") or []
        phase = PHASES.get((state.get("phase") or {}).get("name"), "")
        who = " and ".join(f"seat {s}" + (" (you)" if s == body.get("seat") else "") for s in to_act)
        status = f"{who[:1].upper()}{who[1:]} {phase or 'to act'}" if who else "Nobody to act"
    watcher = "spectator" if body.get("seat") is None else f"seat {body['seat']}"
    discard = (state.get("discard_pile") or {}).get("size", 0)
    facts = [f"{state.get('ruby_target')} rubies win", f"bonus deck {state.get('bonus_deck_size')}",
             f"discard pile {discard}", f"version {body.get('version')}", f"seen as {watcher}"]
    letters = state.get("letters")
    if isinstance(letters, dict) and "pile_size" in letters:
        facts.insert(3, f"letters {letters['pile_size']}")
    if body.get("imported"):
        facts.append("imported")
    return [text(MARGIN, 24, fit(f"{name} · {status}", width - 2 * MARGIN, 16, True), 16, "bold"),
            text(MARGIN, 44, fit(" · ".join(facts), width - 2 * MARGIN, 11), 11, fill="#495057")]


def picture(body: dict) -> str:
    state = body.get("state") or {}
    layout = [list(row) for row in state.get("layout") or []]
    columns = max((len(row) for row in layout), default=0)
    width = max(MARGIN * 2 + columns * (CELL_W + GAP) - GAP, 800)
    acting = state.get("current") if not body.get("result") else None
    out = header(state, body, width)
    y0 = HEADER_H
    for r, row in enumerate(layout):
        for c, place in enumerate(row):
            out.append(cell(state, place, MARGIN + c * (CELL_W + GAP), y0 + r * (CELL_H + GAP), acting))
    y = y0 + len(layout) * (CELL_H + GAP) + 2
    for p in state.get("players", []):
        out.append(player_row(state, body, p, MARGIN, y, width - 2 * MARGIN))
        y += row_height(p)
    out.append(legend(MARGIN, y + 12, state))
    y += 24
    said = result_words({"result": body.get("result") or state.get("result")}) \
        if (body.get("result") or state.get("result")) else None
    if said:
        lines, after = paragraph(MARGIN + 10, y + 22, said, width - 2 * MARGIN - 20, 12, 4, 16)
        out += [rect(MARGIN, y + 2, width - 2 * MARGIN, after - y - 6, "#fff4e0", "#d9480f", 6, class_="result"),
                *lines]
        y = after
    title_text = f"Istanbul game {body.get('id')}, seen by " + \
        ("a spectator" if body.get("seat") is None else f"seat {body['seat']}")
    return document(width, y + MARGIN, out, title_text)
