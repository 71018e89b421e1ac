"""`python -m service.operations.worker`: work, re-arm pending rolls and deadlines from the games' logs, and run the
cross-game feed's consumers (service/feed/consumers.py) in threads beside the worker loop.

Two queues, two loops: the main loop takes the dealer's rolls and the turn timers (queue `bazaar`, with RQ's
scheduler), a thread takes the bot seats' moves (queue `bazaar-bots`). A bot thinks for up to its budget (seconds);
in one loop every roll and timer queued meanwhile would wait for it. Side by side they share the interpreter,
so a roll costs a few more milliseconds while a bot thinks, never the bot's whole budget.

The re-arming sweep runs at start and then every `SWEEP_S` seconds in a thread beside the worker loop (with
the archive sweep, service/scheduling/archiving.py, which moves finished games out of Redis once due). The loop does not wait
for the first sweep: it loads every active game (about 1.5 ms each: seconds for thousands), and the rolls the
players' moves queue meanwhile would wait for it. A
roll or timer whose job was lost (a failed enqueue, a lost queue) resumes within seconds of any worker being up,
with no operator action (service.scheduling.scheduler decides whether a held job id can still run). After the first, a
sweep loads only the games that moved or need the worker now (`Scheduler.sweep`). A job a worker killed mid-job
held does not wait for a sweep: a thread looks at RQ's taken and started jobs every TAKE_BACK_S and queues again
those of dead workers (`Scheduler.take_back`).

RQ's scheduler holds a lock per queue (TTL 61 s) and a worker that finds it taken retries only at its
maintenance interval, so after a crash of a whole worker (scheduler process included) scheduled timers
could wait minutes. At start this worker therefore (1) releases a scheduler lock whose holder is a dead
process on this host, and (2) enqueues deadlines already overdue directly, not through the scheduler. (3) A
scheduler process can also die alone (Redis went away) and leave its lock: every sweep queues a timer whose time
passed seconds ago and that no scheduler moved (`Scheduler._stale`).

Redis going away does not stop this process. RQ's loop retries a lost connection only while it waits for a
job, with a back-off of up to a minute, and quits when the connection fails anywhere else (between two jobs, in
a heartbeat); its scheduler process dies with the connection and is restarted only at the next maintenance
(ten minutes by default). So each loop here retries within `RETRY_S`, and one that quits for any reason but a
stop request waits for Redis and starts again with a fresh worker (and scheduler): a process manager never has
to restart the worker because Redis restarted or failed over.
"""

from __future__ import annotations

import argparse
import logging
import sys
import threading
from collections.abc import Callable
from datetime import UTC, datetime

from redis import Redis
from redis import exceptions as redis_errors
from rq import SimpleWorker
from rq.scheduler import RQScheduler
from rq.timeouts import TimerDeathPenalty

from service.feed import consumers
from service.operations import config as settings
from service.operations import jobs
from service.operations.wiring import DEQUEUE_S, JOBS_SERIALIZER, Wiring, worker_loops_redis
from service.scheduling import archiving, expiry
from service.scheduling.liveness import record_gone
from service.scheduling.scheduler import TAKE_BACK_S, Scheduler

log = logging.getLogger("bazaar.worker")

RETRY_S = 1.0  # how long a loop waits between two tries to reach a Redis that went away
MAINTENANCE_S = 15  # RQ's maintenance restarts a scheduler process that died; its default is every 10 minutes

# KEYS[1] the scheduler lock; ARGV[1] the holder seen dead. Deletes only if it still holds the lock.
_RELEASE_IF_HELD_BY = """
if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end
return 0
"""


def release_stale_scheduler_lock(client: Redis, queue_name: str) -> bool:
    """Free the scheduler lock if the process holding it is gone (same host only: a pid means nothing
    elsewhere). Returns True if a stale lock was released."""
    lock_key = RQScheduler.get_locking_key(queue_name)
    holder = client.get(lock_key)
    if holder is None:
        return False
    # a live scheduler refreshes its record every second; without one the holder has deregistered
    if not record_gone(*client.hmget(b"rq:scheduler:" + holder, "hostname", "pid")):
        return False
    return bool(client.eval(_RELEASE_IF_HELD_BY, 1, lock_key, holder))


class SteadyWorker(SimpleWorker):
    """RQ's worker, retrying a lost Redis every `RETRY_S` instead of backing off to a minute, and remembering
    whether it was asked to stop (SIGTERM, SIGINT) or quit because Redis failed under it."""

    max_connection_wait_time = RETRY_S

    def __init__(self, *args, stop: threading.Event | None = None, **kwargs):
        super().__init__(*args, maintenance_interval=MAINTENANCE_S, serializer=JOBS_SERIALIZER, **kwargs)
        self.asked_to_stop = False
        self.stop = threading.Event() if stop is None else stop  # set: the loop ends once idle (a thread's stop)

    @property
    def dequeue_timeout(self) -> int:
        """How long one blocking read waits for a job (service.operations.wiring.DEQUEUE_S); RQ's socket timeout rule
        follows it (`connection_timeout`, 10 s more), which service.operations.wiring.worker_loops_redis meets."""
        return DEQUEUE_S

    def request_stop(self, signum, frame):
        self.asked_to_stop = True
        super().request_stop(signum, frame)

    def dequeue_job_and_maintain_ttl(self, timeout, max_idle_time=None):
        """RQ's wait for a job, one blocking read at a time: RQ's own returns only with a job, so a loop in a thread,
        which no signal reaches, would never see its `stop`. None (the loop ends) once `stop` is set."""
        if timeout is None or max_idle_time is not None:  # a burst, or an idle limit of the caller's: as RQ does
            return super().dequeue_job_and_maintain_ttl(timeout, max_idle_time)
        while not self.stop.is_set():
            taken = super().dequeue_job_and_maintain_ttl(timeout, max_idle_time=timeout)
            if taken is not None:
                return taken
        return None


class ThreadWorker(SteadyWorker):
    """A worker loop in a thread beside the main one: signals reach only the main thread (the process stops with
    it), and a job's time limit is a timer there, not SIGALRM."""

    death_penalty_class = TimerDeathPenalty

    def _install_signal_handlers(self) -> None:
        pass


def work_until_asked_to_stop(new_worker: Callable[[], SteadyWorker], connection: Redis, stop: threading.Event,
                             **work) -> int:
    """Run RQ worker loops one after another until one is asked to stop or `stop` is set: a loop that quit
    because Redis failed is followed, once Redis answers again, by a fresh one. Returns how many loops ran."""
    loops = 0
    while not stop.is_set():
        try:
            worker = new_worker()  # RQ names its connection here (CLIENT SETNAME): Redis may be away as well
        except redis_errors.RedisError:
            # a Sentinel between primaries answers "no master found" for a moment: the process must not die of it
            log.warning("Redis away as a worker loop starts; trying again in %s s", RETRY_S)
            stop.wait(RETRY_S)
            continue
        loops += 1
        try:
            worker.work(logging_level="WARNING", **work)
        except redis_errors.RedisError:  # the teardown itself could not reach Redis
            log.warning("worker %s lost Redis outside its loop", worker.name)
        if worker.asked_to_stop or stop.is_set():
            break
        log.warning("worker %s quit (Redis away?); starting a fresh one once Redis answers", worker.name)
        wait_for_redis(connection, stop)
        retire(worker)
        if work.get("with_scheduler"):
            release_stale_scheduler_lock(connection, worker.queues[0].name)
    return loops


def retire(worker) -> None:
    """Record the death of a loop that quit: with Redis away RQ could not, and a job the loop had started (a roll
    it was dealing when the connection broke) stays `started` under a worker whose process lives on in the next
    loop. Recorded dead, the scheduler's sweep takes such a job back at once, not after STARTED_STALE_S."""
    try:
        worker.register_death()
    except redis_errors.RedisError:
        log.warning("could not record the end of worker %s; its jobs are taken back once they look stale", worker.name)


def wait_for_redis(connection: Redis, stop: threading.Event) -> None:
    while not stop.is_set():
        try:
            connection.ping()
            return
        except redis_errors.RedisError:
            stop.wait(RETRY_S)


def start_bot_worker(wiring: Wiring, connection: Redis, stop: threading.Event) -> threading.Thread:
    """The bots' queue worked in a daemon thread of this process, for as long as the process runs, on `connection`
    (service.operations.wiring.worker_loops_redis: the loops' own client)."""
    thread = threading.Thread(target=work_until_asked_to_stop,
                              args=(lambda: ThreadWorker([wiring.bot_queue.name], connection=connection, stop=stop),
                                    connection, stop),
                              name="bots", daemon=True)
    thread.start()
    return thread


def start_take_back(scheduler: Scheduler, interval_s: float, stop: threading.Event) -> threading.Thread:
    """Look for the jobs dead workers held (Scheduler.take_back) once now, before this process's own loops listen
    (while no live worker listens on a queue, a job one of the dead took is known orphaned at first sight), then
    every `interval_s` in a daemon thread until `stop`."""
    def look() -> None:
        try:
            scheduler.take_back()
        except redis_errors.RedisError:
            pass  # Redis away: the worker loops log it, and the next look tries again
        except Exception:  # noqa: BLE001 - a bug here must not end the looks; the sweep is the backstop
            log.exception("taking back the jobs of dead workers failed")

    def every() -> None:
        while not stop.wait(interval_s):
            look()

    look()
    thread = threading.Thread(target=every, name="take-back", daemon=True)
    thread.start()
    return thread


def sweep_every(scheduler: Scheduler, interval_s: float, stop: threading.Event, archive_after_s: float = 0,
                expire: Callable[[datetime], int] | None = None) -> None:
    """The start-up sweep at once (every active game), then the periodic ones, until `stop`; each also expires
    the games whose seats stayed open too long (`expire`)."""
    try:
        log.info("re-armed %d active games", scheduler.sweep())
    except Exception:  # noqa: BLE001 - Redis gone again (or the games' Redis is not up yet): the periodic sweep re-arms
        log.exception("the start-up sweep failed; the next sweep re-arms")
    while not stop.wait(interval_s):
        try:
            scheduler.sweep()
            archiving.sweep(scheduler.repository.store, datetime.now(UTC), archive_after_s)
            if expire is not None:
                expire(datetime.now(UTC))
        except Exception:  # noqa: BLE001 - Redis away for a moment: the next sweep tries again
            log.exception("sweep failed")


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(prog="python -m service.operations.worker",
                            description="Bazaar's RQ worker: deals neutral figures' rolls and runs turn timers, "
                                        "and plays bot seats in a thread of its own; "
                                        "re-arms every active game at start and every BAZAAR_SWEEP_S seconds. Run "
                                        "as many as you like. Settings come from the environment (REDIS_URL, "
                                        "BAZAAR_QUEUE_REDIS_URL, BAZAAR_*).").parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    wiring = jobs.wiring()
    config = settings.load()
    queue_redis = worker_loops_redis(config)  # RQ's own Redis (QUEUE_REDIS_URL), on a client of the loops' own
    stop = threading.Event()
    wait_for_redis(queue_redis, stop)  # started before Redis (or during a failover): wait, do not crash
    try:
        holder = queue_redis.get(RQScheduler.get_locking_key(wiring.queue.name))
        if release_stale_scheduler_lock(queue_redis, wiring.queue.name):
            log.info("released the scheduler lock of a dead worker (%s)", holder)
        elif holder is not None:
            log.info("the scheduler lock is held by %s", holder)
    except redis_errors.RedisError:  # gone again: RQ's own maintenance releases a stale lock in time
        log.exception("reading the scheduler lock failed")
    # a roll a worker killed mid-job held is dealt within a second or two of this process being up, not a sweep later
    start_take_back(wiring.scheduler, TAKE_BACK_S, stop)
    threading.Thread(target=sweep_every, args=(wiring.scheduler, float(config["SWEEP_S"]), stop,
                                               float(config["ARCHIVE_AFTER_S"]),
                                               lambda now: expiry.sweep(wiring.commands, wiring.open_games, now)),
                     name="sweep", daemon=True).start()
    # running tournaments take whatever step a lost job or a crash left undone, at start and then every SWEEP_S
    threading.Thread(target=wiring.tournament_loop.sweep_every, args=(float(config["SWEEP_S"]), stop),
                     name="tournaments", daemon=True).start()
    # the cross-game feed's consumers (the game index, ...); what a killed worker on this host held is theirs at once
    consumers.start(wiring.feed, wiring.consumers, stop, consumers.member_is_dead)
    log.info("consuming the feed: %s", ", ".join(c.name for c in wiring.consumers))
    # jobs are short, idempotent and take ids: run them in this process, not a fork per job (a fork costs
    # tens of milliseconds of every roll's latency); the bots think in a loop of their own
    start_bot_worker(wiring, queue_redis, stop)
    loops = work_until_asked_to_stop(lambda: SteadyWorker([wiring.queue.name], connection=queue_redis), queue_redis,
                                     stop, with_scheduler=True)
    stop.set()
    log.info("stopped after %d worker loop(s)", loops)
    return 0


if __name__ == "__main__":
    sys.exit(main())
