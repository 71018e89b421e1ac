"""Istanbul's board from a seat's (or the spectator's) view.

The grid comes from the view's `layout` (rows top to bottom, any size: 4×4 in the base game, 5×4 or 5×5 with
expansions) and `place_names`; each entry of `places` is drawn in the cell of the place it belongs to
(matched by the place's name), and an entry the picture has no drawing for is written out as text, so an
expansion's new places, goods and figures show without a change here.
"""

from __future__ import annotations

import re

from domain.svg import (
    chips,
    circle,
    compact,
    diamond,
    document,
    el,
    good_colour,
    ink,
    rect,
    seat_colour,
    status_line,
    text,
    viewer,
)

CELL_W, CELL_H, GAP, MARGIN = 150, 124, 6, 10
HEADER_H = 52
ROW_H = 58
RUBY = "#e03131"

# Top-level keys of the view that are not figures standing on a place; any other key whose value is a place
# id (governor, smuggler, an expansion's figure) is drawn as a figure.
NOT_FIGURES = {"game", "seats", "options", "you", "layout", "place_names", "start_player", "current", "to_act",
               "phase", "awaiting_chance", "yellow_tile_used", "ending", "ruby_target", "players", "assistants",
               "neutral_merchants", "places", "ruby_supply", "bonus_deck_size", "discard_pile", "result",
               "bonus_deck"}


def slug(name: str) -> str:
    """`Sultan's Palace` -> `sultans_palace`: how the view's `places` keys name places."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")


def place_entries(state: dict) -> tuple[dict[int, dict], dict]:
    """`places` entries by place id (a group like `mosques: {small, great}` split by place), and what matched
    no place (drawn beside the board)."""
    ids = {slug(name): int(pid) for pid, name in state.get("place_names", {}).items()}
    by_place: dict[int, dict] = {}
    other: dict = {}
    for key, entry in (state.get("places") or {}).items():
        if key in ids:
            by_place[ids[key]] = entry if isinstance(entry, dict) else {"": entry}
            continue
        group = key[:-1] if key.endswith("s") else key
        if isinstance(entry, dict) and entry and all(f"{sub}_{group}" in ids for sub in entry):
            for sub, part in entry.items():
                by_place[ids[f"{sub}_{group}"]] = part if isinstance(part, dict) else {"": part}
            continue
        other[key] = entry
    return by_place, other


def figures(state: dict) -> dict[str, object]:
    return {k: v for k, v in state.items() if k not in NOT_FIGURES and (v is None or isinstance(v, int))
            and not isinstance(v, bool)}


def entry_lines(x: float, y: float, entry: dict) -> list[str]:
    """What lies on a place: goods as coloured chips, everything else as short text."""
    out = []
    line = 0
    for key, value in entry.items():
        if key == "rubies":
            continue  # drawn as a ruby in the corner
        if len(out) > 60 or line >= 4:
            break
        ty = y + 13 * line
        if isinstance(value, dict) and value and all(isinstance(v, int) for v in value.values()) \
                and key.endswith("goods"):
            label = {"demand_goods": "wants", "next_goods": "next", "goods": "gives"}.get(key, key)
            shapes, _ = chips(x + 6 * len(label) + 6, ty, value, 9)
            out += [text(x, ty, label, 9), *shapes]
        else:
            label = {"demand": "tile", "stack_size": "stack", "extensions": "extensions left",
                     "state": "indicator"}.get(key, key)
            if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
                value = f"{value[0]} (then {value[1]})"  # a mosque's tiles: the top one's cost, then the next
            elif key == "payout":
                value = "/".join(str(v) for v in value)
            out.append(text(x, ty, f"{label} {compact(value)}"[:30], 9))
        line += 1
    return out


def tokens(state: dict, place: int) -> list[tuple[str, str, str]]:
    """(shape, colour, label) for each figure on `place`, in a fixed order."""
    out = []
    for p in state.get("players", []):
        if p.get("merchant") == place:
            out.append(("merchant", seat_colour(p["seat"]), str(len(p.get("stack") or []))))
    for p in state.get("players", []):
        if p.get("family_member") == place:
            out.append(("family", seat_colour(p["seat"]), "F"))
    for p in state.get("players", []):  # Letters & Seals: on the board only as a place id (else a supply, <= 0)
        if p.get("companion") == place and place > 0:
            out.append(("companion", seat_colour(p["seat"]), "C"))
    for spot, owner in state.get("assistants", []):
        if spot == place:
            out.append(("assistant", "#adb5bd" if owner is None else seat_colour(owner), "a"))
    for spot in state.get("neutral_merchants") or []:
        if spot == place:
            out.append(("merchant", "#868e96", "N"))
    for name, spot in figures(state).items():
        if spot == place:
            out.append(("figure", "#212529", name[:1].upper()))
    return out


def token_shape(x: float, y: float, shape: str, colour: str, label: str, title: str) -> str:
    if shape in ("family", "companion"):
        body = rect(x - 7, y - 7, 14, 14, colour, "#212529")
    elif shape == "assistant":
        body = diamond(x, y, 7, colour)
    else:
        body = circle(x, y, 9 if shape == "merchant" else 8, colour, "#212529",
                      stroke_width=2 if shape == "figure" else 1)
    fill = ink(colour) if colour.startswith("#") and len(colour) == 7 else "#fff"
    return el("g", [el("title", title), body, text(x, y + 4, label, 10, "bold", "middle", fill)], class_=shape)


TOKEN_TITLES = {"merchant": "merchant (assistants in its stack)", "family": "family member",
                "assistant": "assistant", "figure": "neutral figure", "companion": "companion"}


def cell(state: dict, place: int, x: float, y: float, entry: dict | None, current_place: int | None) -> str:
    names = state.get("place_names", {})
    name = names.get(str(place), f"place {place}")
    out = [rect(x, y, CELL_W, CELL_H, "#fff4e0" if place == current_place else "#fffdf8", "#8d6e63", 6)]
    out.append(text(x + 6, y + 15, place, 12, "bold", fill="#8d6e63"))
    out.append(text(x + 26, y + 15, name, 11, "bold"))
    if entry:
        rubies = entry.get("rubies")
        if rubies:
            # bottom right, clear of the text lines and of the first row of figures (at most 5 a row)
            out += [diamond(x + CELL_W - 30, y + CELL_H - 14, 6, RUBY, class_="ruby"),
                    text(x + CELL_W - 21, y + CELL_H - 10, rubies, 10)]
        out += entry_lines(x + 6, y + 31, entry)
    for i, (shape, colour, label) in enumerate(tokens(state, place)):
        tx, ty = x + 14 + 22 * (i % 5), y + CELL_H - 12 - 22 * (i // 5)
        title = TOKEN_TITLES.get(shape, shape) if label not in ("N",) else "neutral merchant"
        if shape == "figure":
            title = next(k for k, v in figures(state).items() if v == place and k[:1].upper() == label)
        out.append(token_shape(tx, ty, shape, colour, label, title))
    return el("g", out, class_="place", data_place=place)


def player_row(state: dict, body: dict, p: dict, x: float, y: float, width: float) -> str:
    seat = p["seat"]
    colour = seat_colour(seat)
    acting = seat in (body.get("to_act") or state.get("to_act") or [])
    out = [rect(x, y, width, ROW_H - 4, "#fff4e0" if acting else "#fffdf8", colour, 4,
                stroke_width=3 if acting else 1)]
    you = " (you)" if seat == body.get("seat") else ""
    out += [circle(x + 14, y + 16, 8, colour), text(x + 28, y + 20, f"Seat {seat}{you}", 12, "bold")]
    if acting:
        out.append(text(x + 110, y + 20, "▶ to act", 11, "bold", fill="#d9480f"))
    out += [text(x + 175, y + 20, f"lira {p.get('lira')}", 12)]
    out += [diamond(x + 245, y + 16, 6, RUBY), text(x + 255, y + 20, p.get("rubies"), 12)]
    cards = p.get("bonus_cards")
    label = f"cards {p.get('bonus_card_count')}" + (f": {' '.join(cards)}" if cards else "")
    out.append(text(x + 280, y + 20, label[:42], 11))
    cx = x + 470
    tiles = p.get("mosque_tiles") or []
    if tiles:
        out.append(text(cx, y + 20, "tiles", 11))
        for i, tile in enumerate(tiles):
            out.append(rect(cx + 30 + 14 * i, y + 10, 11, 11, good_colour(tile), "#212529", data_tile=tile))
    goods = p.get("goods") or {}
    shapes, gx = chips(x + 28, y + 42, goods, 11, zero=True)
    out += [*shapes, text(gx + 4, y + 42, f"/ {p.get('capacity')} (wheelbarrow)", 10)]
    stack = len(p.get("stack") or [])
    out.append(text(x + 290, y + 42, f"assistants {stack} on merchant, {p.get('spare_assistants')} spare", 10))
    return el("g", out, class_="player", data_seat=seat)


def legend(x: float, y: float) -> str:
    out = [token_shape(x + 8, y - 4, "merchant", "#adb5bd", "2", "merchant"),
           text(x + 20, y, "merchant (2 assistants on it)", 10),
           token_shape(x + 182, y - 4, "family", "#adb5bd", "F", "family member"),
           text(x + 194, y, "family member", 10),
           token_shape(x + 292, y - 4, "assistant", "#adb5bd", "a", "assistant"), text(x + 304, y, "assistant", 10),
           token_shape(x + 372, y - 4, "figure", "#212529", "G", "neutral figure"),
           text(x + 384, y, "neutral figures (N: merchant)", 10),
           diamond(x + 570, y - 4, 6, RUBY), text(x + 580, y, "ruby", 10)]
    return el("g", out, class_="legend")


def picture(body: dict) -> str:
    state = body.get("state") or {}
    layout = [list(row) for row in state.get("layout") or []]
    columns = max((len(row) for row in layout), default=0)
    entries, other = place_entries(state)
    on_board = {place for row in layout for place in row}
    width = max(MARGIN * 2 + columns * (CELL_W + GAP) - GAP, 640)
    current = next((p.get("merchant") for p in state.get("players", []) if p["seat"] == state.get("current")),
                   None)
    out = [text(MARGIN, 22, f"Istanbul · version {body.get('version')} · {status_line(body)}", 15, "bold")]
    phase = (state.get("phase") or {}).get("name", "")
    discard = state.get("discard_pile") or {}
    facts = (f"view: {viewer(body)} · phase {phase} · rubies to win {state.get('ruby_target')} · "
             f"ruby supply {state.get('ruby_supply')} · bonus deck {state.get('bonus_deck_size')} · "
             f"discard {discard.get('size', 0)} (top {discard.get('top') or '-'})")
    out.append(text(MARGIN, 42, facts, 11))
    y0 = HEADER_H + MARGIN
    for r, row in enumerate(layout):
        for c, place in enumerate(row):
            out.append(cell(state, place, MARGIN + c * (CELL_W + GAP), y0 + r * (CELL_H + GAP),
                            entries.get(place), current))
    y = y0 + len(layout) * (CELL_H + GAP) + 4
    # places the grid does not hold (none in the base game) and entries that match no place: written out
    extra = [(f"{pid} {state['place_names'].get(str(pid), '')}", entries[pid])
             for pid in sorted(entries) if pid not in on_board]
    extra += [(key, value) for key, value in other.items()]
    for label, value in extra:
        out.append(text(MARGIN, y + 12, f"{label}: {compact(value)}"[:110], 11))
        y += 18
    for p in state.get("players", []):
        out.append(player_row(state, body, p, MARGIN, y, width - 2 * MARGIN))
        y += ROW_H
    out.append(legend(MARGIN, y + 12))
    y += 22
    if body.get("result") or state.get("result"):
        result = body.get("result") or state.get("result")
        out.append(text(MARGIN, y + 14, f"result: {compact(result)}"[:120], 11, "bold"))
        y += 22
    return document(width, y + MARGIN, out, f"Istanbul game {body.get('id')}, {viewer(body)}'s view")
