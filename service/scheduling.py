"""After each append: queue the dealer for a pending neutral-figure roll, and arm the turn clock's timer.

Job ids name the game and the version they guard (`deal-<game>-<version>`, `timeout-<game>-<version>`) and
are enqueued as unique, so a repeat is refused by RQ; the jobs themselves check the version again, so a
late, retried or duplicated job changes nothing.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from rq import Queue, Retry
from rq.exceptions import DuplicateJobError

from domain import table as tables
from domain.table import clock
from service.repository import Loaded, Repository

log = logging.getLogger("bazaar.scheduling")

DEAL_RETRY = Retry(max=5, interval=[1, 1, 2, 4, 8])
TIMEOUT_RETRY = Retry(max=5, interval=1)  # a timer that runs before its deadline raises, and RQ runs it again


class Scheduler:
    def __init__(self, repository: Repository, queue: Queue, inline_dealer: bool):
        self.repository = repository
        self.queue = queue
        self.inline_dealer = inline_dealer

    def __call__(self, loaded: Loaded, _sealed=None, overdue_now: bool = False) -> None:
        try:
            self.arm(loaded, overdue_now)
        except Exception:  # noqa: BLE001 - scheduling never fails the move; the worker's sweep re-arms
            log.exception("scheduling failed for game %s", loaded.meta.id)

    def arm(self, loaded: Loaded, overdue_now: bool = False) -> None:
        if loaded.finished:
            return
        game_id, version = loaded.meta.id, loaded.version
        request = tables.pending_chance(loaded.game, loaded.table)
        if request is not None and request.by_dealer and not self.inline_dealer:
            self._enqueue("service.jobs.deal", game_id, version, f"deal-{game_id}-{version}", retry=DEAL_RETRY)
        due = clock.deadline_ms(loaded.table.clocks, loaded.table.platform)
        if due is not None:
            job_id = f"timeout-{game_id}-{version}"
            # RQ keeps scheduled times in whole seconds (truncated): round up so a timer never fires early
            when = datetime.fromtimestamp(-(-due[0] // 1000), UTC)
            if overdue_now and when <= datetime.now(UTC):
                # an overdue deadline found at start fires at once, not after the scheduler's lock is free
                self._enqueue("service.jobs.timeout", game_id, version, job_id, retry=TIMEOUT_RETRY)
            else:
                try:
                    self.queue.enqueue_at(when, "service.jobs.timeout", game_id, version, job_id=job_id, unique=True,
                                          retry=TIMEOUT_RETRY)
                except DuplicateJobError:
                    pass

    def _enqueue(self, func: str, game_id: str, version: int, job_id: str, retry: Retry | None = None) -> None:
        try:
            self.queue.enqueue_call(func, args=(game_id, version), job_id=job_id, unique=True, retry=retry,
                                    result_ttl=300, failure_ttl=7 * 86400)
        except DuplicateJobError:
            pass  # already queued: the same roll or timer

    def sweep(self) -> int:
        """Re-arm every active game (worker start): pending rolls and deadlines live in the games' logs."""
        armed = 0
        for game_id, entry in self.repository.store.list_games().items():
            if entry.get("status") != "active":
                continue
            try:
                loaded = self.repository.load(game_id)
            except Exception:  # noqa: BLE001 - one unreadable game must not stop the others' timers
                log.exception("game %s cannot be loaded; its rolls and timers are not re-armed", game_id)
                continue
            self(loaded, overdue_now=True)
            armed += 1
        return armed
