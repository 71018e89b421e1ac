"""The board's geometry as data: a grid (4x4 base, 5x4 with one expansion, 5x5 Great Bazaar), layouts on it,
positions, distances, reachable places; and who stands where.

A layout is a tuple of place ids, row-major over its grid. Everything here is derived from the grid, so a larger
grid needs no new code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from domain.istanbul.data import BLACK_MARKET, BLACK_MARKET_TEA_HOUSE_MIN_DISTANCE, FOUNTAIN, GRID_SIZES, TEA_HOUSE


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int

    @property
    def size(self) -> int:
        return self.columns * self.rows

    def cell(self, index: int) -> tuple[int, int]:
        """(row, column) of the index-th cell, row-major."""
        return divmod(index, self.columns)

    def inner_cells(self) -> tuple[int, ...]:
        """Cells off the edge."""
        return tuple(i for i in range(self.size)
                     if 0 < i // self.columns < self.rows - 1 and 0 < i % self.columns < self.columns - 1)

    def centre_cells(self) -> tuple[int, ...]:
        """Where a random layout puts the fountain (11.1): off the edge ("nicht am Rand": 4 cells of 4x4, 6 of
        5x4); an odd-by-odd grid (the Great Bazaar's 5x5) has one centre, where the rulebook puts it."""
        if self.columns % 2 and self.rows % 2:
            return ((self.rows // 2) * self.columns + self.columns // 2,)
        return self.inner_cells()

    def rows_of(self, layout: tuple[int, ...]) -> list[list[int]]:
        return [list(layout[r * self.columns:(r + 1) * self.columns]) for r in range(self.rows)]


def grid_of(layout: tuple[int, ...]) -> Grid:
    """The grid a complete layout lies on (its number of places says which)."""
    return Grid(*GRID_SIZES[len(layout)])


@lru_cache(maxsize=64)
def positions(grid: Grid, layout: tuple[int, ...]) -> dict[int, tuple[int, int]]:
    """place id -> (row, col)."""
    return {place: grid.cell(i) for i, place in enumerate(layout)}


def distance(grid: Grid, layout: tuple[int, ...], a: int, b: int) -> int:
    pos = positions(grid, layout)
    (ra, ca), (rb, cb) = pos[a], pos[b]
    return abs(ra - rb) + abs(ca - cb)


@lru_cache(maxsize=8192)
def places_at(grid: Grid, layout: tuple[int, ...], origin: int, steps: tuple[int, ...],
              barrier: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Places whose grid distance from `origin` is one of `steps` (orthogonal steps, corners allowed), sorted.
    With a `barrier` (the two places it lies between), a place counts only if some path of that many steps does
    not cross it (rulings R-02, R-07, R-15): a shortest path, since a path of the distance's length never turns
    back."""
    near = tuple(sorted(p for p in layout if p != origin and distance(grid, layout, origin, p) in steps))
    if not barrier:
        return near
    pos = positions(grid, layout)
    edge = frozenset(pos[p] for p in barrier)
    return tuple(p for p in near if _shortest_path_avoids(pos[origin], pos[p], edge))


def _shortest_path_avoids(start: tuple[int, int], end: tuple[int, int], edge: frozenset) -> bool:
    """Some shortest orthogonal path from `start` to `end` does not use `edge` (a pair of cells)."""
    (r0, c0), (r1, c1) = start, end
    dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
    reached = {start}
    for r in range(r0, r1 + dr, dr) if dr else (r0,):
        for c in range(c0, c1 + dc, dc) if dc else (c0,):
            here = (r, c)
            if here == start:
                continue
            up, left = (r - dr, c), (r, c - dc)
            if (dr and r != r0 and up in reached and frozenset((up, here)) != edge) or (
                    dc and c != c0 and left in reached and frozenset((left, here)) != edge):
                reached.add(here)
    return end in reached


@lru_cache(maxsize=4096)
def straight_line(grid: Grid, layout: tuple[int, ...], origin: int, barrier: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Places along the origin's row and column, any distance, the barrier not crossed (the tavern's movement
    tile, 7.4), sorted."""
    pos = positions(grid, layout)
    at = {cell: place for place, cell in pos.items()}
    edge = frozenset(pos[p] for p in barrier) if barrier else frozenset()
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        here = pos[origin]
        while True:
            nxt = (here[0] + dr, here[1] + dc)
            if nxt not in at or frozenset((here, nxt)) == edge:
                break
            out.append(at[nxt])
            here = nxt
    return tuple(sorted(out))


@lru_cache(maxsize=64)
def corners(grid: Grid, layout: tuple[int, ...]) -> tuple[int, ...]:
    """The places at the grid's four corners (M07; reference 14a.9), sorted."""
    last = grid.size - 1
    return tuple(sorted(layout[i] for i in {0, grid.columns - 1, last - grid.columns + 1, last}))


@lru_cache(maxsize=64)
def neighbour_pairs(grid: Grid, layout: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Every pair of orthogonally neighbouring places (ascending ids), sorted: where the barrier may lie."""
    return tuple(sorted((a, b) for a in layout for b in layout if a < b and distance(grid, layout, a, b) == 1))


def layout_acceptable(grid: Grid, layout: tuple[int, ...], fountain_cells: tuple[int, ...]) -> bool:
    """Random layout constraints (11.1): the fountain in one of `fountain_cells`; black market and tea house at
    least 3 apart, in different rows and different columns."""
    if layout.index(FOUNTAIN) not in fountain_cells:
        return False
    pos = positions(grid, layout)
    (r8, c8), (r9, c9) = pos[BLACK_MARKET], pos[TEA_HOUSE]
    return r8 != r9 and c8 != c9 and abs(r8 - r9) + abs(c8 - c9) >= BLACK_MARKET_TEA_HOUSE_MIN_DISTANCE


# --- who stands where ------------------------------------------------------------------------------------------
def merchants_at(state, place: int, seat: int) -> tuple[int, ...]:
    """The owners of other players' merchants at `place`, and with Letters & Seals of their companions too (each
    is paid 2 lira, 5.4): one entry per figure."""
    # Plain loops: for a handful of players they cost a third less than tuples of generators, and every arrival
    # (evolve's merchant_moved, assistant steps, companion moves) asks.
    merchants = ()
    for s, p in enumerate(state.players):
        if p.merchant == place and s != seat:
            merchants += (s,)
    if state.letters is None:
        return merchants
    for s, p in enumerate(state.players):
        if p.companion == place and s != seat:
            merchants += (s,)
    return merchants


def to_pay(state, place: int, seat: int) -> tuple[int, ...]:
    """merchants_at, less the merchant L07's move joined (its owner is not paid, every other figure is)."""
    owners = merchants_at(state, place, seat)
    if not state.unpaid or state.unpaid[0] not in owners:
        return owners
    rest = list(owners)
    rest.remove(state.unpaid[0])
    return tuple(rest)


def acting_place(state, seat: int) -> int:
    """Where the figure the seat moved this turn stands: its companion in a companion turn (Letters & Seals),
    else its merchant. Payments, encounters and catches happen there."""
    player = state.players[seat]
    return player.companion if state.companion_turn else player.merchant


def neutral_merchants_at(state, place: int) -> tuple[int, ...]:
    merchants = state.neutral_merchants
    if place not in merchants:  # nearly always (none at 3-5 seats): answered without building a tuple
        return ()
    return tuple(i for i, p in enumerate(merchants) if p == place)


def family_at(state, place: int, seat: int) -> tuple[int, ...]:
    """Other players' family members at `place`."""
    return tuple(s for s, p in enumerate(state.players) if s != seat and p.family == place)


def own_assistant_places(state, seat: int) -> tuple[int, ...]:
    return tuple(sorted({place for place, owner in state.assistants if owner == seat}))


def has_assistant(state, place: int, owner: int) -> bool:
    return (place, owner) in state.assistants


def remove_assistant(assistants: tuple, place: int, owner: int) -> tuple:
    items = list(assistants)
    items.remove((place, owner))
    return tuple(items)


def add_assistant(assistants: tuple, place: int, owner: int) -> tuple:
    return tuple(sorted(assistants + ((place, owner),)))
