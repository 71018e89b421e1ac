"""The archive takes no id from outside on trust: a record's name is made from a checked id only, stays inside the
archive's root however the id or the directory is crafted, and a record, once written, is never replaced (in a
directory and in an S3 store, here moto's server on loopback). Games an earlier release stored under a file's id
(`../x`, `<script>`, ...) are left where they are: never archived, never listed, and said so once rather than
with a traceback at every sweep."""

from __future__ import annotations

import gzip
import json
import logging
import random
from datetime import UTC, datetime, timedelta

import boto3
import pytest
import redis
from moto.server import ThreadedMotoServer

from events.archive import DirectoryArchive
from events.archive_record import ArchiveCorrupt, ArchiveExists, pack_game
from events.envelope import GENESIS
from events.feed import Feed
from events.ids import BadId
from events.keys import INDEX_KEY, key
from events.redis_store import redis_store
from events.s3_archive import S3Archive
from events.store import seal_all
from service import create_app
from service.feed.reactions import reconcile
from service.games import creation
from service.games.commands import Commands
from service.games.repository import Repository
from service.scheduling import archiving
from tests.support.databases import url_of
from tests.support.play import play_on
from tests.support.ports import free_port
from tests.support.service import InProcess

LATER = datetime.now(UTC) + timedelta(days=30)
FINISHED = {"game": "jaipur", "seats": 2, "status": "finished", "updated_at": "2026-01-01T00:00:00.000Z"}
NOT_IDS = ["../x", "x}:meta", "<script>", "a" * 5000, "0123456789abcdef\n", "", "0123456789ABCDEF"]


@pytest.fixture
def own(redis_url):
    """A Redis database of this module's own: its index holds entries no other test expects."""
    client = redis.Redis.from_url(url_of(redis_url, "archive_untrusted"))
    client.flushdb()
    yield client
    client.flushdb()


def in_process(client, archive) -> InProcess:
    store = redis_store(client, archive=archive)
    return InProcess(Commands(Repository(store), store))


def finished_game(svc: InProcess, seed: str, game_id: str | None = None) -> str:
    """A finished Jaipur game, indexed as finished long ago (due), under `game_id` if given."""
    loaded, _tokens = creation.create(svc.commands, "jaipur", 2, {}, seed, True, game_id=game_id)
    gid = loaded.meta.id
    play_on(svc, gid, random.Random(seed))
    assert svc.load(gid).finished
    svc.store.index.record(gid, {**FINISHED, "version": svc.load(gid).version})
    return gid


def stored_as_an_earlier_release_did(client, gid: str, bad: str) -> None:
    """Move a game under an id of another form, as an import of a file naming it once stored one: its log chained
    under that id (whole envelopes, the first layout), its meta, its index and archive-due entries."""
    seed = client.hget(key(gid, "meta"), "seed").decode()
    envelopes = redis_store(client).log.read(gid)
    docs = [{k: v for k, v in env.items() if k not in ("game", "version", "prev_hash", "hash", "sealed")}
            for env in envelopes]
    for env in seal_all(bad, docs, 0, GENESIS, seed):
        client.xadd(f"game:{{game:{bad}}}:events", {"e": json.dumps(env)}, id=f"0-{env['version']}")
    client.rename(key(gid, "meta"), f"game:{{game:{bad}}}:meta")
    client.delete(key(gid, "events"), key(gid, "snap"), key(gid, "snaps"))
    entry = client.hget(INDEX_KEY, gid)
    client.hdel(INDEX_KEY, gid)
    for part in ("archive-due", "ids:all", "ids:finished"):
        client.zrem(f"{INDEX_KEY}:{part}", gid)
    client.hset(INDEX_KEY, bad, entry)
    client.zadd(f"{INDEX_KEY}:archive-due", {bad: 1_700_000_000})
    client.zadd(f"{INDEX_KEY}:ids:all", {bad: 0})
    client.zadd(f"{INDEX_KEY}:ids:finished", {bad: 0})


def files_under(path) -> set:
    return {p for p in path.rglob("*")}


@pytest.mark.parametrize("bad", NOT_IDS)
def test_a_directory_record_is_named_by_a_checked_id_only(tmp_path, bad):
    archive = DirectoryArchive(tmp_path / "archive")
    with pytest.raises(BadId):
        archive.put(bad, b"record")
    with pytest.raises(BadId):
        archive.get(bad)
    assert files_under(tmp_path) == set()


def test_a_record_name_that_leads_out_of_the_root_is_refused(tmp_path):
    root, outside = tmp_path / "archive", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    gid = "0123456789abcdef"
    (root / f"{gid}.ndjson.gz").symlink_to(outside / "planted.ndjson.gz")  # a link planted under a game's name
    with pytest.raises(ArchiveCorrupt):
        DirectoryArchive(root).put(gid, b"record")
    assert list(outside.iterdir()) == []


def test_a_directory_record_is_never_replaced(tmp_path):
    archive = DirectoryArchive(tmp_path)
    archive.put("0123456789abcdef", b"first")
    with pytest.raises(ArchiveExists):
        archive.put("0123456789abcdef", b"second")
    assert archive.get("0123456789abcdef") == b"first"
    assert [p.name for p in tmp_path.iterdir()] == ["0123456789abcdef.ndjson.gz"]  # no scratch file left either


def test_a_game_whose_id_names_another_games_record_stays_in_redis_and_the_record_stays_whole(own, tmp_path, caplog):
    """The finding: a game stored under the id of an archived game had its log written over that game's record, and
    the archived game answered 500 ever after. Here the record under the id holds another game's log."""
    archive = DirectoryArchive(tmp_path / "archive")
    svc = in_process(own, archive)
    first, second = finished_game(svc, "untrusted-first"), finished_game(svc, "untrusted-second")
    assert archiving.sweep(svc.store, LATER, 3600) == 2
    record = archive.path(first).read_bytes()
    archive.path(second).unlink()
    archive.path(second).write_bytes(record)  # `second`'s name now holds `first`'s log ...
    finished_game(svc, "untrusted-again", game_id=second)  # ... and a game is in Redis under `second`, due
    caplog.set_level(logging.ERROR, "bazaar.archiving")
    assert archiving.sweep(svc.store, LATER, 3600) == 0
    assert archive.path(second).read_bytes() == record  # not replaced
    assert own.exists(key(second, "events"))  # and the game was not let go of
    assert archiving.sweep(svc.store, LATER, 3600) == 0
    errors = [r for r in caplog.records if r.name == "bazaar.archiving"]
    assert len(errors) == 1 and errors[0].exc_info is None  # said once, without a traceback, not every sweep
    assert in_process(own, archive).store.log.read(first) == svc.store.log.read(first)  # the first game reads as before


def test_a_copy_found_from_a_sweep_that_died_before_letting_go_is_taken(own, tmp_path):
    """A record is written once, so a sweep that wrote it and died before deleting the game from Redis finds it
    next time: the same game, byte for byte, so it is taken as the copy."""
    archive = DirectoryArchive(tmp_path)
    svc = in_process(own, archive)
    gid = finished_game(svc, "untrusted-resumed")
    meta = {k.decode(): v.decode() for k, v in own.hgetall(key(gid, "meta")).items()}
    log = svc.store.log.read(gid)
    archive.put(gid, pack_game(meta, log))
    assert archiving.sweep(svc.store, LATER, 3600) == 1
    assert not own.exists(key(gid, "events")) and in_process(own, archive).store.log.read(gid) == log


def test_a_record_of_less_of_the_game_is_not_taken_for_its_copy(own, tmp_path):
    """A record under the game's own id that verifies but holds less (an earlier point of its log): letting go of the
    game would lose its last events, so it stays in Redis and the record is left alone."""
    archive = DirectoryArchive(tmp_path)
    svc = in_process(own, archive)
    gid = finished_game(svc, "untrusted-stale")
    meta = {k.decode(): v.decode() for k, v in own.hgetall(key(gid, "meta")).items()}
    log = svc.store.log.read(gid)
    stale = pack_game(meta, log[:-3])
    archive.put(gid, stale)
    assert archiving.sweep(svc.store, LATER, 3600) == 0
    assert archive.get(gid) == stale and svc.store.log.read(gid) == log and own.exists(key(gid, "events"))


def test_games_an_earlier_release_stored_under_a_files_id_are_never_archived_nor_listed(own, redis_url, tmp_path,
                                                                                       caplog):
    """The finding: an import stored a game under `/../../../../<dir>/pwned`; the sweep wrote `pwned.ndjson.gz`
    outside the archive, and ids like `x}:meta` made it fail with a traceback every 5 s. Such a game is rebuilt
    here as that release left it (its keys, index entry and due entry under the file's id)."""
    outside = tmp_path / "outside"
    outside.mkdir()
    root = tmp_path / "archive"
    svc = in_process(own, DirectoryArchive(root))
    bad_ids = [f"{'/..' * 30}{outside}/pwned", "x}:meta", "<script>"]
    for n, bad in enumerate(bad_ids):
        stored_as_an_earlier_release_did(own, finished_game(svc, f"untrusted-legacy-{n}"), bad)
    caplog.set_level(logging.WARNING, "bazaar.archiving")
    assert archiving.sweep(svc.store, LATER, 3600) == 0
    assert archiving.sweep(svc.store, LATER, 3600) == 0
    assert files_under(tmp_path) == {outside}  # nothing written anywhere
    warnings = [r for r in caplog.records if r.name == "bazaar.archiving"]
    assert len(warnings) == len(bad_ids) and all(r.exc_info is None for r in warnings)  # once each, no traceback
    assert not any(bad in r.getMessage() for r in warnings for bad in bad_ids)  # and never echoed

    client = create_app({"REDIS_URL": url_of(redis_url, "archive_untrusted"), "TESTING": True}).test_client()
    listed = client.get("/v1/games?limit=500").json["games"]
    assert listed == []
    page = client.get("/")
    assert page.status_code == 200 and b"pwned" not in page.data and b"&lt;script&gt;" not in page.data
    assert reconcile(svc.repository, Feed(own))[:2] == (0, [])  # the start-up sweep passes them by


def test_the_s3_archive_names_objects_by_checked_ids_and_never_replaces_one(s3_endpoint, s3_client, own):
    archive = S3Archive("bazaar-untrusted", "games", s3_endpoint)
    for bad in NOT_IDS:
        with pytest.raises(BadId):
            archive.put(bad, b"record")
    assert s3_client.list_objects_v2(Bucket="bazaar-untrusted").get("KeyCount") == 0
    archive.put("0123456789abcdef", b"first")
    with pytest.raises(ArchiveExists):
        archive.put("0123456789abcdef", b"second")
    assert archive.get("0123456789abcdef") == b"first"

    svc = in_process(own, archive)
    first, second = finished_game(svc, "untrusted-s3-first"), finished_game(svc, "untrusted-s3-second")
    assert archiving.sweep(svc.store, LATER, 3600) == 2
    record = archive.get(first)
    s3_client.delete_object(Bucket="bazaar-untrusted", Key=f"games/{second}.ndjson.gz")
    s3_client.put_object(Bucket="bazaar-untrusted", Key=f"games/{second}.ndjson.gz", Body=record)
    finished_game(svc, "untrusted-s3-again", game_id=second)
    assert archiving.sweep(svc.store, LATER, 3600) == 0
    assert archive.get(second) == record and own.exists(key(second, "events"))
    assert json.loads(gzip.decompress(record).splitlines()[1])["game"] == first


@pytest.fixture(scope="module")
def s3_endpoint():
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture
def s3_client(s3_endpoint, monkeypatch):
    for name, value in {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
                        "AWS_DEFAULT_REGION": "us-east-1"}.items():
        monkeypatch.setenv(name, value)
    client = boto3.client("s3", endpoint_url=s3_endpoint)
    client.create_bucket(Bucket="bazaar-untrusted")
    return client
