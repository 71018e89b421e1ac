"""Games as stored: their fixed facts (Meta), and their table folded from the log, through a process cache
and Redis snapshots (both only caches: the stream is the truth)."""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from domain import registry
from domain.table import TableState, evolve
from events.envelope import GENESIS, recorded_from
from events.snapshots import Snapshot
from events.store import Store, Window

log = logging.getLogger("bazaar.repository")


class NotFound(LookupError):
    pass


class CorruptGame(Exception):
    """A game whose stored record cannot be read: reported, never allowed to stop the service."""

    def __init__(self, game_id: str, detail: str):
        super().__init__(f"game {game_id}: {detail}")
        self.game_id, self.detail = game_id, detail


@dataclass(frozen=True)
class Meta:
    """A game's fixed facts and secrets, read once per process: never shown to clients as such."""

    id: str
    name: str
    seats: int
    seed: str
    token_hashes: tuple[str, ...]
    open: bool = False  # the seed is public from the start (an analysable game, not a fair one)
    players: tuple[str | None, ...] = ()  # seat -> the player id bound to it (service/access/identities.py), if any
    owner: str | None = None  # the organiser or admin that made it (service/access/ownership.py); none: admins manage it
    # an imported game's record of where its log came from (its `game_imported` event's fields and `imported_at`),
    # shown in every view and listing; None for a game played here
    provenance: dict | None = field(default=None, hash=False)
    # the game's module, resolved once when the meta is made (UnknownGame for a name the registry lacks): one
    # command reads it five times, and a registry lookup at each read made 5 of the path's 17 crossings of a layer
    game: Any = field(init=False, repr=False, compare=False, hash=False)
    # a game with open seats (domain/table/seating.py): the secret its claimers' seat tokens and its invitation
    # codes are derived from (service/games/seating.py), and the identity that created it (it may start early)
    token_key: str | None = None
    creator: str | None = None

    def __post_init__(self):
        object.__setattr__(self, "game", registry.get(self.name))

    def record(self, created_at: str, **extra: str) -> dict[str, str]:
        record = {"game": self.name, "seats": str(self.seats), "seed": self.seed, "open": "1" if self.open else "0",
                  "tokens": json.dumps(self.token_hashes), "created_at": created_at, **extra}
        if any(self.players):
            record["players"] = json.dumps(self.players)
        if self.owner is not None:
            record["owner"] = self.owner
        if self.provenance is not None:
            record["provenance"] = json.dumps(self.provenance)
        if self.token_key is not None:
            record["token_key"] = self.token_key
        if self.creator is not None:
            record["creator"] = self.creator
        return record


# What an import recorded before provenance was: only that it was one (`imported: "1"`), under the file's own id.
UNRECORDED = ("original_version", "original_head_hash", "original_first_at", "original_last_at", "imported_by")


def provenance_of(game_id: str, raw: dict[str, str]) -> dict | None:
    if "provenance" in raw:
        return json.loads(raw["provenance"])
    if raw.get("imported") == "1":
        return {"original_id": game_id, **dict.fromkeys(UNRECORDED), "imported_at": raw.get("created_at")}
    return None


@dataclass(frozen=True)
class Loaded:
    """A game's table folded up to its version; `head_hash` is that event's hash."""

    meta: Meta
    table: TableState | None
    head_hash: str = GENESIS

    @property
    def game(self):
        return self.meta.game

    @property
    def version(self) -> int:
        return self.table.version if self.table is not None else 0

    @property
    def state(self):
        """The hosted game's state."""
        return self.table.game_state

    @property
    def finished(self) -> bool:
        return self.table is not None and self.table.over


def fold(loaded: Loaded, envelopes: list[dict]) -> Loaded:
    game, table = loaded.game, loaded.table
    for env in envelopes:
        table = evolve(game, table, recorded_from(game, env))
    head = envelopes[-1]["hash"] if envelopes else loaded.head_hash
    return Loaded(loaded.meta, table, head)


class Repository:
    """Games as the store holds them, folded, through a process cache (each game's latest table) and the store's
    snapshots; both only caches: the log is the truth."""

    def __init__(self, store: Store, cache_size: int = 2048, snapshot_every: int = 100):
        self.store = store
        self.snapshots = store.snapshots
        self.snapshot_every = snapshot_every  # write a snapshot when a command crosses a multiple of this
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self.folded = 0  # envelopes folded by loads so far (tests check that snapshots spare the rest)

    def meta(self, game_id: str) -> Meta:
        cached = self._cache.get(game_id)
        if cached is not None:
            return cached.meta
        raw = self.store.facts.meta(game_id)
        if not raw:
            raise NotFound(game_id)
        try:
            return Meta(game_id, raw["game"], int(raw["seats"]), raw["seed"], tuple(json.loads(raw["tokens"])),
                        raw.get("open") == "1", tuple(json.loads(raw.get("players", "[]"))),
                        raw.get("owner") or None,  # a game made before owners were recorded has none
                        provenance=provenance_of(game_id, raw), token_key=raw.get("token_key"),
                        creator=raw.get("creator"))
        except (KeyError, ValueError, TypeError, registry.UnknownGame) as err:
            raise CorruptGame(game_id, f"its stored record is unreadable ({type(err).__name__}: {err})") from None

    def cached(self, game_id: str) -> Loaded | None:
        with self._lock:
            return self._cache.get(game_id)

    def load(self, game_id: str, until: int | None = None) -> Loaded:
        """The game after event `until` (default: the latest)."""
        return self._load(game_id, until=until).loaded

    def load_with_seats(self, game_id: str) -> tuple[Loaded, dict[int, str]]:
        """The latest game and its replaced seat tokens (GameFacts.replaced_seat_tokens): a seated read needs
        both, and for a cached game they come in one round trip."""
        read = self._load(game_id, seats=True)
        return read.loaded, read.replaced

    def load_with_page(self, game_id: str, after: int, limit: int | None, seats: bool = False
                       ) -> tuple[Loaded, list[dict], dict[int, str]]:
        """The latest game, a page of its envelopes (up to `limit` after `after`) and, with `seats`, its replaced
        seat tokens: a page of events is served with the game it comes from, and for a cached game all three
        come in one round trip."""
        read = self._load(game_id, page=(after, None, limit), seats=seats)
        return read.loaded, read.page, read.replaced

    def _load(self, game_id: str, until: int | None = None, page: Window | None = None, seats: bool = False
              ) -> _Read:
        """Every load, in one pass:
        1. the start: the cached table (the latest only); else the newest snapshot (at or below `until`), whose
           own event is read again to check that it stands on this log; else nothing (the first event on);
        2. one read of the log after the start, with the page and the seats asked for (the page first, so it
           never runs past the game): for a cached game, that read is the whole load, one round trip;
        3. the fold of what was read onto the start; or, if the log does not go on from the start (a snapshot of
           another history, a table cached from a log that is not this one), of the whole log from its first event;
        4. the latest game remembered for the next load."""
        start, overlap = self.cached(game_id) if until is None else None, 0
        if start is None:
            meta = self.meta(game_id)
            if until is None:
                snap = self.snapshots.load(meta.id, meta.game)
            else:
                snap = self.snapshots.load_at(meta.id, meta.game, until)
            start, overlap = (Loaded(meta, snap.table, snap.head_hash), 1) if snap else (Loaded(meta, None), 0)
        asked = [page] if page is not None else []
        (*paged, tail), replaced = self.store.log.windows(game_id, [*asked, (start.version - overlap, until, None)],
                                                          seats, start.meta.seed)
        if not _goes_on(start, tail, overlap):
            start, tail, overlap = Loaded(start.meta, None), self.store.log.read(game_id, 0, until), 0
        loaded = self._fold(start, tail[overlap:])
        if until is None:
            self.remember(loaded)
        if loaded.version == 0:
            raise NotFound(game_id)
        return _Read(loaded, paged[0] if paged else [], replaced)

    def advance(self, game_id: str, envelopes: list[dict]) -> None:
        """Bring the cached game up to a batch of envelopes just read from its log (a live stream's feed), so the
        streams that redact the batch find the game in the cache: folded in place when the batch follows on from
        the cached version (no read), loaded when it does not."""
        cached = self.cached(game_id)
        if not envelopes or (cached is not None and cached.version >= envelopes[-1]["version"]):
            return
        if cached is not None and cached.version + 1 == envelopes[0]["version"] and _goes_on(cached, envelopes, 0):
            self.remember(self._fold(cached, envelopes))
        else:
            self.load(game_id)

    def _fold(self, loaded: Loaded, envelopes: list[dict]) -> Loaded:
        self.folded += len(envelopes)
        try:
            return fold(loaded, envelopes)
        except Exception as err:  # noqa: BLE001 - a log this code cannot fold is reported, not a crash
            raise CorruptGame(loaded.meta.id, f"its log cannot be folded ({type(err).__name__}: {err})") from None

    def remember(self, loaded: Loaded) -> None:
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

    def committed(self, before: int, loaded: Loaded) -> None:
        """After an append: cache the new table, and snapshot it when a multiple of snapshot_every was crossed."""
        self.remember(loaded)
        every = self.snapshot_every
        if every and before // every != loaded.version // every:
            try:
                self.snapshots.save(loaded.meta.id, loaded.game, Snapshot(loaded.version, loaded.head_hash,
                                                                         loaded.table))
            except Exception:  # noqa: BLE001 - a cache write never fails the move
                log.exception("snapshot failed for game %s", loaded.meta.id)

    def game_ids(self):
        return self.store.facts.game_ids()


@dataclass(frozen=True)
class _Read:
    """What one load read: the game, the page asked for, the replaced seat tokens asked for."""

    loaded: Loaded
    page: list[dict]
    replaced: dict[int, str]


def _goes_on(start: Loaded, tail: list[dict], overlap: int) -> bool:
    """Whether `tail` is the log after `start`: its first envelope is the start's own event again (`overlap`: a
    snapshot's, read to check it), or follows on from its hash (a cached table's)."""
    if start.version == 0 or not tail:
        return not overlap or start.version == 0
    if overlap:
        return tail[0]["version"] == start.version and tail[0]["hash"] == start.head_hash
    return tail[0]["prev_hash"] == start.head_hash
