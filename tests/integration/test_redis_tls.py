"""Redis over TLS, end to end: the web service and the worker reach Redis only through a TLS terminator that
demands a client certificate (mutual TLS, as a managed Redis or the README's recipe sets it up), and log in as
the README's ACL user (the default user is off), configured with nothing but `rediss://user:password@` and the
REDIS_CA_CERTS / REDIS_CERTFILE / REDIS_KEYFILE settings: the three locks of an external Redis together.

The suite's redis-server is built without TLS, so Debian's stunnel stands in front of it (installed by the
test when missing, like the browser); trustme makes a throwaway CA with a server and a client certificate."""

from __future__ import annotations

import socket
import subprocess
import time

import pytest
import redis
import trustme

from service import create_app
from service.operations import embedded_redis
from tests.support import debian
from tests.support.acl import lock_down
from tests.support.ports import free_port
from tests.support.processes import WorkerProcess, wait_for

STUNNEL = "/usr/bin/stunnel4"
PASSWORD = "tls-and-acl-s3cret"


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture(scope="module")
def tls_redis(tmp_path_factory):
    """(TLS port, the files the service is given, the CA) of a plain redis-server behind stunnel."""
    reason = debian.install(("stunnel4",), (STUNNEL,))
    if reason:
        pytest.skip(f"no TLS terminator for the Redis-over-TLS test: {reason}")
    tmp = tmp_path_factory.mktemp("tls-redis")
    ca = trustme.CA()
    ca.cert_pem.write_to_path(tmp / "ca.pem")
    ca.issue_cert("localhost", "127.0.0.1").private_key_and_cert_chain_pem.write_to_path(tmp / "server.pem")
    client = ca.issue_cert("bazaar-client")
    client.cert_chain_pems[0].write_to_path(tmp / "client.pem")
    client.private_key_pem.write_to_path(tmp / "client.key")

    redis_port, tls_port = free_port(), free_port()
    server = embedded_redis.start(redis_port, tmp, persistent=False)
    lock_down(redis_port, PASSWORD)  # user bazaar with the README's rules; nobody gets in without a password
    (tmp / "stunnel.conf").write_text(
        "foreground = yes\npid =\n"
        f"[redis]\naccept = 127.0.0.1:{tls_port}\nconnect = 127.0.0.1:{redis_port}\n"
        f"cert = {tmp / 'server.pem'}\nCAfile = {tmp / 'ca.pem'}\n"
        "verifyChain = yes\n")  # a client without a certificate from this CA is cut off in the handshake
    terminator = subprocess.Popen([STUNNEL, str(tmp / "stunnel.conf")], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 15
    while not listening(tls_port):
        assert terminator.poll() is None and time.monotonic() < deadline, "stunnel did not start"
        time.sleep(0.05)
    files = {"REDIS_CA_CERTS": str(tmp / "ca.pem"), "REDIS_CERTFILE": str(tmp / "client.pem"),
             "REDIS_KEYFILE": str(tmp / "client.key")}
    yield tls_port, files, tmp
    terminator.terminate()
    terminator.wait(timeout=10)
    server.terminate()
    server.wait(timeout=10)


def test_the_service_and_worker_play_over_mutual_tls_as_the_acl_user(tls_redis, tmp_path):
    port, files, _ = tls_redis
    url = f"rediss://bazaar:{PASSWORD}@127.0.0.1:{port}/0"
    client = create_app({"REDIS_URL": url, **files}).test_client()  # production settings but for the Redis
    assert client.get("/healthz").status_code == 200
    created = client.post("/v1/games", json={"game": "tiny", "seats": 2})
    assert created.status_code == 201, created.json
    gid, tokens = created.json["id"], [s["token"] for s in created.json["seats"]]
    seat = client.get(f"/v1/games/{gid}").json["to_act"][0]
    worker = WorkerProcess(url, tmp_path, {f"BAZAAR_{name}": path for name, path in files.items()}).start()
    try:
        moved = client.post(f"/v1/games/{gid}/commands", json={"type": "call_dealer"},
                            headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert moved.status_code == 201, moved.json
        # RQ's queue, its worker and the dealer's append all speak TLS with the same three settings, as the user
        wait_for(lambda: client.get(f"/v1/games/{gid}").json["awaiting_chance"] is None, timeout=30)
    finally:
        worker.stop()
    assert client.get(f"/v1/games/{gid}").json["version"] > moved.json["version"]  # the worker's roll landed
    assert not worker.logged("could not connect") and not worker.logged("Traceback")


def test_another_ca_no_client_certificate_or_no_password_is_refused(tls_redis, tmp_path):
    port, files, _ = tls_redis
    stranger = trustme.CA()
    stranger.cert_pem.write_to_path(tmp_path / "other-ca.pem")
    url = f"rediss://bazaar:{PASSWORD}@127.0.0.1:{port}/0"
    with pytest.raises(redis.exceptions.ConnectionError, match="certificate verify failed"):
        redis.Redis.from_url(url, ssl_cert_reqs="required", ssl_ca_certs=str(tmp_path / "other-ca.pem"),
                             ssl_certfile=files["REDIS_CERTFILE"], ssl_keyfile=files["REDIS_KEYFILE"]).ping()
    with pytest.raises(redis.exceptions.ConnectionError):
        redis.Redis.from_url(url, ssl_cert_reqs="required", ssl_ca_certs=files["REDIS_CA_CERTS"]).ping()
    with pytest.raises(redis.exceptions.ConnectionError):
        redis.Redis(port=port, socket_timeout=5).ping()  # plain text to the TLS port
    tls = {"ssl_cert_reqs": "required", "ssl_ca_certs": files["REDIS_CA_CERTS"],
           "ssl_certfile": files["REDIS_CERTFILE"], "ssl_keyfile": files["REDIS_KEYFILE"]}
    # the right certificates get through TLS, and still nothing without the user's password
    with pytest.raises(redis.exceptions.AuthenticationError):
        redis.Redis.from_url(f"rediss://127.0.0.1:{port}/0", **tls).get("any")
    with pytest.raises(redis.exceptions.AuthenticationError):
        redis.Redis.from_url(f"rediss://bazaar:guess@127.0.0.1:{port}/0", **tls).get("any")
    assert redis.Redis.from_url(url, **tls).ping()
