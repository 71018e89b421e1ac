"""Platform figures: command throughput against a one-XADD endpoint, rebuild per event, snapshots."""

from __future__ import annotations

import json
import random
import statistics
import threading
import time
from concurrent.futures import ProcessPoolExecutor

import orjson
import redis
import requests

from domain import registry
from domain import table as tables
from domain.table import Dealer
from events import codec
from events.layout import pack
from events.redis_store import redis_store
from events.store import Store, seal_all
from service.games import creation
from service.games.commands import Commands, now_iso, parse
from service.games.redaction import documents, redact_all
from service.games.repository import Loaded, Repository, fold
from service.http import json_responses
from service.operations import serving
from tests.bench.servers import Server, cpu_seconds, family, gunicorn, private_redis
from tests.support.driver import Table
from tests.support.service import InProcess

registry.register("tiny", "tests.support.tiny_game")

PROCESSES, THREADS = 2, 4
MATCHES = 16


def jaipur_script(seed: str, rng_seed: int) -> list[dict]:
    """The commands of one random match, found in-process, so the HTTP run spends nothing on choosing."""
    game = registry.get("jaipur")
    table = Table.start(game, seed=seed.encode())
    rng = random.Random(rng_seed)
    commands = []
    while not game.is_terminal(table.state):
        seat = game.to_act(table.state)[0]
        command = rng.choice(game.legal_commands(table.state, seat))
        commands.append((seat, codec.command_to_wire(command)))
        table.play(command)
    return commands


def _post_all(args):
    base, work = args
    done = []

    def run(jobs):
        session = requests.Session()
        count = 0
        for path, body, token in jobs:
            r = session.post(base + path, json=body, headers={"Authorization": f"Bearer {token}"} if token else {})
            if r.status_code != 201:
                raise RuntimeError(f"{path}: {r.status_code} {r.text[:200]}")
            count += 1
        done.append(count)

    threads = [threading.Thread(target=run, args=(jobs,)) for jobs in work]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(done)


def drive(base: str, streams: list[list[tuple[str, dict, str | None]]]) -> float:
    """Requests per second with PROCESSES x THREADS clients, each posting its streams in order."""
    per_process = [(base, streams[p::PROCESSES]) for p in range(PROCESSES)]
    with ProcessPoolExecutor(PROCESSES) as pool:
        list(pool.map(_post_all, [(base, [[]]) for _ in range(PROCESSES)]))  # warm the pool
        start = time.perf_counter()
        total = sum(pool.map(_post_all, per_process))
        return total / (time.perf_counter() - start)


def jaipur_streams(base: str, scripts: list) -> list[list[tuple[str, dict, str]]]:
    """Fresh games for the scripts (creation is not timed), dealt over the client threads."""
    streams = [[] for _ in range(PROCESSES * THREADS)]
    for i, script in enumerate(scripts):
        r = requests.post(f"{base}/v1/games", json={"game": "jaipur", "seats": 2, "seed": f"bench-{i}",
                                                     "open": True}).json()
        tokens = [s["token"] for s in r["seats"]]
        streams[i % len(streams)] += [(f"/v1/games/{r['id']}/commands", body, tokens[seat]) for seat, body in script]
    return streams


def commands_vs_xadd(rounds: int = 3) -> None:
    """Both servers run side by side and are measured in alternating rounds, so load from anything else
    on the machine falls on both; the figure is the median of the per-round ratios. Twice: with the rate
    limits counting every command (production), and with them left to a gateway (RATE_LIMITS=false)."""
    scripts = [jaipur_script(f"bench-{i}", i) for i in range(MATCHES)]
    moves = sum(len(s) for s in scripts)
    print(f"jaipur POST /commands vs one-XADD Flask endpoint, {rounds} alternating rounds of {moves} moves "
          f"({MATCHES} matches; {PROCESSES}x{THREADS} clients; each server as production serves: gunicorn, "
          f"{serving.WORKERS} gevent workers):")
    with private_redis() as url:
        for label, env in (("rate limits counted in Redis", {}), ("rate limits at a gateway", {"BAZAAR_RATE_LIMITS": "false"})):
            rounds_seen = []
            with gunicorn("service.operations.wsgi:app", url, "/healthz", env) as bazaar, \
                    gunicorn("tests.bench.trivial_app:app", url, "/") as trivial:
                for n in range(rounds + 1):  # the first round warms both servers (connections, lazy imports)
                    streams = jaipur_streams(bazaar, scripts)
                    jaipur = measured(bazaar, streams)
                    xadd = measured(trivial, [[("/xadd", body, None) for _p, body, _t in s] for s in streams])
                    if n:
                        rounds_seen.append((jaipur, xadd))
            for (jaipur_rate, jaipur_cpu), (xadd_rate, xadd_cpu) in rounds_seen:
                print(f"  {label}: commands {jaipur_rate:7.0f} moves/s ({jaipur_cpu * 1e6:4.0f} us server CPU each), "
                      f"XADD {xadd_rate:7.0f} req/s ({xadd_cpu * 1e6:4.0f} us), ratio {jaipur_rate / xadd_rate:.2f}")
            ratio = statistics.median(j[0] / x[0] for j, x in rounds_seen)
            print(f"ratio commands / XADD baseline, {label} (median): {ratio:.2f}  (aim: 0.85 or better)")
            cpu = statistics.median(x[1] / j[1] for j, x in rounds_seen)
            print(f"  server CPU per request, XADD / commands (median): {cpu:.2f}  (the load generator's share, the "
                  f"same for both, lifts the throughput ratio above this)")


def measured(server: Server, streams: list) -> tuple[float, float]:
    """(requests per second, the server's CPU seconds per request: its master and workers, from /proc)."""
    before = cpu_seconds(family(server.pid))
    rate = drive(server, streams)
    return rate, (cpu_seconds(family(server.pid)) - before) / sum(len(s) for s in streams)


def in_process(store: Store, snapshot_every: int) -> InProcess:
    return InProcess(Commands(Repository(store, snapshot_every=snapshot_every), store))


def jaipur_rebuild() -> None:
    with private_redis() as url:
        games = in_process(redis_store(redis.Redis.from_url(url)), 0)
        loaded, _ = games.create("jaipur", 2, {}, "rebuild", open_game=True)
        for seat, body in jaipur_script("rebuild", 1):
            games.command(loaded.meta.id, seat, body)
        envelopes = games.store.log.read(loaded.meta.id)
        meta = games.load(loaded.meta.id).meta
        raw = [json.dumps(e) for e in envelopes]
        runs = []
        for _ in range(30):
            start = time.perf_counter()
            fold(Loaded(meta, None), [json.loads(r) for r in raw])
            runs.append(time.perf_counter() - start)
        parse = []
        for _ in range(30):
            start = time.perf_counter()
            [json.loads(r) for r in raw]
            parse.append(time.perf_counter() - start)
    per_event = statistics.median(runs) / len(envelopes)
    per_parse = statistics.median(parse) / len(envelopes)
    print(f"jaipur state rebuild: {per_event * 1e6:.1f} us/event ({len(envelopes)} events; "
          f"JSON parse alone {per_parse * 1e6:.1f} us/event, ratio {per_event / per_parse:.1f})")


def timed_load(games_factory, game_id: str, repeats: int = 7) -> float:
    runs = []
    for _ in range(repeats):
        games = games_factory()
        start = time.perf_counter()
        games.load(game_id)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def long_tiny_game(games: InProcess, events_wanted: int) -> str:
    loaded, _ = games.create("tiny", 2, {"goal": 10**9}, "long")
    gid = loaded.meta.id
    seat = games.load(gid).state.turn
    while games.load(gid).version < events_wanted:
        games.command(gid, seat, {"type": "add", "amount": 1})
    return gid


def snapshot_rebuild() -> None:
    with private_redis() as url:
        store = redis_store(redis.Redis.from_url(url))
        writer = in_process(store, 100)
        short, long = long_tiny_game(writer, 50), long_tiny_game(writer, 2000)
        tiny = registry.get("tiny")
        snapshots = writer.repository.snapshots
        scratch = {}
        for gid in (short, long):
            snap = snapshots.load(gid, tiny)
            snapshots.drop(gid)
            scratch[gid] = timed_load(lambda: Repository(store), gid)
            if snap is not None:
                snapshots.save(gid, tiny, snap)
        snapped = {gid: timed_load(lambda: Repository(store), gid) for gid in (short, long)}
    print(f"rebuild from scratch: 50 events {scratch[short] * 1e3:.2f} ms, 2000 events {scratch[long] * 1e3:.2f} ms "
          f"(ratio {scratch[long] / scratch[short]:.1f})")
    print(f"rebuild with snapshots every 100: 50 events {snapped[short] * 1e3:.2f} ms, 2000 events "
          f"{snapped[long] * 1e3:.2f} ms (ratio {snapped[long] / snapped[short]:.1f}); "
          f"2000 events scratch/snapshot {scratch[long] / snapped[long]:.1f}x")


STAGES = ("parse", "rules", "documents", "seal", "layout", "append and reactions", "response")


def command_stages(passes: int = 3) -> None:
    """Where a command's own work goes, stage by stage, in process (thread CPU: no HTTP, no other process).
    The HTTP servers above add the same request handling to both endpoints; what this prints is what the command
    path adds on top of it, the part the throughput ratio can still win back. Each stage is timed on the command
    the match really plays next; the append stage is the real append (its Lua round trip's client side, the
    reactions) less the seal and layout it repeats."""
    scripts = [jaipur_script(f"bench-{i}", i) for i in range(MATCHES)]
    with private_redis() as url:
        store = redis_store(redis.Redis.from_url(url))
        commands = Commands(Repository(store), store)
        runs = []
        for n in range(passes + 1):  # the first pass warms the caches and the connection
            spent = dict.fromkeys(STAGES, 0)
            moves = 0
            for i, script in enumerate(scripts):
                loaded, _ = creation.create(commands, "jaipur", 2, {}, f"bench-{i}", open_game=True)
                for seat, body in script:
                    spent_here = _stages(commands, loaded.meta.id, seat, body)
                    for stage, ns in spent_here.items():
                        spent[stage] += ns
                    moves += 1
            if n:
                runs.append({stage: ns / moves / 1000 for stage, ns in spent.items()})
    median = {stage: statistics.median(run[stage] for run in runs) for stage in STAGES}
    whole = sum(median.values())
    print(f"jaipur command, in process, thread CPU per move (median of {passes} passes over {moves} moves): "
          f"{whole:.0f} us")
    for stage in STAGES:
        print(f"  {stage:22s} {median[stage]:5.1f} us  ({median[stage] / whole:4.0%})")


def _stages(commands: Commands, game_id: str, seat: int, body: dict) -> dict[str, int]:
    """The nanoseconds of thread CPU each stage of one command takes (see command_stages)."""
    clock = time.thread_time_ns
    loaded = commands.repository.load(game_id)
    game, meta = loaded.game, loaded.meta
    t0 = clock()
    command = parse(game, body, seat, now_iso())
    t1 = clock()
    batch, _table = tables.execute(game, loaded.table, command, Dealer(meta.seed), True)
    t2 = clock()
    docs = documents(game, batch)
    t3 = clock()
    sealed = seal_all(game_id, docs, loaded.version, loaded.head_hash, meta.seed)
    t4 = clock()
    prev = loaded.head_hash
    for env in sealed:
        pack(env, game_id, prev, meta.seed, proven=True)
        prev = env["hash"]
    t5 = clock()
    after, appended = commands.execute(loaded, command)  # the real move: rules, seal and layout again, then Redis
    t6 = clock()
    orjson.dumps({"version": after.version, "events": redact_all(game, after.finished, seat, appended)},
                 option=json_responses.OPTIONS)
    t7 = clock()
    return {"parse": t1 - t0, "rules": t2 - t1, "documents": t3 - t2, "seal": t4 - t3, "layout": t5 - t4,
            "append and reactions": (t6 - t5) - (t5 - t1), "response": t7 - t6}
