"""The SDK against the real server (gunicorn, Redis, and an RQ worker where a test needs the dealer): a whole
Jaipur match, the one error type, versions and idempotency, time travel, undo, export and its check, the
awaiting_chance retry, and the live stream surviving a dropped connection."""

import json
import threading
import time

import pytest

from bazaar_client.bots import make_bot
from bazaar_client.bots.runner import play_match
from bazaar_client.sdk import BazaarError, Client, IssuedToken, RetryPolicy
from bazaar_client.sdk.verify import verify_export
from tests.sdk.proxy import CuttableProxy
from tests.support.processes import WorkerProcess

ADD_TWO = {"type": "add", "amount": 2}


def seat_to_act(client: Client, game_id: str, created) -> tuple[Client, Client]:
    """(the seat to act, the other seat) of a two-seat game."""
    seat = client.view(game_id).to_act[0]
    return client.as_seat(created.token(seat)), client.as_seat(created.token(1 - seat))


def test_a_whole_jaipur_match_between_two_bots_round_trips_over_http(bazaar):
    result = play_match(bazaar, "jaipur", [make_bot("greedy", 1), make_bot("random", 1)])
    view = bazaar.view(result.game_id)
    assert view.finished and view.result["winners"] == list(result.winners) and len(result.winners) == 1
    assert result.moves > 20
    assert result.game_id in {g.id for g in bazaar.games()}
    # the complete log: its chain holds, ends at the announced head, and a changed byte breaks it
    exported = bazaar.export(result.game_id)
    assert exported.version == view.version and len(exported.envelopes()) == view.version
    assert bazaar.verify(result.game_id).ok
    envelopes = exported.envelopes()
    envelopes[4]["at"] = "2000-01-01T00:00:00.000Z"
    tampered = "\n".join(json.dumps(e) for e in envelopes)
    assert verify_export(tampered).first_bad_version == 5
    # time travel: any earlier version, as everyone may see it once the game is over
    earlier = bazaar.state(result.game_id, version=12)
    assert earlier.version == 12 and earlier.status == "active"
    page = bazaar.events(result.game_id, after=view.version - 3)
    assert [e.version for e in page.events] == [view.version - 2, view.version - 1, view.version]


def test_problem_json_becomes_one_error_carrying_its_code(bazaar):
    created = bazaar.create("jaipur")
    me, other = seat_to_act(bazaar, created.id, created)
    with pytest.raises(BazaarError) as refused:
        other.play(created.id, {"type": "take_camels"})
    assert (refused.value.code, refused.value.status) == ("not_your_turn", 403) and refused.value.is_rule_violation
    with pytest.raises(BazaarError) as against_rules:
        me.play(created.id, {"type": "sell", "good": "diamond", "count": 1})
    assert against_rules.value.code == "jaipur.too_few_precious" and against_rules.value.status == 422
    with pytest.raises(BazaarError) as missing:
        bazaar.view("0000000000000000")
    assert (missing.value.code, missing.value.status) == ("game_not_found", 404)
    with pytest.raises(BazaarError) as bad_token:
        bazaar.as_seat("not-a-token").legal_moves(created.id)
    assert bad_token.value.code == "bad_token" and not bad_token.value.is_server_fault
    with pytest.raises(BazaarError) as unreachable:
        Client("http://127.0.0.1:1", retry=RetryPolicy(connection_attempts=1)).games()
    assert unreachable.value.code == "unreachable" and unreachable.value.is_server_fault


def test_commands_carry_the_version_seen_and_an_idempotency_key(bazaar):
    created = bazaar.create("tiny", options={"goal": 50})
    me, _ = seat_to_act(bazaar, created.id, created)
    seen = me.legal_moves(created.id).version
    first = me.play(created.id, ADD_TWO, idempotency_key="k1")
    assert first.version > seen
    # a retry with the same key returns the first result and appends nothing
    again = me.play(created.id, ADD_TWO, expected_version=seen, idempotency_key="k1")
    assert again.version == first.version and bazaar.view(created.id).version == first.version
    # a move decided on a stale position is refused, with the version the game is at
    with pytest.raises(BazaarError) as stale:
        me.play(created.id, ADD_TWO, expected_version=seen)
    assert stale.value.code == "version_conflict" and stale.value.problem["current_version"] == first.version


def test_undo_takes_back_the_seats_own_moves_within_its_turn(bazaar):
    created = bazaar.create("tiny", options={"goal": 50, "undo": "turn"})
    me, _ = seat_to_act(bazaar, created.id, created)
    before = me.view(created.id)
    me.play(created.id, ADD_TWO)
    me.play(created.id, ADD_TWO)
    assert me.view(created.id).state["total"] == 4
    taken_back = me.undo(created.id, before.version)
    assert [e.type for e in taken_back.events] == ["moves_taken_back"]
    assert me.view(created.id).state["total"] == 0


def test_a_command_waits_out_a_pending_dealer_roll_then_lands(bazaar, redis_url, tmp_path):
    """No worker runs at first, so the dealer's roll stays pending and the server answers 409 awaiting_chance;
    the SDK keeps retrying, and the command lands once a worker is started and the roll is in."""
    created = bazaar.create("tiny", options={"goal": 50})
    me, _ = seat_to_act(bazaar, created.id, created)
    me.play(created.id, {"type": "call_dealer"})
    assert me.view(created.id).awaiting_chance["by_dealer"]
    worker = WorkerProcess(redis_url, tmp_path)
    starter = threading.Timer(0.5, worker.start)
    starter.start()
    try:
        result = me.play(created.id, ADD_TWO)
    finally:
        starter.join()
        worker.stop()
    assert me.transport.retries > 0
    assert [e.type for e in result.events] == ["added"]


def test_the_live_stream_resumes_after_a_dropped_connection_without_losing_or_repeating(bazaar, server):
    created = bazaar.create("tiny")
    start = bazaar.view(created.id).version
    host, port = server.removeprefix("http://").split(":")
    proxy = CuttableProxy(host, int(port))
    stream = Client(proxy.url).stream(created.id, after=start)
    received: list[int] = []
    done = threading.Event()

    def listen():
        for envelope in stream:
            received.append(envelope.version)
        done.set()

    threading.Thread(target=listen, daemon=True).start()
    try:
        cut = False
        while bazaar.view(created.id).status == "active":
            me, _ = seat_to_act(bazaar, created.id, created)
            me.play(created.id, ADD_TWO, expected_version=None)
            if not cut and received:
                proxy.cut()  # mid-game, with the stream open and events already through it
                cut = True
            time.sleep(0.05)
        assert done.wait(30), "the stream did not end with the game"
    finally:
        stream.close()
        proxy.close()
    last = bazaar.view(created.id).version
    assert proxy.cuts == 1 and stream.reconnects >= 1
    assert received == list(range(start + 1, last + 1))


def test_a_printed_game_or_token_shows_no_secret(bazaar):
    created = bazaar.create("jaipur")
    for shown in (repr(created), str(created), repr(created.seats), f"{created}"):
        assert created.id in shown or "SeatToken" in shown
        assert not any(seat.token in shown for seat in created.seats), shown
    assert created.token(1) == created.seats[1].token  # still there, by name
    issued = IssuedToken.from_json({"id": "0123456789abcdef", "kind": "player", "name": "ann",
                                    "token": "0123456789abcdef.secret-part", "token_id": "0123456789abcdef"})
    assert "secret-part" not in repr(issued) and issued.token.endswith("secret-part")
