"""The command path on a real Redis, through the Flask app, with a minimal game."""

import pytest

from domain import registry

registry.register("tiny", "tests.support.tiny_game")


def create(client, seed="s1"):
    r = client.post("/v1/games", json={"game": "tiny", "seats": 2, "seed": seed})
    assert r.status_code == 201, r.json
    return r.json


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def test_create_then_play_to_the_end(client):
    game = create(client)
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    view = client.get(f"/v1/games/{gid}").json
    assert view["status"] == "active" and len(view["to_act"]) == 1
    while view["status"] == "active":
        seat = view["to_act"][0]
        moves = client.get(f"/v1/games/{gid}/legal-moves", headers=auth(tokens[seat])).json["moves"]
        r = client.post(f"/v1/games/{gid}/commands", json=moves[1], headers=auth(tokens[seat]))
        assert r.status_code == 201, r.json
        view = client.get(f"/v1/games/{gid}").json
    assert view["result"]["winners"]
    types = [e["type"] for e in client.get(f"/v1/games/{gid}/events").json["events"]]
    assert types[0] == "game_created" and types[-1] == "seed_revealed"


def test_secret_shuffle_is_hidden_while_running(client):
    gid = create(client)["id"]
    events = client.get(f"/v1/games/{gid}/events").json["events"]
    shuffle = [e for e in events if e["type"] == "chance_drawn" and e["payload"]["kind"] == "shuffle"][0]
    assert shuffle["payload"]["outcome"] is None
    assert [e for e in events if e["type"] == "deck_shuffled"][0]["payload"] is None


def test_rule_violation_is_problem_json_and_appends_nothing(client):
    game = create(client)
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    view = client.get(f"/v1/games/{gid}").json
    seat = view["to_act"][0]
    r = client.post(f"/v1/games/{gid}/commands", json={"type": "add", "amount": 3}, headers=auth(tokens[seat]))
    assert r.status_code == 422 and r.mimetype == "application/problem+json" and r.json["code"] == "tiny.bad_amount"
    other = client.post(f"/v1/games/{gid}/commands", json={"type": "end_turn"}, headers=auth(tokens[1 - seat]))
    assert other.status_code == 403 and other.json["code"] == "not_your_turn"
    assert client.get(f"/v1/games/{gid}").json["version"] == view["version"]


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_same_seed_same_game(client, seed):
    a, b = create(client, seed)["id"], create(client, seed)["id"]
    strip = lambda evs: [(e["type"], e["payload"]) for e in evs[1:]]
    ea = client.get(f"/v1/games/{a}/events").json["events"]
    eb = client.get(f"/v1/games/{b}/events").json["events"]
    assert strip(ea) == strip(eb)
