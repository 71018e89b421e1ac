"""The compact stored layout (events/layout.py): a game takes under 150 bytes per event in Redis, reads back
exactly as the whole-JSON layout of earlier releases did, a log written in that old layout or in the deflated one
still replays and goes on compactly, and an altered entry is caught by the next checkpoint."""

import base64
import hashlib
import json
import random
from pathlib import Path

import pytest

from domain import registry
from events import codec, layout
from events.envelope import expected_hash, verify_chain
from events.keys import key
from events.layout import CHECKPOINT, COMPACT, DEFLATED, FULL, ChainBroken
from events.redis_store import redis_store
from events.snapshots import record_json
from service.games.audit import export_lines
from service.games.commands import Commands
from service.games.repository import Repository
from tests.support.play import play_randomly
from tests.support.service import InProcess

registry.register("tiny", "tests.support.tiny_game")


def service(app, every: int = 100, keep_every: int = 1000) -> InProcess:
    store = redis_store(InProcess.of(app).store.log.redis, snapshot_keep_every=keep_every)
    return InProcess(Commands(Repository(store, snapshot_every=every), store))


def cold(svc: InProcess) -> InProcess:
    """The same Redis as a new process sees it: no folded tables, no remembered hashes."""
    store = redis_store(svc.store.log.redis)
    return InProcess(Commands(Repository(store, snapshot_every=0), store))


def rewrite_in_old_layout(redis, gid: str, envelopes: list[dict]) -> None:
    """The stream as a release before the compact layout wrote it: each entry `e` = the envelope's JSON."""
    redis.delete(key(gid, "events"), key(gid, "snap"), key(gid, "snaps"))
    for env in envelopes:
        redis.xadd(key(gid, "events"), {"e": json.dumps(env)}, id=f"0-{env['version']}")


def bytes_per_event(redis, gid: str, version: int) -> float:
    return sum(redis.memory_usage(k, samples=0) for k in redis.scan_iter(match=f"game:{{game:{gid}}}:*")) / version


def play_whole_game(svc: InProcess, name: str, seats: int, seed: str) -> str:
    """Random legal commands until the end, chosen from the game's own functions (quicker than the views)."""
    loaded, _ = svc.create(name, seats, {}, seed)
    gid, game, rng = loaded.meta.id, loaded.game, random.Random(seed)
    while not loaded.finished:
        seat = game.to_act(loaded.state)[0]
        svc.command(gid, seat, codec.command_to_wire(rng.choice(game.legal_commands(loaded.state, seat))))
        loaded = svc.load(gid)
    return gid


@pytest.mark.parametrize("name, seats", [("jaipur", 2), ("istanbul", 2)])  # make bench: 5 seats
def test_a_whole_game_takes_under_150_bytes_an_event_with_its_snapshots(app, name, seats):
    svc = service(app)
    gid = play_whole_game(svc, name, seats, f"layout-size-{name}")
    loaded = svc.load(gid)
    assert loaded.finished
    assert svc.store.log.redis.exists(key(gid, "snap"))  # snapshots are counted in
    assert bytes_per_event(svc.store.log.redis, gid, loaded.version) < 150


def test_compact_entries_read_back_exactly_as_the_old_layout_did(app):
    svc = service(app, every=0)
    gid, _ = play_randomly(svc, "jaipur", 2, "layout-same", moves=60)
    redis = svc.store.log.redis
    assert {field for field, _value in svc.store.log.entries(gid)} == {COMPACT}
    compact = cold(svc).store.log.read(gid)
    loaded = svc.load(gid)
    exported = {seat: list(export_lines(svc.repository, loaded, seat)) for seat in (0, 1, None)}
    assert verify_chain(compact) is None and any("sealed" in env for env in compact)

    rewrite_in_old_layout(redis, gid, compact)
    old = cold(svc)
    assert old.store.log.read(gid) == compact
    assert [list(env) for env in old.store.log.read(gid)] == [list(env) for env in compact]  # key order too
    for seat, lines in exported.items():
        assert list(export_lines(old.repository, old.load(gid), seat)) == lines
    # every window of the log, read by a process that has seen none of it, starts from the right hash
    for after in (0, 1, CHECKPOINT - 1, CHECKPOINT, CHECKPOINT + 3, len(compact) - 1):
        assert cold(svc).store.log.read(gid, after, after + 5) == compact[after:after + 5]


def test_an_old_layout_log_replays_and_goes_on_in_the_compact_layout(app):
    svc = service(app, every=0)
    gid, _ = play_randomly(svc, "istanbul", 3, "layout-old", moves=40)
    before = svc.store.log.read(gid)
    rewrite_in_old_layout(svc.store.log.redis, gid, before)
    svc.forget(gid)
    old = cold(svc)
    loaded = old.load(gid)
    assert loaded.version == len(before) and loaded.head_hash == before[-1]["hash"]
    assert {field for field, _value in old.store.log.entries(gid)} == {FULL}

    seat = loaded.game.to_act(loaded.state)[0]
    old.command(gid, seat, old.legal_moves(loaded, seat)[0])
    fields = [field for field, _value in old.store.log.entries(gid)]
    assert fields[:len(before)] == [FULL] * len(before) and set(fields[len(before):]) == {COMPACT}
    after = cold(svc).store.log.read(gid)
    assert after[:len(before)] == before and verify_chain(after) is None
    assert cold(svc).load(gid).table == old.load(gid).table


LAYOUT_2 = Path(__file__).resolve().parents[1] / "fixtures" / "layouts" / "layout2_z1_games.json"


@pytest.mark.parametrize("recorded", json.loads(LAYOUT_2.read_text()), ids=lambda game: game["meta"]["game"])
def test_a_log_the_deflating_release_wrote_replays_and_goes_on_in_zstandard(app, recorded):
    """A Jaipur match and a Great Bazaar game as the release before Zstandard stored them (their meta record and
    every stream entry, `z1`, recorded from it): read by this release they are the same envelopes (the digest of
    them all, recorded with them), the game goes on, and its new entries are `zs2` after the old ones."""
    svc = service(app, every=0)
    redis, gid = svc.store.log.redis, recorded["game"]
    redis.delete(*(key(gid, part) for part in ("meta", "events", "idem", "seats", "snap", "snaps")))
    redis.hset(key(gid, "meta"), mapping=recorded["meta"])
    for entry_id, field, value in recorded["entries"]:
        redis.xadd(key(gid, "events"), {field: base64.b64decode(value)}, id=entry_id)
    svc.forget(gid)
    before = cold(svc).store.log.read(gid)
    assert hashlib.sha256(json.dumps(before, sort_keys=True).encode()).hexdigest() == recorded["envelopes_sha256"]
    loaded = cold(svc).load(gid)
    assert loaded.version == len(recorded["entries"]) and loaded.head_hash == recorded["head_hash"]

    old = cold(svc)
    play_on = random.Random(gid)
    for _ in range(5):
        loaded = old.load(gid)
        seat = loaded.game.to_act(loaded.state)[0]
        old.command(gid, seat, play_on.choice(old.legal_moves(loaded, seat)))
    fields = [field for field, _value in old.store.log.entries(gid)]
    assert fields[:len(before)] == [DEFLATED] * len(before) and set(fields[len(before):]) == {COMPACT}
    after = cold(svc).store.log.read(gid)
    assert after[:len(before)] == before and verify_chain(after) is None and len(after) > len(before)
    assert cold(svc).load(gid).table == old.load(gid).table


def test_an_altered_compact_entry_is_refused_at_the_next_checkpoint(app, client):
    svc = service(app, every=0)
    gid, _ = play_randomly(svc, "jaipur", 2, "layout-tamper", moves=30)
    envelopes = svc.store.log.read(gid)
    victim = envelopes[4]
    forged = {**victim, "at": "2020-01-01T00:00:00.000Z"}
    forged["hash"] = expected_hash(forged)  # consistent in itself: only the chain after it can tell
    field, value = layout.pack(forged, gid, victim["prev_hash"], svc.load(gid).meta.seed)
    assert field == COMPACT
    redis = svc.store.log.redis
    entries = redis.xrange(key(gid, "events"))
    redis.delete(key(gid, "events"))
    for entry_id, fields in entries:
        redis.xadd(key(gid, "events"), {field: value} if entry_id == b"0-5" else fields, id=entry_id)
    with pytest.raises(ChainBroken) as err:
        cold(svc).store.log.read(gid)
    assert err.value.version == CHECKPOINT
    InProcess.of(app).forget(gid)
    response = client.get(f"/v1/games/{gid}/events?after=0&limit=100")
    assert response.status_code == 500 and response.get_json()["code"] == "game_corrupt"


def test_history_snapshots_are_thinned_to_one_per_run(app):
    svc = service(app, every=3, keep_every=10)
    gid, _ = play_randomly(svc, "tiny", 2, "layout-thin")
    kept = sorted(int(v) for v in svc.store.log.redis.hkeys(key(gid, "snaps")))
    newest = json.loads(record_json(svc.store.log.redis.get(key(gid, "snap"))))["version"]
    assert kept[-1] == newest and len(kept) >= 3
    runs = [v // 10 for v in kept[:-1]]
    assert runs == sorted(set(runs))  # one per run of 10 versions, the newest besides


def test_a_compact_entry_that_orjson_would_misread_reads_back_exactly(app):
    """Reads parse compact entries with orjson, but not every entry the stdlib wrote: orjson would read an
    integer beyond 64 bits as a float and refuses NaN. Such entries read back exactly, through the stdlib."""
    svc = service(app, every=0)
    gid, _ = play_randomly(svc, "istanbul", 3, "layout-orjson", moves=30)
    for number in (2**70 + 1, float("nan")):
        doc = {"t": "noted", "v": 1, "a": 0, "p": {"n": number}}
        field, value = layout.pack(layout.unpack(COMPACT, layout._compress(json.dumps(doc).encode()), gid, 7, "0" * 64,
                                                 None), gid, "0" * 64, None)
        env = layout.unpack(field, value, gid, 7, "0" * 64, None)
        assert field == COMPACT and env["hash"] == expected_hash(env)
        assert env["payload"]["n"] == 2**70 + 1 if isinstance(number, int) else env["payload"]["n"] != env["payload"]["n"]
