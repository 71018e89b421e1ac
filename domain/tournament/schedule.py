"""Planning every remaining round of a round robin at tables of 3 to 5 at once, so that pairs of players meet as
evenly as possible (issue 14): a deterministic tabu search over whole plans, then a descent to a plan that no
swap of two players in any round improves.

Seating round by round cannot look ahead: a round that is cheapest on its own can leave the next rounds no good
seating (10 players at tables of five in three rounds: greedy rounds reach 38 of the 45 pairs, a plan 42). So the
cost is the whole plan's, lexicographic: first the pairs who never meet (one more pair met is worth more than any
spread of the others), then the sum of the squared meeting counts (the spread: a third meeting costs more than two
second ones). Counts include the meetings before the plan, so a re-plan after a withdrawal evens them out too.

The search (after Dotú and Van Hentenryck's tabu search for the social golfer problem): from rounds seated
greedily in turn, each step makes the best swap of two players of one round, one of them sitting with someone
met before; the swapped players may not go back to their tables for a few steps unless that beats the best plan;
after a long run without progress the best plan is perturbed by a fixed pseudo-random sequence (the same every
time: no randomness, no clock). The budget counts swaps looked at, so the same inputs give the same plan on any
machine. It stops early at the cost of a perfect spread (the plan's meetings poured over the pairs fewest first).

Where a resolvable design fits the field (designs: 33 players at tables of three, 16 at four, 25 at five, ...) and
nobody met before, the plan is the design: every pair meets once, which the search alone does not reach.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from functools import lru_cache

from domain.tournament import designs

TENURE = (4, 9)  # steps a swapped player stays off its old table: the low bound plus a cycling extra
STALL = 100  # steps per round without a better plan before a perturbation
LOOKS_PER_PAIR = 20  # budget of swaps looked at: this many per pair of players and round, within the bounds below
MIN_LOOKS, MAX_LOOKS = 50_000, 1_000_000
KICK = 3  # swaps in a perturbation


def plan(players: Sequence[str], sizes: Sequence[int], rounds: int, met: dict[frozenset, int]) -> list[list[list[str]]]:
    """`rounds` rounds of tables (players in seating order of `players` at each table) for the `players`, who met
    as `met` says before: the most even meetings the search finds."""
    if rounds <= 0 or not players:
        return []
    here = set(players)
    before = tuple(sorted((tuple(sorted(pair)), count) for pair, count in met.items() if pair <= here))
    return [[list(t) for t in r] for r in _plan(tuple(players), tuple(sizes), rounds, before)]


@lru_cache(maxsize=16)
def _plan(players: tuple[str, ...], sizes: tuple[int, ...], rounds: int,
          before: tuple[tuple[tuple[str, str], int], ...]) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Memoised: the tournament asks again each round for the plan it follows (pure inputs, a pure answer)."""
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    counts = [[0] * n for _ in range(n)]
    for (a, b), c in before:
        counts[index[a]][index[b]] = counts[index[b]][index[a]] = c
    known = designs.design(n, sizes[0]) if len(set(sizes)) == 1 and not any(c for _, c in before) else None
    if known is not None and rounds <= len(known):
        best = known[:rounds]  # no pair meets twice: nothing is more even
    else:
        best = _Search(n, sizes, rounds, counts).run()
    return tuple(tuple(tuple(players[i] for i in sorted(t)) for t in r) for r in best)


class _Search:
    """The plan as `rounds` lists of tables of player numbers, with `where[r][p]` (p's table in round r) and the
    running meeting counts; `cost` is the plan's total."""

    def __init__(self, n: int, sizes: Sequence[int], rounds: int, counts: list[list[int]]):
        self.n, self.sizes, self.rounds = n, list(sizes), rounds
        top = max(max(row) for row in counts) + rounds + 1
        meetings = sum(size * (size - 1) // 2 for size in sizes) * rounds
        unmet = meetings * (2 * top + 1) + 1  # more than the squares can differ between any two plans
        # the cost of a pair's (c+1)-th meeting: a first one earns `unmet`, a later one 2c+1 (c*c in all)
        self.step = [1 - unmet] + [2 * c + 1 for c in range(1, top + 1)]
        self.counts = counts
        self.tables: list[list[list[int]]] = []
        for _ in range(rounds):
            seated = self._greedy_round()
            self.tables.append(seated)
            self._meet(seated, +1)
        self.where = [self._where(r) for r in self.tables]
        self.cost = self._total()
        self.floor = self._lower_bound()
        self._random = 0x9E3779B97F4A7C15 ^ n * 1_000_003 ^ rounds

    # --- building ------------------------------------------------------------------------------------------
    def _greedy_round(self) -> list[list[int]]:
        """Each player in turn at the open table where its meetings so far cost least (ties: the first)."""
        step, counts = self.step, self.counts
        tables: list[list[int]] = [[] for _ in self.sizes]
        for p in range(self.n):
            row = counts[p]
            open_ = [i for i, size in enumerate(self.sizes) if len(tables[i]) < size]
            tables[min(open_, key=lambda i: (sum(step[row[q]] for q in tables[i]), i))].append(p)
        return tables

    def _where(self, tables: list[list[int]]) -> list[int]:
        where = [0] * self.n
        for number, table in enumerate(tables):
            for p in table:
                where[p] = number
        return where

    def _meet(self, tables: list[list[int]], sign: int) -> None:
        counts = self.counts
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    counts[a][b] += sign
                    counts[b][a] += sign

    def _total(self) -> int:
        total = 0
        for a in range(self.n):
            for b in range(a + 1, self.n):
                total += sum(self.step[:self.counts[a][b]])
        return total

    def _lower_bound(self) -> int:
        """The cost if the plan's meetings could be spread over the pairs freely (fewest met first): a plan at
        this cost cannot be beaten, and the search stops there."""
        start = [self.counts[a][b] for a in range(self.n) for b in range(a + 1, self.n)]
        for tables in self.tables:
            for table in tables:
                for i, a in enumerate(table):
                    for b in table[i + 1:]:
                        start[self._pair_index(a, b)] -= 1
        meetings = sum(size * (size - 1) // 2 for size in self.sizes) * self.rounds
        heapq.heapify(start)
        for _ in range(meetings):
            heapq.heapreplace(start, start[0] + 1)
        return sum(sum(self.step[:c]) for c in start)

    def _pair_index(self, a: int, b: int) -> int:
        a, b = min(a, b), max(a, b)
        return a * self.n - a * (a + 1) // 2 + (b - a - 1)

    # --- moves ---------------------------------------------------------------------------------------------
    def _delta(self, r: int, x: int, z: int) -> int:
        """The cost change if x and z (at different tables of round r) swap."""
        step, counts = self.step, self.counts
        cx, cz = counts[x], counts[z]
        a_table = self.tables[r][self.where[r][x]]
        b_table = self.tables[r][self.where[r][z]]
        delta = 0
        for a in a_table:
            if a != x:
                delta += step[cz[a]] - step[cx[a] - 1]
        for b in b_table:
            if b != z:
                delta += step[cx[b]] - step[cz[b] - 1]
        return delta

    def _swap(self, r: int, x: int, z: int) -> None:
        tables, where, counts = self.tables[r], self.where[r], self.counts
        ta, tb = where[x], where[z]
        for a in tables[ta]:
            if a != x:
                counts[x][a] -= 1; counts[a][x] -= 1  # noqa: E702
                counts[z][a] += 1; counts[a][z] += 1  # noqa: E702
        for b in tables[tb]:
            if b != z:
                counts[z][b] -= 1; counts[b][z] -= 1  # noqa: E702
                counts[x][b] += 1; counts[b][x] += 1  # noqa: E702
        tables[ta][tables[ta].index(x)] = z
        tables[tb][tables[tb].index(z)] = x
        where[x], where[z] = tb, ta

    def _in_conflict(self, r: int) -> list[int]:
        """Players of round r who sit with someone they meet more than once in the plan's counts."""
        counts = self.counts
        return [p for table in self.tables[r] for p in table
                if any(counts[p][q] > 1 for q in table if q != p)]

    def _next_random(self, bound: int) -> int:
        """A fixed xorshift sequence: variety for perturbations without randomness."""
        x = self._random
        x ^= (x << 13) & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 7
        x ^= (x << 17) & 0xFFFFFFFFFFFFFFFF
        self._random = x
        return x % bound

    # --- the search ----------------------------------------------------------------------------------------
    def run(self) -> list[list[list[int]]]:
        budget = min(MAX_LOOKS, max(MIN_LOOKS, LOOKS_PER_PAIR * self.n * self.n * self.rounds))
        best_cost, best = self.cost, [[list(t) for t in r] for r in self.tables]
        tabu: dict[tuple[int, int, int], int] = {}
        since = step = looks = 0
        while looks < budget and best_cost > self.floor and len(self.sizes) > 1:
            r = step % self.rounds
            step += 1
            conflicted = self._in_conflict(r)
            if not conflicted:
                continue
            looks += len(conflicted) * self.n
            move = self._best_move(r, conflicted, tabu, step, best_cost)
            if move is not None:
                delta, x, z = move
                tenure = TENURE[0] + step % TENURE[1]
                tabu[(r, x, self.where[r][x])] = step + tenure
                tabu[(r, z, self.where[r][z])] = step + tenure
                self._swap(r, x, z)
                self.cost += delta
                if self.cost < best_cost:
                    best_cost, best, since = self.cost, [[list(t) for t in rr] for rr in self.tables], 0
                    continue
            since += 1
            if since >= STALL * self.rounds:
                self._restore(best)
                self.cost = best_cost
                self._kick()
                tabu.clear()
                since = 0
        self._restore(best)
        self.cost = best_cost
        self._descend()
        return self.tables

    def _best_move(self, r: int, conflicted: list[int], tabu, step: int, best_cost: int):
        """The cheapest allowed swap in round r with a player in conflict (ties: one of them by the fixed
        sequence); a swap back to a table left lately only if it beats the best plan."""
        chosen, ties = None, 0
        where = self.where[r]
        for x in conflicted:
            for z in range(self.n):
                if where[z] == where[x]:
                    continue
                delta = self._delta(r, x, z)
                if chosen is not None and delta > chosen[0]:
                    continue
                forbidden = tabu.get((r, x, where[z]), -1) > step or tabu.get((r, z, where[x]), -1) > step
                if forbidden and self.cost + delta >= best_cost:
                    continue
                if chosen is None or delta < chosen[0]:
                    chosen, ties = (delta, x, z), 1
                else:
                    ties += 1
                    if self._next_random(ties) == 0:
                        chosen = (delta, x, z)
        return chosen

    def _restore(self, plan_: list[list[list[int]]]) -> None:
        for tables in self.tables:
            self._meet(tables, -1)
        self.tables = [[list(t) for t in r] for r in plan_]
        for tables in self.tables:
            self._meet(tables, +1)
        self.where = [self._where(r) for r in self.tables]

    def _kick(self) -> None:
        for _ in range(KICK):
            r = self._next_random(self.rounds)
            x = self._next_random(self.n)
            z = self._next_random(self.n)
            if self.where[r][x] != self.where[r][z]:
                self.cost += self._delta(r, x, z)
                self._swap(r, x, z)

    def _descend(self) -> None:
        """First improvement over every swap of every round until none helps: the plan is a local optimum for
        all swaps, not only those the tabu steps looked at."""
        improved = True
        while improved:
            improved = False
            for r in range(self.rounds):
                for x in range(self.n):
                    for z in range(x + 1, self.n):
                        if self.where[r][x] != self.where[r][z]:
                            delta = self._delta(r, x, z)
                            if delta < 0:
                                self._swap(r, x, z)
                                self.cost += delta
                                improved = True

