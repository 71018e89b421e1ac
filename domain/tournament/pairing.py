"""Which format pairs the next round, and when a tournament has played all its rounds: one dispatch on the format
over the pure pairing modules (round_robin, swiss, elimination)."""

from __future__ import annotations

from domain.tournament import elimination, round_robin, swiss
from domain.tournament.records import fold_records, meetings
from domain.tournament.state import Running

MIN_PLAYERS = 2  # a round needs one game


def seed_index(state: Running) -> dict[str, int]:
    return {p: i for i, p in enumerate(state.seeding)}


def active(state: Running) -> list[str]:
    """Players not withdrawn, in seeding order."""
    withdrawn = {p.id for p in state.players if p.withdrawn}
    return [p for p in state.seeding if p not in withdrawn]


def ranked(state: Running, records) -> list[str]:
    """Active players by points (best first), then seeding."""
    seed = seed_index(state)
    return sorted(active(state), key=lambda p: (-records[p].points, seed[p]))


def planned_rounds(state: Running) -> int | None:
    """The format's length; None for elimination, whose length follows from the bracket as it is played."""
    settings = state.settings
    if settings.format == "swiss":
        return settings.rounds
    if settings.format == "round_robin":
        if settings.head_to_head:
            return round_robin.berger_rounds(len(state.seeding))
        return settings.rounds or round_robin.table_rounds(len(state.seeding), settings.table_size)
    return None


def is_over(state: Running) -> bool:
    """Every planned round is played (or the elimination's final), or too few players are left to pair."""
    if state.rounds and not state.rounds[-1].complete:
        return False
    if len(active(state)) < MIN_PLAYERS and state.settings.format != "round_robin":
        return True
    settings = state.settings
    if settings.format == "elimination":
        withdrawn = {p.id for p in state.players if p.withdrawn}
        return elimination.is_over(settings.head_to_head, state.seeding, state.rounds, settings.advance,
                                   seed_index(state), withdrawn)
    return len(state.rounds) >= planned_rounds(state)


def pair(state: Running) -> tuple[list[list[str]], list[str]]:
    """(tables with players in seat order, byes) of the next round."""
    settings = state.settings
    number = len(state.rounds) + 1
    records = fold_records(state.seeding, state.rounds, settings.format)
    if settings.format == "round_robin":
        if settings.head_to_head:
            return round_robin.pair_head_to_head(state.seeding, number)
        return round_robin.pair_tables(active(state), settings.table_size, state.rounds, planned_rounds(state)), []
    if settings.format == "swiss":
        if settings.head_to_head:
            return swiss.pair_head_to_head(ranked(state, records), records)
        return swiss.pair_tables(ranked(state, records), records, settings.table_size, meetings(state.rounds)), []
    seed = seed_index(state)
    withdrawn = {p.id for p in state.players if p.withdrawn}
    if settings.head_to_head:
        line = elimination.line_before(state.seeding, state.rounds, seed)
        return elimination.pair_head_to_head(line, withdrawn)
    players = [p for p in elimination.still_in(state.seeding, state.rounds, settings.advance, seed)
               if p not in withdrawn]
    return elimination.pair_tables(players, settings.table_size), []
