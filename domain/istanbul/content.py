"""What is in play: the tables of the boxes the options name, composed. The base game is the base tables.

An expansion is an `Expansion`: its places' names (their modules are places/'s), bonus card rows, mosque-style
tile rows, neutral figures, goods, and the rows of its own components (Mocha & Baksheesh: guild cards, tavern
tiles, the baksheesh tile's sides, M05's die yields, the new faces of base places; Letters & Seals: the letters,
the kiosk tiles). `content_of(options)` composes the base with the expansions the options name into a `Content`:
the places in play (and so the grid: 16 places 4x4, 20 places 5x4, 25 places 5x5), the deck's canonical order,
the figures placed at set-up, the goods a view shows, the ruby target, and `proposed_rows`, the rows in play not
transcribed from a printed component. Rules look things up here or in the rows, and dispatch on a row's kind,
never on an id.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from domain.istanbul.board import Grid
from domain.istanbul.data import (
    BASE_CARDS,
    COFFEE,
    FIGURES,
    GOODS,
    GRID_SIZES,
    LAYOUTS,
    MOSQUE_TILES,
    PLACE_NAMES,
    SETUP,
    BonusCard,
)
from domain.istanbul.great_bazaar import data as great_bazaar_data
from domain.istanbul.letters_seals import data as letters_data
from domain.istanbul.letters_seals.data import KioskTile, Letter
from domain.istanbul.mocha_baksheesh import data as mocha_data
from domain.istanbul.mocha_baksheesh.data import BaksheeshSide, DieYield, GuildCard, PlaceFace, TavernTile
from domain.istanbul.options import Options


@dataclass(frozen=True)
class Expansion:
    """One box's tables."""

    name: str
    place_names: tuple[tuple[int, str], ...] = ()  # its places (places.in_play finds their modules)
    cards: tuple[BonusCard, ...] = ()
    tiles: tuple[tuple[str, tuple[int, str]], ...] = ()  # tile id -> (place it is taken at, ability kind)
    figures: tuple[tuple[str, str], ...] = ()  # neutral figure name -> encounter kind (figures.py)
    goods: tuple[str, ...] = ()  # goods added to the wheelbarrow's (the view shows each)
    layouts: tuple[tuple[str, tuple[int, ...]], ...] = ()  # named fixed layouts of the composed grid
    guild_cards: tuple[GuildCard, ...] = ()
    tavern_tiles: tuple[TavernTile, ...] = ()
    baksheesh_sides: tuple[BaksheeshSide, ...] = ()
    die_yields: tuple[DieYield, ...] = ()  # M05: die face -> yield
    faces: tuple[tuple[int, PlaceFace], ...] = ()  # base places whose tile this box replaces
    letters: tuple[Letter, ...] = ()  # the letters, in their canonical pile order
    kiosk_tiles: tuple[KioskTile, ...] = ()


@dataclass(frozen=True)
class Content:
    """The composed tables of one game."""

    place_names: dict[int, str]
    cards: dict[str, BonusCard]
    tiles: dict[str, tuple[int, str]]
    figures: dict[str, str]
    goods: tuple[str, ...]
    layouts: dict[str, tuple[int, ...]]
    grid: Grid
    targets: dict[int, int]  # seats -> rubies that trigger the end
    expansions: tuple[str, ...]  # the boxes besides the base, by name
    guild_cards: dict[str, GuildCard]  # id -> row (empty without Mocha & Baksheesh)
    tavern_tiles: tuple[TavernTile, ...]
    baksheesh_sides: tuple[BaksheeshSide, ...]
    die_yields: dict[int, DieYield]  # M05: die face -> yield
    faces: dict[int, PlaceFace]  # place -> the face in play, where a box replaced the base tile
    letters: tuple[Letter, ...]  # the letters in play, in their canonical pile order (rows of proposed_rows only)
    kiosk_tiles: tuple[KioskTile, ...]  # the kiosk tiles in play (rows of proposed_rows only)

    @property
    def place_ids(self) -> tuple[int, ...]:
        """Every place in play, ascending (the canonical order a random layout's shuffle permutes)."""
        return tuple(sorted(self.place_names))

    @property
    def deck(self) -> tuple[str, ...]:
        """The bonus deck in its canonical (sorted) order, which the deck shuffle permutes."""
        return tuple(card.id for card in self.cards.values() for _ in range(card.copies))

    def target(self, seats: int) -> int:
        return self.targets[seats]

    def face(self, place: int) -> PlaceFace:
        return self.faces.get(place, NO_FACE)

    def proposed_rows(self, seats: int) -> tuple[tuple[str, str, str, str], ...]:
        """(table, id, status, text) of every row in play with `seats` not transcribed from a printed component
        (two players leave half the tavern tiles in the box). Every table whose rows carry a status is read here;
        a letter's id is its position in the canonical pile order (1-36)."""
        rows = [("bonus_cards", c.id, c.status, f"{c.kind}, {c.copies} copies") for c in self.cards.values()]
        rows += [("guild_cards", c.id, c.status, c.text) for c in self.guild_cards.values()]
        rows += [("tavern_tiles", t.id, t.status, f"{t.kind} tile for {t.cost} coffee") for t in self.tavern_tiles
                 if seats > 2 or t.two_players]
        rows += [("baksheesh_sides", b.id, b.status, ", ".join(f"{n} {g}" for g, n in b.goods.items()))
                 for b in self.baksheesh_sides]
        rows += [("die_yields", str(y.face), y.status, ", ".join(
            [f"{n} {g}" for g, n in y.goods.items()] + ([f"{y.lira} lira"] if y.lira else [])))
            for y in self.die_yields.values()]
        rows += [("letters", str(n), letter.status, f"front: place {letter.place}")
                 for n, letter in enumerate(self.letters, 1)]
        rows += [("kiosk_tiles", k.id, k.status, k.kind) for k in self.kiosk_tiles]
        return tuple(row for row in rows if row[2] != "printed")


BASE = Expansion(
    name="base",
    place_names=tuple(PLACE_NAMES.items()),
    cards=BASE_CARDS,
    tiles=tuple(MOSQUE_TILES.items()),
    figures=tuple(FIGURES.items()),
    goods=GOODS,
    layouts=tuple(LAYOUTS.items()),
)
BASE_WITHOUT_CARDS = replace(BASE, cards=())  # Letters & Seals' deck of its own cards alone (set-up step 1)
BASE_TARGETS = {seats: row["target"] for seats, row in SETUP.items()}
NO_FACE = PlaceFace()

MOCHA_BAKSHEESH = Expansion(
    name=mocha_data.EXPANSION,
    place_names=tuple(mocha_data.PLACE_NAMES.items()),
    cards=mocha_data.CARDS,
    figures=tuple(mocha_data.FIGURES.items()),
    goods=(COFFEE,),
    layouts=tuple(mocha_data.LAYOUTS.items()),
    guild_cards=mocha_data.GUILD_CARDS,
    tavern_tiles=mocha_data.TAVERN_TILES,
    baksheesh_sides=mocha_data.BAKSHEESH_SIDES,
    die_yields=mocha_data.DIE_YIELDS,
    faces=tuple(mocha_data.FACES.items()),
)
# Letters & Seals: places 21-24, letters, the
# courier, the kiosk's tiles, the companion, its bonus cards (with or without the base cards: options.bonus_deck).
LETTERS_SEALS = Expansion(
    name=letters_data.EXPANSION,
    cards=letters_data.CARDS,
    place_names=tuple(letters_data.PLACE_NAMES.items()),
    figures=tuple(letters_data.FIGURES.items()),
    layouts=tuple(letters_data.LAYOUTS.items()),
    letters=letters_data.LETTERS,
    kiosk_tiles=letters_data.KIOSK_TILES,
)
EXPANSIONS = {MOCHA_BAKSHEESH.name: MOCHA_BAKSHEESH, LETTERS_SEALS.name: LETTERS_SEALS}
# the Great Bazaar (11.3): both boxes and what exists only with both, the Catacombs 25; it comes last, so its
# (lack of) named layouts is the composed one: places 1-25 lie at random, the Fountain in the centre (rulebook p.17)
GREAT_BAZAAR = Expansion(name="great_bazaar", place_names=tuple(great_bazaar_data.PLACE_NAMES.items()))


def compose(*boxes: Expansion) -> Content:
    """The union of the boxes' tables; the grid follows from the number of places."""
    names = {pid: name for box in boxes for pid, name in box.place_names}
    columns, rows = GRID_SIZES[len(names)]
    return Content(
        place_names=names,
        cards={card.id: card for box in boxes for card in box.cards},
        tiles=dict(tile for box in boxes for tile in box.tiles),
        figures=dict(figure for box in boxes for figure in box.figures),
        goods=tuple(good for box in boxes for good in box.goods),
        layouts=dict(boxes[-1].layouts),  # a box that changes the grid brings the layouts for it
        grid=Grid(columns, rows),
        # the rulebook: 6 rubies with 2 players "und immer dann, wenn eine Erweiterung ... hinzugenommen wird"
        targets=BASE_TARGETS if len(boxes) == 1 else {seats: 6 for seats in BASE_TARGETS},
        expansions=tuple(box.name for box in boxes[1:]),
        guild_cards={card.id: card for box in boxes for card in box.guild_cards},
        tavern_tiles=tuple(tile for box in boxes for tile in box.tavern_tiles),
        baksheesh_sides=tuple(side for box in boxes for side in box.baksheesh_sides),
        die_yields={row.face: row for box in boxes for row in box.die_yields},
        faces={place: face for box in boxes for place, face in box.faces},
        letters=tuple(letter for box in boxes for letter in box.letters),
        kiosk_tiles=tuple(tile for box in boxes for tile in box.kiosk_tiles),
    )


@cache
def content_of(options: Options) -> Content:
    """The tables in play for `options` (frozen, so this is a pure lookup): the base and the expansions named."""
    base = BASE if options.bonus_deck == "mixed" else BASE_WITHOUT_CARDS
    boxes = tuple(EXPANSIONS[name] for name in options.expansions)
    return compose(base, *boxes, *((GREAT_BAZAAR,) if options.great_bazaar else ()))


def content(state) -> Content:
    return content_of(state.options)
