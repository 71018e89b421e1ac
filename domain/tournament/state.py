"""The tournament's state, one type per phase (a field meaningless in a phase does not exist there).

Player ids are the service's player identities (strings); the Decider only compares them. Points are kept in
half points (ints), so a draw needs no float: a win is 2, a draw 1, a loss 0.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

FORMATS = ("round_robin", "swiss", "elimination")


@dataclass(frozen=True)
class Settings:
    """What the organiser chose at creation. `table_size` 2 is head-to-head (Jaipur, or Istanbul for two);
    3 to 5 are Istanbul tables. `rounds` is the Swiss length (round robin and elimination derive theirs).
    `advance` is how many of an elimination table go on (1 or 2; head-to-head always 1)."""

    game: str
    format: str
    options: dict
    table_size: int
    rounds: int | None
    clock: dict | None
    timeout_policy: str
    advance: int

    @property
    def head_to_head(self) -> bool:
        return self.table_size == 2


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    rating: int
    withdrawn: bool = False
    bot: str | None = None  # the service seats this bot in the player's games


@dataclass(frozen=True)
class Result:
    """How a table ended, per seat: `places` 1 = first (equal places share), `scores` (Jaipur's seals,
    Istanbul's rubies), `lira` (Istanbul's tie-break, else zeros), `forfeited` (a clock forfeit or a
    withdrawal: placed last). `by` is "game" or "withdrawal" (decided without a finished game)."""

    places: tuple[int, ...]
    scores: tuple[int, ...]
    lira: tuple[int, ...]
    forfeited: tuple[bool, ...]
    by: str


@dataclass(frozen=True)
class Table:
    """One game of a round: `players` in seat order; `game_id` once the service created its game."""

    number: int
    players: tuple[str, ...]
    game_id: str | None = None
    result: Result | None = None


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...]

    @property
    def complete(self) -> bool:
        return all(t.result is not None for t in self.tables)


@dataclass(frozen=True)
class Unstarted:
    """Before the create command."""


@dataclass(frozen=True)
class Registering:
    """`drawn`: the seeding drawn by lot, once drawn (registration is then closed; a withdrawal leaves it)."""

    settings: Settings
    players: tuple[Player, ...]
    drawn: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Running:
    """`seeding` is the order of strength at the start (rating, then registration, or the order drawn by lot);
    later ties in the standings fall back on it."""

    settings: Settings
    players: tuple[Player, ...]
    seeding: tuple[str, ...]
    rounds: tuple[Round, ...]


@dataclass(frozen=True)
class Finished:
    settings: Settings
    players: tuple[Player, ...]
    seeding: tuple[str, ...]
    rounds: tuple[Round, ...]


State = Unstarted | Registering | Running | Finished
STATE = (Unstarted, Registering, Running, Finished, Settings, Player, Result, Table, Round)


def with_table(rounds: tuple[Round, ...], number: int, table: Table) -> tuple[Round, ...]:
    """The rounds with round `number`'s table of the same number replaced."""
    round_ = rounds[number - 1]
    tables = tuple(table if t.number == table.number else t for t in round_.tables)
    return rounds[:number - 1] + (replace(round_, tables=tables),) + rounds[number:]


def with_withdrawn(players: tuple[Player, ...], player: str) -> tuple[Player, ...]:
    return tuple(replace(p, withdrawn=True) if p.id == player else p for p in players)


def phase_name(state: State) -> str:
    return {Unstarted: "unstarted", Registering: "registering", Running: "running", Finished: "finished"}[type(state)]
