"""Single elimination. Head-to-head: a seeded bracket of the next power of two, the top seeds taking the byes;
the better placed of each game goes on (a drawn game: the better seed; a forfeit: the other player). Istanbul tables:
the players still in are dealt to tables in snake order by seeding, and the top `advance` (1 or 2) of each go on,
until the players left fit one table, the final.

The bracket for 8 is 1-8, 4-5, 2-7, 3-6 (seed 1 and 2 can meet only in the final), built by the standard
doubling: each seed s of the bracket of half the size is followed by size + 1 - s.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.tournament import seating
from domain.tournament.state import Result, Round, Table


def bracket(size: int) -> list[int]:
    """Seeds (1-based) in bracket order for a power of two."""
    order = [1]
    while len(order) < size:
        double = 2 * len(order)
        order = [s for seed in order for s in (seed, double + 1 - seed)]
    return order


def first_line(seeding: Sequence[str]) -> list[str | None]:
    """Round 1's bracket positions: the players by seed, None where a bye stands."""
    size = 1
    while size < len(seeding):
        size *= 2
    return [seeding[s - 1] if s <= len(seeding) else None for s in bracket(size)]


def advancing(table: Table, result: Result, advance: int, seed: dict[str, int]) -> list[str]:
    """Who goes on from a finished table: the best places (ties to the better seed), never a forfeited seat."""
    seats = sorted((s for s in range(len(table.players)) if not result.forfeited[s]),
                   key=lambda s: (result.places[s], seed[table.players[s]]))
    return [table.players[s] for s in seats[:advance]]


def next_line(line: Sequence[str | None], round_: Round, seed: dict[str, int]) -> list[str | None]:
    """The bracket after a head-to-head round: each pair of positions sends on its winner, or its bye."""
    by_player = {p: t for t in round_.tables for p in t.players}
    following: list[str | None] = []
    for a, b in zip(line[0::2], line[1::2]):
        table = by_player.get(a) or by_player.get(b)
        if table is not None and table.result is not None and a in table.players and b in table.players:
            winners = advancing(table, table.result, 1, seed)
            following.append(winners[0] if winners else None)
        else:
            following.append(a if a in round_.byes else b if b in round_.byes else None)
    return following


def line_before(seeding: Sequence[str], rounds: Sequence[Round], seed: dict[str, int]) -> list[str | None]:
    line = first_line(seeding)
    for round_ in rounds:
        line = next_line(line, round_, seed)
    return line


def pair_head_to_head(line: Sequence[str | None], withdrawn: set[str]) -> tuple[list[list[str]], list[str]]:
    """(tables, byes) from the bracket positions; a withdrawn player is a bye for the opponent."""
    tables, byes = [], []
    for a, b in zip(line[0::2], line[1::2]):
        a = None if a in withdrawn else a
        b = None if b in withdrawn else b
        if a is not None and b is not None:
            tables.append([a, b])
        elif a is not None or b is not None:
            byes.append(a if a is not None else b)
    return tables, byes


def still_in(seeding: Sequence[str], rounds: Sequence[Round], advance: int, seed: dict[str, int]) -> list[str]:
    """Istanbul tables: the players who go on after `rounds`, in seeding order."""
    players = list(seeding)
    for round_ in rounds:
        on = set(round_.byes)
        for table in round_.tables:
            if table.result is not None:
                on.update(advancing(table, table.result, advance, seed))
        players = [p for p in players if p in on]
    return players


def pair_tables(players: Sequence[str], table_size: int) -> list[list[str]]:
    """One round of Istanbul tables for the players still in (seeding order), the strongest spread in snake order."""
    if len(players) <= table_size:
        return [list(players)]
    return seating.serpentine(players, seating.table_sizes(len(players), table_size))


def is_over(head_to_head: bool, seeding: Sequence[str], rounds: Sequence[Round], advance: int,
            seed: dict[str, int], withdrawn: set[str]) -> bool:
    """The final is played (one player left in the bracket, or a last round of one complete table), or fewer than
    two of those still in have not withdrawn."""
    if rounds and not rounds[-1].complete:
        return False
    if head_to_head:
        line = line_before(seeding, rounds, seed)
        return sum(p is not None and p not in withdrawn for p in line) <= 1
    if len([p for p in still_in(seeding, rounds, advance, seed) if p not in withdrawn]) <= 1:
        return True
    return bool(rounds) and len(rounds[-1].tables) <= 1 and not rounds[-1].byes
