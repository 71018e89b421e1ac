"""Resolvable designs: round robins at tables of k where every pair of players meets exactly once (a Kirkman
triple system for tables of three, a resolvable design with blocks of four or five otherwise). The planner's
search (schedule) does not find these on its own (33 players at tables of three: 500 of the 528 pairs), so the
round robin starts from one where the field and the tables fit.

Each design is kept as a few base blocks and developed by a cyclic group; in the first two kinds one point, `∞`
(the last player), stays fixed. With v players at tables of k, the rounds are (v - 1) / (k - 1):

- `ring`: the other points are the integers mod v - 1. Round 0 is the block of ∞ and the multiples of
  (v - 1) / (k - 1), plus each base block shifted by each of those multiples; round t adds t to every point.
- `levels`: the other points are k - 1 copies ("levels") of the integers mod q = (v - 1) / (k - 1), point
  (a, level) numbered level * q + a (q odd). Round 0 is ∞ with the 0 of each level, plus the base blocks; round
  t adds t to every point's a.
- `transversal` (tables of three, v = 3q, q odd): the points are three levels of the integers mod q, no point
  fixed. A base round is developed over the q shifts, and (q - 1) / 2 rounds of transversals
  {(i, 0), (i + a, 1), (i + b, 2)} (i mod q, one round per kept (a, b)) complete it.
- tripling (tables of three): three copies of a triple system on u points give one on 3u. Its rounds are the
  copies' rounds side by side, then u rounds of the triples {(a, 0), (a + t, 1), (-2a - t, 2)}.

The base blocks were found by a bounded backtracking search for difference families (tests/support/
design_search.py; tests/unit/tournament/test_designs.py finds the quick ones again and develops every one into a
plan where each pair meets once).
"""

from __future__ import annotations

from functools import lru_cache

RING = {  # (players, table size): base blocks over the integers mod players - 1
    (9, 3): ((1, 2, 7),),
    (27, 3): ((1, 2, 4), (3, 8, 23), (5, 12, 22), (6, 20, 24)),
    (33, 3): ((1, 2, 4), (3, 10, 14), (5, 11, 29), (6, 15, 25), (7, 12, 24)),
    (51, 3): ((1, 2, 4), (3, 7, 12), (5, 11, 18), (6, 17, 39), (8, 24, 38), (9, 21, 44), (10, 20, 41),
              (15, 23, 47)),
    (57, 3): ((1, 2, 4), (3, 7, 12), (5, 11, 18), (6, 14, 43), (8, 24, 50), (9, 26, 47), (10, 20, 51),
              (13, 25, 45), (16, 27, 49)),
    (16, 4): ((1, 2, 4, 8),),
    (40, 4): ((1, 5, 8, 25), (2, 3, 11, 36), (4, 6, 22, 33)),
    (52, 4): ((1, 2, 4, 13), (3, 9, 28, 33), (5, 12, 25, 40), (7, 15, 44, 48)),
    (64, 4): ((1, 2, 4, 8), (3, 18, 30, 56), (5, 16, 34, 48), (7, 20, 53, 61), (10, 15, 38, 54)),
    (25, 5): ((1, 2, 15, 17, 22),),
}

LEVELS = {  # (players, table size): base blocks of (a, level) points
    (15, 3): (((1, 0), (2, 0), (4, 0)), ((3, 0), (1, 1), (5, 1)), ((5, 0), (4, 1), (6, 1)), ((6, 0), (2, 1), (3, 1))),
    (39, 3): (((1, 0), (2, 0), (4, 0)), ((3, 0), (7, 0), (12, 0)), ((5, 0), (11, 0), (1, 1)), ((6, 0), (13, 0), (4, 1)),
              ((8, 0), (16, 0), (3, 1)), ((9, 0), (10, 1), (12, 1)), ((10, 0), (2, 1), (15, 1)),
              ((14, 0), (13, 1), (18, 1)), ((15, 0), (8, 1), (17, 1)), ((17, 0), (11, 1), (14, 1)),
              ((18, 0), (6, 1), (7, 1)), ((5, 1), (9, 1), (16, 1))),
    (28, 4): (((1, 0), (3, 0), (6, 0), (5, 1)), ((2, 0), (3, 2), (4, 2), (6, 2)), ((4, 0), (5, 0), (2, 1), (1, 2)),
              ((7, 0), (1, 1), (8, 1), (5, 2)), ((8, 0), (4, 1), (2, 2), (7, 2)), ((3, 1), (6, 1), (7, 1), (8, 2))),
}

TRANSVERSAL = {  # players at tables of three: (the base round's triples of (a, level) points, the (a, b) rounds)
    21: ((((0, 0), (1, 0), (3, 0)), ((2, 0), (0, 1), (1, 1)), ((4, 0), (4, 1), (6, 1)), ((5, 0), (0, 2), (1, 2)),
          ((6, 0), (3, 2), (6, 2)), ((2, 1), (5, 1), (5, 2)), ((3, 1), (2, 2), (4, 2))),
         ((1, 5), (3, 1), (4, 6))),
}


def design(players: int, size: int) -> list[list[list[int]]] | None:
    """The rounds of a design for `players` at tables of `size` (players numbered 0..players-1, ∞ the last), or
    None if none is known."""
    found = _design(players, size)
    return None if found is None else [[list(t) for t in r] for r in found]


@lru_cache(maxsize=32)
def _design(v: int, k: int) -> tuple[tuple[tuple[int, ...], ...], ...] | None:
    if (v, k) in RING:
        return _ring(v, k, RING[v, k])
    if (v, k) in LEVELS:
        return _levels(v, k, LEVELS[v, k])
    if k == 3 and v in TRANSVERSAL:
        return _transversal(v // 3, *TRANSVERSAL[v])
    if k == 3 and v % 3 == 0 and (part := _design(v // 3, 3)) is not None:
        return _tripled(v // 3, part)
    return None


def _ring(v: int, k: int, base: tuple[tuple[int, ...], ...]):
    n, infinity = v - 1, v - 1
    shifts = range(0, n, n // (k - 1))
    first = [(infinity, *shifts)] + [tuple((x + h) % n for x in block) for block in base for h in shifts]
    return tuple(tuple(tuple(p if p == infinity else (p + t) % n for p in block) for block in first)
                 for t in range(n // (k - 1)))


def _levels(v: int, k: int, base: tuple[tuple[tuple[int, int], ...], ...]):
    q, infinity = (v - 1) // (k - 1), v - 1
    first = [(infinity, *(level * q for level in range(k - 1)))]
    first += [tuple(level * q + a for a, level in block) for block in base]
    return tuple(tuple(tuple(p if p == infinity else p // q * q + (p % q + t) % q for p in block)
                       for block in first)
                 for t in range(q))


def _tripled(u: int, part):
    """Copy c of point x is c * u + x."""
    rounds = [tuple(tuple(c * u + x for x in block) for c in range(3) for block in r) for r in part]
    rounds += [tuple((a, u + (a + t) % u, 2 * u + (-2 * a - t) % u) for a in range(u)) for t in range(u)]
    return tuple(rounds)


def _transversal(q: int, base, pairs):
    """Point (a, level) is level * q + a."""
    rounds = [tuple(tuple(level * q + (a + t) % q for a, level in triple) for triple in base) for t in range(q)]
    rounds += [tuple((i, q + (i + a) % q, 2 * q + (i + b) % q) for i in range(q)) for a, b in pairs]
    return tuple(rounds)
