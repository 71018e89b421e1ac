"""Each player's record so far, folded from the rounds: the input of pairings and standings.

Game points are half points, one comparison per opponent at the table: 2 for each opponent placed below, 1 for
each placed equal, 0 for each above. At two seats that is a win 2, a draw 1, a loss 0 (chess's 1, ½, 0); at an
Istanbul table of four the winner takes 6. A forfeited seat (clock or withdrawal) scores 0 and is placed last.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from domain.tournament.state import Result, Round

BYE_POINTS = {"swiss": 2, "round_robin": 0, "elimination": 0}  # a Swiss bye is a win; a round robin's is no game


def game_points(result: Result, seat: int) -> int:
    if result.forfeited[seat]:
        return 0
    mine = result.places[seat]
    return sum(2 if mine < place else 1 if mine == place else 0
               for other, place in enumerate(result.places) if other != seat)


@dataclass
class Record:
    """Mutable while folding (never stored in state): points in half points, the finished games as (round,
    table, seat), byes, how often the player sat first, scores (seals or rubies) and lira summed, and how often
    each opponent was met (finished or not)."""

    points: int = 0
    games: list = field(default_factory=list)
    byes: int = 0
    first_seats: int = 0
    scores: int = 0
    lira: int = 0
    opponents: Counter = field(default_factory=Counter)


def fold_records(players: tuple[str, ...], rounds: tuple[Round, ...], format_: str) -> dict[str, Record]:
    records = {p: Record() for p in players}
    for round_ in rounds:
        for player in round_.byes:
            records[player].byes += 1
            records[player].points += BYE_POINTS[format_]
        for table in round_.tables:
            for seat, player in enumerate(table.players):
                record = records[player]
                record.first_seats += seat == 0
                record.opponents.update(p for p in table.players if p != player)
                if table.result is None:
                    continue
                record.points += game_points(table.result, seat)
                record.scores += table.result.scores[seat]
                record.lira += table.result.lira[seat]
                record.games.append((round_.number, table, seat))
    return records


def meetings(rounds: tuple[Round, ...]) -> dict[frozenset, int]:
    """How often each pair of players sat at one table (whatever the result)."""
    counts: Counter = Counter()
    for round_ in rounds:
        for table in round_.tables:
            for i, a in enumerate(table.players):
                for b in table.players[i + 1:]:
                    counts[frozenset((a, b))] += 1
    return dict(counts)
