"""`make bench`: Bazaar against boardgame.io, the framework people pick instead (issue 31), bounded in time.

The same seeded Jaipur matches (random legal moves, chosen by Bazaar's engine) are played through Bazaar's
`POST /v1/games/{id}/commands` (gunicorn as production serves it, its private Redis with AOF everysec, rate
limits left to a gateway) and through a boardgame.io 0.50.2 server with its default InMemory storage (which
keeps nothing), in alternating rounds, by one Node load generator (peer/drive.js; the peer's Jaipur in
peer/jaipur.js is dealt the same cards). Printed: moves/s, the server's CPU per move (from /proc), Redis's, and
the ratios Bazaar / boardgame.io. The aim (issue 31): server + Redis CPU per move at or below boardgame.io's, and
moves/s at or above. The floor (tests/bench/trivial_app.py: gunicorn, a WSGI route in front of Flask as Bazaar's
command path is, and one XADD a move, served and driven the same way) says how much of a move is the stack's
before any of Bazaar's work. The full, longer comparison (FlatFile too, p99) is the shared peer bench's run.sh.

Like for like: boardgame.io pushes the new state to both seats on every move, and its driver sends a move once
its mover's client has seen the previous one; Bazaar answers the mover only. So a fourth line plays Bazaar with
both seats following their live streams (SSE), each move sent once its mover's stream has shown the previous one
(peer/drive.js `bazaar-streams`): the server's CPU then counts telling the other seat too.

Why the shared harness's boardgame.io InMemory figure is higher (583-598 us a move against 398-404 here, on the
same machine and the same day, identical JavaScript, packages and scripts): a boardgame.io round that follows a
FlatFile round costs about 200 us a move more (619-655 against 416-461 in the same process, and its new load
generator more too), and so does the first full round after a 2-match warm-up (580-646). Neither 25 s of idle
time nor 18 s of CPU burn on both cores before a round does it (410-440). In the shared harness every InMemory
round is one of those; here its rounds follow Bazaar's and the floor's, and the median of three is the steady
state. Bazaar's own figure is the same in both (800-880 us).

Needs node and npm (installed with apt when missing and running as root, else the section says so and is
skipped) and boardgame.io from npm (peer/package-lock.json, installed once under var/peerbench). Never part of
`make test`.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import time
import urllib.request
from pathlib import Path

import redis

from domain import registry
from domain.jaipur.events import BonusPileShuffled, FirstPlayerDrawn, RoundDealt
from events import codec
from service.operations import embedded_redis
from tests.bench.servers import ROOT, cpu_seconds, family, gunicorn, private_redis
from tests.support.driver import Table

PEER = Path(__file__).resolve().parent / "peer"
WORK = ROOT / "var" / "peerbench"
MATCHES = int(os.environ.get("BAZAAR_PEER_MATCHES", 16))
ROUNDS = int(os.environ.get("BAZAAR_PEER_ROUNDS", 3))  # each of the three first, second and last once
PHASE_S = 120  # a round that takes longer fails (bounded)


def script(n: int) -> dict:
    """One seeded, open Jaipur match with random legal moves, and the deal the peer needs to play it the same."""
    seed = f"peerbench-{n}"
    game = registry.get("jaipur")
    table = Table.start(game, seed=seed.encode())
    rng = random.Random(n)
    moves = []
    while not game.is_terminal(table.state):
        seat = game.to_act(table.state)[0]
        command = rng.choice(game.legal_commands(table.state, seat))
        wire = codec.command_to_wire(command)
        wire.pop("seat", None)  # the token names the seat
        moves.append([seat, wire])
        table.play(command)
    rounds, first = [], None
    for e in table.events:
        if isinstance(e, FirstPlayerDrawn):
            first = e.seat
        elif isinstance(e, RoundDealt):
            rounds.append({"starter": e.starter, "market": list(e.market), "hands": [list(h) for h in e.hands],
                           "herds": list(e.herds), "deck": list(e.deck), "bonus": {}})
        elif isinstance(e, BonusPileShuffled):
            rounds[-1]["bonus"][e.tier] = list(e.values)
    return {"seed": seed, "first_player": first, "rounds": rounds, "moves": moves,
            "winners": list(table.state.phase.winners), "seals": list(table.state.seals)}


def node_ready() -> str | None:
    """None when node, npm and the peer's packages are there; else why the section is skipped."""
    if not (shutil.which("node") and shutil.which("npm")):
        if os.geteuid() != 0 or not shutil.which("apt-get"):
            return "node and npm are missing (apt-get install nodejs npm)"
        for args in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "nodejs", "npm"]):
            if subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode:
                return "node and npm are missing and apt-get could not install them"
    WORK.mkdir(parents=True, exist_ok=True)
    for f in PEER.iterdir():
        if f.is_file() and (not (WORK / f.name).exists() or (WORK / f.name).read_bytes() != f.read_bytes()):
            shutil.copy(f, WORK / f.name)
    if not (WORK / "node_modules" / "boardgame.io").exists():
        done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WORK,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode:
            return f"npm could not install boardgame.io: {done.stderr.strip()[:200]}"
    return None


def play_round(driver: str, base: str, pids: list[int], redis_pid: int | None, scripts: Path, matches: int) -> dict:
    """One round of `matches` concurrent matches; the servers' CPU read from /proc around the timed phase."""
    p = subprocess.Popen(["node", "drive.js", driver, base, str(scripts), str(matches), str(WORK / "lat.json")],
                         cwd=WORK, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         env={**os.environ, "PHASE_S": str(PHASE_S)})
    try:
        line = p.stdout.readline()
        if not line.startswith("READY"):
            raise RuntimeError(f"load generator: {line.strip()}")
        s0, r0 = cpu_seconds(pids), cpu_seconds([redis_pid]) if redis_pid else 0.0
        p.stdin.write("GO\n")
        p.stdin.flush()
        line = p.stdout.readline()
        s1, r1 = cpu_seconds(pids), cpu_seconds([redis_pid]) if redis_pid else 0.0
        if not line.startswith("DONE"):
            raise RuntimeError(f"load generator: {line.strip()}")
        result = json.loads(line[5:])
        if result["failed_matches"]:
            raise RuntimeError(f"{driver}: {result['failures']}")
        return {"moves": result["moves"], "rate": result["moves"] / result["elapsed"],
                "server": (s1 - s0) / result["moves"], "redis": (r1 - r0) / result["moves"]}
    finally:
        p.stdin.close()
        p.wait(timeout=20)


def peer_comparison() -> None:
    why = node_ready()
    if why:
        print(f"Bazaar vs boardgame.io (issue 31): skipped, {why}")
        return
    scripts = WORK / "scripts.json"
    scripts.write_text(json.dumps([script(n) for n in range(MATCHES)]))
    check = subprocess.run(["node", "check_scripts.js", str(scripts)], cwd=WORK, capture_output=True, text=True)
    if check.returncode:
        raise RuntimeError(f"the peer does not accept the scripts: {check.stdout[-300:]} {check.stderr[-300:]}")
    port = embedded_redis.free_port()
    peer = subprocess.Popen(["node", "server.js", str(port), "memory"], cwd=WORK, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    rows = {"bazaar": [], "bgio": [], "floor": [], "streams": []}
    try:
        with private_redis() as url, gunicorn("service.operations.wsgi:app", url, "/healthz",
                                              {"BAZAAR_RATE_LIMITS": "false"}) as bazaar, \
                gunicorn("tests.bench.trivial_app:app", url, "/healthz") as floor:
            redis_pid = redis_server_pid(url)
            peer_base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(peer_base + "/games", timeout=3).read()
                    break
                except OSError:
                    if peer.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("the boardgame.io server did not start") from None
                    time.sleep(0.2)
            targets = {"bazaar": (bazaar, family(bazaar.pid), redis_pid), "bgio": (peer_base, [peer.pid], None),
                       "floor": (floor, family(floor.pid), redis_pid),
                       "streams": (bazaar, family(bazaar.pid), redis_pid)}
            # the floor answers Bazaar's routes; "streams" is Bazaar with both seats following their live streams
            drivers = {"bazaar": "bazaar", "bgio": "bgio", "floor": "bazaar", "streams": "bazaar-streams"}
            for name, (base, pids, rpid) in targets.items():  # warm-up: imports, JIT, connections
                play_round(drivers[name], base, pids, rpid, scripts, 2)
            order = list(targets)
            for n in range(ROUNDS):
                for name in order[n % len(order):] + order[:n % len(order)]:
                    base, pids, rpid = targets[name]
                    rows[name].append(play_round(drivers[name], base, pids, rpid, scripts, MATCHES))
    finally:
        peer.terminate()
        peer.wait(timeout=15)
    moves = sum(r["moves"] for r in rows["bazaar"])

    def median(name, what):
        return statistics.median(r[what] for r in rows[name])

    b_total = median("bazaar", "server") + median("bazaar", "redis")
    p_total = median("bgio", "server")
    print(f"Bazaar vs boardgame.io 0.50.2 InMemory (issue 31), Jaipur, {MATCHES} concurrent matches x {ROUNDS} "
          f"alternating rounds ({moves // ROUNDS} moves a round), one Node load generator; {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}:")
    f_total = median("floor", "server") + median("floor", "redis")
    for name, label in (("bazaar", "Bazaar (gunicorn, Redis AOF)"), ("bgio", "boardgame.io InMemory"),
                        ("floor", "the floor: one XADD a move")):
        redis = f", Redis {median(name, 'redis') * 1e6:4.0f} us" if name != "bgio" else ""
        print(f"  {label:30s} {median(name, 'rate'):6.0f} moves/s, server CPU {median(name, 'server') * 1e6:5.0f} "
              f"us/move{redis}")
    print(f"ratio Bazaar / boardgame.io: moves/s {median('bazaar', 'rate') / median('bgio', 'rate'):.2f} (aim >= 1), "
          f"server+Redis CPU per move {b_total / p_total:.2f} (aim <= 1)")
    # The stack's own share: what a move costs under gunicorn, WSGI and redis-py before any of Bazaar's work
    print(f"the floor (gunicorn + WSGI + redis-py, one XADD a move) / boardgame.io: server+Redis CPU per move "
          f"{f_total / p_total:.2f}; Bazaar's own work above the floor {(b_total - f_total) * 1e6:.0f} us/move")
    s_total = median("streams", "server") + median("streams", "redis")
    print(f"  Bazaar, both seats following their streams {median('streams', 'rate'):6.0f} moves/s, server CPU "
          f"{median('streams', 'server') * 1e6:5.0f} us/move, Redis {median('streams', 'redis') * 1e6:4.0f} us")
    print(f"ratio like for like (boardgame.io tells both seats each move): moves/s "
          f"{median('streams', 'rate') / median('bgio', 'rate'):.2f}, server+Redis CPU per move {s_total / p_total:.2f}")


def redis_server_pid(url: str) -> int | None:
    return redis.Redis.from_url(url).info("server").get("process_id")


SECTIONS = [peer_comparison]


if __name__ == "__main__":
    peer_comparison()
