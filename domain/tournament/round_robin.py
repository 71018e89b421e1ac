"""Round robin. Head-to-head: FIDE's Berger tables, every pair once. Istanbul tables: the rounds left are planned
at once so that pairs meet as evenly as possible (schedule.plan), and each round is the plan's next.

Berger tables for n players (n even; an odd field adds a dummy whose opponent has a bye), players numbered 1..n in
seeding order: round r (1-based) rotates 1..n-1 by (r-1)·n/2 places; table 1 sets the rotation's first against n
(n has the first seat in even rounds), table k sets its k-th against its (n-k)-th. Round 1 of eight is 1-8, 2-7,
3-6, 4-5; round 2 is 8-5, 6-4, 7-3, 1-2 (FIDE Handbook C.05 Annex 1).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.tournament import schedule, seating
from domain.tournament.records import meetings
from domain.tournament.state import Round


def berger_rounds(count: int) -> int:
    """How many rounds a head-to-head round robin of `count` players has."""
    return count - 1 if count % 2 == 0 else count


def berger_round(count: int, round_: int) -> list[tuple[int, int | None]]:
    """Round `round_` (1-based) as pairs of 0-based seeding indexes (first seat first); (i, None) is a bye."""
    n = count + count % 2
    ring = n - 1
    rotated = [(k + (round_ - 1) * (n // 2)) % ring for k in range(ring)]
    fixed = n - 1
    pairs = [(rotated[0], fixed) if round_ % 2 else (fixed, rotated[0])]
    pairs += [(rotated[k], rotated[ring - k]) for k in range(1, n // 2)]
    dummy = count if count % 2 else None
    return [(b, None) if a == dummy else (a, None) if b == dummy else (a, b) for a, b in pairs]


def pair_head_to_head(seeding: Sequence[str], round_: int) -> tuple[list[list[str]], list[str]]:
    """(tables, byes) of round `round_`; withdrawn players keep their place in the schedule (their games are
    forfeits, decided by the caller)."""
    tables, byes = [], []
    for a, b in berger_round(len(seeding), round_):
        if b is None:
            byes.append(seeding[a])
        else:
            tables.append([seeding[a], seeding[b]])
    return tables, byes


def table_rounds(count: int, table_size: int) -> int:
    """Rounds for a round robin of tables: enough for every player to meet every other once if the seating were
    perfect (each game meets table size - 1 others)."""
    return max(1, -(-(count - 1) // (table_size - 1)))


def pair_tables(active: Sequence[str], table_size: int, played: Sequence[Round], planned: int) -> list[list[str]]:
    """The next round of tables of 3-5 for the `active` players (seeding order): the next round of the plan
    (schedule.plan) made when the current field first sat down, so the rounds follow one plan; a field changed by
    a withdrawal gets a new plan over the rounds left. A plan that the rounds played no longer follow (a planner
    changed mid-tournament) is made again from here."""
    sizes = seating.table_sizes(len(active), table_size)
    origin = len(played)
    while origin > 0 and _seated(played[origin - 1]) == set(active):
        origin -= 1
    rounds = schedule.plan(active, sizes, planned - origin, meetings(tuple(played[:origin])))
    done = len(played) - origin
    if all(_tables(r) == _tables_of(p) for r, p in zip(rounds, played[origin:])):
        return rounds[done]
    return schedule.plan(active, sizes, planned - len(played), meetings(tuple(played)))[0]


def _seated(round_: Round) -> set[str]:
    return {p for t in round_.tables for p in t.players}


def _tables(tables: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    return sorted(tuple(t) for t in tables)


def _tables_of(round_: Round) -> list[tuple[str, ...]]:
    return _tables([t.players for t in round_.tables])
