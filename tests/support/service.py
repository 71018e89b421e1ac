"""The service's parts driven in process by the tests: the same command path as HTTP, on the app's real Redis
(`InProcess.of(app)`), or on a store in memory (`InProcess.in_memory()`) where Redis is not what a test tests."""

from __future__ import annotations

from domain import table as tables
from events.memory import memory_store
from service.feed.reactions import update_index
from service.games import creation, views
from service.games.commands import Commands, now_iso
from service.games.redaction import redact_all
from service.games.repository import Loaded, Repository


class InProcess:
    def __init__(self, commands: Commands):
        self.commands = commands
        self.repository: Repository = commands.repository
        self.store = commands.store

    @classmethod
    def of(cls, app) -> InProcess:
        return cls(app.extensions["bazaar.commands"])

    @classmethod
    def in_memory(cls, snapshot_every: int = 100) -> InProcess:
        """The command path on a store of its own in memory (events/memory.py), at production's snapshot interval,
        with the reaction that needs no Redis (the index): no feed and no jobs, so the dealer deals inline."""
        store = memory_store()
        commands = Commands(Repository(store, snapshot_every=snapshot_every), store)
        commands.after_append.append(update_index(store.index))
        return cls(commands)

    def create(self, name: str, seats: int, options: dict | None = None, seed: str | None = None,
               open_game: bool = False) -> tuple[Loaded, list[str]]:
        return creation.create(self.commands, name, seats, options or {}, seed, open_game)

    def command(self, game_id: str, seat: int, body: dict, expected_version=None, idempotency_key=None):
        return self.commands.command(game_id, seat, body, expected_version, idempotency_key)

    def undo(self, game_id: str, seat: int, to_version: int):
        return self.commands.undo(game_id, seat, to_version)

    def pending_roll(self, seed: str) -> tuple[str, int]:
        """A new tiny game (tests/support/tiny_game.py) whose seat called the dealer: a roll the worker must deal
        is pending. (game id, the version that awaits the roll)."""
        loaded, _ = self.create("tiny", 2, seed=seed)
        version, _ = self.command(loaded.meta.id, tables.awaited(loaded.game, loaded.table)[0], {"type": "call_dealer"})
        return loaded.meta.id, version

    def load(self, game_id: str, until: int | None = None) -> Loaded:
        return self.repository.load(game_id, until)

    def forget(self, game_id: str) -> None:
        self.repository.forget(game_id)

    def legal_moves(self, loaded: Loaded, seat: int) -> list[dict]:
        return views.legal_moves(loaded, seat, now_iso())

    def view(self, loaded: Loaded, seat: int | None) -> dict:
        return views.view(loaded, seat, now_iso())

    def redact_all(self, loaded: Loaded, seat: int | None, envelopes: list[dict]) -> list[dict]:
        return redact_all(loaded.game, loaded.finished, seat, envelopes)
