"""A live stream whose feed hears of appends on the game's channel (events/redis_live.py) misses nothing that was not
published as it should be: a move whose message never came reaches the streams with the next move (a gap: the feed
reads the log), or after a keep-alive interval when no move follows; a message that is not an append is only a
reason to read the log. The main server runs production settings."""

import contextlib
import socket
import time
from urllib.parse import urlparse

import pytest

from service import create_app
from tests.support.databases import own_db, url_of
from tests.support.matches import Match
from tests.support.service import InProcess


def open_stream(base: str, gid: str, last_id: int) -> socket.socket:
    url = urlparse(base)
    sock = socket.create_connection((url.hostname, url.port), timeout=30)
    sock.sendall(f"GET /v1/games/{gid}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n"
                 f"Last-Event-ID: {last_id}\r\n\r\n".encode())
    return sock


def ids_until(sock: socket.socket, last: int, within: float) -> tuple[list[int], float]:
    """The event ids the stream sends until `last`, and the seconds that took (fails after `within`)."""
    data, started = b"", time.monotonic()
    sock.settimeout(within)
    while f"id: {last}\n".encode() not in data:
        assert time.monotonic() - started < within, data
        chunk = sock.recv(65536)
        assert chunk, data
        data += chunk
    return [int(line[4:]) for line in data.split(b"\n") if line.startswith(b"id: ")], time.monotonic() - started


def unpublished(redis_url: str):
    """An in-process service on the same Redis whose appends are not published (as if their messages were lost)."""
    app = create_app({"REDIS_URL": redis_url, "RATE_LIMITS": False})
    InProcess.of(app).store.log.publishes = False
    return app.test_client()


def move_quietly(client, match: Match) -> None:
    view = client.get(f"/v1/games/{match.gid}").json
    auth = {"Authorization": f"Bearer {match.tokens[view['to_act'][0]]}"}
    move = client.get(f"/v1/games/{match.gid}/legal-moves", headers=auth).json["moves"][0]
    assert client.post(f"/v1/games/{match.gid}/commands", json=move, headers=auth).status_code == 201


@contextlib.contextmanager
def watching(base: str, match: Match):
    """A live stream of the match from its current version, once its feed is subscribed and has read the log:
    (the socket, that version)."""
    version = match.version()
    sock = open_stream(base, match.gid, version)
    try:
        sock.settimeout(30)
        assert b"200 OK" in sock.recv(4096)
        time.sleep(0.5)  # the feed's subscription has taken effect, and it has read the log once
        yield sock, version
    finally:
        sock.close()


def test_a_move_that_was_not_published_reaches_the_streams_with_the_next_one(server, redis_url):
    match, quiet = Match(server), unpublished(redis_url)
    with watching(server, match) as (sock, version):
        move_quietly(quiet, match)
        match.move()  # published: the feed finds versions missing before it, and reads the log
        last = match.version()
        ids, took = ids_until(sock, last, within=10)
        assert ids == list(range(version + 1, last + 1))
        assert took < 5  # the read at the gap, not the keep-alive interval's (15 s)


def test_a_move_that_was_not_published_reaches_the_streams_within_a_keepalive_interval(own_server, redis_url):
    url = url_of(redis_url, "live_unpublished")
    with own_server(own_db("live_unpublished"), SSE_KEEPALIVE_S=1) as base:
        match, quiet = Match(base), unpublished(url)
        with watching(base, match) as (sock, version):
            move_quietly(quiet, match)  # and no move after it
            last = match.version()
            ids, took = ids_until(sock, last, within=10)
            assert ids == list(range(version + 1, last + 1)) and took < 3


@pytest.mark.parametrize("junk", [b"junk", b"1\n2:zs3:abc", b"%d\n2:zs3:abc", b"%d\n1:e2:{}"])
def test_a_message_that_is_not_an_append_is_a_reason_to_read_the_log_and_nothing_more(server, redis_client, junk):
    """Anything on a game's channel (one that does not parse, or names the next version with entries that do not
    decode) leaves the streams as they were: they send the game's true events, each once."""
    match = Match(server)
    with watching(server, match) as (sock, version):
        channel = f"game:{{game:{match.gid}}}:live:0"  # the suite's server is on database 0
        assert redis_client.publish(channel, junk.replace(b"%d", str(version + 1).encode())) >= 1
        match.move()
        moved = match.version()
        ids, _took = ids_until(sock, moved, within=10)
        assert ids == list(range(version + 1, moved + 1))
        match.move()
        ids, _took = ids_until(sock, match.version(), within=10)
        assert ids == list(range(moved + 1, match.version() + 1))


def test_after_the_channels_connection_was_lost_the_streams_read_what_they_missed(server, redis_url, redis_client):
    """Pub/Sub keeps nothing for a connection that was away: the feed reads the log once its channel is subscribed
    again, not a keep-alive interval later."""
    match, quiet = Match(server), unpublished(redis_url)
    with watching(server, match) as (sock, version):
        move_quietly(quiet, match)  # as if published while the connection was down
        assert redis_client.client_kill_filter(_type="pubsub") >= 1
        last = match.version()
        ids, took = ids_until(sock, last, within=10)
        assert ids == list(range(version + 1, last + 1)) and took < 5
