"""Tournaments as stored: the state is the fold of a tournament's log through `domain.tournament` (a process
cache keeps the newest fold and reads only the tail), and commands run as the games' do: load, decide, append at
that version, or nothing. The only caller of the tournament's `decide`.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from domain import tournament
from events import codec
from events.envelope import GENESIS
from events.store import VersionConflict
from events.tournaments import TournamentStore, decode, document
from service.games.commands import now_iso
from service.games.problems import Missing

SERVICE = "service"  # `by` of the steps the worker takes on its own (pairing, games, results, the finish)
RETRIES = 20  # compare-and-append attempts of one command racing others (the worker and organisers)


@dataclass(frozen=True)
class Folded:
    id: str
    version: int
    head_hash: str
    state: object  # a domain.tournament state
    organiser: str | None  # the identity that created it (the first envelope's `by`)


class TournamentNotFound(Missing):
    def __init__(self, tournament_id: str):
        super().__init__("tournament_not_found", f"there is no tournament {tournament_id}")


class Tournaments:
    def __init__(self, store: TournamentStore, cache_size: int = 512, clock: Callable[[], str] = now_iso):
        self.store = store
        self.clock = clock
        self._cache: OrderedDict[str, Folded] = OrderedDict()
        self._lock = threading.Lock()
        self._size = cache_size

    def load(self, tournament_id: str) -> Folded:
        """The tournament folded to its newest event; TournamentNotFound if it has none."""
        with self._lock:
            known = self._cache.get(tournament_id)
        if known is None:
            known = Folded(tournament_id, 0, GENESIS, tournament.initial_state(), None)
        envelopes = self.store.read(tournament_id, known.version)
        if not envelopes and known.version == 0:
            raise TournamentNotFound(tournament_id)
        folded = self._fold(known, envelopes)
        self._remember(folded)
        return folded

    @staticmethod
    def _fold(folded: Folded, envelopes: list[dict]) -> Folded:
        state = folded.state
        for env in envelopes:
            state = tournament.evolve(state, decode(env))
        if not envelopes:
            return folded
        organiser = folded.organiser if folded.version else envelopes[0].get("by")
        return Folded(folded.id, envelopes[-1]["version"], envelopes[-1]["hash"], state, organiser)

    def _remember(self, folded: Folded) -> None:
        with self._lock:
            known = self._cache.get(folded.id)
            if known is None or known.version < folded.version:
                self._cache[folded.id] = folded
            self._cache.move_to_end(folded.id)
            while len(self._cache) > self._size:
                self._cache.popitem(last=False)

    def create(self, command, by: str) -> Folded:
        """A new tournament from a `CreateTournament` (RuleViolation if its settings are refused)."""
        tournament_id = secrets.token_hex(8)
        events = tournament.decide(tournament.initial_state(), command)
        self.store.listed(tournament_id)
        docs = [document(e, self.clock(), by, codec_command(command) if i == 0 else None)
                for i, e in enumerate(events)]
        self.store.append(tournament_id, docs, 0, GENESIS)  # a taken id (2^64 of them) is a VersionConflict
        return self.load(tournament_id)

    def execute(self, tournament_id: str, commands: list, by: str, idempotency_key: str | None = None,
                retries: int = RETRIES) -> tuple[Folded, list[dict]]:
        """Decide `commands` one after another on the newest state and append all their events in one batch
        (or nothing: a RuleViolation from any of them refuses the whole batch). Another append in between is a
        conflict: reload and decide again, up to `retries` times. Returns the state after and the envelopes."""
        for attempt in range(retries + 1):
            folded = self.load(tournament_id)
            state, docs = folded.state, []
            for command in commands:
                events = tournament.decide(state, command)
                at = self.clock()
                for i, event in enumerate(events):
                    docs.append(document(event, at, by, codec_command(command) if i == 0 else None))
                    state = tournament.evolve(state, event)
            if not docs:
                return folded, []
            try:
                sealed = self.store.append(tournament_id, docs, folded.version, folded.head_hash, idempotency_key)
            except VersionConflict:
                if attempt == retries:
                    raise
                continue
            if not sealed:  # the idempotency key was seen: those events are in the log already
                return self.load(tournament_id), []
            after = Folded(tournament_id, sealed[-1]["version"], sealed[-1]["hash"], state, folded.organiser)
            self._remember(after)
            return after, sealed
        raise AssertionError("unreachable")


def codec_command(command) -> dict:
    """A tournament command's wire form, as its batch's first envelope records it."""
    return {"type": command.TYPE, **codec.to_wire(command)}


def command_from(wire: dict):
    """The command a recorded wire form names (the verifier decides it again)."""
    cls = tournament.COMMANDS[wire["type"]]
    return codec.from_wire(cls, {k: v for k, v in wire.items() if k != "type"}, "command")
