"""The command path and the read side: load -> fold -> decide -> settle chance -> append.

The only caller of `decide`. Everything here works on ids, seats and JSON bodies; HTTP lives in
service/api, Redis in events/store.py.
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import Any, Callable

from domain import registry
from domain.core import AwaitingChance, GameOver, NotYourTurn, RuleViolation
from events import codec
from events.envelope import GENESIS
from events.platform import PLATFORM_EVENTS, GameCreated, SeedRevealed
from events.snapshots import Snapshot, Snapshots
from events.store import EventStore, VersionConflict
from events.upcasters import upcast
from service import dealer


log = logging.getLogger("bazaar.games")


class NotFound(LookupError):
    pass


class BadRequest(ValueError):
    """Malformed input: `code` is stable, `detail` says what, `field` names where."""

    def __init__(self, code: str, detail: str, field: str | None = None):
        super().__init__(detail)
        self.code, self.detail, self.field = code, detail, field


class IdempotencyKeyReused(Exception):
    pass


@dataclass(frozen=True)
class Meta:
    """A game's fixed facts, read once per process."""

    id: str
    name: str
    seats: int
    options: dict
    seed: str
    token_hashes: tuple[str, ...]

    @property
    def game(self):
        return registry.get(self.name)


@dataclass(frozen=True)
class Loaded:
    """A game's state folded up to `version`; `head_hash` is that event's hash, `draws` the chance count."""

    meta: Meta
    state: Any
    version: int
    head_hash: str
    draws: int

    @property
    def finished(self) -> bool:
        return self.meta.game.is_terminal(self.state)


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Games:
    def __init__(self, store: EventStore, clock: Callable[[], str] = now_iso, cache_size: int = 2048,
                 inline_dealer: bool = True, snapshot_every: int = 100):
        self.store = store
        self.snapshots = Snapshots(store.redis)
        self.snapshot_every = snapshot_every  # write a snapshot when a command crosses a multiple of this
        self.clock = clock
        self.inline_dealer = inline_dealer  # False once a background dealer resolves by_dealer rolls
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self.after_append: list[Callable[[Loaded, list[dict]], None]] = []

    # --- creation ----------------------------------------------------------------------------------

    def create(self, name: str, seats: int, options: dict, seed: str | None = None) -> tuple[Loaded, list[str]]:
        try:
            game = registry.get(name)
        except registry.UnknownGame:
            raise BadRequest("unknown_game", f"no game named {name!r}", "game") from None
        if not game.MIN_SEATS <= seats <= game.MAX_SEATS:
            raise RuleViolation("invalid_seats", f"{name} is played by {game.MIN_SEATS} to {game.MAX_SEATS} seats")
        state = game.initial_state(options, seats)  # validates options
        public_seed = seed is not None
        seed = seed if public_seed else secrets.token_hex(32)
        tokens = [secrets.token_urlsafe(32) for _ in range(seats)]
        game_id = secrets.token_hex(8)
        meta = Meta(game_id, name, seats, options, seed, tuple(token_hash(t) for t in tokens))
        if not self.store.create_meta(game_id, {
            "game": name, "seats": str(seats), "options": json.dumps(options), "seed": seed,
            "tokens": json.dumps(meta.token_hashes), "created_at": self.clock(),
        }):
            raise RuntimeError("game id collision")
        created = GameCreated(name, seats, options, hashlib.sha256(seed.encode()).hexdigest(),
                              seed if public_seed else None)
        empty = Loaded(meta, state, 0, GENESIS, 0)
        docs, loaded = self._settle(empty, state, [(None, created)])
        loaded = self._append(empty, docs, loaded, None, "")
        return loaded, tokens

    # --- loading -------------------------------------------------------------------------------------

    def meta(self, game_id: str) -> Meta:
        cached = self._cache.get(game_id)
        if cached is not None:
            return cached.meta
        raw = self.store.meta(game_id)
        if not raw:
            raise NotFound(game_id)
        return Meta(game_id, raw["game"], int(raw["seats"]), json.loads(raw["options"]), raw["seed"],
                    tuple(json.loads(raw["tokens"])))

    def load(self, game_id: str, until: int | None = None) -> Loaded:
        """The state after event `until` (default: the latest), from the process cache plus the tail."""
        if until is not None:
            return self._fold(self.meta(game_id), self.store.read(game_id, 0, until))
        with self._lock:
            cached = self._cache.get(game_id)
        if cached is None:
            loaded = self._from_snapshot(self.meta(game_id))
        else:
            tail = self.store.read(game_id, cached.version)
            if tail and tail[0]["prev_hash"] != cached.head_hash:
                loaded = self._fold(cached.meta, self.store.read(game_id))  # the cache is not our history
            else:
                loaded = self._fold(cached.meta, tail, cached)
        if loaded.version == 0:
            raise NotFound(game_id)
        self._remember(loaded)
        return loaded

    def _from_snapshot(self, meta: Meta) -> Loaded:
        """Newest snapshot plus the events after it, if the snapshot is a prefix of this stream's history."""
        snap = self.snapshots.load(meta.id, meta.name)
        if snap is not None:
            tail = self.store.read(meta.id, snap.version - 1)
            if tail and tail[0]["version"] == snap.version and tail[0]["hash"] == snap.head_hash:
                start = Loaded(meta, snap.state, snap.version, snap.head_hash, snap.draws)
                return self._fold(meta, tail[1:], start)
        return self._fold(meta, self.store.read(meta.id))

    def save_snapshot(self, loaded: Loaded) -> None:
        self.snapshots.save(loaded.meta.id, loaded.meta.name,
                            Snapshot(loaded.version, loaded.head_hash, loaded.draws, loaded.state))

    def _fold(self, meta: Meta, envelopes: list[dict], start: Loaded | None = None) -> Loaded:
        game = meta.game
        state = start.state if start else None
        version = start.version if start else 0
        head = start.head_hash if start else GENESIS
        draws = start.draws if start else 0
        for env in envelopes:
            event = decode_event(game, env)
            if isinstance(event, GameCreated):
                state = game.initial_state(event.options, event.seats)
            elif not isinstance(event, SeedRevealed):
                if event.TYPE == "chance_drawn":
                    draws += 1
                state = game.evolve(state, event)
            version, head = env["version"], env["hash"]
        return Loaded(meta, state, version, head, draws)

    def _remember(self, loaded: Loaded) -> None:
        with self._lock:
            current = self._cache.get(loaded.meta.id)
            if current is None or current.version <= loaded.version:
                self._cache[loaded.meta.id] = loaded
                self._cache.move_to_end(loaded.meta.id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._cache.pop(game_id, None)

    # --- auth ----------------------------------------------------------------------------------------

    def seat_for_token(self, game_id: str, token: str) -> int | None:
        digest = token_hash(token)
        for seat, expected in enumerate(self.meta(game_id).token_hashes):
            if secrets.compare_digest(digest, expected):
                return seat
        return None

    # --- the command path ----------------------------------------------------------------------------

    def command(self, game_id: str, seat: int, body: dict, expected_version: int | None = None,
                idempotency_key: str | None = None) -> tuple[int, list[dict]]:
        """Decide and append one command; returns (version, the events as `seat` sees them)."""
        fingerprint = hashlib.sha256(json.dumps([body, expected_version], sort_keys=True).encode()).hexdigest()
        scoped_key = f"{seat}:{idempotency_key}" if idempotency_key else None
        if scoped_key:
            seen = self.store.redis.hget(self.store_key(game_id, "idem"), scoped_key)
            if seen is not None:
                return self._replay_result(game_id, seat, seen.decode(), fingerprint)
        loaded = self.load(game_id)
        if expected_version is not None and expected_version != loaded.version:
            raise VersionConflict(expected_version, loaded.version)
        game = loaded.meta.game
        command = parse_command(game, body, seat)
        check_may_act(game, loaded.state, seat)
        events = game.decide(loaded.state, command)
        docs, after = self._settle(loaded, loaded.state, [(seat, e) for e in events])
        try:
            after = self._append(loaded, docs, after, scoped_key, fingerprint)
        except _Duplicate as dup:
            return self._replay_result(game_id, seat, dup.seen, fingerprint)
        return after.version, self.redact_all(after, seat, self.store.read(game_id, loaded.version))

    def settle(self, game_id: str, expected_version: int) -> Loaded | None:
        """Resolve pending dealer rolls (the background dealer's entry point); None if nothing to do."""
        loaded = self.load(game_id)
        if loaded.version != expected_version or loaded.meta.game.chance(loaded.state) is None:
            return None
        docs, after = self._settle(loaded, loaded.state, [], include_dealer=True)
        return self._append(loaded, docs, after, None, "")

    def _settle(self, loaded: Loaded, state: Any, decided: list[tuple[int | None, Any]],
                include_dealer: bool | None = None) -> tuple[list[dict], Loaded]:
        """Fold the decided events, then draw every chance step the command may resolve itself."""
        include_dealer = self.inline_dealer if include_dealer is None else include_dealer
        game, meta = loaded.meta.game, loaded.meta
        draws = loaded.draws
        pending = list(decided)
        for _seat, event in decided:
            if not isinstance(event, GameCreated):
                state = game.evolve(state, event)
        seed = meta.seed.encode()
        while (request := game.chance(state)) is not None and (include_dealer or not request.by_dealer):
            drawn = dealer.draw(seed, draws, request)
            draws += 1
            consequences = game.decide(state, drawn)
            for event in (drawn, *consequences):
                state = game.evolve(state, event)
                pending.append((None, event))
        if game.is_terminal(state) and not loaded.finished:
            pending.append((None, SeedRevealed(meta.seed)))
        at = self.clock()
        docs = [envelope_doc(game, seat, event, at) for seat, event in pending]
        return docs, replace(loaded, state=state, draws=draws)

    def _append(self, before: Loaded, docs: list[dict], after: Loaded, key: str | None, fingerprint: str) -> Loaded:
        appended, sealed = self.store.append(before.meta.id, docs, before.version, before.head_hash, key, fingerprint)
        if appended.duplicate:
            raise _Duplicate(f"{appended.first}:{appended.last}:{appended.fingerprint}")
        loaded = replace(after, version=appended.last, head_hash=sealed[-1]["hash"])
        self._remember(loaded)
        every = self.snapshot_every
        if every and (before.version // every) != (loaded.version // every):
            try:
                self.save_snapshot(loaded)
            except Exception:  # noqa: BLE001 - a cache write never fails the move
                log.exception("snapshot failed for game %s", loaded.meta.id)
        for react in self.after_append:
            react(loaded, sealed)  # reactions never undo the move: see service.reactions
        return loaded

    def _replay_result(self, game_id: str, seat: int, seen: str, fingerprint: str) -> tuple[int, list[dict]]:
        first, last, stored_fp = seen.split(":", 2)
        if stored_fp != fingerprint:
            raise IdempotencyKeyReused()
        loaded = self.load(game_id)
        return int(last), self.redact_all(loaded, seat, self.store.read(game_id, int(first) - 1, int(last)))

    @staticmethod
    def store_key(game_id: str, part: str) -> str:
        from events.store import key

        return key(game_id, part)

    # --- the read side -------------------------------------------------------------------------------

    def redact_all(self, loaded: Loaded, seat: int | None, envelopes: list[dict]) -> list[dict]:
        """Envelopes as `seat` may see them now; everything is public once the game is over."""
        if loaded.finished:
            return envelopes
        game = loaded.meta.game
        return [redact_envelope(game, env, seat) for env in envelopes]

    def view(self, loaded: Loaded, seat: int | None) -> dict:
        game = loaded.meta.game
        state = loaded.state
        body = {
            "id": loaded.meta.id,
            "game": loaded.meta.name,
            "status": "finished" if game.is_terminal(state) else "active",
            "version": loaded.version,
            "seat": seat,
            "seats": loaded.meta.seats,
            "to_act": list(game.to_act(state)),
            "awaiting_chance": chance_summary(game.chance(state)),
            "head_hash": loaded.head_hash,
            "state": game.view(state, seat),
        }
        result = game.result(state)
        if result is not None:
            body["result"] = result
        return body

    def legal_moves(self, loaded: Loaded, seat: int) -> list[dict]:
        game = loaded.meta.game
        if game.is_terminal(loaded.state) or game.chance(loaded.state) is not None:
            return []
        if seat not in game.to_act(loaded.state):
            return []
        return [codec.command_to_wire(c) for c in game.legal_commands(loaded.state, seat)]

    def game_ids(self):
        return self.store.game_ids()

    def index_entry(self, loaded: Loaded) -> dict:
        game = loaded.meta.game
        return {"game": loaded.meta.name, "version": loaded.version, "seats": loaded.meta.seats,
                "status": "finished" if game.is_terminal(loaded.state) else "active",
                "to_act": list(game.to_act(loaded.state)),
                "awaiting_chance": game.chance(loaded.state) is not None, "updated_at": self.clock()}


class _Duplicate(Exception):
    def __init__(self, seen: str):
        super().__init__(seen)
        self.seen = seen


def parse_command(game, body: dict, seat: int):
    if not isinstance(body, dict):
        raise BadRequest("malformed_command", "the command must be a JSON object")
    kind = body.get("type")
    if not isinstance(kind, str):
        raise BadRequest("malformed_command", "the command needs a string 'type'", "type")
    cls = game.COMMANDS.get(kind)
    if cls is None:
        raise BadRequest("unknown_command", f"{game.NAME} has no command {kind!r}", "type")
    try:
        return codec.command_from_wire(cls, body, seat)
    except codec.DecodeError as err:
        raise BadRequest("malformed_command", str(err), err.path) from None


def check_may_act(game, state, seat: int) -> None:
    if game.is_terminal(state):
        raise GameOver()
    if game.chance(state) is not None:
        raise AwaitingChance()
    if seat not in game.to_act(state):
        raise NotYourTurn()


def decode_event(game, env: dict):
    cls = PLATFORM_EVENTS.get(env["type"]) or game.EVENTS.get(env["type"])
    if cls is None:
        raise LookupError(f"unknown event type {env['type']!r} at version {env['version']}")
    payload = upcast(env["type"], env["v"], env["payload"], cls.V)
    return codec.from_wire(cls, payload)


def envelope_doc(game, seat: int | None, event, at: str) -> dict:
    return {"type": event.TYPE, "v": event.V, "at": at, "seat": seat,
            "visibility": visibility(game, event), "payload": codec.to_wire(event)}


def visibility(game, event) -> str:
    """"public", "seat:N" (only that seat sees it), "hidden" (no seat until revealed) or "redacted"."""
    if isinstance(event, (GameCreated, SeedRevealed)):
        return "public"
    if event.TYPE == "chance_drawn":
        return "hidden" if event.secret else "public"
    if game.redact(event, None) == event:
        return "public"
    seats_seeing = [s for s in range(game.MAX_SEATS) if game.redact(event, s) == event]
    if len(seats_seeing) == 1 and all(game.redact(event, s) is None for s in range(game.MAX_SEATS) if s != seats_seeing[0]):
        return f"seat:{seats_seeing[0]}"
    if all(game.redact(event, s) is None for s in range(game.MAX_SEATS)) and game.redact(event, None) is None:
        return "hidden"
    return "redacted"


def redact_envelope(game, env: dict, seat: int | None) -> dict:
    vis = env["visibility"]
    if vis == "public" or vis == f"seat:{seat}":
        return env
    if env["type"] == "chance_drawn":
        return {**env, "payload": {**env["payload"], "outcome": None}, "redacted": True}
    if vis == "redacted":
        event = decode_event(game, env)
        shown = game.redact(event, seat)
        if shown is not None:
            return {**env, "payload": codec.to_wire(shown), "redacted": True}
    return {**env, "payload": None, "redacted": True}


def chance_summary(request) -> dict | None:
    if request is None:
        return None
    kind = type(request).__name__.lower()
    return {"kind": kind, "label": request.label, "by_dealer": request.by_dealer}
