"""A table around the test game, driven with explicit times: the table reads no clock, so neither do its tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

from domain import table as tables
from domain.table import Act, Create, Dealer
from tests.support import tiny_game as tiny
from tests.support.tiny_game import Add, EndTurn

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def at(seconds: float = 0) -> str:
    return (T0 + timedelta(seconds=seconds)).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def with_hooks(**hooks):
    """The test game with optional hooks of the contract added (e.g. `reveals`), for a table test that needs them."""
    return SimpleNamespace(**{k: v for k, v in vars(tiny).items() if not k.startswith("__")}, **hooks)


class Tiny:
    """The test game at a table; every command is run by the real runner at a given time."""

    def __init__(self, options: dict | None = None, seed: str = "table-tests", dealer_rolls: bool = False,
                 game=tiny):
        self.game = game  # the test game, or a variant of it (see `with_hooks`)
        self.dealer = Dealer(seed)
        self.dealer_rolls = dealer_rolls
        self.log: list = []
        self.state = None
        self.run(Create("tiny", 2, dict(options or {}), "0" * 64, None, at(0)))

    def run(self, command):
        batch, self.state = tables.execute(self.game, self.state, command, self.dealer, self.dealer_rolls)
        self.log += batch
        return batch

    @property
    def turn(self) -> int:
        return self.state.game_state.turn

    def add(self, amount: int = 1, seconds: float = 0, seat: int | None = None):
        seat = self.turn if seat is None else seat
        return self.run(Act(seat, Add(seat, amount), at(seconds)))

    def end_turn(self, seconds: float = 0):
        seat = self.turn
        return self.run(Act(seat, EndTurn(seat), at(seconds)))

    def types(self, batch) -> list[str]:
        return [r.event.TYPE for r in batch]
