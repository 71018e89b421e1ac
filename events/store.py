"""The store of games, split by what each part owns, each part a small protocol:

- `GameLog`: a game's events. Created with the game's facts, appended by compare-and-append, read by windows.
- `GameFacts`: a game's fixed facts (its meta record) and the seat tokens replaced since it was created.
- `GameIndex`: the list of games across games, paged by status or player, and the finished ones due for the archive.
- `SnapshotCache`: cached tables of a game (events/snapshots.py encodes them), never the truth.
- `Archiving`: moving a finished game out to the archive (events/archive.py), where reads still find it.

Two implementations pass the same contract tests (tests/integration/test_store_contract.py): Redis, the
service's (events/redis_store.py builds it: the scripts keep each rule in one atomic step on one node), and
in memory (events/memory.py: one process, no Redis, for the service's tests where Redis is not what they test).

What every implementation gives:
- A log is gapless from version 1 and append-only. An append lands whole or not at all: at the version it
  names (else VersionConflict, nothing written), not for a seat whose token was replaced (TokenReplaced, nothing
  written), and once per idempotency key (a repeat appends nothing and returns the first result).
- Envelopes are sealed into the hash chain (events/envelope.py) on the way in: `hash`, `prev_hash`, and for a
  private event its `sealed` commitment under the game's seed; reads give them back exactly (key order too).
- Reads hand out copies: nothing a caller does to an envelope changes what the next read gives.
- Ids are checked (events/ids.py): an id not of the service's form is BadId before it names anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from events.envelope import seal
from events.snapshots import Snapshot

STATUSES = ("active", "finished")  # the index's statuses a page may name

# One window of a log: (after, until, limit) gives the envelopes with after < version <= until (None: to the end),
# at most `limit` of them (None: all).
Window = tuple[int, int | None, int | None]


class GameExists(Exception):
    """The id is taken: nothing was written."""


class TokenReplaced(Exception):
    """The seat token that asked was replaced by a newer one: nothing was appended."""


class VersionConflict(Exception):
    def __init__(self, expected: int, current: int):
        super().__init__(f"expected version {expected}, stream is at {current}")
        self.expected = expected
        self.current = current


@dataclass(frozen=True)
class Appended:
    first: int  # version of the first event of the command
    last: int  # version after the append
    duplicate: bool = False  # True: an earlier request with this idempotency key made these events
    fingerprint: str = ""


class GameLog(Protocol):
    def create(self, game_id: str, meta: dict[str, str], sealed: list[dict]) -> Appended:
        """Store the game's fixed facts and its first (already sealed) events together, or nothing; GameExists if
        the id has facts or events already."""

    def append(self, game_id: str, docs: list[dict], expected_version: int, prev_hash: str,
               idempotency_key: str | None = None, fingerprint: str = "", seed: str | None = None,
               seat_token: tuple[int, str] | None = None) -> tuple[Appended, list[dict]]:
        """Seal `docs` into the chain after `prev_hash` (numbered from expected_version + 1; `seed` seals private
        events) and append them all, or none; (what was appended, the sealed envelopes).

        VersionConflict if the log is not at `expected_version`; TokenReplaced if `seat_token` (seat, hash of the
        token that asks) is no longer that seat's token. An idempotency key already seen appends nothing and
        returns the first request's range with its fingerprint (duplicate=True) and no envelopes: the key is
        looked at first, so a retry is answered even after the log moved on."""

    def seen(self, game_id: str, idempotency_key: str) -> Appended | None:
        """What the first append under the key appended (duplicate=True), or None if no append used it."""

    def version(self, game_id: str) -> int:
        """The number of events in the log (0: no such game)."""

    def versions(self, game_ids: list[str]) -> list[int]:
        """Each game's version, in one step (they need not agree with each other in time)."""

    def heads(self, game_ids: list[str]) -> list[tuple[int, str | None]]:
        """Each game's version and the time of its last event (None: no event), in one step: what a list of games
        shows of each (the index keeps a game's status, written when it starts and ends, not every move)."""

    def read(self, game_id: str, after: int = 0, until: int | None = None, limit: int | None = None) -> list[dict]:
        """The envelopes of one window (see Window), in version order."""

    def windows(self, game_id: str, windows: Sequence[Window], seats: bool = False, seed: str | None = None
                ) -> tuple[list[list[dict]], dict[int, str]]:
        """Several windows of the log, read in their order in one step, and with `seats` the replaced seat tokens
        (GameFacts.replaced_seat_tokens) too: a load reads its tail, a page and the seats together. A window read
        before another never runs past it. `seed`: the game's seed when the caller knows it (its Meta), which a
        store may then skip reading."""

    def tail(self, game_id: str, after: int, block_ms: int, count: int | None = None) -> list[dict]:
        """Up to `count` envelopes after `after`, waiting up to block_ms for the first one ([] if none came)."""

    def head_hash(self, game_id: str) -> str:
        """The hash of the newest event (GENESIS for an empty log)."""


class GameFacts(Protocol):
    def meta(self, game_id: str) -> dict[str, str]:
        """The game's fixed facts as created (GameLog.create), {} for no such game."""

    def replaced_seat_tokens(self, game_id: str) -> dict[int, str]:
        """Seat -> hash of its current token, for the seats whose token was replaced since creation."""

    def replace_seat_token(self, game_id: str, seat: int, digest: str) -> None:
        """From now on the seat's token is the one hashed to `digest`: an append asked by the old one is refused."""

    def game_ids(self) -> Iterable[str]:
        """Every game with facts (for sweeps; request paths page the index), but ids not of the service's form."""


class GameIndex(Protocol):
    def record(self, game_id: str, entry: dict) -> None:
        """Record the game's entry (`version`, `status`, ...); an entry of a lower version than the one held is
        ignored, so repeats and racing writers never move a game backwards. A finished entry not `archived` is
        due for the archive from its `updated_at` on (see finished_at)."""

    def record_players(self, game_id: str, players: Iterable[str | None]) -> None:
        """List the game under each player bound to one of its seats (None: an unbound seat); idempotent."""

    def list_games(self) -> dict[str, dict]:
        """Every entry by game id (sweeps only; request paths page)."""

    def page_games(self, status: str | None = None, after: str | None = None, limit: int = 100,
                   player: str | None = None) -> tuple[list[dict], str | None]:
        """Up to `limit` entries (each with its `id`) in id order after the id `after`, of one status (None: all;
        one not in STATUSES: none) or one player's games (then filtered by status: such a page may hold fewer),
        and the id to continue after (None at the end). Costs O(log n + limit)."""

    def due_for_archive(self, finished_before: float, limit: int = 500) -> list[tuple[str, dict | None]]:
        """Finished, unarchived games that finished before `finished_before` (epoch seconds), oldest first, with
        their entries; costs O(log n + limit) however many games were archived."""

    def not_due_for_archive(self, game_id: str) -> None:
        """Take the game off the due list (until its entry is recorded again)."""


class SnapshotCache(Protocol):
    def save(self, game_id: str, game: Any, snap: Snapshot) -> bool:
        """Keep `snap` as the newest (False: the game names no STATE, nothing kept). Earlier ones are kept only as
        the first of each run of `keep_every` versions, for time travel."""

    def load(self, game_id: str, game: Any) -> Snapshot | None:
        """The newest snapshot, None if there is none or it does not decode for these rules."""

    def load_at(self, game_id: str, game: Any, until: int) -> Snapshot | None:
        """The newest snapshot at or below version `until` that decodes, or None."""

    def drop(self, game_id: str) -> None:
        """Forget every snapshot of the game."""


class Archiving(Protocol):
    def move_to_archive(self, game_id: str) -> bool:
        """Copy the finished game into the archive, read the copy back verified, and only then let go of it
        (unless an event came meanwhile): False if the game is not here or moved on."""


@dataclass(frozen=True)
class Store:
    """One store of games: its parts, each behind its protocol."""

    log: GameLog
    facts: GameFacts
    index: GameIndex
    snapshots: SnapshotCache
    archiving: Archiving | None = None  # None: no archive, finished games stay


def finished_at(entry: dict) -> float | None:
    """When an index entry's game finished, if it is finished and not archived (the archive-due order), else None;
    None too for an unknown time (never due: the reconciling sweep at start writes the entry again)."""
    if entry.get("status") != "finished" or entry.get("archived"):
        return None
    try:
        return datetime.fromisoformat(entry["updated_at"].replace("Z", "+00:00")).timestamp()
    except (KeyError, AttributeError, ValueError):
        return None


def seal_all(game_id: str, docs: list[dict], after_version: int, prev_hash: str, seed: str | None) -> list[dict]:
    """Number `docs` from after_version + 1 and chain them after `prev_hash`."""
    sealed, prev = [], prev_hash
    for offset, doc in enumerate(docs, start=1):
        env = seal({**doc, "game": game_id, "version": after_version + offset}, prev, seed)
        prev = env["hash"]
        sealed.append(env)
    return sealed
