"""Jaipur through the real HTTP server (gunicorn) and a real Redis, with `requests` only."""

import json
import random
import threading

import pytest
import requests

from tests.api.client import MostlyGreedy, play_to_the_end, uniform


def test_a_full_match_through_the_api_only(api):
    gid, tokens = api.create("jaipur", 2, seed="api-match")
    final = play_to_the_end(api, gid, tokens, random.Random(7), choose=MostlyGreedy(choose=uniform))
    assert final["result"]["winners"] in ([0], [1])
    events = api.call("GET", f"/v1/games/{gid}/events").json()["events"]
    assert [e["version"] for e in events] == list(range(1, final["version"] + 1))
    assert events[-1]["type"] == "seed_revealed"
    assert not any(e.get("redacted") for e in events)  # all public once the match is over


def test_open_game_same_seed_same_commands_same_game(api):
    runs = []
    for _ in range(2):
        gid, tokens = api.create("jaipur", 2, seed="twin", open_game=True)
        play_to_the_end(api, gid, tokens, random.Random(3), choose=MostlyGreedy(choose=uniform))
        events = api.call("GET", f"/v1/games/{gid}/events").json()["events"]
        runs.append([(e["type"], e["payload"], e["seat"]) for e in events[1:]])
    assert runs[0] == runs[1]


def test_a_seat_never_sees_the_other_hand_or_the_deck(api):
    gid, tokens = api.create("jaipur", 2, seed="secrets")
    views = {s: api.view(gid, tokens[s])["state"] for s in (0, 1)}
    spectator = api.view(gid)["state"]
    for s in (0, 1):
        me, other = views[s]["players"][s], views[s]["players"][1 - s]
        assert me["hand"] is not None and len(me["hand"]) == me["hand_size"]
        assert other["hand"] is None and other["herd"] >= 0 and other["hand_size"] >= 0  # sizes shown by default
        assert all(p["hand"] is None for p in spectator["players"])
        events = api.call("GET", f"/v1/games/{gid}/events", tokens[s]).json()["events"]
        for env in events:
            if env["type"] == "chance_drawn" and env["payload"]["kind"] == "shuffle":
                assert env["payload"]["outcome"] is None  # the deck order
            if env["type"] == "round_dealt":
                assert env.get("redacted") and env["payload"]["deck"] is None
                assert env["payload"]["hands"][1 - s] is None and env["payload"]["hands"][s] == me["hand"]
        assert "deck" not in views[s] and "deck_order" not in json.dumps(views[s])


def test_hidden_sizes_stay_hidden_in_views_and_the_deal(api):
    gid, tokens = api.create("jaipur", 2, options={"opponent_sees_hand_size": False, "opponent_sees_herd_size": False})
    for s in (0, 1):
        other = api.view(gid, tokens[s])["state"]["players"][1 - s]
        assert other["herd"] is None and other["hand_size"] is None and other["hand_and_herd_size"] >= 5
        dealt = [e for e in api.call("GET", f"/v1/games/{gid}/events", tokens[s]).json()["events"]
                 if e["type"] == "round_dealt"][0]["payload"]
        assert dealt["hand_sizes"][1 - s] is None and dealt["herds"][1 - s] is None
    spectator = api.view(gid)["state"]["players"]
    assert all(p["herd"] is None and p["hand_size"] is None for p in spectator)


def test_sixteen_racing_commands_exactly_one_lands(api):
    gid, tokens = api.create("jaipur", 2, seed="race")
    view = api.view(gid)
    seat = view["to_act"][0]
    move = api.moves(gid, tokens[seat])[0]
    barrier = threading.Barrier(16)
    statuses = []

    def race():
        session = requests.Session()
        barrier.wait()
        r = session.post(f"{api.base}/v1/games/{gid}/commands", json={**move, "expected_version": view["version"]},
                         headers={"Authorization": f"Bearer {tokens[seat]}"}, timeout=30)
        statuses.append((r.status_code, r.json()))

    threads = [threading.Thread(target=race) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    codes = sorted(s for s, _ in statuses)
    assert codes == [201] + [409] * 15, statuses
    assert all(body["code"] == "version_conflict" for s, body in statuses if s == 409)
    events = api.call("GET", f"/v1/games/{gid}/events").json()["events"]
    assert [e["version"] for e in events] == list(range(1, len(events) + 1))
    winner = next(body for s, body in statuses if s == 201)
    assert api.view(gid)["version"] == winner["version"]


def test_idempotency_key_retry_appends_nothing(api):
    gid, tokens = api.create("jaipur", 2, seed="idem")
    seat = api.view(gid)["to_act"][0]
    moves = api.moves(gid, tokens[seat])
    # the deal of a game that is not open is not the seed's alone: any move may be listed first, take_camels too
    move, other = moves[0], moves[1]
    first = api.command(gid, tokens[seat], move, headers={"Idempotency-Key": "k-1"})
    again = api.command(gid, tokens[seat], move, headers={"Idempotency-Key": "k-1"})
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert api.view(gid)["version"] == first.json()["version"]
    reused = api.command(gid, tokens[seat], other, headers={"Idempotency-Key": "k-1"})
    assert reused.status_code == 422 and reused.json()["code"] == "idempotency_key_reused"


BAD = [
    ("bad json", dict(data="{not json", headers={"Content-Type": "application/json"}), 400, "malformed_json"),
    ("not an object", dict(json=[1, 2]), 400, "malformed_command"),
    ("no type", dict(json={"good": "gold"}), 400, "malformed_command"),
    ("unknown command", dict(json={"type": "steal"}), 400, "unknown_command"),
    ("wrong type", dict(json={"type": "sell", "good": "gold", "count": "2"}), 400, "malformed_command"),
    ("bool for int", dict(json={"type": "sell", "good": "gold", "count": True}), 400, "malformed_command"),
    ("unknown field", dict(json={"type": "take_camels", "all": True}), 400, "malformed_command"),
    ("seat in body", dict(json={"type": "take_camels", "seat": 1}), 400, "malformed_command"),
    ("bad expected_version", dict(json={"type": "take_camels", "expected_version": "3"}), 400, "malformed_request"),
    ("stale version", dict(json={"type": "take_camels", "expected_version": 1}), 409, "version_conflict"),
]


@pytest.mark.parametrize("name,kwargs,status,code", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_problem_json_and_changes_nothing(api, name, kwargs, status, code):
    gid, tokens = api.create("jaipur", 2, seed=f"bad-{name}")
    before = api.view(gid)
    seat = before["to_act"][0]
    r = api.call("POST", f"/v1/games/{gid}/commands", tokens[seat], valid_request=status == 409, **kwargs)
    assert r.status_code == status and r.headers["Content-Type"].startswith("application/problem+json")
    assert r.json()["code"] == code
    assert api.view(gid)["version"] == before["version"]


def test_wrong_seat_no_token_bad_token_and_rules(api):
    gid, tokens = api.create("jaipur", 2, seed="auth")
    before = api.view(gid)
    seat = before["to_act"][0]
    move = api.moves(gid, tokens[seat])[0]
    checks = [
        (api.command(gid, tokens[1 - seat], move), 403, "not_your_turn"),
        (api.call("POST", f"/v1/games/{gid}/commands", json=move), 401, "unauthorized"),
        (api.command(gid, "not-a-token", move), 401, "bad_token"),
        (api.call("POST", f"/v1/games/{gid}/commands", json=move, headers={"Authorization": "Basic x"}), 401,
         "bad_authorization"),
        (api.command("0000000000000000", tokens[seat], move), 404, "game_not_found"),
        (api.command(gid, tokens[seat], {"type": "sell", "good": "diamond", "count": 1}), 422, None),
    ]
    for response, status, code in checks:
        assert response.status_code == status, response.text
        if code:
            assert response.json()["code"] == code
    assert checks[-1][0].json()["code"].startswith("jaipur.")
    assert api.view(gid)["version"] == before["version"]
    other = api.create("jaipur", 2)
    assert api.command(gid, other[1][0], move).status_code == 401  # a seat of another game


def test_creation_errors(api):
    # every body breaks the published schema too (CreateGameByGame): the server says why in its own words
    assert api.call("POST", "/v1/games", json={"game": "jaipur", "seats": 3},
                    valid_request=False).json()["code"] == "invalid_seats"
    assert api.call("POST", "/v1/games", json={"game": "chess", "seats": 2},
                    valid_request=False).json()["code"] == "unknown_game"
    r = api.call("POST", "/v1/games", json={"game": "jaipur", "seats": 2, "options": {"colour": "red"}},
                 valid_request=False)
    assert r.status_code == 422 and r.json()["code"] == "invalid_options"


def test_live_event_stream_resumes_from_last_event_id(api):
    gid, tokens = api.create("jaipur", 2, seed="sse")
    version = api.view(gid)["version"]
    seen = []

    def listen():
        with requests.get(f"{api.base}/v1/games/{gid}/events", headers={"Accept": "text/event-stream",
                          "Last-Event-ID": str(version - 2)}, stream=True, timeout=30) as r:
            assert r.headers["Content-Type"].startswith("text/event-stream")
            for line in r.iter_lines(decode_unicode=True):
                if line.startswith("id: "):
                    seen.append(int(line[4:]))
                if len(seen) >= 3:
                    return

    listener = threading.Thread(target=listen)
    listener.start()
    seat = api.view(gid)["to_act"][0]
    assert api.command(gid, tokens[seat], api.moves(gid, tokens[seat])[0]).status_code == 201
    listener.join(timeout=30)
    assert seen[:3] == [version - 1, version, version + 1]


@pytest.mark.parametrize("with_version", [False, True], ids=["plain", "expected_version"])
def test_thirty_two_racing_retries_with_one_key_all_get_the_first_result(api, with_version):
    """A client's retries of one move, racing each other (a load balancer replaying a request): one appends,
    every copy answers 201 with the same version and events, none sees a version conflict."""
    for round_ in range(5):
        gid, tokens = api.create("jaipur", 2, seed=f"idem-race-{round_}")
        view = api.view(gid)
        seat = view["to_act"][0]
        move = api.moves(gid, tokens[seat])[0]
        body = {**move, "expected_version": view["version"]} if with_version else move
        barrier = threading.Barrier(32)
        answers = []

        def retry(body=body, gid=gid, token=tokens[seat], barrier=barrier, answers=answers):
            session = requests.Session()
            barrier.wait()
            r = session.post(f"{api.base}/v1/games/{gid}/commands", json=body, timeout=60,
                             headers={"Authorization": f"Bearer {token}", "Idempotency-Key": "one-move"})
            answers.append((r.status_code, r.json()))

        threads = [threading.Thread(target=retry) for _ in range(32)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert {status for status, _ in answers} == {201}, [a for a in answers if a[0] != 201][:3]
        assert len({json.dumps(body, sort_keys=True) for _, body in answers}) == 1
        assert api.view(gid)["version"] == answers[0][1]["version"]


def test_the_game_list_pages_through_every_game(api):
    created = {api.create("jaipur", 2)[0] for _ in range(5)}
    seen, url = [], "/v1/games?limit=2"
    while url:
        r = api.call("GET", url)
        assert r.status_code == 200 and len(r.json()["games"]) <= 2
        seen += [g["id"] for g in r.json()["games"]]
        url = r.json().get("next_url")
    assert created <= set(seen) and seen == sorted(seen) and len(seen) == len(set(seen))
    assert api.call("GET", "/v1/games?limit=0").status_code == 400
