"""The live stream when the server refuses it: a refusal says its problem's code (its body is read before the
connection goes), and a refusal the server asks the client to wait out (`429` with `Retry-After`: this client's
requests or streams over the server's limits) is waited out and the stream goes on, as every other request of the
SDK does. Three `bazaar bot` seats on one host met the limit per address, and the bot of the seat whose stream was
refused stopped with "unexpected_response (429)"."""

import threading
import time

import pytest

from bazaar_client.sdk import BazaarError, Client
from tests.support.databases import own_db

ADD_ONE = {"type": "add", "amount": 1}


def test_a_stream_of_a_game_that_is_not_there_says_the_problems_code(bazaar):
    with pytest.raises(BazaarError) as missing:
        next(iter(bazaar.stream("0000000000000000")))
    assert (missing.value.code, missing.value.status) == ("game_not_found", 404)


@pytest.mark.slow(seconds=8)
def test_a_stream_refused_over_the_clients_limit_waits_as_asked_then_follows_the_game(own_server):
    with own_server(own_db("stream_refused"), SSE_PER_CLIENT=1) as base:
        bazaar = Client(base)
        created = bazaar.create("tiny", options={"goal": 50})
        mover = bazaar.as_seat(created.token(bazaar.view(created.id).to_act[0]))
        start = bazaar.view(created.id).version
        first, second = bazaar.stream(created.id, after=start), Client(base).stream(created.id, after=start)
        seen: dict[str, list] = {"first": [], "second": []}
        failed: list[BaseException] = []

        def follow(name, stream):
            try:
                for envelope in stream:
                    seen[name].append(envelope.version)
            except BaseException as error:  # noqa: BLE001 - the test reports it
                failed.append(error)

        threading.Thread(target=follow, args=("first", first), daemon=True).start()
        played = mover.play(created.id, ADD_ONE)
        deadline = time.monotonic() + 10
        while not seen["first"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert seen["first"] == [played.version]  # the one stream this client may hold is open
        threading.Thread(target=follow, args=("second", second), daemon=True).start()
        try:
            time.sleep(1.0)
            assert not failed and second.reconnects >= 1 and not seen["second"]  # refused, and waiting as asked
            first.close()  # the first stream leaves: the second is let in when it tries again
            deadline = time.monotonic() + 15
            while not seen["second"] and not failed and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            first.close()
            second.close()
    assert not failed, failed
    assert seen["second"] == [played.version]
