"""The command path and the read side: load -> fold -> decide -> settle chance -> append.

The only caller of `decide`. Everything here works on ids, seats and JSON bodies; HTTP lives in
service/api, Redis in events/store.py, folding in service/fold.py.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import threading
from collections import OrderedDict
from dataclasses import replace
from datetime import datetime, timezone
from typing import Any, Callable

from domain import registry
from domain.core import AwaitingChance, GameOver, NotYourTurn, RuleViolation
from events import codec
from events.platform import GameCreated, SeedRevealed
from events.snapshots import Snapshot, Snapshots
from events.envelope import GENESIS
from events.store import EventStore, VersionConflict, key, seal_all
from service import clock, dealer, timeouts, undo
from service import options as platform_options
from service.fold import Loaded, Meta, decode_event, fold, step

log = logging.getLogger("bazaar.games")

PLATFORM_COMMANDS = undo.ANSWERS


class NotFound(LookupError):
    pass


class BadRequest(ValueError):
    """Malformed input: `code` is stable, `detail` says what, `field` names where."""

    def __init__(self, code: str, detail: str, field: str | None = None):
        super().__init__(detail)
        self.code, self.detail, self.field = code, detail, field


class IdempotencyKeyReused(Exception):
    pass


class CorruptGame(Exception):
    """A game whose stored record cannot be read: reported, never allowed to stop the service."""

    def __init__(self, game_id: str, detail: str):
        super().__init__(f"game {game_id}: {detail}")
        self.game_id, self.detail = game_id, detail


def effective_seed(client_seed: str | None, open_game: bool) -> str:
    """The seed behind every draw. Open games use the client's seed as given (or a fresh one, published);
    otherwise a client's seed only adds to the server's secret entropy."""
    server = secrets.token_hex(32)
    if client_seed is None:
        return server
    if open_game:
        return client_seed
    return hmac.new(server.encode(), client_seed.encode(), hashlib.sha256).hexdigest()


def now_iso() -> str:
    return iso(datetime.now(timezone.utc))


def iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Games:
    def __init__(self, store: EventStore, clock: Callable[[], str] = now_iso, cache_size: int = 2048,
                 inline_dealer: bool = True, snapshot_every: int = 100):
        self.store = store
        self.clock = clock
        self.snapshots = Snapshots(store.redis)
        self.snapshot_every = snapshot_every  # write a snapshot when a command crosses a multiple of this
        self.inline_dealer = inline_dealer  # False once a background dealer resolves by_dealer rolls
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self.after_append: list[Callable[[Loaded, list[dict]], None]] = []

    # --- creation ----------------------------------------------------------------------------------

    def create(self, name: str, seats: int, options: dict, seed: str | None = None,
               open_game: bool = False) -> tuple[Loaded, list[str]]:
        """A new game, stored atomically (its facts and first events in one script, or nothing).

        A client's `seed` is mixed with secret server entropy (committed now, revealed at the end), so no
        creator can search seeds offline for a deal; only an `open_game` uses it verbatim and publishes it,
        and every view says so.
        """
        try:
            game = registry.get(name)
        except registry.UnknownGame:
            raise BadRequest("unknown_game", f"no game named {name!r}", "game") from None
        if not game.MIN_SEATS <= seats <= game.MAX_SEATS:
            raise RuleViolation("invalid_seats", f"{name} is played by {game.MIN_SEATS} to {game.MAX_SEATS} seats")
        platform, own = platform_options.split(options, getattr(game, "DEFAULT_UNDO", "turn"))
        game.initial_state(own, seats)  # validates the game's options before anything is stored
        seed = effective_seed(seed, open_game)
        tokens = [secrets.token_urlsafe(32) for _ in range(seats)]
        game_id = secrets.token_hex(8)
        meta = Meta(game_id, name, seats, own, platform, seed, tuple(token_hash(t) for t in tokens), open_game)
        record = {"game": name, "seats": str(seats), "options": json.dumps(own), "platform": json.dumps(platform),
                  "seed": seed, "tokens": json.dumps(meta.token_hashes), "created_at": self.clock(),
                  "open": "1" if open_game else "0"}
        created = GameCreated(name, seats, {**own, **platform}, hashlib.sha256(seed.encode()).hexdigest(),
                              seed if open_game else None)
        docs, after = plan(Loaded(meta, None), [(None, created)], {"type": "create_game"}, self.inline_dealer,
                           self.clock())
        sealed = seal_all(game_id, docs, 0, GENESIS, seed)
        self.store.create(game_id, record, sealed)  # GameExists on an id collision: nothing written
        return self._committed(Loaded(meta, None), replace(after, head_hash=sealed[-1]["hash"]), sealed), tokens

    # --- loading -------------------------------------------------------------------------------------

    def meta(self, game_id: str) -> Meta:
        cached = self._cache.get(game_id)
        if cached is not None:
            return cached.meta
        raw = self.store.meta(game_id)
        if not raw:
            raise NotFound(game_id)
        try:
            return Meta(game_id, raw["game"], int(raw["seats"]), json.loads(raw["options"]),
                        json.loads(raw.get("platform", "{}")), raw["seed"], tuple(json.loads(raw["tokens"])),
                        raw.get("open") == "1")
        except (KeyError, ValueError, TypeError) as err:
            raise CorruptGame(game_id, f"its stored record is unreadable ({type(err).__name__}: {err})") from None

    def load(self, game_id: str, until: int | None = None) -> Loaded:
        """The game after event `until` (default: the latest), from the process cache plus the tail."""
        if until is not None:
            loaded = self._from_snapshot(self.meta(game_id), until)
            if loaded.version == 0:
                raise NotFound(game_id)
            return loaded
        with self._lock:
            cached = self._cache.get(game_id)
        if cached is None:
            loaded = self._from_snapshot(self.meta(game_id))
        else:
            tail = self.store.read(game_id, cached.version)
            if tail and tail[0]["prev_hash"] != cached.head_hash:
                loaded = fold(Loaded(cached.meta, None), self.store.read(game_id))  # not our history
            else:
                loaded = fold(cached, tail)
        if loaded.version == 0:
            raise NotFound(game_id)
        self._remember(loaded)
        return loaded

    def _from_snapshot(self, meta: Meta, until: int | None = None) -> Loaded:
        """The newest snapshot (at or below `until`) plus the events after it, if the snapshot is a prefix of
        this stream's history; else a fold from the first event."""
        if until is None:
            snap = self.snapshots.load(meta.id, meta.name)
        else:
            snap = self.snapshots.load_at(meta.id, meta.name, until)
        if snap is not None and isinstance(snap.state, Loaded):
            tail = self.store.read(meta.id, snap.version - 1, until)
            if tail and tail[0]["version"] == snap.version and tail[0]["hash"] == snap.head_hash:
                return fold(replace(snap.state, meta=meta), tail[1:])
        return fold(Loaded(meta, None), self.store.read(meta.id, 0, until))

    def save_snapshot(self, loaded: Loaded) -> None:
        self.snapshots.save(loaded.meta.id, loaded.meta.name,
                            Snapshot(loaded.version, loaded.head_hash, loaded.draws, loaded))

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

    def game_ids(self):
        return self.store.game_ids()

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
            seen = self.store.redis.hget(key(game_id, "idem"), scoped_key)
            if seen is not None:
                return self._replay_result(game_id, seat, seen.decode(), fingerprint)
        with self._lock:
            cached = self._cache.get(game_id)
        if cached is not None:
            # Optimistic: decide on the cached state without reading the stream first. The append's version
            # check catches a stale cache; any refusal is re-checked against the stream before it is final.
            try:
                return self._execute(cached, seat, body, expected_version, scoped_key, fingerprint)
            except (VersionConflict, RuleViolation):
                if self.load(game_id).version == cached.version:
                    raise
        return self._execute(self.load(game_id), seat, body, expected_version, scoped_key, fingerprint)

    def _execute(self, loaded: Loaded, seat: int, body: dict, expected_version: int | None,
                 scoped_key: str | None, fingerprint: str) -> tuple[int, list[dict]]:
        if expected_version is not None and expected_version != loaded.version:
            raise VersionConflict(expected_version, loaded.version)
        now = self.clock()
        if isinstance(body, dict) and body.get("type") in PLATFORM_COMMANDS:
            wire, decided = body, undo.decide_answer(loaded, seat, body, now)
        else:
            game = loaded.game
            command = parse_command(game, body, seat)
            check_may_act(game, loaded.state, seat)
            wire, decided = codec.command_to_wire(command), game.decide(loaded.state, command)
        try:
            after, sealed = self._commit(loaded, [(seat, e) for e in decided], wire, scoped_key, fingerprint, at=now)
        except _Duplicate as dup:
            return self._replay_result(loaded.meta.id, seat, dup.seen, fingerprint)
        return after.version, self.redact_all(after, seat, sealed)

    def settle(self, game_id: str, expected_version: int) -> Loaded | None:
        """Resolve pending dealer rolls (the background dealer's entry point); None if nothing to do."""
        loaded = self.load(game_id)
        if loaded.version != expected_version or loaded.game.chance(loaded.state) is None:
            return None
        return self._commit(loaded, [], {"type": "deal"}, None, "", include_dealer=True)[0]

    def timeout(self, game_id: str, expected_version: int) -> Loaded | str | None:
        """Apply the timeout policy if the game still awaits what the timer guards.

        None: the game moved on (a stale timer does nothing). "early": the deadline is still ahead.
        """
        loaded = self.load(game_id)
        if loaded.version != expected_version or loaded.finished:
            return None
        now = self.clock()
        try:
            docs, after = timeouts.plan_timeout(loaded, now, self.inline_dealer)
        except RuleViolation as err:
            return "early" if err.code == "deadline_not_reached" else None
        try:
            return self._append_planned(loaded, docs, after, None, "")[0]
        except VersionConflict:
            return None  # a move landed first: it was in time

    def _commit(self, loaded: Loaded, decided: list[tuple[int | None, Any]], wire: dict | None,
                idem_key: str | None, fingerprint: str, include_dealer: bool | None = None,
                at: str | None = None) -> tuple[Loaded, list[dict]]:
        """Plan the command's events, append them all or none, then run the reactions."""
        include_dealer = self.inline_dealer if include_dealer is None else include_dealer
        docs, after = plan(loaded, decided, wire, include_dealer, at or self.clock())
        return self._append_planned(loaded, docs, after, idem_key, fingerprint)

    def _append_planned(self, loaded: Loaded, docs: list[dict], after: Loaded, idem_key: str | None,
                        fingerprint: str) -> tuple[Loaded, list[dict]]:
        meta = loaded.meta
        appended, sealed = self.store.append(meta.id, docs, loaded.version, loaded.head_hash, idem_key, fingerprint,
                                             meta.seed)
        if appended.duplicate:
            raise _Duplicate(f"{appended.first}:{appended.last}:{appended.fingerprint}")
        return self._committed(loaded, replace(after, head_hash=sealed[-1]["hash"]), sealed), sealed

    def _committed(self, before: Loaded, committed: Loaded, sealed: list[dict]) -> Loaded:
        """After an append: cache, snapshot when a multiple of `snapshot_every` was crossed, reactions."""
        self._remember(committed)
        every = self.snapshot_every
        if every and (before.version // every) != (committed.version // every):
            try:
                self.save_snapshot(committed)
            except Exception:  # noqa: BLE001 - a cache write never fails the move
                log.exception("snapshot failed for game %s", committed.meta.id)
        for react in self.after_append:
            react(committed, sealed)  # reactions never undo the move: see service.reactions
        return committed

    def _replay_result(self, game_id: str, seat: int, seen: str, fingerprint: str) -> tuple[int, list[dict]]:
        first, last, stored_fp = seen.split(":", 2)
        if stored_fp != fingerprint:
            raise IdempotencyKeyReused()
        loaded = self.load(game_id)
        return int(last), self.redact_all(loaded, seat, self.store.read(game_id, int(first) - 1, int(last)))

    # --- undo ----------------------------------------------------------------------------------------

    def undo(self, game_id: str, seat: int, to_version: int, expected_version: int | None = None) -> tuple[int, list[dict]]:
        """Take back to `to_version` (mode "turn"), or ask the other seats to (mode "consent")."""
        loaded = self.load(game_id)
        if expected_version is not None and expected_version != loaded.version:
            raise VersionConflict(expected_version, loaded.version)
        now = self.clock()
        events = undo.decide_undo(loaded, seat, to_version, now)
        after, sealed = self._commit(loaded, [(seat, e) for e in events], undo.wire(to_version), None, "", at=now)
        return after.version, self.redact_all(after, seat, sealed)

    # --- the read side -------------------------------------------------------------------------------

    def redact_all(self, loaded: Loaded, seat: int | None, envelopes: list[dict]) -> list[dict]:
        """Envelopes as `seat` may see them now; everything is public once the game is over."""
        if loaded.finished:
            return envelopes
        game = loaded.game
        return [redact_envelope(game, env, seat) for env in envelopes]

    def view(self, loaded: Loaded, seat: int | None, complete: bool = False) -> dict:
        """The game as `seat` sees it; `complete`: with nothing hidden (time travel after the end)."""
        game = loaded.game
        state = loaded.state
        body = {
            "id": loaded.meta.id,
            "game": loaded.meta.name,
            "status": status(loaded),
            "version": loaded.version,
            "seat": seat,
            "seats": loaded.meta.seats,
            "to_act": list(game.to_act(state)),
            "awaiting_chance": chance_summary(game.chance(state)),
            "head_hash": loaded.head_hash,
            "open": loaded.meta.open,
            "state": game.view(state, seat, complete=True) if complete else game.view(state, seat),
        }
        clocks = clock.summary(loaded.clocks, loaded.meta.platform, self.clock())
        if clocks is not None:
            body["clock"] = clocks
        if loaded.undo is not None and loaded.undo.expires_at > self.clock():  # an expired request changed nothing
            body["undo_request"] = {"by": loaded.undo.by, "to_version": loaded.undo.to_version,
                                    "expires_at": loaded.undo.expires_at, "accepted": sorted(loaded.undo.accepted)}
        result = game.result(state)
        if result is not None:
            body["result"] = result
        return body

    def legal_moves(self, loaded: Loaded, seat: int) -> list[dict]:
        game = loaded.game
        moves = []
        if undo.may_answer(loaded, seat, self.clock()):
            moves += [{"type": answer} for answer in undo.ANSWERS]
        if game.is_terminal(loaded.state) or game.chance(loaded.state) is not None:
            return moves
        if seat not in game.to_act(loaded.state):
            return moves
        return moves + [codec.command_to_wire(c) for c in game.legal_commands(loaded.state, seat)]

    def index_entry(self, loaded: Loaded) -> dict:
        return {"game": loaded.meta.name, "version": loaded.version, "seats": loaded.meta.seats,
                "status": status(loaded), "updated_at": self.clock()}


def plan(loaded: Loaded, decided: list[tuple[int | None, Any]], wire: dict | None, include_dealer: bool,
         at: str) -> tuple[list[dict], Loaded]:
    """The envelope documents one command appends, and the game after them.

    Folds the decided events, then draws every chance step the command may resolve itself from the
    committed seed, and reveals the seed if the game ended. `wire` (the command as posted) is recorded on
    the first envelope, so every batch of the log says what caused it. Pure: the importer re-runs it.
    """
    meta = loaded.meta
    game = meta.game
    pending: list[tuple[int | None, Any]] = []
    after = loaded

    def take(seat, event):
        nonlocal after
        pending.append((seat, event))
        after = step(after, event, seat, after.version + 1, "", at)

    for seat, event in decided:
        take(seat, event)
    seed = meta.seed.encode()
    while (request := game.chance(after.state)) is not None and (include_dealer or not request.by_dealer):
        drawn = dealer.draw(seed, after.draws, request)
        consequences = game.decide(after.state, drawn)
        for event in (drawn, *consequences):
            take(None, event)
    if game.is_terminal(after.state) and (loaded.state is None or not loaded.finished):
        take(None, SeedRevealed(meta.seed))
    docs = [envelope_doc(game, seat, event, at) for seat, event in pending]
    if docs and wire is not None:
        docs[0]["command"] = wire
    return docs, after


class _Duplicate(Exception):
    def __init__(self, seen: str):
        super().__init__(seen)
        self.seen = seen


def status(loaded: Loaded) -> str:
    return "finished" if loaded.finished else "active"


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


def envelope_doc(game, seat: int | None, event, at: str) -> dict:
    return {"type": event.TYPE, "v": event.V, "at": at, "seat": seat, "command": None,
            "visibility": visibility(game, event), "payload": codec.to_wire(event)}


def visibility(game, event) -> str:
    """"public", "seat:N" (only that seat sees it), "hidden" (no seat until revealed) or "redacted"."""
    if type(event).__module__ == "events.platform":
        return "public"
    if event.TYPE == "chance_drawn":
        return "hidden" if event.secret else "public"
    if game.redact(event, None) == event:
        return "public"
    seats = range(game.MAX_SEATS)
    shown = [game.redact(event, s) for s in seats]
    seeing = [s for s in seats if shown[s] == event]
    if len(seeing) == 1 and all(shown[s] is None for s in seats if s != seeing[0]) and game.redact(event, None) is None:
        return f"seat:{seeing[0]}"
    if not seeing and all(x is None for x in shown) and game.redact(event, None) is None:
        return "hidden"
    return "redacted"


def redact_envelope(game, env: dict, seat: int | None) -> dict:
    vis = env["visibility"]
    if vis == "public" or vis == f"seat:{seat}":
        return env
    if env["type"] == "chance_drawn":
        return {**env, "payload": {**env["payload"], "outcome": None}, "redacted": True}
    own = seat is not None and env.get("seat") == seat
    private = {"command": env.get("command") if own else None}
    if "auto" in env:
        private["auto"] = env["auto"] if own else None
    if vis == "redacted":
        shown = game.redact(decode_event(game, env), seat)
        if shown is not None:
            return {**env, **private, "payload": codec.to_wire(shown), "redacted": True}
    return {**env, **private, "payload": None, "redacted": True}


def chance_summary(request) -> dict | None:
    if request is None:
        return None
    kind = type(request).__name__.lower()
    return {"kind": kind, "label": request.label, "by_dealer": request.by_dealer}

