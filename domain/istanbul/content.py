"""What is in play: the tables of the boxes the options name, composed. The base game is the base tables.

An expansion is an `Expansion`: its place modules (places/), bonus card rows, mosque-style tile rows, neutral
figures and goods. `content_of(options)` composes the base with the expansions the options name into a `Content`:
the places in play (and so the grid: 16 places 4x4, 20 places 5x4, 25 places 5x5), the deck's canonical order,
the figures placed at set-up, the goods a view shows, the ruby target. Rules look things up here or in the rows,
and dispatch on a row's kind, never on an id.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import ModuleType

from domain.istanbul import places
from domain.istanbul.board import Grid
from domain.istanbul.data import (
    BASE_CARDS,
    FIGURES,
    GOODS,
    GRID_SIZES,
    LAYOUTS,
    MOSQUE_TILES,
    PLACE_NAMES,
    SETUP,
    BonusCard,
)
from domain.istanbul.options import Options


@dataclass(frozen=True)
class Expansion:
    """One box's tables."""

    name: str
    places: tuple[ModuleType, ...] = ()  # place modules, in the order the view lists them
    place_names: tuple[tuple[int, str], ...] = ()
    cards: tuple[BonusCard, ...] = ()
    tiles: tuple[tuple[str, tuple[int, str]], ...] = ()  # tile id -> (place it is taken at, ability kind)
    figures: tuple[tuple[str, str], ...] = ()  # neutral figure name -> encounter kind (figures.py)
    goods: tuple[str, ...] = ()  # goods added to the wheelbarrow's (the view shows each)
    layouts: tuple[tuple[str, tuple[int, ...]], ...] = ()  # named fixed layouts of the composed grid


@dataclass(frozen=True)
class Content:
    """The composed tables of one game."""

    modules: tuple[ModuleType, ...]
    place_names: dict[int, str]
    cards: dict[str, BonusCard]
    tiles: dict[str, tuple[int, str]]
    figures: dict[str, str]
    goods: tuple[str, ...]
    layouts: dict[str, tuple[int, ...]]
    grid: Grid
    targets: dict[int, int]  # seats -> rubies that trigger the end

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


BASE = Expansion(
    name="base",
    places=places.BASE_MODULES,
    place_names=tuple(PLACE_NAMES.items()),
    cards=BASE_CARDS,
    tiles=tuple(MOSQUE_TILES.items()),
    figures=tuple(FIGURES.items()),
    goods=GOODS,
    layouts=tuple(LAYOUTS.items()),
)
BASE_TARGETS = {seats: row["target"] for seats, row in SETUP.items()}


def compose(*boxes: Expansion) -> Content:
    """The union of the boxes' tables; the grid follows from the number of places."""
    names = {pid: name for box in boxes for pid, name in box.place_names}
    columns, rows = GRID_SIZES[len(names)]
    return Content(
        modules=tuple(module for box in boxes for module in box.places),
        place_names=names,
        cards={card.id: card for box in boxes for card in box.cards},
        tiles=dict(tile for box in boxes for tile in box.tiles),
        figures=dict(figure for box in boxes for figure in box.figures),
        goods=tuple(good for box in boxes for good in box.goods),
        layouts=dict(boxes[-1].layouts),  # a box that changes the grid brings the layouts for it
        grid=Grid(columns, rows),
        # the rulebook: 6 rubies with 2 players "und immer dann, wenn eine Erweiterung ... hinzugenommen wird"
        targets=BASE_TARGETS if len(boxes) == 1 else {seats: 6 for seats in BASE_TARGETS},
    )


@cache
def content_of(options: Options) -> Content:
    """The tables in play for `options` (frozen, so this is a pure lookup). Expansions will be composed here
    from the options that name them: compose(BASE, *expansions)."""
    return compose(BASE)


def content(state) -> Content:
    return content_of(state.options)
