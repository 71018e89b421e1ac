"""Live streams at scale on real servers: no Redis read per move whatever the number of streams (the new events
are heard on the game's channel, and the game they are redacted against is brought up to them in the process),
a reader that does not keep up is dropped without slowing anyone, a per-client cap answers 429, and a
thousand idle streams leave the command path responsive."""

import random
import selectors
import socket
import statistics
import threading
import time
from urllib.parse import urlparse

import pytest
import requests

from service import create_app
from service.http.routes import events as route
from service.operations.serving import WORKERS
from service.streams import fanout
from tests.support.databases import own_db, url_of
from tests.support.matches import Match
from tests.support.play import play_on, play_randomly
from tests.support.round_trips import KeyCommands, count_round_trips
from tests.support.service import InProcess


def open_stream(base: str, gid: str, rcvbuf: int | None = None) -> socket.socket:
    """A raw SSE connection (thousands of them are cheap this way); returns once the stream has started."""
    url = urlparse(base)
    sock = socket.socket()
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.connect((url.hostname, url.port))
    sock.sendall(f"GET /v1/games/{gid}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
    return sock


def first_chunk(sock: socket.socket) -> bytes:
    sock.settimeout(30)
    return sock.recv(4096)


def test_forty_streams_of_one_game_cost_no_redis_read_per_move(server, redis_url):
    match = Match(server)
    streams = [open_stream(server, match.gid) for _ in range(40)]
    try:
        assert all(b"200 OK" in first_chunk(s) for s in streams)
        # the game's own commands, whoever sends them (not the server's global statistics: the suite's worker and
        # the streams other tests left read other games meanwhile)
        with KeyCommands(redis_url, match.gid) as on_the_game:
            for _ in range(3):
                match.move()
            last = f"id: {match.version()}\n".encode()
            for s in streams:  # every stream got the moves
                s.settimeout(10)
                data = b""
                while last not in data:
                    data += s.recv(65536)
        reads, ranges = on_the_game.count("xread"), on_the_game.count("xrange")
        # a read per stream and move would be 120; a feed per process hears of each move on the game's channel with
        # the entries appended (events/redis_live.py), and reads none (a blocking read per feed once read each)
        assert reads == 0, reads
        # nor does a stream read the game to redact a batch: each process's feed brings the cached game up to the
        # batch (a stream each would be 120; the match's own requests read its tail too, as may the worker's sweep)
        assert ranges <= 20, ranges
    finally:
        for s in streams:
            s.close()


def test_a_reader_that_does_not_keep_up_is_dropped_and_slows_nobody(own_server, redis_url):
    """The issue's attack: a stream of a long game (a random 2-seat Istanbul game, ~3,700 events) opened by a
    client that never reads. Its send blocks; after SSE_WRITE_TIMEOUT_S the server closes it. Meanwhile a
    reader that keeps up gets every event and moves elsewhere stay fast."""
    db_url = url_of(redis_url, "slow_reader")
    service = InProcess.of(create_app({"REDIS_URL": db_url, "INLINE_DEALER": True}))
    long_game, _ = play_randomly(service, "istanbul", 2, "long-game")
    with own_server(own_db("slow_reader"), SSE_WRITE_TIMEOUT_S=2) as base:
        final = requests.get(f"{base}/v1/games/{long_game}", timeout=30).json()["version"]
        slow = open_stream(base, long_game, rcvbuf=4096)  # reads nothing from now on
        watcher = requests.get(f"{base}/v1/games/{long_game}/events", headers={"Accept": "text/event-stream"},
                               stream=True, timeout=30)
        seen = [int(line[4:]) for line in watcher.iter_lines() if line.startswith(b"id: ")]
        assert seen == list(range(1, final + 1))  # the reader that keeps up got every event, in order
        match = Match(base)
        times = [match.move() for _ in range(20)]
        assert max(times) < 5, max(times)  # nobody waited on the slow reader
        time.sleep(3)  # past the write timeout, still not reading
        slow.settimeout(15)
        received = b""
        while chunk := slow.recv(1 << 20):  # what was sent before the cut, then the end of the stream
            received += chunk
        assert f"id: {final}\n".encode() not in received  # it was cut off long before the end


def test_streams_per_client_are_capped_with_429(own_server):
    with own_server(own_db("stream_cap"), SSE_PER_CLIENT=3) as base:
        match = Match(base)
        streams = [open_stream(base, match.gid) for _ in range(7)]  # 2 processes x 3 at most
        heads = [first_chunk(s) for s in streams]
        refused = [h for h in heads if h.startswith(b"HTTP/1.1 429")]
        assert refused and len(heads) - len(refused) <= 6
        assert b"application/problem+json" in refused[0] and b"Retry-After" in refused[0]
        for s in streams:
            s.close()


def test_a_client_that_left_its_streams_is_never_refused_new_ones(own_server):
    """Production's cap (SSE_PER_CLIENT, one process): a client holding all its streams is refused one more (429);
    once it has closed them, every stream it opens again is served at once, though the server has written nothing
    to the old ones since (their next keep-alive is seconds away)."""
    cap = create_app({"REDIS_URL": "redis://unused"}).config["SSE_PER_CLIENT"]
    with own_server(own_db("stream_reconnects")) as base:
        match = Match(base)
        for attempt in range(3):  # a flaky network: the client reconnects everything, three times in a row
            streams = [open_stream(base, match.gid) for _ in range(cap)]
            assert all(b"200 OK" in first_chunk(s) for s in streams), attempt
            extra = open_stream(base, match.gid)
            assert first_chunk(extra).startswith(b"HTTP/1.1 429"), attempt  # the cap holds against open streams
            extra.close()
            for s in streams:
                s.close()


def test_a_stream_whose_client_left_ends_and_stops_counting_without_a_write(redis_url):
    """The process's departure watcher: a subscription whose client closed its connection is ended (its stream
    wakes with DROPPED) and leaves the client's count, with nothing written to it."""
    hub = create_app({"REDIS_URL": redis_url, "RATE_LIMITS": False}).extensions["bazaar.hub"]
    listener = socket.create_server(("127.0.0.1", 0))
    clients, subscriptions = [], []
    for _ in range(3):
        client = socket.create_connection(listener.getsockname())
        server_side, _ = listener.accept()
        clients.append((client, server_side))
        subscriptions.append(hub.subscribe("0d0e0a0d0c0a0b0e", "a-client", server_side))  # a game nobody made
    assert hub.streams() == 3
    clients[0][0].close()
    assert subscriptions[0].next() is fanout.DROPPED  # woken: it would otherwise wait for a keep-alive
    deadline = time.monotonic() + 10
    while hub.streams() != 2:
        assert time.monotonic() < deadline, hub.streams()
        time.sleep(0.01)
    assert subscriptions[1].queue.empty() and subscriptions[2].queue.empty()  # those still there are left alone
    for sub in subscriptions:
        hub.unsubscribe(sub)
    for client, server_side in clients:
        client.close()
        server_side.close()
    listener.close()


def first_keepalives(streams: list[socket.socket], within_s: float) -> list[list]:
    """For each stream, when its response's head arrived and when its first keep-alive did (monotonic seconds,
    None if not within_s), read as they come by one selector loop: a stream read late would seem to have had
    its keep-alive early."""
    selector = selectors.DefaultSelector()
    times = [[None, None, b""] for _ in streams]
    for sock, entry in zip(streams, times):
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ, entry)
    deadline = time.monotonic() + within_s
    while selector.get_map() and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=0.5):
            now, entry = time.monotonic(), key.data
            entry[2] += key.fileobj.recv(65536)
            if entry[0] is None and b"200 OK" in entry[2]:
                entry[0] = now
            if b"\n: keep-alive\n" in entry[2]:  # the comment, not the header "Connection: keep-alive"
                entry[1] = now
                selector.unregister(key.fileobj)
    selector.close()
    for sock in streams:
        sock.setblocking(True)
    return [entry[:2] for entry in times]


@pytest.mark.slow(seconds=16)
def test_a_thousand_idle_streams_leave_the_command_path_responsive(own_server):
    """And their keep-alives come from the process's one heartbeat, spread over the interval: streams opened
    together do not owe their keep-alives together (each stream's first one falls anywhere in its first
    interval, not all near its end, as a timer per stream that waited the interval had it)."""
    keepalive_s = 4
    # one load generator: its streams and moves all come from one address
    with own_server(own_db("idle_streams"), workers=WORKERS, SSE_PER_CLIENT=100000, RATE_PER_ADDRESS="100000/second",
                    SSE_KEEPALIVE_S=keepalive_s) as base:
        match = Match(base)
        quiet = [match.move() for _ in range(30)]
        watched = Match(base)
        streams = [open_stream(base, watched.gid) for _ in range(1000)]
        try:
            times = first_keepalives(streams, 60)  # a busy machine may take long to answer them all
            assert sum(opened is not None for opened, _ in times) == 1000
            delays = [first - opened for opened, first in times if opened is not None and first is not None]
            assert len(delays) == 1000  # every stream had its keep-alive
            early = sum(delay < keepalive_s / 2 for delay in delays)
            assert early >= 250, sorted(delays)[::50]  # evenly spread would be ~470 of 1000
            busy = [match.move() for _ in range(30)]
        finally:
            for s in streams:
                s.close()
        print(f"command p50 {statistics.median(quiet) * 1000:.1f} ms without streams, "
              f"{statistics.median(busy) * 1000:.1f} ms with 1000 idle streams; max {max(busy) * 1000:.1f} ms")
        assert max(busy) < 2, max(busy)


def _drive_streams_from_this_thread(monkeypatch) -> None:
    """The test drives every stream from its one thread: a stream with nothing queued yields a keep-alive at once."""
    real_next = fanout.Subscription.next
    monkeypatch.setattr(fanout.Subscription, "next", lambda sub: fanout.KEEPALIVE if sub.queue.empty() else real_next(sub))


def _open(client, gid: str, last_id: int, headers: dict | None = None):
    response = client.get(f"/v1/games/{gid}/events", buffered=False,
                          headers={**(headers or {}), "Accept": "text/event-stream", "Last-Event-ID": str(last_id)})
    chunks = iter(response.response)
    assert next(chunks) == b"retry: 1000\n\n"
    return response, chunks


def _ids_until_quiet(chunks) -> list[int]:
    """The event ids a stream sends until its first keep-alive (it has sent all it had)."""
    ids = []
    for chunk in chunks:
        if chunk == b": keep-alive\n\n":
            return ids
        ids += [int(line[4:]) for line in chunk.split(b"\n") if line.startswith(b"id: ")]
    return ids


def _moved(client, gid: str, tokens: list[str]) -> None:
    seat = client.get(f"/v1/games/{gid}").json["to_act"][0]
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    move = client.get(f"/v1/games/{gid}/legal-moves", headers=auth).json["moves"][0]
    assert client.post(f"/v1/games/{gid}/commands", json=move, headers=auth).status_code == 201


def _fed(app, gid: str, version: int) -> None:
    """Wait until this process's feed of the game has read up to `version`."""
    deadline = time.monotonic() + 10
    while app.extensions["bazaar.hub"].feeds[gid].position < version:
        assert time.monotonic() < deadline, "the feed never read the moves"
        time.sleep(0.01)


def test_streams_of_one_seat_redact_and_encode_a_batch_once(redis_url, monkeypatch):
    """Every stream of a game gets the feed's batch; what it sends depends only on its seat (and where it stands,
    and whether the game is over), so the first stream of each seat makes the frames and the others send them."""
    app = create_app({"REDIS_URL": redis_url, "RATE_LIMITS": False})
    client = app.test_client()
    created = client.post("/v1/games", json={"game": "jaipur", "seats": 2, "seed": "one-redaction"}).json
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    version = client.get(f"/v1/games/{gid}").json["version"]
    _drive_streams_from_this_thread(monkeypatch)
    made, real_redact = [], route.redact_all
    monkeypatch.setattr(route, "redact_all", lambda *args: made.append(args[2]) or real_redact(*args))
    watching = [{}] * 6 + [{"Authorization": f"Bearer {tokens[0]}"}] * 2  # six spectators, seat 0 twice
    streams = []
    for headers in watching:
        response = client.get(f"/v1/games/{gid}/events", buffered=False,
                              headers={**headers, "Accept": "text/event-stream", "Last-Event-ID": str(version)})
        chunks = iter(response.response)
        assert next(chunks) == b"retry: 1000\n\n" and next(chunks) == b": keep-alive\n\n"  # caught up, live
        streams.append((response, chunks))
    _moved(client, gid, tokens)
    hub = app.extensions["bazaar.hub"]
    deadline = time.monotonic() + 10
    while any(sub.queue.empty() for feed in hub.feeds.values() for sub in feed.subscribers):
        assert time.monotonic() < deadline, "the feed never delivered the move"
        time.sleep(0.01)
    sent = [next(chunks) for _response, chunks in streams]
    for response, _chunks in reversed(streams):  # each holds its request context pushed: last in, first out
        response.close()
    assert sorted(made, key=str) == [0, None]  # once per seat, not once per stream
    assert len(set(sent[:6])) == 1 and len(set(sent[6:])) == 1 and f"id: {version + 1}".encode() in sent[0]


def test_streams_catching_up_from_the_start_share_the_full_pages(redis_url, monkeypatch):
    """A crowd opening a game's stream from its start: the first stream reads and redacts each full page of the
    log, the others send what it made (a full page never changes); only the last, partial page is each one's own."""
    app = create_app({"REDIS_URL": redis_url, "RATE_LIMITS": False, "SSE_PAGE": 4})
    svc = InProcess.of(app)
    gid, tokens = play_randomly(svc, "jaipur", 2, "shared-pages", moves=8)
    version = svc.load(gid).version
    full, partial = divmod(version, 4)
    _drive_streams_from_this_thread(monkeypatch)
    made, real_redact = [], route.redact_all
    monkeypatch.setattr(route, "redact_all", lambda *args: made.append(len(args[3])) or real_redact(*args))
    client, sent, responses = app.test_client(), [], []
    watching = [{}] * 5 + [{"Authorization": f"Bearer {tokens[0]}"}] * 2  # five spectators, then seat 0 twice
    for headers in watching:
        response = client.get(f"/v1/games/{gid}/events?after=0", buffered=False,
                              headers={**headers, "Accept": "text/event-stream"})
        chunks, caught_up = iter(response.response), b""
        assert next(chunks) == b"retry: 1000\n\n"
        for chunk in chunks:
            if chunk == b": keep-alive\n\n":
                break
            caught_up += chunk
        sent.append(caught_up)
        responses.append(response)
    for response in reversed(responses):  # each holds its request context pushed: last in, first out
        response.close()
    assert len(set(sent[:5])) == 1 and sent[0].count(b"\nid: ") + sent[0].startswith(b"id: ") == version
    assert len(set(sent[5:])) == 1 and sent[5] != sent[0]  # seat 0 is sent its own hand: its own pages
    # the full pages once per seat, the partial one by each stream
    assert made == [4] * full + [partial] * (partial > 0) * 5 + [4] * full + [partial] * (partial > 0) * 2


def test_a_stream_resuming_a_few_moves_behind_is_served_from_the_feed_without_a_read(redis_url, monkeypatch):
    """Clients back from a dropped connection resume with their Last-Event-ID, a few moves behind. The feed keeps its
    last batches (fanout.RECENT events): a stream resuming within them is sent exactly what it missed without a
    Redis round trip, and one resuming before them reads the log only up to where they begin (one read)."""
    app = create_app({"REDIS_URL": redis_url, "RATE_LIMITS": False})
    client = app.test_client()
    created = client.post("/v1/games", json={"game": "jaipur", "seats": 2, "seed": "resume-recent"}).json
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    _moved(client, gid, tokens)
    start = client.get(f"/v1/games/{gid}").json["version"]
    _drive_streams_from_this_thread(monkeypatch)
    watcher = _open(client, gid, start)  # its feed starts here
    for _ in range(4):
        _moved(client, gid, tokens)
    head = client.get(f"/v1/games/{gid}").json["version"]
    assert head - start <= fanout.RECENT  # all the moves are among the feed's recent batches
    _fed(app, gid, head)
    sent = count_round_trips(monkeypatch)
    opened = []
    for last_id in range(start, head + 1):
        opened.append(_open(client, gid, last_id))
        assert _ids_until_quiet(opened[-1][1]) == list(range(last_id + 1, head + 1))
    assert sent == []  # nor the game to open the stream: the feed keeps the process's cached game current
    opened.append(_open(client, gid, 0))  # from the start: the log up to the recent batches, in one read
    assert _ids_until_quiet(opened[-1][1]) == list(range(1, head + 1))
    assert len(sent) == 1
    for response, _chunks in reversed([watcher, *opened]):  # each holds its request context: last in, first out
        response.close()


STREAMS_PER_MOVE = 2


def test_streams_resuming_while_moves_are_made_miss_nothing_and_repeat_nothing(redis_url, monkeypatch):
    """A stream that subscribes while the feed reads a batch gets it once: among the recent batches it began with, in
    its queue, or from Redis. Another thread makes the moves while streams resume at every point of the log (pages of
    3 events, so that catching up from Redis ends at every offset of a page)."""
    app = create_app({"REDIS_URL": redis_url, "RATE_LIMITS": False, "SSE_PAGE": 3})
    client = app.test_client()
    created = client.post("/v1/games", json={"game": "jaipur", "seats": 2, "seed": "resume-racing"}).json
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    _drive_streams_from_this_thread(monkeypatch)
    first = client.get(f"/v1/games/{gid}").json["version"]
    opened = [(first, _open(client, gid, first))]  # the first stream starts the feed
    done = threading.Event()
    # The streams stay open to the end, and count against the client's cap (SSE_PER_CLIENT, 64): two of them open
    # after each move, while the feed reads it, so their number does not depend on how fast this machine is.
    may_open, opening = threading.Semaphore(0), threading.Semaphore(0)

    def play():
        mover = app.test_client()
        for _ in range(24):
            _moved(mover, gid, tokens)
            for _ in range(STREAMS_PER_MOVE):
                may_open.release()
            for _ in range(STREAMS_PER_MOVE):
                assert opening.acquire(timeout=60)
            time.sleep(0.005)
        done.set()

    player = threading.Thread(target=play)
    player.start()
    while not done.is_set() and player.is_alive():
        if not may_open.acquire(timeout=0.05):
            continue
        last_id = len(opened) % (client.get(f"/v1/games/{gid}").json["version"] + 1)
        opened.append((last_id, _open(client, gid, last_id)))
        opening.release()
        time.sleep(0.002)
    player.join()
    head = client.get(f"/v1/games/{gid}").json["version"]
    _fed(app, gid, head)
    try:
        assert len(opened) == 1 + 24 * STREAMS_PER_MOVE
        for last_id, (_response, chunks) in opened:
            ids, deadline = [], time.monotonic() + 10
            while head not in ids[-1:] and time.monotonic() < deadline:
                ids += _ids_until_quiet(chunks)
            assert ids == list(range(last_id + 1, head + 1)), last_id
    finally:
        for _last_id, (response, _chunks) in reversed(opened):
            response.close()


def test_a_stream_of_a_game_another_process_finished_ends_though_this_process_knew_it_unfinished(redis_url, monkeypatch):
    """A stream opens on the game as its process last knew it (no read). When another process made the last move,
    that game is stale: the stream catches up to the log's end, finds the game over there and ends, as it would
    have at once with a fresh game. It must not wait for events that will never come."""
    here = create_app({"REDIS_URL": redis_url, "RATE_LIMITS": False})
    elsewhere = InProcess.of(create_app({"REDIS_URL": redis_url, "RATE_LIMITS": False}))
    gid, _tokens = play_randomly(elsewhere, "jaipur", 2, "finished-elsewhere", moves=4)
    client = here.test_client()
    assert client.get(f"/v1/games/{gid}").json["status"] != "finished"  # this process now caches it unfinished
    play_on(elsewhere, gid, random.Random(1))  # to its end, in the other process
    final = elsewhere.load(gid)
    assert final.finished and here.extensions["bazaar.repository"].cached(gid).version < final.version
    _drive_streams_from_this_thread(monkeypatch)
    for last_id in (final.version, final.version - 2):
        response, chunks = _open(client, gid, last_id)
        sent = b""
        for chunk in chunks:  # to the stream's end
            assert chunk != b": keep-alive\n\n", "the stream waits for events that will never come"
            sent += chunk
        response.close()
        assert sent.count(b"\nid: ") + sent.startswith(b"id: ") == final.version - last_id
