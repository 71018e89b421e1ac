"""Driving a tournament in tests: given events, when a command, then events (the Decider's only contract); and a
runner that plays whole tournaments with results chosen by a callback. Every state comes from folding events
that decide produced; no test edits state."""

from __future__ import annotations

from collections.abc import Callable

from domain import tournament
from domain.tournament.commands import (
    AssignGame,
    CreateTournament,
    DrawSeeding,
    FinishTournament,
    PairRound,
    RecordResult,
    RegisterPlayer,
    StartTournament,
)
from domain.tournament.decide import accept_pairing
from domain.tournament.state import Table
from events.codec import from_wire, to_wire


class Tournament:
    def __init__(self):
        self.state = tournament.initial_state()
        self.events: list = []
        self.games = 0

    def play(self, command) -> list:
        events = tournament.decide(self.state, command)
        if isinstance(command, PairRound):  # every round the planners pair obeys the rules a log is verified by
            assert accept_pairing(self.state, events[0]) == events
        for event in events:
            self.state = tournament.evolve(self.state, event)
        self.events += events
        return events

    @classmethod
    def started(cls, game: str, format_: str, players: int, table_size: int = 2, rounds: int | None = None,
                advance: int = 1, order: tuple[str, ...] = (), lot: str | None = None) -> Tournament:
        """Created, `players` registered, started: by `order`, by lot from the seed `lot`, else by rating."""
        run = cls()
        run.play(CreateTournament(game, format_, table_size, rounds, advance=advance))
        for i in range(players):
            run.play(RegisterPlayer(f"p{i + 1}", f"Player {i + 1}"))
        if lot is not None:
            run.play(DrawSeeding(lot))
        run.play(StartTournament(order))
        return run

    def pair(self) -> list:
        return self.play(PairRound())

    def open_games(self) -> list[tuple[str, Table]]:
        """Assign a game id to every table of the round that awaits one; (game id, table)."""
        opened = []
        for round_, table in tournament.tables_awaiting_games(self.state):
            self.games += 1
            game_id = f"g{self.games}"
            self.play(AssignGame(round_, table.number, game_id))
            opened.append((game_id, table))
        return opened

    def round(self, result: Callable[[Table], RecordResult | tuple]) -> None:
        """Pair a round, open its games and record a result for each: `result(table)` returns (winners,
        scores[, lira[, forfeited]]) by seat."""
        self.pair()
        for game_id, table in self.open_games():
            self.play(RecordResult(game_id, *result(table)))

    def to_the_end(self, result) -> None:
        while tournament.may_pair(self.state):
            self.round(result)
        self.play(FinishTournament())

    def replayed_through_json(self):
        """The state rebuilt from the events as they would be stored: each through the codec to JSON and back."""
        wire = [(type(e).TYPE, to_wire(e)) for e in self.events]
        return tournament.replay([from_wire(tournament.EVENTS[kind], data) for kind, data in wire])


def seat_wins(seat: int) -> Callable[[Table], tuple]:
    """Every game won by the player in `seat` (scores: 2 seals to 0, or rubies by place at a bigger table)."""
    return lambda table: ((seat,), tuple(5 if s == seat else 0 for s in range(len(table.players))))


def strongest_wins(seeding: tuple[str, ...]) -> Callable[[Table], tuple]:
    """The best-seeded player of each table wins; the rest placed by seed (rubies count down)."""
    position = {p: i for i, p in enumerate(seeding)}

    def result(table: Table) -> tuple:
        order = sorted(range(len(table.players)), key=lambda s: position[table.players[s]])
        scores = [0] * len(table.players)
        for rank, seat in enumerate(order):
            scores[seat] = 5 - rank
        return (order[0],), tuple(scores)

    return result
