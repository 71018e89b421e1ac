"""After each append: queue the dealer for a pending neutral-figure roll, the move of an awaited seat a bot holds,
and arm the turn clock's timer.

Bot seats' moves go to a queue of their own (`bot_queue`): a bot thinks for up to its budget, and the worker runs
that queue beside the rolls' and timers' (service/operations/worker.py), so a search never delays a roll or a timer.

Job ids name the game and the version they guard (`deal-<game>-<version>`, `bot-<game>-<version>`,
`timeout-<game>-<version>`) and
are enqueued as unique, so a repeat is refused by RQ; the jobs themselves check the version again, so a
late, retried or duplicated job changes nothing.

A job id RQ still holds does not prove the job will run: a worker killed after taking the job off the queue
leaves it in RQ's intermediate list (status still queued), one killed while running leaves it started for
ever, and a failed job keeps its id for `failure_ttl`. So when the id is taken, `_stale` asks whether that
job can still run; if not, the job is discarded and queued again (duplicates are harmless, see above).
The worker's sweep (service.operations.worker), the backstop, re-arms every active game at start; every few seconds after
that, only the games that may need it (see `Scheduler.sweep`). Between sweeps, every worker looks several times a
second at the few jobs RQ holds as taken or started (`Scheduler.take_back`), so a roll whose worker was killed
mid-job is dealt by another within a second or two, not a sweep or two later.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime

from rq import Queue, Retry, worker_registration
from rq.exceptions import DeserializationError, DuplicateJobError, NoSuchJobError
from rq.job import Job, JobStatus
from rq.worker import Worker

from domain import table as tables
from domain.table import clock
from domain.table.state import bot_of
from service.games.repository import Loaded, Repository
from service.scheduling.liveness import record_gone

log = logging.getLogger("bazaar.scheduling")

DEAL_RETRY = Retry(max=5, interval=[1, 1, 2, 4, 8])
TIMEOUT_RETRY = Retry(max=5, interval=1)  # a timer that runs before its deadline raises, and RQ runs it again
# a bot's move is idempotent by version too; the clock covers the rest. Retried at once: RQ's scheduler watches
# only the rolls' and timers' queue, so a retry scheduled for later on the bots' queue would wait for the sweep
BOT_RETRY = Retry(max=2)
TIMERS_KEPT = 100_000  # games whose last queued timer a process remembers (a forgotten one is queued again)
STARTED_STALE_S = 30  # our jobs take milliseconds: one started this long ago without a heartbeat is dead
INTERMEDIATE_STALE_S = 2  # a live worker starts a job it took within milliseconds; a sweep looks every SWEEP_S
SIGHTING_KEPT_S = 60  # how long the first sight of a job in RQ's intermediate list is remembered (RQ's own: a day)
TAKE_BACK_S = 0.25  # how often a worker looks for the jobs a dead worker held (Scheduler.take_back)
# arguments: (game id, version)
GAME_JOBS = ("service.operations.jobs.deal", "service.operations.jobs.timeout", "service.operations.jobs.play_bot")
SCHEDULED_STALE_S = 3  # a live RQ scheduler moves a due job to the queue every second
SWEEP_PAGE = 500  # active games a sweep reads (ids, then their versions) per round trip
NOW, NEVER = 0, math.inf  # when a game next needs the worker: at every sweep, or not until its log moves

# The game whose bot moves the running job plays one after another (service.scheduling.bot_seats.play_run): the moves it
# appends queue no job for the next one, which that job plays itself. One job per move spent two thirds of a bot
# game's CPU in RQ's own bookkeeping. A context variable: the sweep's thread beside the job is not affected.
_bot_run: ContextVar[str | None] = ContextVar("bazaar_bot_run", default=None)


class Scheduler:
    def __init__(self, repository: Repository, queue: Queue, inline_dealer: bool, bot_queue: Queue | None = None):
        self.repository = repository
        self.queue = queue
        self.bot_queue = queue if bot_queue is None else bot_queue
        self.inline_dealer = inline_dealer
        self._timers: OrderedDict[str, int] = OrderedDict()  # game -> when the timer this process queued fires (s)
        self._timers_lock = threading.Lock()  # the worker arms from its job, bot and sweep threads at once
        self._looked: dict[str, tuple[int, float]] = {}  # game -> (version, next look in epoch ms) at the last sweep

    def __call__(self, loaded: Loaded, _sealed=None, overdue_now: bool = False) -> None:
        try:
            self.arm(loaded, overdue_now)
        except Exception:  # noqa: BLE001 - scheduling never fails the move; the worker's sweep re-arms
            log.exception("scheduling failed for game %s", loaded.meta.id)

    def arm(self, loaded: Loaded, overdue_now: bool = False) -> float:
        """Queue what the game awaits from the worker; returns when it next needs the worker (epoch ms): NOW
        while it awaits a roll or a bot's move, its deadline while a clock runs, else NEVER (until it moves)."""
        if loaded.finished:
            return NEVER
        game_id, version = loaded.meta.id, loaded.version
        needed = NEVER
        request = tables.pending_chance(loaded.game, loaded.table)
        if request is not None and request.by_dealer and not self.inline_dealer:
            self._enqueue("service.operations.jobs.deal", game_id, version, f"deal-{game_id}-{version}", retry=DEAL_RETRY)
            needed = NOW
        if _bot_run.get() != game_id and self.arm_bot(loaded):
            needed = NOW
        due = self.arm_timer(loaded, overdue_now)
        return min(needed, due) if due is not None else needed

    def arm_timer(self, loaded: Loaded, overdue_now: bool = False) -> int | None:
        """Queue the timer of the game's running clock, unless one this process queued fires first; returns the
        deadline (epoch ms), None without a running clock.

        A per-move clock starts again with every command, so a timer per version was an RQ job per command on
        both sides (queued here, run by the worker) though nearly all of them find the game moved on. A timer
        that finds the game moved on queues the one of the game as it then is (service.operations.jobs.timeout), so a
        timer already due before the new deadline covers it. `overdue_now` (the sweep, the backstop) always
        queues one."""
        due = clock.deadline_ms(loaded.table.clocks, loaded.table.platform)
        if due is None or loaded.finished:
            return None
        game_id, version = loaded.meta.id, loaded.version
        fires = -(-due[0] // 1000)  # RQ keeps scheduled times in whole seconds (truncated): round up, never early
        with self._timers_lock:
            pending = self._timers.get(game_id)
        if not overdue_now and pending is not None and time.time() < pending <= fires:
            return due[0]
        when = datetime.fromtimestamp(fires, UTC)
        # an overdue deadline found by a sweep fires at once, not after the scheduler's lock is free
        at = None if overdue_now and when <= datetime.now(UTC) else when
        self._enqueue("service.operations.jobs.timeout", game_id, version, f"timeout-{game_id}-{version}", retry=TIMEOUT_RETRY,
                      at=at)
        with self._timers_lock:
            self._timers.pop(game_id, None)
            self._timers[game_id] = fires  # the newest last: the oldest is forgotten first
            if len(self._timers) > TIMERS_KEPT:
                self._timers.popitem(last=False)
        return due[0]

    def arm_bot(self, loaded: Loaded) -> bool:
        """Queue the move of an awaited seat a bot holds, if there is one (True)."""
        game_id, version = loaded.meta.id, loaded.version
        # most tables hold no bot: asked first, since whose move is awaited costs the game's own queries
        if loaded.finished or not any(loaded.table.bots) or not any(
                bot_of(loaded.table, seat) is not None for seat in tables.awaited(loaded.game, loaded.table)):
            return False
        self._enqueue("service.operations.jobs.play_bot", game_id, version, f"bot-{game_id}-{version}", retry=BOT_RETRY,
                      queue=self.bot_queue)
        return True

    @staticmethod
    @contextmanager
    def bot_run(game_id: str) -> Iterator[None]:
        """While the job plays `game_id`'s bot moves in a run, they queue no job for the next move."""
        token = _bot_run.set(game_id)
        try:
            yield
        finally:
            _bot_run.reset(token)

    def _enqueue(self, func: str, game_id: str, version: int, job_id: str, retry: Retry | None = None,
                 at: datetime | None = None, queue: Queue | None = None) -> None:
        queue = self.queue if queue is None else queue
        for attempt in range(2):
            try:
                if at is None:
                    queue.enqueue_call(func, args=(game_id, version), job_id=job_id, unique=True, retry=retry,
                                            result_ttl=300, failure_ttl=7 * 86400)
                else:
                    queue.enqueue_at(at, func, game_id, version, job_id=job_id, unique=True, retry=retry)
                return
            except DuplicateJobError:
                if attempt or not self._stale(job_id, queue):
                    return  # already queued, scheduled or running: the same roll or timer
                log.warning("job %s can no longer run (its worker died or it failed): queued again", job_id)
                self._discard(job_id, queue)

    def _stale(self, job_id: str, queue: Queue) -> bool:
        """True if the job holding this id will never run: left in RQ's intermediate list or lost from the
        queue, started by a worker that died, or ended without finishing (failed, stopped, cancelled)."""
        try:
            job = Job.fetch(job_id, connection=queue.connection, serializer=queue.serializer)
        except NoSuchJobError:
            return True
        status = job.get_status(refresh=False)
        if status == JobStatus.QUEUED:
            if queue.get_job_position(job_id) is not None:
                return False
            if job_id not in queue.intermediate_queue.get_job_ids():
                return True  # lost from the queue
            if not self._taker_may_live(queue):
                return True  # every worker of the queue is known dead: none of them will ever start it
            # RQ's intermediate list: a worker took it (LMOVE) and marks it started a moment later, or died first.
            # Both look alike at one glance, and discarding a job a live worker runs would lose its effect or
            # run it twice: only a job still there at a later look (INTERMEDIATE_STALE_S later) is a dead worker's.
            taken = queue.intermediate_queue
            # the first sight (RQ's key, which RQ's own clean-up reads too) is kept a minute, not RQ's day: the
            # take-back's frequent looks catch live workers' jobs in their milliseconds there now and then
            if queue.connection.set(taken.get_first_seen_key(job_id), time.time(), nx=True, ex=SIGHTING_KEPT_S):
                return False
            seen = taken.get_first_seen(job_id)
            return seen is None or (datetime.now(UTC) - seen).total_seconds() > INTERMEDIATE_STALE_S
        if status == JobStatus.SCHEDULED:
            # RQ's scheduler moves a due job to the queue within a second. One overdue for longer has no scheduler
            # to move it: a scheduler process that died (with its worker, or when Redis went away) keeps its lock
            # for 61 s, and no other starts while the lock stands. A sweep that finds the deadline passed then
            # queues the job itself (running it twice is harmless: it finds the game moved on).
            try:
                due = queue.scheduled_job_registry.get_scheduled_time(job_id)
            except NoSuchJobError:
                return True
            return (datetime.now(UTC) - due).total_seconds() > SCHEDULED_STALE_S
        if status in (JobStatus.DEFERRED, JobStatus.FINISHED):
            # a finished job did what its id names (dealt the roll, ran the timer, played the run, or found the
            # game had moved on): a sweep that read the game a moment before the job's append must not run it
            # again (the second run finds nothing to do, and its empty result replaces the first's)
            return False
        if status == JobStatus.STARTED:
            if self._worker_gone(job.worker_name, queue):
                return True  # killed mid-job: no need to wait out the heartbeat
            beat = job.last_heartbeat or job.started_at
            return beat is None or (datetime.now(UTC) - beat.replace(tzinfo=UTC)).total_seconds() > STARTED_STALE_S
        return True

    @staticmethod
    def _worker_gone(worker_name: str | None, queue: Queue) -> bool:
        """The worker that started a job is known dead: its record is gone (it deregistered, or expired) or says
        it died, or it ran on this host and its process is not alive. A worker SIGKILLed mid-job keeps its record
        for RQ's worker TTL (minutes) and the job its `started` status: without this the job waited out
        STARTED_STALE_S."""
        if not worker_name:
            return False
        return Scheduler._record_gone(Worker.redis_worker_namespace_prefix + worker_name, queue)

    @staticmethod
    def _taker_may_live(queue: Queue) -> bool:
        """Whether a worker that may be alive listens on the queue: only such a worker can have taken a job off it
        a moment ago. The workers RQ registers per queue stay registered when killed, so on one host (make run, a
        worker restarted by its process manager) a job a killed worker took is known orphaned at first sight."""
        return not all(Scheduler._record_gone(key, queue) for key in worker_registration.get_keys(queue))

    @staticmethod
    def _record_gone(worker_key: str, queue: Queue) -> bool:
        hostname, pid, death = queue.connection.hmget(worker_key, "hostname", "pid", "death")
        return death is not None or record_gone(hostname, pid)  # `death`: its loop ended (service.operations.worker.retire)

    def _discard(self, job_id: str, queue: Queue) -> None:
        queue.intermediate_queue.remove(job_id)
        queue.connection.delete(queue.intermediate_queue.get_first_seen_key(job_id))  # the id is queued afresh
        try:
            job = Job.fetch(job_id, connection=queue.connection, serializer=queue.serializer)
        except NoSuchJobError:
            return
        try:
            job.delete(remove_from_queue=True)
        except ValueError:
            # RQ's delete reads every execution of a started job, and raises when one's record expired before its
            # index entry (a worker that died long ago): forget the job by its keys instead
            self._forget(job, queue)

    @staticmethod
    def _forget(job: Job, queue: Queue) -> None:
        """Delete a job RQ's own delete cannot: its entries in the started registry (`<job>:<execution>`), its
        executions' index, its hash, and its place in the queue."""
        started = queue.started_job_registry
        entries = [f"{job_id}:{execution}" for job_id, execution in started.get_job_and_execution_ids(cleanup=False)
                   if job_id == job.id]
        with queue.connection.pipeline() as pipe:
            if entries:
                pipe.zrem(started.key, *entries)
            pipe.delete(job.execution_registry.key, job.key)
            pipe.lrem(queue.key, 0, job.id)
            pipe.execute()

    def take_back(self) -> int:
        """Queue again what a dead worker held: a roll, timer or bot's move it had taken off the queue or started
        when it died. Looks only at the jobs RQ holds as taken (its intermediate list) or started, a handful, so
        a worker can look every TAKE_BACK_S; each one `_stale` finds dead is discarded and its game re-armed
        (the game says whether it still awaits it; if so a fresh job with the same id is queued, and the job,
        idempotent by (game, version), deals the roll once). Returns how many games were re-armed.

        A job started by a worker on this host is dead as soon as that process is; one started elsewhere after
        STARTED_STALE_S without a heartbeat; one left in the intermediate list once two looks INTERMEDIATE_STALE_S
        apart found it there. The sweep, every SWEEP_S, was the only one to look: a roll whose worker was killed
        mid-job waited for it (up to two sweeps, ~10 s), while every command of the game answered 409."""
        games = []
        for queue in dict.fromkeys((self.queue, self.bot_queue)):
            held = queue.intermediate_queue.get_job_ids() + queue.started_job_registry.get_job_ids(cleanup=False)
            for job_id in dict.fromkeys(held):
                if not self._stale(job_id, queue):  # the common case, a live worker's job: two round trips
                    continue
                game_id = self._game_of(job_id, queue)
                if game_id is not None:
                    log.warning("job %s was held by a worker that died: queued again", job_id)
                    self._discard(job_id, queue)
                    games.append(game_id)
        for game_id in dict.fromkeys(games):
            try:
                self.arm(self.repository.load(game_id), overdue_now=True)
            except Exception:  # noqa: BLE001 - one unreadable game must not stop the others; the sweep tries again
                log.exception("game %s could not be re-armed; the next sweep tries again", game_id)
        return len(dict.fromkeys(games))

    @staticmethod
    def _game_of(job_id: str, queue: Queue) -> str | None:
        """The game a roll, timer or bot's move job is for (its first argument); None for any other job (RQ's own
        clean-up handles those) or a record that is not ours."""
        job = queue.fetch_job(job_id)
        try:
            if job is None or job.func_name not in GAME_JOBS or not job.args or not isinstance(job.args[0], str):
                return None
        except DeserializationError:
            return None
        return job.args[0]

    def sweep(self) -> int:
        """Re-arm the active games that may need it; returns how many it loaded and re-armed.

        The first sweep of a process (the worker's start) re-arms every active game: pending rolls, bots' moves
        and deadlines live in the games' logs, not in RQ. After that a game is loaded again only if its log
        moved since this process last looked (a move whose own reaction was lost to a crash), or if it needs the
        worker now: a roll or a bot's move still awaited, or a deadline passed. A game unchanged with its
        deadline ahead needs nothing: its timer was queued at the last look, and should that job be lost, the
        first sweep after the deadline queues it to fire at once. Loading every active game every SWEEP_S was a
        round trip per game and an RQ write per clocked game each time: 10,000 games, 2,000 loads a second.
        """
        store, now_ms = self.repository.store, time.time() * 1000
        looked, armed, after = {}, 0, None
        while True:
            page, after = store.index.page_games("active", after, limit=SWEEP_PAGE)
            ids = [entry["id"] for entry in page]
            for game_id, version in zip(ids, store.log.versions(ids), strict=True):
                last = self._looked.get(game_id)
                if last is not None and last[0] == version and last[1] > now_ms:
                    looked[game_id] = last
                    continue
                try:
                    loaded = self.repository.load(game_id)
                    looked[game_id] = (loaded.version, self.arm(loaded, overdue_now=True))
                    armed += 1
                except Exception:  # noqa: BLE001 - one unreadable game must not stop the others' timers
                    log.exception("game %s could not be re-armed; the next sweep tries again", game_id)
            if after is None:
                break
        self._looked = looked  # games no longer active are forgotten
        return armed
