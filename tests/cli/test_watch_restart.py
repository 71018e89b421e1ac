"""`bazaar watch` outlives a server restart: the test's own server process is killed (-9) under two watchers (the log
in words and, with --json, the envelopes), started again on its port, and the game played on to its end; each
watcher resumes with `Last-Event-ID`, shows every event once and in order, and ends with the game."""

import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bazaar_client.sdk import Client
from tests.sdk.proxy import CuttableProxy
from tests.support.processes import GunicornProcess

BAZAAR = Path(sys.executable).parent / "bazaar"
LOGGED = re.compile(r"^\s*(\d+)  \S")  # a log line: its version, two spaces, its words


class Watcher:
    """`bazaar watch` in a child process; `stop()` ends it whatever the test's outcome."""

    running: list = []

    def __init__(self, base: str, game_id: str, *flags: str):
        env = {**os.environ, "BAZAAR_URL": base, "BAZAAR_TOKEN": "", "COLUMNS": "200"}
        self.process = subprocess.Popen([str(BAZAAR), "watch", game_id, *flags], env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        Watcher.running.append(self.process)
        threading.Thread(target=lambda: self.lines.extend(self.process.stdout), daemon=True).start()

    def saw(self, predicate, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while not any(predicate(line) for line in list(self.lines)):
            if time.monotonic() > deadline:
                self.process.kill()
                raise AssertionError((self.lines, self.process.stderr.read()))
            time.sleep(0.05)


@pytest.fixture(autouse=True)
def no_watcher_outlives_its_test():
    yield
    while Watcher.running:
        Watcher.running.pop().kill()


def play(bazaar: Client, created, moves: int) -> int:
    """`moves` moves of the tiny game (add 2, then end the turn), or to its end; the version after them."""
    version = bazaar.view(created.id).version
    for n in range(moves):
        view = bazaar.view(created.id)
        if view.finished:
            break
        seat = bazaar.as_seat(created.token(view.to_act[0]))
        move = {"type": "add", "amount": 2} if n % 2 == 0 else {"type": "end_turn"}
        version = seat.play(created.id, move, expected_version=None).version
    return version


@pytest.mark.slow(seconds=20)
def test_watch_resumes_after_the_server_is_killed_and_started_again(redis_url, tmp_path):
    web = GunicornProcess(redis_url, tmp_path).start()
    try:
        bazaar = Client(web.base)
        created = bazaar.create("tiny", options={"goal": 16})
        start = bazaar.view(created.id).version
        after = ("--after", str(start))  # from here, however long the watchers take to start
        envelopes, words = Watcher(web.base, created.id, "--json", *after), Watcher(web.base, created.id, *after)
        before = play(bazaar, created, 2)
        envelopes.saw(lambda line: json.loads(line)["version"] == before)
        words.saw(LOGGED.match)  # both are following the game when the server goes
        web.kill()
        time.sleep(1.5)  # the watchers meet a server that is gone, and try again
        web.start()
        last = play(bazaar, created, 100)
        assert bazaar.view(created.id).finished
        for watcher in (envelopes, words):
            assert watcher.process.wait(60) == 0, watcher.process.stderr.read()
    finally:
        web.stop()
    versions = [json.loads(line)["version"] for line in envelopes.lines]
    assert versions == list(range(start + 1, last + 1))  # every event once, in order, across the restart
    logged = [int(m.group(1)) for line in words.lines if (m := LOGGED.match(line))]
    assert logged == sorted(set(logged)) and logged[-1] == last and any(v <= before for v in logged)
    assert f"game over at version {last}: " in words.lines[-1]


def test_watch_waits_out_a_server_that_refuses_requests_while_its_stream_runs(server):
    """Behind a balancer, a server being replaced keeps its open streams while it turns away new requests: an
    event arrives, the board and the log cannot be read just then; the watcher keeps following, and catches up
    with the next event once requests are served again."""
    host, port = server.removeprefix("http://").split(":")
    proxy = CuttableProxy(host, int(port))
    try:
        bazaar = Client(server)
        created = bazaar.create("tiny", options={"goal": 16})
        start = bazaar.view(created.id).version
        words = Watcher(proxy.url, created.id, "--after", str(start))
        first = play(bazaar, created, 1)
        words.saw(lambda line: (m := LOGGED.match(line)) is not None and int(m.group(1)) == first)
        proxy.refusing_requests = True
        proxy.cut_requests()
        unread = play(bazaar, created, 1)  # comes on the stream; its line and board cannot be read now
        time.sleep(1.5)
        assert words.process.poll() is None, words.process.stderr.read()
        proxy.refusing_requests = False
        last = play(bazaar, created, 100)
        assert words.process.wait(60) == 0, words.process.stderr.read()
    finally:
        proxy.close()
    logged = [int(m.group(1)) for line in words.lines if (m := LOGGED.match(line))]
    assert logged == sorted(set(logged)) and unread in logged and logged[-1] == last
