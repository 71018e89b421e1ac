"""Finished games move out of Redis into the archive (a directory, or an S3-compatible store: here moto's S3
server, started by the test on loopback) and every read route serves them from there, re-verified: a record
that does not verify is refused with problem+json."""

import gzip
import json
import time
from datetime import UTC, datetime, timedelta

import boto3
import pytest
import redis
from moto.server import ThreadedMotoServer

from events.archive import DirectoryArchive
from events.archive_record import ArchiveCorrupt, pack_game, unpack_game
from events.keys import key
from events.redis_store import redis_store
from events.s3_archive import S3Archive
from service import create_app
from service.games.commands import Commands
from service.games.repository import Repository
from service.scheduling import archiving
from tests.support.databases import url_of
from tests.support.play import play_randomly
from tests.support.ports import free_port
from tests.support.processes import WorkerProcess
from tests.support.service import InProcess

LATER = datetime.now(UTC) + timedelta(days=30)
TOKENS: dict[str, list[str]] = {}


def in_process(redis_client, archive) -> InProcess:
    store = redis_store(redis_client, archive=archive)
    return InProcess(Commands(Repository(store), store))


def finished_game(svc: InProcess, seed: str) -> str:
    gid, tokens = play_randomly(svc, "jaipur", 2, seed)
    TOKENS[gid] = tokens
    loaded = svc.load(gid)
    assert loaded.finished
    svc.store.index.record(gid, {"game": "jaipur", "version": loaded.version, "seats": 2, "status": "finished",
                          "updated_at": "2026-01-01T00:00:00.000Z"})
    return gid


def app_on(redis_url: str, archive_dir) -> object:
    """A new process's worth of service: no cached tables, no remembered archive records."""
    return create_app({"REDIS_URL": redis_url, "TESTING": True, "INLINE_DEALER": True,
                       "ARCHIVE_URL": str(archive_dir)}).test_client()


READS = ["/v1/games/{id}", "/v1/games/{id}/state", "/v1/games/{id}/state?version=7", "/v1/games/{id}/legal-moves",
         "/v1/games/{id}/events?after=0&limit=1000", "/v1/games/{id}/events?after=20&limit=5",
         "/v1/games/{id}/export", "/v1/games/{id}/board.svg", "/play/{id}"]


def responses(client, gid: str) -> dict[str, tuple[int, bytes]]:
    out = {}
    seat = {"Authorization": f"Bearer {TOKENS[gid][0]}"}
    for path in READS:
        for who, headers in (("spectator", {}), ("seat 0", seat)):
            accept = {"/play/{id}": "text/html", "/v1/games/{id}/board.svg": "image/svg+xml"}.get(path, "*/*")
            response = client.get(path.format(id=gid), headers={**headers, "Accept": accept})
            out[f"{path} as {who}"] = (response.status_code, response.get_data())  # read now: a stream holds its context
    sse = client.get(f"/v1/games/{gid}/events?after=0", headers={"Accept": "text/event-stream"})
    out["sse"] = (sse.status_code, sse.get_data())
    return out


def test_every_read_route_serves_an_archived_game_as_before(redis_url, redis_client, tmp_path):
    archive = DirectoryArchive(tmp_path / "archive")
    svc = in_process(redis_client, archive)
    gid = finished_game(svc, "archive-routes")
    before = responses(app_on(redis_url, tmp_path / "archive"), gid)
    statuses = {path: status for path, (status, _body) in before.items()}
    assert statuses.pop("/v1/games/{id}/legal-moves as spectator") == 401
    assert set(statuses.values()) == {200}, statuses

    assert archiving.sweep(svc.store, LATER, 3600) >= 1
    assert not redis_client.keys(f"game:{{game:{gid}}}:*")  # nothing of it is left in Redis
    assert (tmp_path / "archive" / f"{gid}.ndjson.gz").exists()
    assert archiving.sweep(svc.store, LATER, 3600) == 0  # moved once

    client = app_on(redis_url, tmp_path / "archive")
    after = responses(client, gid)
    assert after == before
    listed, page = [], {"next": None}
    while True:
        after = f"&after={page['next']}" if page["next"] else ""
        page = client.get(f"/v1/games?status=finished&limit=500{after}").get_json()
        listed += page["games"]
        if page["next"] is None:
            break
    assert [entry.get("archived") for entry in listed if entry["id"] == gid] == [True]
    move = client.post(f"/v1/games/{gid}/commands", json={"type": "take_camels"},
                       headers={"Authorization": "Bearer nobody"})
    assert move.status_code in (401, 403, 409, 422) and move.mimetype == "application/problem+json"


def test_an_archived_games_reads_hand_out_copies(redis_client, tmp_path):
    """As every read does (events/store.py): changing what a read gave changes neither the next read nor the
    verified record the process keeps."""
    svc = in_process(redis_client, DirectoryArchive(tmp_path / "archive"))
    gid = finished_game(svc, "archive-copies")
    log = svc.store.log.read(gid)
    assert archiving.sweep(svc.store, LATER, 3600) >= 1 and not redis_client.exists(key(gid, "events"))
    for read in (svc.store.log.read(gid), svc.store.log.windows(gid, [(0, None, None)])[0][0]):
        read[0]["payload"]["seats"] = "forged"
        read[-1]["type"] = "forged"
    assert svc.store.log.read(gid) == log


def test_a_game_is_archived_only_when_due_and_finished(redis_client, tmp_path):
    svc = in_process(redis_client, DirectoryArchive(tmp_path))
    gid = finished_game(svc, "archive-due")
    running, _ = play_randomly(svc, "jaipur", 2, "archive-running", moves=5)
    assert archiving.sweep(svc.store, datetime(2026, 1, 1, 0, 30, tzinfo=UTC), 3600) == 0
    assert redis_client.exists(key(gid, "events"))
    archiving.sweep(svc.store, LATER, 3600)
    assert not redis_client.exists(key(gid, "events")) and redis_client.exists(key(running, "events"))


def test_the_sweep_reads_only_finished_games_not_yet_archived_by_when_they_finished(redis_client, tmp_path):
    """The sweep runs every few seconds in every worker: it must not page through every finished game ever
    archived. The index keeps the finished, unarchived ones in a set scored by when they finished."""
    svc = in_process(redis_client, DirectoryArchive(tmp_path))
    gid = finished_game(svc, "archive-set")
    running, _ = play_randomly(svc, "jaipur", 2, "archive-set-running", moves=5)
    finished_at = datetime(2026, 1, 1, tzinfo=UTC).timestamp()
    due = dict(svc.store.index.due_for_archive(LATER.timestamp()))
    assert gid in due and due[gid]["status"] == "finished" and running not in due
    assert [g for g, _ in svc.store.index.due_for_archive(finished_at - 1)] == []  # not due before it finished
    assert gid in dict(svc.store.index.due_for_archive(finished_at))
    archiving.sweep(svc.store, LATER, 3600)
    assert gid not in dict(svc.store.index.due_for_archive(LATER.timestamp()))  # archived: never read again
    assert svc.store.index.list_games()[gid]["archived"] is True


def test_the_workers_sweep_moves_due_games(redis_url, tmp_path, monkeypatch):
    """The real worker process, on a Redis database of its own (it would archive the suite's games otherwise)."""
    own = redis.Redis.from_url(url_of(redis_url, "archive_worker"))
    own.flushdb()
    svc = in_process(own, DirectoryArchive(tmp_path / "archive"))
    gid = finished_game(svc, "archive-worker")
    log = svc.store.log.read(gid)
    for name, value in {"ARCHIVE_URL": str(tmp_path / "archive"), "ARCHIVE_AFTER_S": "60", "SWEEP_S": "1"}.items():
        monkeypatch.setenv(f"BAZAAR_{name}", value)
    worker = WorkerProcess(url_of(redis_url, "archive_worker"), tmp_path).start()
    try:
        deadline = time.monotonic() + 30
        while own.exists(key(gid, "meta")) and time.monotonic() < deadline:
            time.sleep(0.2)
    finally:
        worker.stop()
    assert not own.exists(key(gid, "meta"))
    assert redis_store(own, archive=DirectoryArchive(tmp_path / "archive")).log.read(gid) == log


def tampered(record: bytes) -> bytes:
    """The record with one public event's time altered (no commitment covers it: only the hash chain can tell)."""
    lines = gzip.decompress(record).decode().splitlines()
    number = next(n for n in range(5, len(lines)) if json.loads(lines[n])["visibility"] == "public")
    env = json.loads(lines[number])
    env["at"] = "2020-01-01T00:00:00.000Z"
    lines[number] = json.dumps(env)
    return gzip.compress(("\n".join(lines) + "\n").encode())


def test_a_tampered_archive_is_refused_with_problem_json(redis_url, redis_client, tmp_path):
    archive = DirectoryArchive(tmp_path / "archive")
    svc = in_process(redis_client, archive)
    gid = finished_game(svc, "archive-tampered")
    archiving.sweep(svc.store, LATER, 3600)
    path = tmp_path / "archive" / f"{gid}.ndjson.gz"
    path.write_bytes(tampered(path.read_bytes()))
    with pytest.raises(ArchiveCorrupt):
        redis_store(redis_client, archive=archive).log.read(gid)
    client = app_on(redis_url, tmp_path / "archive")
    for path_ in ("/v1/games/{id}", "/v1/games/{id}/events?after=0", "/v1/games/{id}/export"):
        response = client.get(path_.format(id=gid))
        assert response.status_code == 500 and response.mimetype == "application/problem+json"
        assert response.get_json()["code"] == "archive_corrupt"


@pytest.fixture(scope="module")
def s3_endpoint():
    """moto's S3 server on a loopback port, with throwaway credentials."""
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
    client.create_bucket(Bucket="bazaar-archive")
    return client


def test_the_s3_archive_round_trips_and_refuses_a_tampered_object(redis_client, s3_endpoint, s3_client):
    archive = S3Archive("bazaar-archive", "games", s3_endpoint)
    svc = in_process(redis_client, archive)
    gid = finished_game(svc, "archive-s3")
    log = svc.store.log.read(gid)
    truth = svc.load(gid)
    assert archiving.sweep(svc.store, LATER, 3600) >= 1
    assert not redis_client.exists(key(gid, "meta"))
    assert s3_client.head_object(Bucket="bazaar-archive", Key=f"games/{gid}.ndjson.gz")["ContentLength"] > 0
    cold = in_process(redis_client, S3Archive("bazaar-archive", "games", s3_endpoint))
    assert cold.store.log.read(gid) == log
    assert cold.load(gid).table == truth.table and cold.load(gid, until=10).version == 10

    s3_client.put_object(Bucket="bazaar-archive", Key=f"games/{gid}.ndjson.gz",
                         Body=tampered(archive.get(gid)))
    with pytest.raises(ArchiveCorrupt):
        in_process(redis_client, S3Archive("bazaar-archive", "games", s3_endpoint)).load(gid)
    assert archive.get("0000000000000000") is None


def test_records_that_are_not_whole_do_not_verify():
    with pytest.raises(ArchiveCorrupt):
        unpack_game("ab", b"not gzip")
    with pytest.raises(ArchiveCorrupt):
        unpack_game("ab", pack_game({"game": "tiny"}, []))
