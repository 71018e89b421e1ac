"""The command path: load -> decide (the table's runner) -> append -> reactions. The only place commands are
executed for real; everything else reads."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable

from domain import table as tables
from domain.core import RuleViolation
from domain.table import Deal, Dealer, RequestUndo, TimeOut
from events import codec, layout
from events.platform import SERVICE_ONLY, UnknownCommand, command_from_wire
from events.store import Appended, Store, VersionConflict
from service.games.problems import BadRequest, IdempotencyKeyReused
from service.games.redaction import documents, redact_all
from service.games.repository import Loaded, Repository


def now_iso() -> str:
    # the events' own formatter, whose whole seconds are cached: datetime's isoformat cost 2% of a move
    return layout.timestamp(time.time_ns() // 1_000_000)


class Commands:
    def __init__(self, repository: Repository, store: Store, clock: Callable[[], str] = now_iso,
                 inline_dealer: bool = True):
        self.repository, self.store, self.clock = repository, store, clock
        self.inline_dealer = inline_dealer  # False once a background dealer resolves neutral figures' rolls
        self.after_append: list[Callable[[Loaded, list[dict]], None]] = []

    def command(self, game_id: str, seat: int, body, expected_version: int | None = None,
                idempotency_key: str | None = None, seat_token: tuple[int, str] | None = None
                ) -> tuple[int, list[dict]]:
        """Decide and append one command of `seat`; (version, the new events as the seat sees them).
        `seat_token`: (seat, token hash) of a seat token asking, refused by the append if it was replaced."""
        idem = f"{seat}:{idempotency_key}" if idempotency_key else None
        # what a retry under the same key must repeat; without a key nothing is kept to compare it with
        fingerprint = (hashlib.sha256(json.dumps([body, expected_version], sort_keys=True).encode()).hexdigest()
                       if idem else "")
        cached = self.repository.cached(game_id)
        try:
            try:  # optimistic: decide on the cached table; the append's version check catches a stale one
                return self._attempt(cached or self.repository.load(game_id), seat, body, expected_version, idem,
                                     fingerprint, seat_token)
            except (VersionConflict, RuleViolation, BadRequest):
                if cached is None:
                    raise
                latest = self.repository.load(game_id)  # one read: the retry decides on it
                if latest.version == cached.version:
                    raise
                return self._attempt(latest, seat, body, expected_version, idem, fingerprint, seat_token)
        except (VersionConflict, RuleViolation, BadRequest):
            seen = self.store.log.seen(game_id, idem) if idem else None
            if seen is None:
                raise
            return self._replayed(game_id, seat, seen, fingerprint)  # a retry racing its first try

    def _attempt(self, loaded: Loaded, seat: int, body, expected_version, idem, fingerprint, seat_token):
        if expected_version is not None and expected_version != loaded.version:
            raise VersionConflict(expected_version, loaded.version)
        command = parse(loaded.game, body, seat, self.clock())
        return self._run(loaded, command, seat, idem, fingerprint, seat_token)

    def undo(self, game_id: str, seat: int, to_version: int, expected_version: int | None = None):
        loaded = self.repository.load(game_id)
        if expected_version is not None and expected_version != loaded.version:
            raise VersionConflict(expected_version, loaded.version)
        return self._run(loaded, RequestUndo(seat, to_version, self.clock()), seat)

    def deal(self, game_id: str, version: int) -> Loaded | None:
        """The background dealer's job: draw the pending neutral-figure roll; None if the game moved on."""
        loaded = self.repository.load(game_id)
        if loaded.version != version:
            return None
        try:
            return self.execute(loaded, Deal(self.clock()), dealer_rolls=True)[0]
        except (RuleViolation, VersionConflict):
            return None

    def timeout(self, game_id: str, version: int) -> Loaded | str | None:
        """A timer fired: apply the policy if the game still awaits what it guards. "early": not yet due."""
        loaded = self.repository.load(game_id)
        if loaded.version != version or loaded.finished:
            return None
        try:
            return self.execute(loaded, TimeOut(self.clock()))[0]
        except RuleViolation as err:
            return "early" if err.code == "deadline_not_reached" else None
        except VersionConflict:
            return None  # a move landed first: it was in time

    def _run(self, loaded: Loaded, command, seat: int, idem: str | None = None, fingerprint: str = "",
             seat_token: tuple[int, str] | None = None):
        try:
            after, sealed = self.execute(loaded, command, idem=idem, fingerprint=fingerprint, seat_token=seat_token)
        except _Duplicate as dup:
            return self._replayed(loaded.meta.id, seat, dup.seen, fingerprint)
        return after.version, redact_all(after.game, after.finished, seat, sealed)

    def execute(self, loaded: Loaded, command, dealer_rolls: bool | None = None, idem: str | None = None,
                fingerprint: str = "", seat_token: tuple[int, str] | None = None) -> tuple[Loaded, list[dict]]:
        """Run the table command, append its events (all or none), then the reactions."""
        meta, game = loaded.meta, loaded.game
        dealer_rolls = self.inline_dealer if dealer_rolls is None else dealer_rolls
        batch, table = tables.execute(game, loaded.table, command, Dealer(meta.seed), dealer_rolls)
        if not batch:
            return loaded, []  # a command that changes nothing (a claim repeated by its claimer) appends nothing
        appended, sealed = self.store.log.append(meta.id, documents(game, batch), loaded.version, loaded.head_hash, idem,
                                             fingerprint, meta.seed, seat_token)
        if appended.duplicate:
            raise _Duplicate(appended)
        after = Loaded(meta, table, sealed[-1]["hash"])
        self.repository.committed(loaded.version, after)
        for react in self.after_append:
            react(after, sealed)  # reactions never undo the move: see service.feed.reactions
        return after, sealed

    def _replayed(self, game_id: str, seat: int, seen: Appended, fingerprint: str) -> tuple[int, list[dict]]:
        if seen.fingerprint != fingerprint:
            raise IdempotencyKeyReused()
        loaded = self.repository.load(game_id)
        events = self.store.log.read(game_id, seen.first - 1, seen.last)
        return seen.last, redact_all(loaded.game, loaded.finished, seat, events)


class _Duplicate(Exception):
    def __init__(self, seen: Appended):
        super().__init__(f"{seen.first}:{seen.last}")
        self.seen = seen


def parse(game, body, seat: int, at: str):
    """A posted body as the table command it asks for: a game command, or an answer to an undo request."""
    if not isinstance(body, dict):
        raise BadRequest("malformed_command", "the command must be a JSON object")
    if not isinstance(body.get("type"), str):
        raise BadRequest("malformed_command", "the command needs a string 'type'", "type")
    if body["type"] in SERVICE_ONLY:
        raise BadRequest("unknown_command", f"{body['type']!r} is not posted as a command", "type")
    try:
        return command_from_wire(game, body, seat, at)
    except UnknownCommand as err:
        raise BadRequest("unknown_command", str(err), "type") from None
    except codec.DecodeError as err:
        raise BadRequest("malformed_command", str(err), err.path) from None
