"""The board pictures: well-formed, self-contained SVG drawn only from the caller's view.

Views come from games played in memory on the table's runner (tests/support/driver.py), wrapped the way
`service.games.views.view` wraps them; the 5×4 and 5×5 grids are synthetic views of the shape an expansion adds.
"""

from __future__ import annotations

import copy
import random
import xml.etree.ElementTree as ET

import pytest

from domain import registry
from domain import table as tables
from domain.istanbul.options import BASE_LAYOUTS, EXPANSION_LAYOUTS, GREAT_BAZAAR_LAYOUTS
from domain.istanbul.phrases.cards import title
from service.pictures import board
from tests.support.driver import Table

SVG_NS = "{http://www.w3.org/2000/svg}"
istanbul = registry.get("istanbul")
jaipur = registry.get("jaipur")


def played(game, seats: int, options: dict | None = None, moves: int = 40, seed: int = 1) -> Table:
    """A game some random legal moves in (never to the end: hidden information must still be hidden)."""
    table = Table.start(game, options or {}, seats, seed=f"pictures-{seed}")
    rng = random.Random(seed)
    for _ in range(moves):
        awaited = tables.awaited(game, table.table)
        if not awaited or game.is_terminal(table.state):
            break
        table.play(rng.choice(game.legal_commands(table.state, awaited[0])))
    return table


def body(game, table: Table, seat: int | None) -> dict:
    """What GET /v1/games/{id} returns to `seat`, as far as the picture reads it."""
    return {"id": "0123456789abcdef", "game": game.NAME, "status": "active", "version": 42, "seat": seat,
            "seats": table.table.seats, "to_act": list(tables.awaited(game, table.table)),
            "awaiting_chance": None, "state": game.view(table.state, seat)}


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == f"{SVG_NS}svg"
    return root


def texts(root: ET.Element) -> str:
    return "\n".join("".join(node.itertext()) for node in root.iter(f"{SVG_NS}text"))


def test_self_contained():
    """No script, no external reference of any kind: only the SVG namespace's own shapes and text."""
    for game, seats in ((istanbul, 5), (jaipur, 2)):
        svg = board.render(body(game, played(game, seats), 0))
        root = parse(svg)
        for node in root.iter():
            assert node.tag.startswith(SVG_NS), node.tag
            assert node.tag not in (f"{SVG_NS}script", f"{SVG_NS}image", f"{SVG_NS}foreignObject", f"{SVG_NS}use")
            assert not any("href" in name for name in node.attrib), node.attrib
        assert "url(" not in svg and "@import" not in svg and "http://" not in svg.replace(
            'xmlns="http://www.w3.org/2000/svg"', "")


BOXES = [{"layout": layout} for layout in BASE_LAYOUTS] + [
    {"expansions": [box], "layout": layout} for box in ("mocha_baksheesh", "letters_seals") for layout in EXPANSION_LAYOUTS
] + [{"expansions": ["mocha_baksheesh", "letters_seals"], "layout": layout} for layout in GREAT_BAZAAR_LAYOUTS]


@pytest.mark.parametrize("options", BOXES, ids=lambda o: "+".join([*o.get("expansions", []), o["layout"]]))
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_istanbul_every_layout_and_seat_count_shows_every_place(options, seats):
    table = played(istanbul, seats, options, moves=12, seed=seats)
    view = body(istanbul, table, 0)
    root = parse(board.render(view))
    words = texts(root)
    state = view["state"]
    cells = {int(g.get("data-place")) for g in root.iter(f"{SVG_NS}g") if g.get("class") == "place"}
    assert cells == {place for row in state["layout"] for place in row}
    for place, name in state["place_names"].items():
        assert name in words
        assert place in words
    assert len([g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "player"]) == seats
    merchants = [g for cell in root.iter(f"{SVG_NS}g") if cell.get("class") == "place"
                 for g in cell.iter(f"{SVG_NS}g") if g.get("class") == "merchant"]
    assert len(merchants) == seats + len(state["neutral_merchants"])
    assert f"{state['players'][0]['lira']} lira" in words


def test_letters_and_seals_figures_stand_where_the_view_puts_them():
    """The courier (a neutral figure) and each player's companion, once on the board, are drawn on their place;
    a companion still in a supply is not."""
    table = played(istanbul, 3, {"expansions": ["letters_seals"], "layout": "recommended"}, moves=12, seed=3)
    view = body(istanbul, table, 0)
    state = view["state"]
    places = [place for row in state["layout"] for place in row]
    state["players"][1]["companion"], state["players"][2]["companion"] = places[5], 0
    root = parse(board.render(view))
    cells = {int(g.get("data-place")): g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "place"}

    def drawn(place: int, shape: str) -> list[str]:
        return ["".join(t.itertext()) for g in cells[place].iter(f"{SVG_NS}g") if g.get("class") == shape
                for t in g.iter(f"{SVG_NS}title")]

    assert drawn(places[5], "companion") == ["seat 1's companion"]
    assert sum(len(drawn(p, "companion")) for p in places) == 1  # the one in its owner's supply is not drawn
    assert state["courier"] in places and "the courier" in drawn(state["courier"], "figure")


def other_seats_hidden_cards(full: dict, seat_view: dict, seat: int | None) -> set[str]:
    """Bonus cards another seat holds that the viewer cannot see anywhere in its own view."""
    shown = set(seat_view["players"][seat]["bonus_cards"]) if seat is not None else set()
    shown.add(seat_view["discard_pile"]["top"])
    hidden = set()
    for p in full["players"]:
        if p["seat"] != seat:
            hidden |= set(p.get("bonus_cards", []))
    return hidden - shown


def test_istanbul_shows_own_bonus_cards_and_only_counts_of_others():
    table = played(istanbul, 4, moves=160, seed=7)
    full = istanbul.view(table.state, None, complete=True)
    assert any(p["bonus_cards"] for p in full["players"]), "the position must hold some bonus cards"
    for seat in (0, 1, 2, 3, None):
        view = body(istanbul, table, seat)
        words = texts(parse(board.render(view)))
        for p in view["state"]["players"]:
            assert f"{p['bonus_card_count']} bonus card" in words
        if seat is not None:  # the seat's own cards by their effects (cut to the row: the first one whole)
            own = view["state"]["players"][seat]["bonus_cards"]
            if own:
                assert title(own[0]) in words
        for card in other_seats_hidden_cards(full, view["state"], seat):
            assert card not in words, f"{card} of another seat leaks into {seat}'s picture"


def test_jaipur_own_hand_face_up_others_face_down():
    table = played(jaipur, 2, moves=6)
    for seat in (0, 1, None):
        view = body(jaipur, table, seat)
        root = parse(board.render(view))
        for p in view["state"]["players"]:
            block = next(g for g in root.iter(f"{SVG_NS}g") if g.get("data-seat") == str(p["seat"]))
            faces = [g.get("data-good") for g in block.iter(f"{SVG_NS}g") if g.get("class") == "card"]
            backs = [g for g in block.iter(f"{SVG_NS}g") if g.get("class") == "card back"]
            if p["seat"] == seat:
                assert faces == p["hand"] and not backs
            else:
                assert faces == [] and len(backs) == p["hand_size"]


def test_jaipur_market_piles_and_seals():
    table = played(jaipur, 2, moves=10)
    view = body(jaipur, table, 0)
    root = parse(board.render(view))
    state = view["state"]
    market = [g.get("data-good") for g in root.iter(f"{SVG_NS}g")
              if g.get("class") == "card" and g.get("data-good") and g not in
              list(next(b for b in root.iter(f"{SVG_NS}g") if b.get("data-seat") == "0").iter())]
    assert market == state["market"]
    piles = {g.get("data-good"): "".join(g.itertext()) for g in root.iter(f"{SVG_NS}g") if g.get("class") == "pile"}
    for good, pile in state["goods_tokens"].items():
        assert piles[good].startswith(str(pile[0]) if pile else "-")
        assert f"×{len(pile)}" in piles[good]
    assert len([c for c in root.iter(f"{SVG_NS}circle") if c.get("class") == "seal"]) == 4
    assert f"deck {state['deck_size']}" in texts(root)


def test_jaipur_hidden_hand_sizes_are_not_drawn():
    table = played(jaipur, 2, {"opponent_sees_hand_size": False, "opponent_sees_herd_size": False}, moves=6)
    view = body(jaipur, table, 0)
    assert view["state"]["players"][1]["hand_size"] is None
    root = parse(board.render(view))
    other = next(g for g in root.iter(f"{SVG_NS}g") if g.get("data-seat") == "1")
    assert not [g for g in other.iter(f"{SVG_NS}g") if "card" in (g.get("class") or "")]
    assert "hand and herd" in "".join(other.itertext())


def test_the_great_bazaar_is_a_5x5_grid_with_the_fountain_in_the_centre_and_the_catacombs():
    table = played(istanbul, 2, {"expansions": ["mocha_baksheesh", "letters_seals"]}, moves=12, seed=5)
    root = parse(board.render(body(istanbul, table, None)))
    cells = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "place"]
    assert len(cells) == 25 and int(cells[12].get("data-place")) == 7
    catacombs = next(g for g in cells if g.get("data-place") == "25")
    assert "Catacombs" in "".join(catacombs.itertext())
    frames = [next(g.iter(f"{SVG_NS}rect")) for g in cells]  # each cell's frame comes first
    assert len({frame.get("x") for frame in frames}) == 5 and len({frame.get("y") for frame in frames}) == 5


def expansion_view(rows: int, columns: int) -> dict:
    """A 4-seat view reshaped as an expansion would shape it: more places, a new good, figure and place entry."""
    view = body(istanbul, played(istanbul, 4, moves=20, seed=3), 0)
    state = copy.deepcopy(view["state"])
    count = rows * columns
    extra = {17: "Coffee Roastery", 18: "Coffee House", 19: "Tavern", 20: "Guild Hall", 21: "Baksheesh Stall",
             22: "Caravan Camp", 23: "Harbour", 24: "Bazaar Gate", 25: "Spice Route"}
    for place in range(17, count + 1):
        state["place_names"][str(place)] = extra[place]
    ids = list(range(1, count + 1))
    state["layout"] = [ids[r * columns:(r + 1) * columns] for r in range(rows)]
    state["places"]["coffee_roastery"] = {"coffee": 3, "price": 2, "rubies": 1}
    state["places"]["baksheesh_tokens"] = {"left": 4}  # an entry that names no place
    state["courier"] = 18
    for p in state["players"]:
        p["goods"]["coffee"] = p["seat"]
    return {**view, "state": state}


@pytest.mark.parametrize("rows,columns", [(4, 5), (5, 4), (5, 5)])
def test_istanbul_larger_grids_and_unknown_entries(rows, columns):
    view = expansion_view(rows, columns)
    root = parse(board.render(view))
    words = texts(root)
    cells = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "place"]
    assert len(cells) == rows * columns
    for place in range(17, rows * columns + 1):
        assert view["state"]["place_names"][str(place)] in words
    roastery = next(g for g in cells if g.get("data-place") == "17")
    assert [g for g in roastery.iter(f"{SVG_NS}polygon") if g.get("class") == "ruby"]
    courier = next(g for g in cells if g.get("data-place") == "18")
    assert "the courier" in [t.text for t in courier.iter(f"{SVG_NS}title")]
    assert "baksheesh_tokens" not in words and "left:4" not in words  # an entry of no place is not drawn raw
    for p in root.iter(f"{SVG_NS}g"):
        if p.get("class") == "player":
            assert [r for r in p.iter(f"{SVG_NS}rect") if r.get("data-good") == "coffee"]
    width = float(root.get("width"))
    assert width >= columns * 150  # every column fits


def test_finished_game_and_unknown_game():
    table = played(jaipur, 2, moves=4)
    finished = {**body(jaipur, table, None), "status": "finished", "result": {"winners": [1], "scores": [0, 2]}}
    assert "winner: seat 1" in texts(parse(board.render(finished)))
    tiny = {"id": "x", "game": "tiny", "version": 3, "seat": None, "to_act": [0], "status": "active",
            "state": {"total": 5, "note": "<&>"}}
    words = texts(parse(board.render(tiny)))
    assert "tiny" in words and "<&>" in words
