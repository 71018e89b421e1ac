"""Storage figures: bytes per event in Redis (`MEMORY USAGE` of every key of a game, its snapshots included)
for a random 5-seat Istanbul game and a Jaipur match, with the stored layout (events/layout.py) and, for
comparison in the same run, the same games rewritten in the whole-JSON layout of earlier releases."""

from __future__ import annotations

import json
import random

import redis

from events import codec
from events.keys import key
from events.redis_store import redis_store
from service.games.commands import Commands
from service.games.repository import Repository
from tests.bench.servers import private_redis
from tests.support.service import InProcess

GAMES = (("istanbul", 5, {}), ("istanbul", 4, {"expansions": ["mocha_baksheesh"]}), ("jaipur", 2, {}))


def game_bytes(client: redis.Redis, game_id: str) -> dict[str, int]:
    return {k.decode().rsplit(":", 1)[1]: client.memory_usage(k, samples=0)
            for k in client.scan_iter(match=f"game:{{game:{game_id}}}:*")}


def play(games: InProcess, name: str, seats: int, options: dict, seed: int) -> str:
    loaded, _ = games.create(name, seats, options, f"storage-bench-{seed}")
    gid, game, rng = loaded.meta.id, loaded.game, random.Random(seed)
    while not loaded.finished:
        seat = game.to_act(loaded.state)[0]
        games.command(gid, seat, codec.command_to_wire(rng.choice(game.legal_commands(loaded.state, seat))))
        loaded = games.load(gid)
    return gid


def bytes_per_event() -> None:
    with private_redis() as url:
        client = redis.Redis.from_url(url)
        store = redis_store(client)
        games = InProcess(Commands(Repository(store), store))
        print("storage per event (MEMORY USAGE of all of a game's keys / its events; snapshots every 100, "
              "one kept per 1000):")
        for seed, (name, seats, options) in enumerate(GAMES):
            gid = play(games, name, seats, options, seed)
            version = store.log.version(gid)
            parts = game_bytes(client, gid)
            envelopes = store.log.read(gid)
            client.delete(key(gid, "events"))
            for env in envelopes:  # the layout of earlier releases, for comparison
                client.xadd(key(gid, "events"), {"e": json.dumps(env)}, id=f"0-{env['version']}")
            old_events = client.memory_usage(key(gid, "events"), samples=0)
            box = f"{name} {seats} seats{' ' + ','.join(options['expansions']) if options else ''}"
            print(f"  {box}: {version} events, {sum(parts.values()) / version:.0f} B/event "
                  f"({', '.join(f'{k} {v / version:.0f}' for k, v in sorted(parts.items()))}); "
                  f"events in the old layout {old_events / version:.0f} B/event")


SECTIONS = [bytes_per_event]
