"""Round robin. Head-to-head: FIDE's Berger tables, every pair once. Istanbul tables: each round seats the players
so that pairs who met already meet again as little as possible (seating.improve on meeting counts).

Berger tables for n players (n even; an odd field adds a dummy whose opponent has a bye), players numbered 1..n in
seeding order: round r (1-based) rotates 1..n-1 by (r-1)·n/2 places; table 1 sets the rotation's first against n
(n has the first seat in even rounds), table k sets its k-th against its (n-k)-th. Round 1 of eight is 1-8, 2-7,
3-6, 4-5; round 2 is 8-5, 6-4, 7-3, 1-2 (FIDE Handbook C.05 Annex 1).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.tournament import seating


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


def pair_tables(active: Sequence[str], table_size: int, met: dict[frozenset, int]) -> list[list[str]]:
    """One round of tables of 3-5 for the `active` players (seeding order), fewest repeated meetings first."""
    sizes = seating.table_sizes(len(active), table_size)
    cost = seating.meeting_cost(met, base=len(active) * seating.MAX_TABLE + 1)
    return seating.best_seating(active, sizes, cost)
