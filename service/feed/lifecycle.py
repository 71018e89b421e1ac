"""A game's lifecycle facts for the cross-game feed (events/feed.py): which facts an append makes, and which
facts a stored game should have made (the sweep's way to repair a crash between a game's append and the
feed write).

Facts are read off the recorded events and the folded table, never decided here: created with the game's
first batch, a seat forfeited with a `turn_timed_out` of policy "forfeit", finished once the table is over.
"""

from __future__ import annotations

import logging

from events.feed import Fact, Feed, GameCreated, GameFinished, SeatForfeited
from service.games.repository import Loaded, Repository

log = logging.getLogger("bazaar.lifecycle")


def created(loaded: Loaded, at: str) -> GameCreated:
    meta = loaded.meta
    return GameCreated(meta.id, meta.name, meta.seats, at, meta.players, meta.provenance)


def finished(loaded: Loaded, at: str) -> GameFinished:
    meta = loaded.meta
    return GameFinished(meta.id, meta.name, meta.seats, loaded.version, at, loaded.game.result(loaded.state) or {},
                        meta.provenance)


def forfeits(loaded: Loaded, envelopes: list[dict]) -> list[SeatForfeited]:
    return [SeatForfeited(loaded.meta.id, loaded.meta.name, env["payload"]["seat"], env["version"], env["at"])
            for env in envelopes
            if env["type"] == "turn_timed_out" and env.get("payload", {}).get("policy") == "forfeit"]


def facts(loaded: Loaded, sealed: list[dict]) -> list[Fact]:
    """The facts one append made (`loaded` is the game after it, `sealed` the batch's envelopes)."""
    out: list[Fact] = []
    if sealed and sealed[0]["version"] == 1:
        out.append(created(loaded, sealed[0]["at"]))
    out += forfeits(loaded, sealed)
    if loaded.finished:
        out.append(finished(loaded, sealed[-1]["at"]))  # a later append to a finished game repeats it: a no-op
    return out


def publish(feed: Feed):
    """The reaction that writes an append's facts to the feed, after the game's own append (a failure is
    logged: the sweep republishes what the game's log says should be there)."""

    def react(loaded: Loaded, sealed: list[dict]) -> None:
        try:
            for fact in facts(loaded, sealed):
                feed.publish(fact)
        except Exception:  # noqa: BLE001 - a reaction must not fail the move; the sweep repairs
            log.exception("feed write failed for game %s", loaded.meta.id)

    return react


def republish(feed: Feed, repository: Repository, loaded: Loaded) -> int:
    """Offer every fact the game's log implies (each is written at most once); how many were missing.

    Forfeits need the log itself, read only for games whose clock can forfeit."""
    first = repository.store.log.read(loaded.meta.id, 0, 1)
    implied: list[Fact] = [created(loaded, first[0]["at"] if first else "")]
    if loaded.table.platform.timeout_policy != "auto":
        implied += forfeits(loaded, repository.store.log.read(loaded.meta.id))
    if loaded.finished:
        last = repository.store.log.read(loaded.meta.id, loaded.version - 1)
        implied.append(finished(loaded, last[-1]["at"] if last else ""))
    return sum(feed.publish(fact) for fact in implied)
