"""A watched game: the server's CPU per move of one Jaipur match while N spectators hold live streams of it, as a
ratio to the same match watched by nobody (same run). The streams' cost per move is the fan-out: one Redis read
per process and batch, one redaction per seat and batch (service/fanout.py), the frames written to every socket.
"""

from __future__ import annotations

import selectors
import socket
import threading
import time
from contextlib import contextmanager
from urllib.parse import urlparse

import requests

from tests.bench.servers import cpu_seconds, family, gunicorn, private_redis

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
    http = requests.Session()
    created = http.post(f"{server}/v1/games", json={"game": "jaipur", "seats": 2}).json()
    game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
    with spectators(server, game_id, count):
        before, moves = cpu_seconds(family(server.pid)), 0
        for _ in range(MOVES):
            view = http.get(f"{server}/v1/games/{game_id}").json()
            if view["status"] == "finished":
                break
            auth = {"Authorization": f"Bearer {tokens[view['to_act'][0]]}"}
            move = http.get(f"{server}/v1/games/{game_id}/legal-moves", headers=auth).json()["moves"][0]
            response = http.post(f"{server}/v1/games/{game_id}/commands", json=move, headers=auth)
            if response.status_code != 201:
                raise RuntimeError(f"a move failed with {count} spectators: {response.status_code} {response.text}")
            moves += 1
            time.sleep(0.05)  # a move at a time: each batch reaches every stream before the next
        time.sleep(1)
        return (cpu_seconds(family(server.pid)) - before) / moves, moves


def watched_game() -> None:
    with private_redis() as url, gunicorn("service.wsgi:app", url, "/healthz", {"BAZAAR_SSE_PER_CLIENT": "100000"}) as server:
        alone = None
        for count in SPECTATORS:
            cpu, moves = cpu_per_move(server, count)
            alone = alone or cpu
            print(f"a Jaipur match watched by {count:4d} live streams: {cpu * 1e3:5.1f} ms server CPU per move "
                  f"({moves} moves; view, legal moves and command included), ratio to nobody watching {cpu / alone:.1f}")


SECTIONS = [watched_game]
