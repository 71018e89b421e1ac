"""Seating players at tables of 3 to 5 (Istanbul): how many tables of which sizes, and a deterministic local search
that seats players so that pairs who already met meet again as little as possible.

Meeting counts of pairs are the cost: seating a pair that met `m` times costs BASE**m, so one pair meeting a third
time weighs more than any number of pairs meeting a second time (the spread stays as even as the search finds).
Swiss adds a smaller cost, the score spread at a table. No randomness: ties go to the lower index.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

MIN_TABLE = 3
MAX_TABLE = 5


def table_sizes(count: int, target: int) -> tuple[int, ...]:
    """Sizes of the tables for `count` players around `target` (3-5): no two sizes more than one apart, the
    smallest total distance from the target (then the fewer tables), larger tables first. Fewer than 3 players
    sit at one table."""
    if count < MIN_TABLE:
        return (count,) if count else ()
    candidates = []
    for tables in range(1, count // MIN_TABLE + 1):
        low, extra = divmod(count, tables)
        high = low + (1 if extra else 0)
        if low >= MIN_TABLE and high <= MAX_TABLE:
            sizes = (high,) * extra + (low,) * (tables - extra)
            candidates.append((sum(abs(s - target) for s in sizes), tables, sizes))
    return min(candidates)[2]


def serpentine(players: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """Deal players (strongest first) to tables in snake order (1, 2, ..., k, k, ..., 1, ...) so strength spreads;
    a table that is full is skipped."""
    tables: list[list[str]] = [[] for _ in sizes]
    order = list(range(len(sizes)))
    snake = order + order[::-1]
    position = 0
    for player in players:
        while len(tables[snake[position % len(snake)]]) >= sizes[snake[position % len(snake)]]:
            position += 1
        tables[snake[position % len(snake)]].append(player)
        position += 1
    return tables


def in_order(players: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """Consecutive blocks: the first `sizes[0]` players at table 1, and so on (Swiss score groups)."""
    tables, start = [], 0
    for size in sizes:
        tables.append(list(players[start:start + size]))
        start += size
    return tables


def improve(tables: list[list[str]], cost: Callable[[list[str]], int], reach: int | None = None) -> list[list[str]]:
    """Swap two players of different tables, or move one to a table one seat smaller (the sizes stay the same
    multiset), while that lowers the total cost (first improvement, in index order); returns new lists. Ends
    because every accepted step strictly lowers an integer cost. `reach` limits the partners of a table to the
    tables at most that far in order (Swiss tables by score: a far swap would mix score groups anyway)."""
    tables = [list(t) for t in tables]
    costs = [cost(t) for t in tables]
    improved = True
    while improved:
        improved = False
        for a in range(len(tables)):
            for b in range(len(tables)):
                if a == b or (reach is not None and abs(a - b) > reach):
                    continue
                for left, right in _neighbours(tables[a], tables[b], swaps=a < b):
                    new = cost(left) + cost(right)
                    if new < costs[a] + costs[b]:
                        tables[a], tables[b] = left, right
                        costs[a], costs[b] = cost(left), cost(right)
                        improved = True
                        break
    return tables


def _neighbours(left: list[str], right: list[str], swaps: bool):
    """Seatings one step away: a swap of a player of each table, and a move from `left` to `right` when `left`
    has one seat more."""
    if swaps:
        for i in range(len(left)):
            for j in range(len(right)):
                new_left, new_right = list(left), list(right)
                new_left[i], new_right[j] = right[j], left[i]
                yield new_left, new_right
    if len(left) == len(right) + 1:
        for i in range(len(left)):
            yield left[:i] + left[i + 1:], right + [left[i]]


def best_seating(players: Sequence[str], sizes: Sequence[int], cost: Callable[[list[str]], int],
                 starts: int = 8) -> list[list[str]]:
    """The cheapest of `starts` local searches, each from a greedy seating of the players taken from a different
    offset of their order (deterministic restarts: a single search stops at the first local optimum)."""
    best, best_cost = None, None
    step = max(1, len(players) // starts)
    for offset in range(0, min(len(players), step * starts), step):
        order = list(players[offset:]) + list(players[:offset])
        tables = improve(greedy(order, sizes, cost), cost)
        total = sum(cost(t) for t in tables)
        if best_cost is None or total < best_cost:
            best, best_cost = tables, total
    return best if best is not None else []


def greedy(players: Sequence[str], sizes: Sequence[int], cost: Callable[[list[str]], int]) -> list[list[str]]:
    """Each player in turn joins the table with room where the cost rises least (ties: the first such table)."""
    tables: list[list[str]] = [[] for _ in sizes]
    for player in players:
        open_tables = [i for i in range(len(sizes)) if len(tables[i]) < sizes[i]]
        best = min(open_tables, key=lambda i: (cost(tables[i] + [player]) - cost(tables[i]), i))
        tables[best].append(player)
    return tables


def meeting_cost(meetings: dict[frozenset, int], base: int) -> Callable[[list[str]], int]:
    """Cost of one table: BASE**m per pair that met m times already (0 times costs 1, the same for every seating)."""

    def cost(table: list[str]) -> int:
        return sum(base ** meetings.get(frozenset((a, b)), 0) for i, a in enumerate(table) for b in table[i + 1:])

    return cost
