"""RQ jobs. Arguments are ids and versions; each job reloads the game and checks it still awaits what the
job was queued for, so retries, duplicates and late runs change nothing twice."""

from __future__ import annotations

import logging
from functools import lru_cache

from events.store import VersionConflict
from service.operations import config as settings
from service.operations.wiring import Wiring, build
from service.scheduling import bot_seats

log = logging.getLogger("bazaar.jobs")


@lru_cache(maxsize=1)
def wiring() -> Wiring:
    return build(settings.load())


def deal(game_id: str, version: int) -> int | None:
    """Draw the pending neutral-figure roll from the game's seed; the new version, or None if not needed."""
    try:
        loaded = wiring().commands.deal(game_id, version)
    except VersionConflict:
        return None  # someone appended first: this roll was already dealt
    return loaded.version if loaded else None


class DeadlineNotReached(Exception):
    """The timer ran before the deadline (clocks of two machines disagree a little): RQ retries it."""


def timeout(game_id: str, version: int) -> int | None:
    """The seat's time ran out at `version`: apply the policy (a stale timer queues the game's current one)."""
    result = wiring().commands.timeout(game_id, version)
    # one line per timer run, so that where a chain of timers stopped can be read from the worker's log
    if result == "early":
        log.info("timer of game %s at version %d came early: retried", game_id, version)
        raise DeadlineNotReached(f"{game_id} at version {version}")
    if result is None:
        # the game moved on (or ended): the moves since queued no timer while this one was due first (see
        # Scheduler.arm_timer), so this one queues the timer of the game as it is now
        due = wiring().scheduler.arm_timer(wiring().repository.load(game_id))
        log.info("timer of game %s at version %d found it moved on: next deadline %s", game_id, version, due)
        return None
    log.info("timer of game %s at version %d: time ran out, the policy applied (version %d)", game_id, version,
             result.version)
    return result.version


def play_bot(game_id: str, version: int) -> int | None:
    """A bot holds the awaited seat at `version`: play its moves (a run, see bot_seats.play_run); the last
    version, or None if there was nothing to do."""
    loaded = bot_seats.play_run(wiring().commands, wiring().scheduler, game_id, version)
    return loaded.version if loaded else None


def advance_tournament(tournament_id: str) -> None:
    """Take the steps a tournament allows now (queued when it starts; the worker's sweep is the backstop)."""
    wiring().tournament_loop.advance(tournament_id)
