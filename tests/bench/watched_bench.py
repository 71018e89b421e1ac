"""A watched game: the server's CPU per move of one Jaipur match while N spectators hold live streams of it, as a
ratio to the same match watched by nobody (same run). The streams' cost per move is the fan-out: one message
heard per process and batch (the game's live channel), one redaction per seat and batch (service/streams/fanout.py),
the frames written to every socket.

And streams resuming: clients back after a dropped connection, a few moves behind, against streams opened at the
game's end (same run): the server's CPU and the Redis reads per stream.
"""

from __future__ import annotations

import random
import selectors
import socket
import threading
import time
from contextlib import contextmanager
from urllib.parse import urlparse

import redis

from tests.bench.servers import cpu_seconds, family, gunicorn, private_redis
from tests.support.matches import Match

SPECTATORS = (0, 300, 1000)
MOVES = 40


@contextmanager
def spectators(base: str, game_id: str, count: int):
    """`count` raw SSE connections to the game's stream, read and discarded by one thread (as browsers would)."""
    url, selector, stop = urlparse(base), selectors.DefaultSelector(), threading.Event()
    sockets = []
    for _ in range(count):
        sock = socket.create_connection((url.hostname, url.port))
        sock.sendall(f"GET /v1/games/{game_id}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
        sockets.append(sock)

    def drain():
        while not stop.is_set():
            for key, _ in selector.select(0.2):
                try:
                    key.fileobj.recv(65536)
                except BlockingIOError:
                    pass

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    time.sleep(2 + count / 500)  # every stream caught up and waiting on the feed
    try:
        yield
    finally:
        stop.set()
        reader.join()
        for sock in sockets:
            sock.close()


def cpu_per_move(server, count: int) -> tuple[float, int]:
    """(server CPU seconds per move, moves made) of one match played while `count` spectators watch it."""
    match = Match(server)
    with spectators(server, match.gid, count):
        before, moves = cpu_seconds(family(server.pid)), 0
        for _ in range(MOVES):
            if not match.move():
                break
            moves += 1
            time.sleep(0.05)  # a move at a time: each batch reaches every stream before the next
        time.sleep(1)
        return (cpu_seconds(family(server.pid)) - before) / moves, moves


def watched_game() -> None:
    with private_redis() as url, gunicorn("service.operations.wsgi:app", url, "/healthz",
                                                 {"BAZAAR_SSE_PER_CLIENT": "100000"}) as server:
        alone = None
        for count in SPECTATORS:
            cpu, moves = cpu_per_move(server, count)
            alone = alone or cpu
            print(f"a Jaipur match watched by {count:4d} live streams: {cpu * 1e3:5.1f} ms server CPU per move "
                  f"({moves} moves; view, legal moves and command included), ratio to nobody watching {cpu / alone:.1f}")


RESUMING = 300
BEHIND = 12  # moves a resuming client missed, at most


def resumed_streams() -> None:
    with private_redis() as url, gunicorn("service.operations.wsgi:app", url, "/healthz",
                                                 {"BAZAAR_SSE_PER_CLIENT": "100000"}) as server:
        calls, match = _command_calls(redis.Redis.from_url(url)), Match(server)
        game_id = match.gid
        with spectators(server, game_id, 100):  # watched, in every server process (each has its feed of the game)
            for _ in range(30):
                match.move()
            head = match.version()
            time.sleep(1)
            rng, figures = random.Random(7), {}
            for label, positions in (("at the end", [head] * RESUMING),
                                     (f"1-{BEHIND} events behind", [head - rng.randint(1, BEHIND) for _ in range(RESUMING)])):
                before, ranges = cpu_seconds(family(server.pid)), calls("xrange")
                caught_up(server, game_id, positions, head)
                figures[label] = ((cpu_seconds(family(server.pid)) - before) / RESUMING, (calls("xrange") - ranges) / RESUMING)
        (base_cpu, base_reads), (cpu, reads) = figures.values()
        print(f"{RESUMING} streams of a watched Jaipur game opened at its end: {base_cpu * 1e6:4.0f} us server CPU and "
              f"{base_reads:.2f} log reads a stream; resuming 1-{BEHIND} events behind: {cpu * 1e6:4.0f} us and "
              f"{reads:.2f} reads (ratio {cpu / base_cpu:.2f})")


def _command_calls(client: redis.Redis):
    return lambda command: int(client.info("commandstats").get(f"cmdstat_{command}", {}).get("calls", 0))


def caught_up(base: str, game_id: str, positions: list[int], head: int) -> None:
    """Open a stream resuming at each position (Last-Event-ID), read each until it has sent event `head`, close all."""
    url, selector, received = urlparse(base), selectors.DefaultSelector(), {}
    for position in positions:
        sock = socket.create_connection((url.hostname, url.port))
        sock.sendall(f"GET /v1/games/{game_id}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n"
                     f"Last-Event-ID: {position}\r\n\r\n".encode())
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
        received[sock] = b"" if position < head else None  # at the end: the response's head is all there is
    pending, last, deadline = set(received), f"id: {head}\n".encode(), time.monotonic() + 60
    while pending and time.monotonic() < deadline:
        for key, _ in selector.select(0.5):
            sock = key.fileobj
            try:
                data = sock.recv(65536)
            except BlockingIOError:
                continue
            if received[sock] is None or last in received[sock] + data:
                pending.discard(sock)
            else:
                received[sock] += data
    for sock in received:
        sock.close()
    if pending:
        raise RuntimeError(f"{len(pending)} streams did not catch up")


SECTIONS = [watched_game, resumed_streams]
