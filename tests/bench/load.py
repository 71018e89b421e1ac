"""`make load`: the service under many players and idle spectators, against the one-XADD endpoint, same run.

Everything runs on loopback: a private redis-server, the service under gunicorn as `make run` serves it
(service/serving.py: gevent workers), and beside it the one-XADD Flask app under the same gunicorn settings.
Locust (as a library, in this process) drives PLAYERS concurrent users, each posting the moves of its own Jaipur
match (a match's moves are found in-process beforehand, so the load generator spends nothing on choosing); a
user whose match ends starts another. Phases of SECONDS each:

1. commands as fast as the answers come, nobody watching: the capacity (saturated, so p99 is mostly queueing);
2. commands paced at PACE of that capacity (the load a host is run at), nobody watching;
3. the same pace while SPECTATORS idle live streams (SSE) are held open on other games (keep-alives only);
4. as fast as the answers come, with the spectators;
5. the same users and bodies posted to the one-XADD endpoint, as fast as they come: the baseline.

The spectators' cost is read at the paced load (3 against 2): at saturation any extra work lengthens every queue,
so the saturated pair (4 against 1) says more about the machine than about the streams. Printed: moves/s,
p50/p99 latency of each phase, the ratios, and how many streams were held throughout. Bounded: about 5 x SECONDS
plus a minute of set-up. The server lifts its rate limits and its per-client stream cap (one load generator on
one address would otherwise measure those).
"""

from __future__ import annotations

# Locust runs on gevent: everything that opens sockets (ssl, requests) must be imported after the patch.
from gevent import monkey

monkey.patch_all()

import itertools  # noqa: E402
import os  # noqa: E402
import select  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from urllib.parse import urlparse  # noqa: E402

import gevent  # noqa: E402
import requests  # noqa: E402
from locust import FastHttpUser, constant, constant_throughput  # noqa: E402
from locust import task as locust_task  # noqa: E402
from locust.env import Environment  # noqa: E402

from service import embedded_redis  # noqa: E402
from service.serving import WORKERS, gunicorn_command  # noqa: E402
from tests.bench.platform_bench import jaipur_script  # noqa: E402
from tests.bench.servers import ROOT, UNLIMITED, private_redis  # noqa: E402

PLAYERS = int(os.environ.get("BAZAAR_LOAD_PLAYERS", 200))
SPECTATORS = int(os.environ.get("BAZAAR_LOAD_SPECTATORS", 2000))
SECONDS = float(os.environ.get("BAZAAR_LOAD_SECONDS", 30))
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
        yield base
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
        created = client.post("/v1/games", json={"game": "jaipur", "seats": 2, "seed": f"load-{n % len(self.scripts)}",
                                                 "open": True}, name="create").json()
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
            path, body, token = self.moves.pop(0)
            with self.client.post(path, json=body, headers={"Authorization": f"Bearer {token}"}, name="move",
                                  catch_response=True) as response:
                if response.status_code != 201:
                    response.failure(f"{response.status_code} {response.text[:120]}")
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
               "p50": moves.get_response_time_percentile(0.5), "p99": moves.get_response_time_percentile(0.99)}
    runner.quit()
    return figures


class Spectators:
    """Idle live streams: each a raw socket that asks for text/event-stream and then only reads keep-alives.

    A stream's greenlet blocks in recv until data comes (a keep-alive every SSE_KEEPALIVE_S) or its socket is
    shut down by `close`: thousands of them cost this process nothing in between. (Polling a stop flag with a
    1 s timeout each made the load generator itself wake 5,000 times a second, on the server's cores.)"""

    def __init__(self, base: str, games: list[str]):
        url = urlparse(base)
        self.address = (url.hostname, url.port)
        self.games = games
        self.sockets: list[socket.socket] = []
        self.closing = False
        self.opened = self.refused = self.ended = 0

    def watch(self, game_id: str) -> None:
        try:
            sock = socket.create_connection(self.address, timeout=60)
            sock.sendall(f"GET /v1/games/{game_id}/events?after=1 HTTP/1.1\r\nHost: load\r\n"
                         f"Accept: text/event-stream\r\n\r\n".encode())
            head = sock.recv(4096)
        except OSError:
            self.refused += 1
            return
        if not head.startswith(b"HTTP/1.1 200"):
            self.refused += 1
            sock.close()
            return
        self.opened += 1
        self.sockets.append(sock)
        sock.settimeout(None)
        with sock:
            try:
                while sock.recv(4096):
                    pass
            except OSError:
                pass
            if not self.closing:
                self.ended += 1  # the server ended it

    def open(self, count: int) -> list:
        streams = [gevent.spawn(self.watch, self.games[n % len(self.games)]) for n in range(count)]
        deadline = time.monotonic() + 60
        while self.opened + self.refused < count and time.monotonic() < deadline:
            gevent.sleep(0.2)
        return streams

    def held(self) -> int:
        return self.opened - self.ended

    def close(self) -> None:
        self.closing = True
        for sock in self.sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


class SpectatorProcess:
    """The spectators in a process of their own (`python -m tests.bench.load spectate BASE COUNT`): in the
    players' process, 5,000 more sockets on locust's event loop slowed the load generator itself (commands/s
    fell by half with the server idle between them). It reports what it opened, then what it still holds."""

    def __init__(self, base: str, count: int):
        self.process = subprocess.Popen([sys.executable, "-m", "tests.bench.load", "spectate", base, str(count)],
                                        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.opened, self.refused = (int(x) for x in self.process.stdout.readline().split())

    def held(self) -> int:
        self.process.stdin.write("held\n")
        self.process.stdin.flush()
        return int(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=60)


def spectate(base: str, count: int) -> None:
    spectators = Spectators(base, idle_games(base, IDLE_GAMES))
    streams = spectators.open(count)
    print(spectators.opened, spectators.refused, flush=True)
    while True:
        select.select([sys.stdin], [], [])  # gevent's select: the streams go on reading while this waits
        if not sys.stdin.readline():
            break
        print(spectators.held(), flush=True)
    spectators.close()
    gevent.joinall(streams, timeout=10)


def idle_games(base: str, count: int) -> list[str]:
    session = requests.Session()
    return [session.post(f"{base}/v1/games", json={"game": "jaipur", "seats": 2}).json()["id"] for _ in range(count)]


def show(label: str, f: dict, baseline: dict | None) -> None:
    ratio = f" (x{f['per_s'] / baseline['per_s']:.2f} the baseline's moves/s, p50 x{f['p50'] / baseline['p50']:.1f}, " \
            f"p99 x{f['p99'] / baseline['p99']:.1f})" if baseline else ""
    print(f"  {label:<42} {f['per_s']:7.0f} /s  p50 {f['p50']:5.0f} ms  p99 {f['p99']:5.0f} ms  "
          f"({f['moves']} requests, {f['failures']} failed){ratio}")


def main() -> int:
    scripts = [jaipur_script(f"load-{n}", n) for n in range(SCRIPTS)]
    bodies = [body for script in scripts for _seat, body in script]
    settings = {"BAZAAR_SSE_PER_CLIENT": "1000000"}
    with private_redis() as url, served("service.wsgi:app", url, settings) as bazaar, \
            served("tests.bench.trivial_app:app", url, {}) as trivial:
        matches = Matches(scripts)
        quiet = drive(bazaar, player_class(matches, False, bodies))
        pace = PACE * quiet["per_s"] / PLAYERS
        paced = drive(bazaar, player_class(matches, False, bodies, pace))
        spectators = SpectatorProcess(bazaar, SPECTATORS)
        opened = spectators.opened
        paced_watched = drive(bazaar, player_class(matches, False, bodies, pace))
        watched = drive(bazaar, player_class(matches, False, bodies))
        held = spectators.held()
        spectators.close()
        baseline = drive(trivial, player_class(None, True, bodies))
    print(f"make load: {PLAYERS} concurrent players (Jaipur, one match each at a time), {SECONDS:.0f} s per phase; "
          f"gunicorn {WORKERS} gevent workers each, both servers; all on this machine")
    show("one-XADD endpoint (baseline)", baseline, None)
    show("commands, no spectators", quiet, baseline)
    show(f"commands, {SPECTATORS} idle spectators", watched, baseline)
    show(f"paced at {PACE:.0%} of capacity, no spectators", paced, None)
    show(f"paced, {SPECTATORS} idle spectators", paced_watched, None)
    print(f"  spectators: {opened} of {SPECTATORS} streams opened ({spectators.refused} refused), {held} still held "
          f"at the end of the phases")
    print(f"  command p99 with the spectators / without: {paced_watched['p99'] / paced['p99']:.2f} at "
          f"{PACE:.0%} of capacity (aim: 1.20 or less); {watched['p99'] / quiet['p99']:.2f} saturated")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["spectate"]:
        spectate(sys.argv[2], int(sys.argv[3]))
    else:
        raise SystemExit(main())
