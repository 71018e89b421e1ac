"""Waiting for one's turn: `Client.wait_for_turn` follows the live event stream (no polling) through the other
seats' turns and the dealer's pending rolls, when `to_act` is empty and a loop that reads `to_act[0]` crashes; the
loop client/README.md shows runs here exactly as written there, to the end of an Istanbul game against a bot."""

import contextlib
import io
import re
import threading
import time
from pathlib import Path

import pytest

from bazaar_client.sdk import Client
from tests.support.databases import own_db, url_of
from tests.support.processes import WorkerProcess

README = Path(__file__).resolve().parents[2] / "client" / "README.md"
ADD_ONE, END_TURN = {"type": "add", "amount": 1}, {"type": "end_turn"}


def seats(bazaar: Client, created) -> tuple[Client, Client]:
    """(the seat to act, the other seat) of a two-seat tiny game."""
    first = bazaar.view(created.id).to_act[0]
    return bazaar.as_seat(created.token(first)), bazaar.as_seat(created.token(1 - first))


def counting(client: Client) -> list[str]:
    """The requests `client` sends from now on (its session's response hook)."""
    sent: list[str] = []
    client.transport.session.hooks["response"].append(lambda response, **_: sent.append(response.request.url))
    return sent


def test_a_seat_waits_through_the_other_seats_turn_on_the_stream_not_by_polling(server):
    bazaar = Client(server)
    created = bazaar.create("tiny", options={"goal": 50})
    mover, waiter = seats(bazaar, created)
    waiter = Client(server).as_seat(waiter.token)  # a connection pool of its own, so its requests are its own
    assert not waiter.view(created.id).my_turn
    sent = counting(waiter)
    answer: dict = {}
    told: list = []  # the views it read while it still waited, as `on_view` is told them
    thread = threading.Thread(target=lambda: answer.update(
        view=waiter.wait_for_turn(created.id, timeout=60, on_view=told.append)))
    thread.start()
    time.sleep(1.0)  # a poller would have asked dozens of times by now
    assert thread.is_alive()
    mover.play(created.id, ADD_ONE)
    time.sleep(0.3)
    assert thread.is_alive()  # an event of the other seat's turn is no turn of ours
    ended = mover.play(created.id, END_TURN)
    thread.join(30)
    view = answer["view"]
    assert view.my_turn and view.version == ended.version and view.state["total"] == 1
    # the view it began with, and the one after the add: the other seat's turn both times; not the one it returned
    assert [(v.version, v.to_act, v.my_turn) for v in told] == [(ended.version - 2, (mover.view(created.id).seat,),
                                                                 False), (ended.version - 1, told[0].to_act, False)]
    # one view, one stream, one view per batch of events read (two moves), and nothing while nothing happened
    assert len(sent) <= 4, sent
    assert sum("/events" in url for url in sent) == 1


@pytest.mark.slow(seconds=10)
def test_a_pending_roll_empties_to_act_and_the_wait_ends_when_the_dealer_has_rolled(own_server, redis_url, tmp_path):
    """No worker runs at first (a server and Redis database of the test's own: no other test's worker rolls
    here), so the dealer's roll stays pending: `to_act` is empty, the wait times out on time; then a worker
    rolls, and the same seat's decision is awaited again. Its server sends no keep-alive within the test (a
    stream's first one comes anywhere in the interval), so only the deadline can end the wait on time, not the
    next bytes on the wire."""
    with own_server(own_db("dealer_wait"), SSE_KEEPALIVE_S=3600) as base:
        bazaar = Client(base)
        created = bazaar.create("tiny", options={"goal": 50})
        me, _ = seats(bazaar, created)
        me.play(created.id, {"type": "call_dealer"})
        pending = me.view(created.id)
        assert pending.to_act == () and pending.awaiting_chance["by_dealer"]
        started = time.monotonic()
        told: list = []
        with pytest.raises(TimeoutError):
            me.wait_for_turn(created.id, timeout=1, on_view=told.append)
        assert [v.to_act for v in told] == [()]  # the dealer draws: nobody is to act
        assert 1 <= time.monotonic() - started < 8
        worker = WorkerProcess(url_of(redis_url, "dealer_wait"), tmp_path).start()
        try:
            view = me.wait_for_turn(created.id, timeout=60)
        finally:
            worker.stop()
    assert view.my_turn and view.version > pending.version and view.state["total"] > 0


def test_a_spectator_has_no_turn_to_wait_for(server):
    bazaar = Client(server)
    created = bazaar.create("tiny")
    with pytest.raises(ValueError):
        bazaar.wait_for_turn(created.id, timeout=1)


def readme_loop() -> str:
    """The Python block under client/README.md's heading "The loop"."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("### The loop"):]
    return re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)


def test_the_loop_of_the_readme_plays_a_whole_istanbul_game_as_written(server, running_worker):
    """The worker plays the bot's seat and rolls for the neutral figures: the loop meets both."""
    code = readme_loop()
    assert "http://127.0.0.1:8000" in code
    printed = io.StringIO()
    namespace: dict = {}
    with contextlib.redirect_stdout(printed):
        exec(compile(code.replace("http://127.0.0.1:8000", server), str(README), "exec"), namespace)
    game, view = namespace["game"], namespace["view"]
    assert view.finished and view.game == "istanbul"
    assert str(view.result) in printed.getvalue()
    # the dealer rolled while the game ran (the neutral figures): stretches where `to_act` was empty
    rolls = [e for e in Client(server).export(game.id).envelopes() if e["type"] == "chance_drawn" and e["seat"] is None]
    assert len(rolls) > 2
