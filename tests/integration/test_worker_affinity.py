"""A game's connections are served by one web worker (service/operations/affinity.py): the worker that accepts a
connection whose first request names a game hands it, once, to the worker that owns the game, which serves it
from its first byte. Served by the service's own gunicorn worker class with 2 workers, as in production, with a
probe app that answers with the process that served each request."""

import hashlib
import json
import os
import signal
import socket
import threading
import time

import psutil
import requests

from tests.support.processes import gunicorn

GAMES = [f"{n:016x}" for n in range(0x5EED, 0x5EED + 12)]  # ids shaped like the service's


def play(base: str, game: str) -> list[dict]:
    """Two seats, each on a keep-alive connection of its own whose first request names the game: 3 requests each,
    POSTs with a body and GETs; every answer checked against what was sent.

    A server may close a kept-alive connection between two requests (a worker that is going, or whose keep-alive
    wait ran out on a loaded machine), and a client then sends its next request on a fresh one: HTTP's own rule,
    which the SDK follows with its Idempotency-Key. A full suite's run met that once here. A request that is the
    first of its connection is never sent again: a handed connection lost would fail the test."""
    answers = []
    for seat in range(2):
        connection = requests.Session()
        try:
            for n in range(3):
                body = os.urandom(200 + 50 * n)
                for reused in (n > 0, False):
                    try:
                        if n % 2 == 0:
                            answer = connection.post(f"{base}/v1/games/{game}/commands", data=body, timeout=10)
                        else:
                            body = b""
                            answer = connection.get(f"{base}/v1/games/{game}?seat={seat}", timeout=10)
                        break
                    except requests.ConnectionError:
                        if not reused:
                            raise
                        connection.close()
                        connection = requests.Session()
                assert answer.status_code == 200
                doc = answer.json()
                assert doc["body"] == hashlib.sha256(body).hexdigest()  # the request's bytes, all of them
                assert doc["remote"] == "127.0.0.1"  # the client's address went along with its connection
                answers.append(doc)
        finally:
            connection.close()
    return answers


def affine(base: str, deadline_s: float = 20) -> dict[str, set[int]]:
    """Plays every game until each game's connections were served by one worker and both workers served games
    (a worker still starting holds no slot yet: its games stay where they land until it does)."""
    deadline = time.monotonic() + deadline_s
    while True:
        pids = {game: {a["pid"] for a in play(base, game)} for game in GAMES}
        if all(len(served) == 1 for served in pids.values()) and len(set().union(*pids.values())) == 2:
            return pids
        assert time.monotonic() < deadline, pids
        time.sleep(0.5)


def gone(pid: int) -> None:
    deadline = time.monotonic() + 10
    while True:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return
        except psutil.NoSuchProcess:
            return
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_every_connection_of_a_game_is_served_by_one_worker(redis_url, tmp_path):
    with gunicorn(redis_url, tmp_path, workers=2, app="tests.support.pid_probe:app") as base:
        held_slots(base)
        pids = affine(base)  # both slots held: each game is served by its slot's worker
        for game in GAMES:  # a seat's stream of the game's events, on a connection of its own, goes there too
            with requests.Session() as stream:
                answer = stream.get(f"{base}/v1/games/{game}/events", timeout=10,
                                    headers={"Accept": "text/event-stream", "Authorization": "Bearer st_x"})
                assert answer.json()["pid"] in pids[game], game
        with requests.Session() as elsewhere:  # a connection that first asks for no game is served where it is
            assert elsewhere.get(f"{base}/healthz", timeout=10).status_code == 200
            assert elsewhere.get(f"{base}/v1/games/{GAMES[0]}", timeout=10).status_code == 200


def test_a_killed_workers_games_are_served_on_and_go_to_its_successor(redis_url, tmp_path):
    with gunicorn(redis_url, tmp_path, workers=2, app="tests.support.pid_probe:app") as base:
        victim = next(iter(affine(base).values())).pop()
        os.kill(victim, signal.SIGKILL)
        gone(victim)  # a connection handed to it in the instant it died goes with it, as its own do
        for game in GAMES:  # the survivor serves what it accepts, handed or not, until the successor is up
            assert all(a["pid"] != victim for a in play(base, game))
        affine(base)  # the master starts a successor, which takes the dead worker's slot


def test_after_a_reload_the_new_workers_take_the_games_over(redis_url, tmp_path):
    with gunicorn(redis_url, tmp_path, workers=2, app="tests.support.pid_probe:app") as base:
        old = set().union(*affine(base).values())
        master = psutil.Process(next(iter(old))).ppid()
        os.kill(master, signal.SIGHUP)  # new workers start beside the old ones, which finish and go
        deadline = time.monotonic() + 30
        while not set().union(*affine(base).values()).isdisjoint(old):
            assert time.monotonic() < deadline, old
            time.sleep(0.5)


def slot_names(master: int) -> list[str]:
    return [f"\0bazaar-affinity-{master}-{slot}" for slot in range(2)]


def test_a_stranger_holding_a_dead_workers_slot_is_handed_nothing(redis_url, tmp_path):
    with gunicorn(redis_url, tmp_path, workers=2, app="tests.support.pid_probe:app") as base:
        victim = next(iter(affine(base).values())).pop()
        master = psutil.Process(victim).ppid()
        os.kill(victim, signal.SIGKILL)
        gone(victim)
        squatter = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        deadline = time.monotonic() + 5
        while True:  # the dead worker's name, before its successor takes it
            try:
                squatter.bind(next(name for name in slot_names(master) if free(name)))
                break
            except (OSError, StopIteration):
                assert time.monotonic() < deadline
        squatter.listen(8)
        handed: list[int] = []
        threading.Thread(target=collect, args=(squatter, handed), daemon=True).start()
        for game in GAMES:  # every game is still served (by the survivor, or the successor once it has a slot)
            play(base, game)
        squatter.close()
    assert handed == []  # not one client's connection came to the stranger


def test_a_stranger_cannot_hand_a_worker_a_connection(redis_url, tmp_path):
    with gunicorn(redis_url, tmp_path, workers=2, app="tests.support.pid_probe:app") as base:
        worker = next(iter(affine(base).values())).pop()
        master = psutil.Process(worker).ppid()
        ours, theirs = socket.socketpair()
        with socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET) as stranger:
            stranger.connect(slot_names(master)[0])
            try:  # a connection of our making, and a client address of our choosing
                socket.send_fds(stranger, [json.dumps([0, "10.9.8.7", 1234]).encode()], [theirs.fileno()])
            except OSError:
                pass  # refused outright: as good
            theirs.close()
            ours.settimeout(3)
            try:
                ours.sendall(f"GET /v1/games/{GAMES[0]} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                answer = ours.recv(4096)
            except OSError:  # closed (a broken pipe), or never answered
                answer = b""
    assert answer == b""  # closed unserved


def held_slots(base: str, deadline_s: float = 20) -> None:
    """Waits until every worker holds its slot (one still starting serves what lands on it, handed nothing)."""
    master = psutil.Process(next(iter(set().union(*affine(base).values())))).ppid()
    deadline = time.monotonic() + deadline_s
    while any(free(name) for name in slot_names(master)):
        assert time.monotonic() < deadline
        time.sleep(0.2)


def free(name: str) -> bool:
    with socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET) as probe:
        try:
            probe.connect(name)
        except OSError:
            return True
    return False


def collect(listener: socket.socket, handed: list[int]) -> None:
    while True:
        try:
            conn, _ = listener.accept()
        except OSError:
            return
        with conn:
            conn.settimeout(1)
            try:
                while True:
                    message, fds, _flags, _addr = socket.recv_fds(conn, 1024, 1)
                    for fd in fds:
                        handed.append(fd)
                        os.close(fd)
                    if not message:
                        break
            except OSError:
                pass
