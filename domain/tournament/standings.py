"""Standings: a projection of the tournament's state, with stated tie-breaks (README.md of this package).

- Head-to-head (table size 2): match points (win 1, draw ½, Swiss bye 1), then Buchholz (the sum of the
  opponents' match points), then Sonneborn-Berger (the opponents' match points weighted by the result against
  each: all of a beaten one's, half of a drawn one's), then the seeding.
- Istanbul tables: placement points (per game, 1 for each opponent placed below, ½ for each placed equal), then
  rubies, then lira (summed over the games), then the seeding.
- Elimination, either kind: the round reached and the place there first (a bye counts as first place), then the
  above.
Withdrawn players stay in the standings (marked); their forfeits score 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.tournament.records import Record, fold_records, game_points
from domain.tournament.state import Finished, Running

HEAD_TO_HEAD_TIE_BREAKS = ("buchholz", "sonneborn_berger")
TABLE_TIE_BREAKS = ("rubies", "lira")
ELIMINATION_KEYS = ("round_reached", "place")


@dataclass(frozen=True)
class Standing:
    rank: int
    player: str
    name: str
    points: float
    tie_breaks: tuple[tuple[str, float], ...]  # (name, value) in the order they apply
    games: int
    byes: int
    withdrawn: bool


def standings(state: Running | Finished) -> tuple[Standing, ...]:
    settings = state.settings
    records = fold_records(state.seeding, state.rounds, settings.format)
    seed = {p: i for i, p in enumerate(state.seeding)}
    players = {p.id: p for p in state.players}
    breaks = {p: _tie_breaks(p, records, settings.head_to_head) for p in state.seeding}
    if settings.format == "elimination":
        reached = _reached(state)
        breaks = {p: (("round_reached", reached[p][0]), ("place", reached[p][1])) + breaks[p] for p in breaks}

    def key(p: str):
        values = [-value if name != "place" else value for name, value in breaks[p]]
        if settings.format == "elimination":
            return (values[0], values[1], -records[p].points, *values[2:], seed[p])
        return (-records[p].points, *values, seed[p])

    order = sorted(state.seeding, key=key)
    return tuple(Standing(rank, p, players[p].name, records[p].points / 2, breaks[p], len(records[p].games),
                          records[p].byes, players[p].withdrawn) for rank, p in enumerate(order, 1))


def _tie_breaks(player: str, records: dict[str, Record], head_to_head: bool) -> tuple[tuple[str, float], ...]:
    record = records[player]
    if not head_to_head:
        return (("rubies", record.scores), ("lira", record.lira))
    buchholz = sonneborn_berger = 0
    for _, table, seat in record.games:
        opponent = table.players[1 - seat]
        buchholz += records[opponent].points
        sonneborn_berger += game_points(table.result, seat) * records[opponent].points
    return (("buchholz", buchholz / 2), ("sonneborn_berger", sonneborn_berger / 4))


def _reached(state: Running | Finished) -> dict[str, tuple[int, int]]:
    """(last round the player sat in or had a bye, place there: 1 for a bye or an unfinished game)."""
    reached = {p: (0, 1) for p in state.seeding}
    for round_ in state.rounds:
        for p in round_.byes:
            reached[p] = (round_.number, 1)
        for table in round_.tables:
            for seat, p in enumerate(table.players):
                reached[p] = (round_.number, table.result.places[seat] if table.result else 1)
    return reached
