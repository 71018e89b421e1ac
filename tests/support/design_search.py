"""How the base blocks of domain/tournament/designs.py were found: a backtracking search for difference families,
bounded by a count of nodes (no clock). A family is base blocks whose differences cover each needed difference
exactly once and whose developed copies in round 0 seat every point once; designs.py develops them into rounds.

`python -m tests.support.design_search 3 33` prints the blocks for 33 players at tables of three, if found.
"""

from __future__ import annotations

import sys


def ring(v: int, k: int, budget: int = 300_000) -> tuple | None:
    """Base blocks over the integers mod v - 1: with shifts H = multiples of (v-1)/(k-1), the blocks' differences
    cover every residue outside H once, and the blocks shifted by H seat every point outside H once."""
    if v % k or (v - 1) % (k - 1) or (v - k) % (k * (k - 1)):
        return None
    n = v - 1
    shifts = [i * (n // (k - 1)) for i in range(k - 1)]
    wanted = (v - k) // (k * (k - 1))
    used_d, used_p = [False] * n, [False] * n
    for h in shifts:
        used_p[h] = used_d[h] = True
    found: list[tuple[int, ...]] = []
    nodes = [0]

    def fits(block: list[int], c: int) -> bool:
        return not any(used_d[(c - x) % n] or used_d[(x - c) % n] or (c - x) % n == (x - c) % n for x in block)

    def extend(block: list[int]) -> bool:
        if len(block) == k:
            diffs = [(x - y) % n for x in block for y in block if x != y]
            points = [(x + h) % n for x in block for h in shifts]
            if len(set(diffs)) < len(diffs) or len(set(points)) < len(points) or any(used_p[p] for p in points):
                return False
            for d in diffs:
                used_d[d] = True
            for p in points:
                used_p[p] = True
            found.append(tuple(block))
            if grow():
                return True
            found.pop()
            for d in diffs:
                used_d[d] = False
            for p in points:
                used_p[p] = False
            return False
        for c in range(block[-1] + 1, n):
            if not used_p[c] and fits(block, c) and extend(block + [c]):
                return True
            if nodes[0] > budget:
                return False
        return False

    def grow() -> bool:
        nodes[0] += 1
        if len(found) == wanted:
            return True
        if nodes[0] > budget:
            return False
        return extend([next(i for i in range(n) if not used_p[i])])

    return tuple(found) if grow() else None


def levels(v: int, k: int, budget: int = 300_000) -> tuple | None:
    """Base blocks of (a, level) points, a mod q = (v-1)/(k-1), levels 0..k-2: for every two levels (the same one
    too) each difference of a's between them occurs once, counting round 0's block of ∞ with every level's 0."""
    if v % k or (v - 1) % (k - 1):
        return None
    levels_, q = k - 1, (v - 1) // (k - 1)
    if (q - 1) * levels_ % k or q % 2 == 0:  # an even q: pairs half the ring apart would need a short orbit
        return None
    wanted = (q - 1) * levels_ // k
    # used[i][j][d]: a pair of points (x, i), (x + d, j) met; the block of ∞ holds (0, i) and (0, j) (d = 0)
    used = [[[d == 0 for d in range(q)] for _ in range(levels_)] for _ in range(levels_)]
    seated = [[a == 0 for a in range(q)] for _ in range(levels_)]
    found: list[tuple[tuple[int, int], ...]] = []
    nodes = [0]

    def fits(block, point) -> bool:
        a, i = point
        for b, j in block:
            if used[j][i][(a - b) % q] or used[i][j][(b - a) % q]:
                return False
            if i == j and (a - b) % q == (b - a) % q:
                return False
        return True

    def mark(block, point, value: bool) -> None:
        a, i = point
        for b, j in block:
            used[j][i][(a - b) % q] = used[i][j][(b - a) % q] = value

    def extend(block) -> bool:
        if len(block) == k:
            found.append(tuple(block))
            if grow():
                return True
            found.pop()
            return False
        b, j = block[-1]
        for i in range(j, levels_):
            for a in range(b + 1 if i == j else 0, q):
                point = (a, i)
                if seated[i][a] or not fits(block, point):
                    continue
                mark(block, point, True)
                seated[i][a] = True
                if extend(block + [point]):
                    return True
                mark(block, point, False)
                seated[i][a] = False
                if nodes[0] > budget:
                    return False
        return False

    def grow() -> bool:
        nodes[0] += 1
        if len(found) == wanted:
            return True
        if nodes[0] > budget:
            return False
        first = next((a, i) for i in range(levels_) for a in range(q) if not seated[i][a])
        seated[first[1]][first[0]] = True
        if extend([first]):
            return True
        seated[first[1]][first[0]] = False
        return False

    return tuple(found) if grow() else None


def transversal(v: int, budget: int = 300_000) -> tuple | None:
    """Tables of three, v = 3q: a base round of q triples over three levels mod q, and the (a, b) of the
    (q - 1) / 2 transversal rounds. Every difference class (within a level: d and -d; between two levels: d)
    is met once, by the base round's shifts or by a transversal round."""
    if v % 3 or (v // 3) % 2 == 0:
        return None
    q = v // 3
    met: dict[tuple, bool] = {}
    seated = [[False] * q for _ in range(3)]
    base: list[tuple] = []
    nodes = [0]

    def classes(x, y):
        (a, i), (b, j) = sorted((x, y), key=lambda p: (p[1], p[0]))
        return [(i, i, (b - a) % q), (i, i, (a - b) % q)] if i == j else [(i, j, (b - a) % q)]

    def fits(triple, point) -> bool:
        wanted = [c for x in triple for c in classes(x, point)]
        return len(set(wanted)) == len(wanted) and not any(met.get(c) for c in wanted)

    def mark(triple, point, value: bool) -> None:
        for x in triple:
            for c in classes(x, point):
                met[c] = value

    def rounds_of_transversals():
        left = {pair: [d for d in range(q) if not met.get((*pair, d))] for pair in ((0, 1), (0, 2), (1, 2))}
        if len(left[0, 1]) != (q - 1) // 2:
            return None

        def match(a_left, b_left, c_left, acc):
            if not a_left:
                return tuple(acc)
            for b in b_left:
                if (b - a_left[0]) % q in c_left:
                    found = match(a_left[1:], [x for x in b_left if x != b], c_left - {(b - a_left[0]) % q},
                                  acc + [(a_left[0], b)])
                    if found is not None:
                        return found
            return None

        return match(left[0, 1], left[0, 2], set(left[1, 2]), [])

    def grow():
        nodes[0] += 1
        if nodes[0] > budget:
            return None
        if len(base) == q:
            return rounds_of_transversals()
        first = next((a, i) for i in range(3) for a in range(q) if not seated[i][a])
        rest = [(a, i) for i in range(3) for a in range(q) if not seated[i][a] and (i, a) > (first[1], first[0])]
        seated[first[1]][first[0]] = True
        for n, second in enumerate(rest):
            if not fits([first], second):
                continue
            mark([first], second, True)
            for third in rest[n + 1:]:
                if not fits([first, second], third):
                    continue
                mark([first, second], third, True)
                seated[second[1]][second[0]] = seated[third[1]][third[0]] = True
                base.append((first, second, third))
                found = grow()
                if found is not None:
                    return found
                base.pop()
                seated[second[1]][second[0]] = seated[third[1]][third[0]] = False
                mark([first, second], third, False)
            mark([first], second, False)
        seated[first[1]][first[0]] = False
        return None

    pairs = grow()
    return None if pairs is None else (tuple(base), pairs)


if __name__ == "__main__":
    size, players = int(sys.argv[1]), int(sys.argv[2])
    print("ring:", ring(players, size), "levels:", levels(players, size),
          "transversal:", transversal(players) if size == 3 else None)
