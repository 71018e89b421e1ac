"""Redis behind Sentinel: the service finds the primary through a Sentinel (`redis+sentinel://`), and when the
primary dies the Sentinel promotes its replica and the service goes on there. While the failover runs, a
request gets `503 storage_unavailable` with Retry-After (never a 500), and a client retrying with its
Idempotency-Key has its move applied once. A worker started on the same URL deals a roll afterwards."""

from __future__ import annotations

import subprocess
import time

import pytest
import redis

from service import create_app
from service.operations import embedded_redis
from tests.support.ports import free_port
from tests.support.processes import WorkerProcess, wait_for

SERVICE = "bazaar"


@pytest.fixture
def failover_set(tmp_path):
    """(sentinel port, primary process, primary port, replica port): a primary, its replica and one Sentinel
    that fails over half a second after it loses the primary."""
    primary_port, replica_port, sentinel_port = (free_port() for _ in range(3))
    (tmp_path / "primary").mkdir()
    (tmp_path / "replica").mkdir()
    primary = embedded_redis.start(primary_port, tmp_path / "primary", persistent=False)
    replica = embedded_redis.start(replica_port, tmp_path / "replica", persistent=False,
                                   extra=("--replicaof", "127.0.0.1", str(primary_port)))
    conf = tmp_path / "sentinel.conf"
    conf.write_text(f"port {sentinel_port}\nbind 127.0.0.1\ndir {tmp_path}\n"
                    f"sentinel monitor {SERVICE} 127.0.0.1 {primary_port} 1\n"
                    f"sentinel down-after-milliseconds {SERVICE} 500\n"
                    f"sentinel failover-timeout {SERVICE} 5000\n")
    sentinel = subprocess.Popen([embedded_redis.binary(), str(conf), "--sentinel"], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
    watcher = redis.Redis(port=sentinel_port, socket_timeout=2)
    wait_for(lambda: _answers(watcher) and redis.Redis(port=replica_port).info("replication")
             .get("master_link_status") == "up", timeout=20)
    yield sentinel_port, primary, primary_port, replica_port
    for process in (sentinel, replica, primary):
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


def _answers(client: redis.Redis) -> bool:
    try:
        return bool(client.execute_command("SENTINEL", "GET-MASTER-ADDR-BY-NAME", SERVICE))
    except redis.exceptions.ConnectionError:
        return False


@pytest.mark.slow(seconds=10)
def test_the_service_follows_a_failover_and_no_acknowledged_move_is_lost(failover_set, tmp_path):
    sentinel_port, primary, primary_port, replica_port = failover_set
    url = f"redis+sentinel://127.0.0.1:{sentinel_port}/{SERVICE}/0"
    client = create_app({"REDIS_URL": url}).test_client()  # production settings but for the Redis
    created = client.post("/v1/games", json={"game": "tiny", "seats": 2})
    assert created.status_code == 201, created.json
    gid, tokens = created.json["id"], [s["token"] for s in created.json["seats"]]

    def move(key: str):
        view = client.get(f"/v1/games/{gid}")
        if view.status_code != 200:
            return view
        seat = view.json["to_act"][0]
        return client.post(f"/v1/games/{gid}/commands", json={"type": "add", "amount": 1},
                           headers={"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": key})

    acknowledged = [move(f"before-{i}").json["version"] for i in range(3)]
    # replication is asynchronous: the test waits for the replica, as `appendfsync` + WAIT would in production
    assert redis.Redis(port=primary_port).execute_command("WAIT", 1, 5000) == 1
    primary.kill()
    primary.wait(timeout=10)

    answers, deadline = [], time.monotonic() + 40
    while time.monotonic() < deadline:
        answer = move("after-failover")
        answers.append(answer)
        if answer.status_code == 201:
            break
        time.sleep(0.2)
    assert answers[-1].status_code == 201, [(a.status_code, a.json) for a in answers[-3:]]
    refused = [a for a in answers[:-1]]
    assert all(a.status_code == 503 and a.json["code"] == "storage_unavailable" and a.headers["Retry-After"]
               for a in refused), [(a.status_code, a.json) for a in refused]
    assert redis.Redis(port=sentinel_port).execute_command("SENTINEL", "GET-MASTER-ADDR-BY-NAME", SERVICE)[1] \
        == str(replica_port).encode()

    log = client.get(f"/v1/games/{gid}/events?after=0&limit=1000").json["events"]
    assert [e["version"] for e in log] == list(range(1, len(log) + 1))  # gapless
    assert set(acknowledged) <= {e["version"] for e in log}
    moved = [e for e in log if (e.get("command") or {}).get("type") == "add"]
    assert len(moved) == 4, "each acknowledged move once, and the retried one once"

    worker = WorkerProcess(url, tmp_path).start()  # RQ through the same Sentinel, on the promoted replica
    try:
        seat = client.get(f"/v1/games/{gid}").json["to_act"][0]
        dealt = client.post(f"/v1/games/{gid}/commands", json={"type": "call_dealer"},
                            headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert dealt.status_code == 201, dealt.json
        wait_for(lambda: client.get(f"/v1/games/{gid}").json["awaiting_chance"] is None, timeout=30)
    finally:
        worker.stop()
