"""`make load`: the service under many players and idle spectators, against the one-XADD endpoint, same run.

Everything runs on loopback: a private redis-server, the service under gunicorn as `make run` serves it
(service/operations/serving.py: gevent workers), and beside it the one-XADD Flask app under the same gunicorn settings.
Locust (as a library, in this process) drives PLAYERS concurrent users, each posting the moves of its own Jaipur
match (a match's moves are found in-process beforehand, so the load generator spends nothing on choosing); a
user whose match ends starts another. Phases of SECONDS each:

1. commands as fast as the answers come, nobody watching: the capacity (saturated, so p99 is mostly queueing);
2. commands paced at PACE of that capacity (the load a host is run at), nobody watching;
   then, nothing moving, IDLE_SECONDS without and IDLE_SECONDS with SPECTATORS idle live streams (SSE) on
   other games: the CPU seconds a minute the server's processes, the spectators' process and Redis use
   (/proc and INFO: deterministic, where a p99 on a shared host is not), per 1,000 streams;
3. the same pace while the spectators are held open (keep-alives only);
4. as fast as the answers come, with the spectators;
5. the same users and bodies posted to the one-XADD endpoint, as fast as they come: the baseline.

The spectators' cost is read at the paced load (3 against 2): at saturation any extra work lengthens every queue,
so the saturated pair (4 against 1) says more about the machine than about the streams. Printed: moves/s,
p50/p99 latency of each phase, the ratios, the idle costs, and how many streams were held throughout. Bounded:
about 5 x SECONDS + 2 x IDLE_SECONDS plus a minute of set-up. Fairness on one host: the spectators' process
runs SCHED_IDLE once its streams are open (tests/bench/spectators.py: it stands for browsers elsewhere, and
must not take CPU from the service), while the players' generator keeps its ordinary priority (its timing
is the measurement; it is the same in phases 2 and 3). No CPU pinning: on 2 cores, pinning the generator
would take a whole core from the service. `python -m tests.bench.load idle` runs the idle phases alone.
The server lifts its rate limits and its per-client stream cap (one load generator on one address would
otherwise measure those).
"""

from __future__ import annotations

# Locust runs on gevent: everything that opens sockets (ssl, requests) must be imported after the patch.
from gevent import monkey

monkey.patch_all()

import itertools  # noqa: E402
import os  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from contextlib import contextmanager  # noqa: E402

import gevent  # noqa: E402
import redis  # noqa: E402
import requests  # noqa: E402
from locust import FastHttpUser, constant, constant_throughput  # noqa: E402
from locust import task as locust_task  # noqa: E402
from locust.env import Environment  # noqa: E402

from service.operations import embedded_redis  # noqa: E402
from service.operations.serving import WORKERS, gunicorn_command  # noqa: E402
from tests.bench.platform_bench import jaipur_script  # noqa: E402
from tests.bench.servers import ROOT, UNLIMITED, cpu_seconds, family, private_redis  # noqa: E402

PLAYERS = int(os.environ.get("BAZAAR_LOAD_PLAYERS", 200))
SPECTATORS = int(os.environ.get("BAZAAR_LOAD_SPECTATORS", 5000))
SECONDS = float(os.environ.get("BAZAAR_LOAD_SECONDS", 30))
IDLE_SECONDS = float(os.environ.get("BAZAAR_LOAD_IDLE_SECONDS", 60))  # the idle cost's window: keep-alive intervals
PACE = float(os.environ.get("BAZAAR_LOAD_PACE", 0.5))  # the paced phases' share of the measured capacity
IDLE_GAMES = 100  # the spectators watch these, SPECTATORS / IDLE_GAMES each
SCRIPTS = 64  # distinct matches; games are created from them round-robin


@contextmanager
def served(app: str, redis_url: str, env: dict):
    port = embedded_redis.free_port()
    command = [*gunicorn_command(f"127.0.0.1:{port}")[:-1], app]
    process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, "REDIS_URL": redis_url, **UNLIMITED, **env},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            requests.get(base + "/healthz", timeout=5)
            break
        except requests.RequestException:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{app} did not start") from None
            time.sleep(0.2)
    try:
        yield base, process.pid
    finally:
        process.terminate()
        process.wait(timeout=30)


class Matches:
    """Fresh games from the precomputed scripts, created on demand (creation is not counted as a move)."""

    def __init__(self, scripts: list[list[tuple[int, dict]]]):
        self.scripts = scripts
        self.numbers = itertools.count()

    def start(self, client) -> list[tuple[str, dict, str]]:
        n = next(self.numbers)
        script = self.scripts[n % len(self.scripts)]
        answer = client.post("/v1/games", json={"game": "jaipur", "seats": 2, "seed": f"load-{n % len(self.scripts)}",
                                                "open": True}, name="create")
        if answer.status_code != 201:
            return []  # counted among the creations' failures; the player asks for another match next time
        created = answer.json()
        tokens = [seat["token"] for seat in created["seats"]]
        return [(f"/v1/games/{created['id']}/commands", body, tokens[seat]) for seat, body in script]


def player_class(matches: Matches | None, xadd: bool, bodies: list[dict], per_player_s: float | None = None):
    """`per_player_s`: moves a second each player posts at most (None: as fast as the answers come)."""
    class Player(FastHttpUser):
        wait_time = constant(0) if per_player_s is None else constant_throughput(per_player_s)

        def on_start(self):
            self.moves: list = []
            self.bodies = itertools.cycle(bodies)

        @locust_task
        def move(self):
            if xadd:
                self.client.post("/xadd", json=next(self.bodies), name="move")
                return
            if not self.moves:
                self.moves = matches.start(self.client)
                if not self.moves:
                    return
            path, body, token = self.moves.pop(0)
            with self.client.post(path, json=body, headers={"Authorization": f"Bearer {token}"}, name="move",
                                  catch_response=True) as response:
                if response.status_code != 201:
                    response.failure(f"{response.status_code} {(response.text or '')[:120]}")  # no text: no answer
                    self.moves = []  # the match is off script: start another

    return Player


def drive(base: str, user_class) -> dict:
    env = Environment(user_classes=[user_class], host=base)
    runner = env.create_local_runner()
    runner.start(PLAYERS, spawn_rate=min(PLAYERS, 100))
    gevent.sleep(3)  # let every user reach the server before timing
    env.stats.reset_all()
    start = time.perf_counter()
    gevent.sleep(SECONDS)
    elapsed = time.perf_counter() - start
    moves = env.stats.get("move", "POST")
    figures = {"moves": moves.num_requests, "per_s": moves.num_requests / elapsed, "failures": moves.num_failures,
               "p50": moves.get_response_time_percentile(0.5), "p99": moves.get_response_time_percentile(0.99),
               "errors": sorted(((e.occurrences, f"{e.method} {e.name}: {e.error}"[:160]) for e in env.stats.errors.values()),
                                reverse=True)[:3]}
    runner.quit()
    return figures


class SpectatorProcess:
    """The idle spectators, held by `tests/bench/spectators.py` in a process of its own (a plain selectors loop,
    no gevent, SCHED_IDLE once open: see there why). It reports what it opened, then on each ask what it
    still holds, the keep-alives it has read and its own CPU time."""

    def __init__(self, base: str, count: int, games: list[str]):
        self.process = subprocess.Popen([sys.executable, "-m", "tests.bench.spectators", base, str(count), *games],
                                        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.opened, self.refused = (int(x) for x in self.process.stdout.readline().split())

    def ask(self) -> tuple[int, int, float]:
        """(streams held, keep-alives read so far, CPU seconds used so far)."""
        self.process.stdin.write("held\n")
        self.process.stdin.flush()
        held, keepalives, cpu = self.process.stdout.readline().split()
        return int(held), int(keepalives), float(cpu)

    def held(self) -> int:
        return self.ask()[0]

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=60)


def idle(server_pid: int, redis_url: str, spectators: SpectatorProcess | None) -> dict:
    """What holding the spectators costs while nothing moves, over IDLE_SECONDS: CPU seconds per minute of the
    server's processes, of the spectators' process and of Redis, XREADs and keep-alives per minute."""
    client = redis.Redis.from_url(redis_url)

    def sample() -> tuple:
        info = client.info()
        held, keepalives, generator = spectators.ask() if spectators else (0, 0, 0.0)
        return (cpu_seconds(family(server_pid)), generator, info["used_cpu_sys"] + info["used_cpu_user"],
                client.info("commandstats").get("cmdstat_xread", {}).get("calls", 0), keepalives, held)

    before = sample()
    gevent.sleep(IDLE_SECONDS)
    after = sample()
    per_min = 60 / IDLE_SECONDS
    server, generator, redis_cpu, xreads, keepalives = ((b - a) * per_min for a, b in zip(before[:5], after[:5]))
    return {"server": server, "generator": generator, "redis": redis_cpu, "xreads": xreads,
            "keepalives": keepalives, "held": after[5]}


def idle_games(base: str, count: int) -> list[str]:
    session = requests.Session()
    return [session.post(f"{base}/v1/games", json={"game": "jaipur", "seats": 2}).json()["id"] for _ in range(count)]


def show(label: str, f: dict, baseline: dict | None) -> None:
    ratio = f" (x{f['per_s'] / baseline['per_s']:.2f} the baseline's moves/s, p50 x{f['p50'] / baseline['p50']:.1f}, " \
            f"p99 x{f['p99'] / baseline['p99']:.1f})" if baseline else ""
    print(f"  {label:<42} {f['per_s']:7.0f} /s  p50 {f['p50']:5.0f} ms  p99 {f['p99']:5.0f} ms  "
          f"({f['moves']} requests, {f['failures']} failed){ratio}")
    for occurrences, error in f.get("errors", []):  # what failed, so that a failure says why
        print(f"      {occurrences} x {error}")


def show_idle(label: str, f: dict, without: dict | None) -> None:
    line = (f"  {label:<42} server {f['server']:5.2f} CPU s/min, spectators' process {f['generator']:5.2f}, "
            f"Redis {f['redis']:4.2f}; {f['xreads']:.0f} XREADs/min, {f['keepalives']:.0f} keep-alives/min")
    if without is not None and f["held"]:
        per = 1000 / f["held"]
        line += (f"\n  {'':<42} per 1,000 idle streams a minute: server {(f['server'] - without['server']) * per:.2f} "
                 f"CPU s, spectators' process {f['generator'] * per:.2f} CPU s")
    print(line)


def main() -> int:
    scripts = [jaipur_script(f"load-{n}", n) for n in range(SCRIPTS)]
    bodies = [body for script in scripts for _seat, body in script]
    settings = {"BAZAAR_SSE_PER_CLIENT": "1000000"}
    with private_redis() as url, served("service.operations.wsgi:app", url, settings) as (bazaar, server_pid), \
            served("tests.bench.trivial_app:app", url, {}) as (trivial, _):
        matches = Matches(scripts)
        quiet = drive(bazaar, player_class(matches, False, bodies))
        pace = PACE * quiet["per_s"] / PLAYERS
        paced = drive(bazaar, player_class(matches, False, bodies, pace))
        alone = idle(server_pid, url, None)
        spectators = SpectatorProcess(bazaar, SPECTATORS, idle_games(bazaar, IDLE_GAMES))
        watching = idle(server_pid, url, spectators)
        paced_watched = drive(bazaar, player_class(matches, False, bodies, pace))
        watched = drive(bazaar, player_class(matches, False, bodies))
        held = spectators.held()
        spectators.close()
        baseline = drive(trivial, player_class(None, True, bodies))
    print(f"make load: {PLAYERS} concurrent players (Jaipur, one match each at a time), {SECONDS:.0f} s per phase; "
          f"gunicorn {WORKERS} gevent workers each, both servers; all on this machine "
          f"({os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end)")
    show("one-XADD endpoint (baseline)", baseline, None)
    show("commands, no spectators", quiet, baseline)
    show(f"commands, {SPECTATORS} idle spectators", watched, baseline)
    show(f"paced at {PACE:.0%} of capacity, no spectators", paced, None)
    show(f"paced, {SPECTATORS} idle spectators", paced_watched, None)
    print(f"  idle, nothing moving, {IDLE_SECONDS:.0f} s each:")
    show_idle("no spectators", alone, None)
    show_idle(f"{watching['held']} idle spectators", watching, alone)
    print(f"  spectators: {spectators.opened} of {SPECTATORS} streams opened ({spectators.refused} refused), {held} "
          f"still held at the end of the phases")
    print(f"  command p99 with the spectators / without: {paced_watched['p99'] / paced['p99']:.2f} at "
          f"{PACE:.0%} of capacity (aim: 1.20 or less); {watched['p99'] / quiet['p99']:.2f} saturated")
    return 0


def idle_only() -> int:
    """`python -m tests.bench.load idle`: the idle phases alone (no players), a quick and deterministic figure."""
    with private_redis() as url, served("service.operations.wsgi:app", url, {"BAZAAR_SSE_PER_CLIENT": "1000000"}) as (base, pid):
        alone = idle(pid, url, None)
        spectators = SpectatorProcess(base, SPECTATORS, idle_games(base, IDLE_GAMES))
        watching = idle(pid, url, spectators)
        spectators.close()
    print(f"make load (idle only): {IDLE_SECONDS:.0f} s each; gunicorn {WORKERS} gevent workers; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    show_idle("no spectators", alone, None)
    show_idle(f"{watching['held']} idle spectators", watching, alone)
    print(f"  spectators: {spectators.opened} of {SPECTATORS} streams opened ({spectators.refused} refused)")
    return 0


if __name__ == "__main__":
    raise SystemExit(idle_only() if sys.argv[1:2] == ["idle"] else main())
