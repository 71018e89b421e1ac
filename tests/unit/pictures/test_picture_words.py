"""The pictures read as a board game, not as data: per box of Istanbul (base, Mocha & Baksheesh, Letters & Seals,
the Great Bazaar) and for Jaipur, at the start, in the middle and at the end, no text is a raw field name, an id
or a Python value; every text fits the tile (or the picture) it is drawn in, measured with the font a browser
draws `sans-serif` with here (DejaVu Sans, by PIL: not the picture's own estimate); and every place a legal move
names is a region of the picture the page can lay a click over, one region a place.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from domain import registry
from domain import table as tables
from service.pictures import board
from tests.support.driver import Table

SVG_NS = "{http://www.w3.org/2000/svg}"
istanbul = registry.get("istanbul")
jaipur = registry.get("jaipur")
FONTS = Path("/usr/share/fonts/truetype/dejavu")
BOTH = ["mocha_baksheesh", "letters_seals"]
BOXES = {"base": {}, "mocha_baksheesh": {"expansions": ["mocha_baksheesh"]},
         "letters_seals": {"expansions": ["letters_seals"]}, "great_bazaar": {"expansions": BOTH, "layout": "random"}}
RAW = [
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a snake_case field name"),
    (re.compile(r"\b[a-z_]+:[^\s“]"), "a key:value pair"),
    (re.compile(r"\b(None|True|False|null)\b"), "a Python or JSON value"),
    (re.compile(r"\b[BMLGK]\d\d\b"), "a card or tile id"),
    (re.compile(r"\b[SL]\d\b"), "a demand tile id"),
    (re.compile(r"[{}\[\]]"), "a bracket of a data structure"),
]


def positions(game, seats: int, options: dict, seed: int) -> dict[str, Table]:
    """The game at its start, after some moves, and at its end (random legal moves, rarely ending a turn early)."""
    table = Table.start(game, options, seats, seed=f"picture-words-{seed}")
    rng = random.Random(seed)
    out: dict = {}
    moves = 0
    while True:
        awaited = tables.awaited(game, table.table)
        if not awaited or game.is_terminal(table.state):
            break
        commands = game.legal_commands(table.state, awaited[0])
        if moves == 0:
            out["start"] = body(game, table, 0)
        if moves == 120:
            out["middle"] = body(game, table, 0)
            out["named"] = {c.place for c in commands if isinstance(getattr(c, "place", None), int)}
        others = [c for c in commands if type(c).TYPE != "end_turn"]
        table.play(rng.choice(others if others and rng.random() > 0.1 else commands))
        moves += 1
    out["end"] = {**body(game, table, 0), "status": "finished", "result": game.result(table.state)}
    return out


def body(game, table: Table, seat: int | None) -> dict:
    return {"id": "0123456789abcdef", "game": game.NAME, "status": "active", "version": 42, "seat": seat,
            "seats": table.table.seats, "to_act": list(tables.awaited(game, table.table)),
            "awaiting_chance": None, "state": game.view(table.state, seat)}


@pytest.fixture(scope="module", params=sorted(BOXES))
def istanbul_game(request):
    return positions(istanbul, 5 if request.param == "great_bazaar" else 3, BOXES[request.param],
                     seed=len(request.param))


@pytest.fixture(scope="module")
def jaipur_game():
    return positions(jaipur, 2, {}, seed=1)


def texts(root: ET.Element) -> list[ET.Element]:
    return list(root.iter(f"{SVG_NS}text"))


def raw_words(svg: str) -> list[str]:
    root = ET.fromstring(svg.encode())
    found = []
    for node in [*texts(root), *root.iter(f"{SVG_NS}title")]:
        words = "".join(node.itertext())
        found += [f"{why}: {words!r}" for pattern, why in RAW if pattern.search(words)]
    return found


def measure():
    """(text, size, bold) -> width in px as the browser's sans-serif draws it."""
    image_font = pytest.importorskip("PIL.ImageFont")
    if not (FONTS / "DejaVuSans.ttf").exists():
        pytest.skip("no DejaVu Sans to measure with")
    cache: dict = {}

    def width(words: str, size: float, bold: bool) -> float:
        key = (size, bold)
        if key not in cache:
            cache[key] = image_font.truetype(str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), 100)
        return cache[key].getlength(words) * size / 100
    return width


def overflows(svg: str, width) -> list[str]:
    """Texts wider than the tile (a place, a seat's row) they are drawn in, or than the picture."""
    root = ET.fromstring(svg.encode())
    limit = float(root.get("width"))
    boxes: list[tuple[ET.Element, float, float]] = []
    for g in root.iter(f"{SVG_NS}g"):
        if g.get("class") == "place":
            boxes.append((g, float(g.get("data-x")), float(g.get("data-x")) + float(g.get("data-w"))))
    inside = {id(node): (left, right) for g, left, right in boxes for node in g.iter(f"{SVG_NS}text")}
    out = []
    for node in texts(root):
        words = "".join(node.itertext())
        size = float(node.get("font-size"))
        drawn = width(words, size, node.get("font-weight") == "bold")
        x = float(node.get("x"))
        start = {"middle": x - drawn / 2, "end": x - drawn}.get(node.get("text-anchor"), x)
        left, right = inside.get(id(node), (0, limit))
        if start < left - 0.5 or start + drawn > right + 0.5:
            out.append(f"{words!r} at {size}px spans {start:.0f}-{start + drawn:.0f}, its tile {left:.0f}-{right:.0f}")
    return out


@pytest.mark.parametrize("when", ["start", "middle", "end"])
def test_istanbul_says_no_raw_field_id_or_value(istanbul_game, when):
    for seat in (0, None):
        view = istanbul_game[when] if seat == 0 else {**istanbul_game[when], "seat": None}
        assert raw_words(board.render(view)) == []


@pytest.mark.parametrize("when", ["start", "middle", "end"])
def test_istanbul_text_fits_its_tile(istanbul_game, when):
    assert overflows(board.render(istanbul_game[when]), measure()) == []


@pytest.mark.parametrize("when", ["start", "middle", "end"])
def test_jaipur_says_no_raw_field_and_fits(jaipur_game, when):
    svg = board.render(jaipur_game[when])
    assert raw_words(svg) == []
    assert overflows(svg, measure()) == []
    if when == "end":
        assert "won the match" in "".join(ET.fromstring(svg.encode()).itertext())


def test_every_place_a_move_names_is_one_region_of_the_picture(istanbul_game):
    """The page lays a click over each region (`g.place` with its box) whose place a legal command names: every
    such place has exactly one region, inside the picture, and every region is a place of the layout."""
    view = istanbul_game["middle"]
    root = ET.fromstring(board.render(view).encode())
    regions = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "place"]
    by_place = {int(g.get("data-place")): g for g in regions}
    assert len(by_place) == len(regions) == sum(len(row) for row in view["state"]["layout"])
    width, height = float(root.get("width")), float(root.get("height"))
    for g in regions:
        x, y, w, h = (float(g.get(f"data-{k}")) for k in "xywh")
        assert 0 <= x and x + w <= width and 0 <= y and y + h <= height
    assert istanbul_game["named"] <= set(by_place)
