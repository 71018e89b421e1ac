"""Swiss pairings. Head-to-head: one maximum-weight matching (networkx's blossom algorithm) over the active players
and, for an odd field, a bye vertex. Istanbul tables: tables grouped by score, then swaps against repeat meetings.

The matching takes every player (`maxcardinality`), and each edge's weight is a constant less penalties whose
scales make them strictly lexicographic, most important first:
1. a repeat pairing (or a second bye): avoided whenever any complete pairing avoids it;
2. the score gap, squared (half points): players meet their own score group, and a group of odd size sends one
   floater to the nearest group, not a far one; a bye goes to the lowest score;
3. within a score group, the top half meets the bottom half (FIDE's Dutch idea): |rank gap - half the group|.
A bye also prefers the lowest-ranked player. Seats: the player who sat first less often sits first (then the higher
ranked).

Fields of up to FULL players get the complete graph. Larger ones (`make bench` pairs 500) first get edges only
between vertices at most NEAR apart in an order that interleaves each score group's top half with its bottom half
(so each player's ideal partner is a neighbour); if that leaves someone unmatched or forces a repeat, the complete
graph decides. The blossom algorithm is cubic: this keeps a 500-player round to seconds.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.tournament import seating
from domain.tournament.matching import max_weight_matching
from domain.tournament.records import Record

BYE = ""  # the bye vertex (player ids are never empty)
NEAR = 12  # edges per vertex, each way in the interleaved order, in a large field's first attempt
FULL = 64
REACH = 3  # Istanbul tables by score: swaps only between tables at most this far apart in the standings


def pair_head_to_head(ranked: Sequence[str], records: dict[str, Record]) -> tuple[list[list[str]], list[str]]:
    """(tables, byes) for `ranked` (active players, best first by points then seeding)."""
    vertices = _interleaved(ranked, records) + ([BYE] if len(ranked) % 2 else [])
    weights = _Weights(ranked, records)
    for window in ((NEAR,) if len(vertices) > FULL else ()) + (len(vertices),):
        edges = [(i, j, weights.edge(vertices[i], vertices[j]))
                 for i in range(len(vertices)) for j in range(i + 1, min(len(vertices), i + 1 + window))]
        if vertices and vertices[-1] == BYE:
            edges += [(i, len(vertices) - 1, weights.edge(vertices[i], BYE))
                      for i in _bye_candidates(vertices, records, weights.rank, window)]
        matching = max_weight_matching(range(len(vertices)), edges)
        pairs = [(vertices[a], vertices[b]) for a, b in matching]
        if 2 * len(pairs) == len(vertices) and not any(weights.repeats(a, b) for a, b in pairs):
            break
    return _seated(pairs, ranked, records)


def _bye_candidates(vertices: list[str], records: dict[str, Record], rank: dict[str, int], window: int) -> list[int]:
    """Who the bye vertex gets an edge to: everyone in the complete graph; in a large field's first attempt the
    2·window lowest in the standings who have had no bye (a bye edge to every vertex makes the blossom algorithm
    many times slower)."""
    players = range(len(vertices) - 1)
    if window >= len(vertices):
        return list(players)
    lowest = sorted(players, key=lambda i: (records[vertices[i]].points, -rank[vertices[i]]))
    return [i for i in lowest if records[vertices[i]].byes == 0][:2 * window]


def _interleaved(ranked: Sequence[str], records: dict[str, Record]) -> list[str]:
    """Each score group (in standings order) as top[0], bottom[0], top[1], bottom[1], ..."""
    order: list[str] = []
    group: list[str] = []
    for player in list(ranked) + [BYE]:
        if group and (player == BYE or records[player].points != records[group[0]].points):
            half = (len(group) + 1) // 2
            top, bottom = group[:half], group[half:]
            order += [p for pair in zip(top, bottom) for p in pair] + top[len(bottom):]
            group = []
        group.append(player)
    return order


def _seated(pairs, ranked, records) -> tuple[list[list[str]], list[str]]:
    rank = {p: i for i, p in enumerate(ranked)}
    tables, byes = [], []
    for a, b in pairs:
        if BYE in (a, b):
            byes.append(a or b)
            continue
        first, second = sorted((a, b), key=lambda p: (records[p].first_seats, rank[p]))
        tables.append([first, second])
    tables.sort(key=lambda t: min(rank[t[0]], rank[t[1]]))
    return tables, byes


class _Weights:
    def __init__(self, ranked: Sequence[str], records: dict[str, Record]):
        self.records = records
        self.rank = {p: i for i, p in enumerate(ranked)}
        points = [records[p].points for p in ranked]
        top = max(points, default=0)
        self.group_rank: dict[str, int] = {}
        self.group_size: dict[int, int] = {}
        for p in ranked:
            group = records[p].points
            self.group_rank[p] = self.group_size.get(group, 0)
            self.group_size[group] = self.group_size.get(group, 0) + 1
        count = len(ranked) + 1
        self.rank_scale = 1
        self.score_scale = count * (count + 1)  # above any sum of rank terms over a matching
        self.repeat_scale = self.score_scale * (count * (top + 2) ** 2 + 1)  # above any sum of score terms
        self.total = self.repeat_scale * (count + 1)

    def repeats(self, a: str, b: str) -> bool:
        if BYE in (a, b):
            return self.records[a or b].byes > 0
        return self.records[a].opponents[b] > 0

    def edge(self, a: str, b: str) -> int:
        if BYE in (a, b):
            player = a or b
            penalty = self.records[player].points ** 2 * self.score_scale
            penalty += (len(self.rank) - self.rank[player]) * self.rank_scale
        else:
            gap = self.records[a].points - self.records[b].points
            penalty = gap * gap * self.score_scale
            if gap == 0:
                half = self.group_size[self.records[a].points] // 2
                penalty += abs(abs(self.group_rank[a] - self.group_rank[b]) - half) * self.rank_scale
        if self.repeats(a, b):
            penalty += self.repeat_scale
        return self.total - penalty


def pair_tables(ranked: Sequence[str], records: dict[str, Record], table_size: int,
                met: dict[frozenset, int]) -> list[list[str]]:
    """Istanbul tables by score: consecutive blocks of the standings, then swaps between tables near each other
    (REACH) that lower repeat meetings first and the score spread at each table second."""
    sizes = seating.table_sizes(len(ranked), table_size)
    meeting = seating.meeting_cost(met, base=len(ranked) * seating.MAX_TABLE + 1)
    spread_scale = 1
    top = max((records[p].points for p in ranked), default=0)
    meeting_scale = len(ranked) * (top + 1) + 1  # one fewer repeat outweighs any change of spread

    def cost(table: list[str]) -> int:
        points = [records[p].points for p in table]
        return meeting(table) * meeting_scale + (max(points) - min(points)) * spread_scale

    return seating.improve(seating.in_order(ranked, sizes), cost, reach=REACH)
