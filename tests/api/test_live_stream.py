"""Live event streams at the production settings (the server fixture overrides nothing): a quiet stream stays
open with keep-alive comments, then delivers the next event on the same connection; a finished game's stream
sends what is left and ends."""

import threading
import time

import pytest
import requests

from service.operations.config import DEFAULTS

KEEPALIVE_S = DEFAULTS["SSE_KEEPALIVE_S"]
QUIET_S = 3 * KEEPALIVE_S + 2  # three intervals: past the streams' Redis socket timeout (KEEPALIVE_S + 10)


def open_stream(api, gid, last_id=None, timeout=None):
    headers = {"Accept": "text/event-stream"}
    if last_id is not None:
        headers["Last-Event-ID"] = str(last_id)
    return requests.get(f"{api.base}/v1/games/{gid}/events", headers=headers, stream=True, timeout=timeout)


@pytest.mark.slow(seconds=47)  # asleep: a quiet minute
def test_a_quiet_stream_stays_open_with_keepalives_then_delivers_the_next_event(api):
    assert KEEPALIVE_S <= 15
    gid, tokens = api.create("jaipur", 2)
    version = api.view(gid)["version"]
    lines: list[tuple[float, str]] = []
    done = threading.Event()

    def listen():
        # read timeout: a keep-alive must arrive well within 2 intervals, or the read fails the test
        with open_stream(api, gid, last_id=version, timeout=(5, 2 * KEEPALIVE_S + 5)) as r:
            assert r.status_code == 200
            for line in r.iter_lines(decode_unicode=True):
                lines.append((time.monotonic(), line))
                if line.startswith("id: "):
                    done.set()
                    return

    listener = threading.Thread(target=listen, daemon=True)
    start = time.monotonic()
    listener.start()
    time.sleep(QUIET_S)
    assert listener.is_alive(), f"the stream closed during the quiet: {lines}"
    seat = api.view(gid)["to_act"][0]
    assert api.command(gid, tokens[seat], api.moves(gid, tokens[seat])[0]).status_code == 201
    assert done.wait(20), "the next event never arrived on the open stream"
    keepalives = [at for at, line in lines if line == ": keep-alive"]
    assert len(keepalives) >= QUIET_S // KEEPALIVE_S - 1
    gaps = [b - a for a, b in zip([start, *keepalives], keepalives)]
    assert max(gaps) <= KEEPALIVE_S + 3, gaps
    assert [line for _, line in lines if line.startswith("id: ")] == [f"id: {version + 1}"]


def test_a_finished_games_stream_sends_what_is_left_and_ends(api):
    gid, tokens = api.create("tiny", 2)
    while api.view(gid)["status"] == "active":
        seat = api.view(gid)["to_act"][0]
        moves = api.moves(gid, tokens[seat])
        assert api.command(gid, tokens[seat], moves[1]).status_code == 201  # add 2
    last = api.view(gid)["version"]
    with open_stream(api, gid, last_id=last - 3, timeout=(5, 30)) as r:
        ids = [int(line[4:]) for line in r.iter_lines(decode_unicode=True) if line.startswith("id: ")]
    assert ids == [last - 2, last - 1, last]  # then the server closed the stream cleanly
    with open_stream(api, gid, last_id=last, timeout=(5, 30)) as r:
        assert [line for line in r.iter_lines(decode_unicode=True) if line.startswith("id: ")] == []
