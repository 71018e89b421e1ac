"""The command path on a real Redis, through the Flask app, with a minimal game."""

import pytest

from domain import registry

pytestmark = pytest.mark.cluster  # also run against a Redis Cluster (Makefile)

registry.register("tiny", "tests.support.tiny_game")


def create(client, seed="s1", open_game=False):
    r = client.post("/v1/games", json={"game": "tiny", "seats": 2, "seed": seed, "open": open_game})
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


def after_creation(client, game_id):
    events = client.get(f"/v1/games/{game_id}/events").json["events"]
    return [(e["type"], e["payload"]) for e in events[1:]]


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_an_open_game_is_reproducible_from_its_seed_and_says_so(client, seed):
    a, b = create(client, seed, open_game=True)["id"], create(client, seed, open_game=True)["id"]
    assert after_creation(client, a) == after_creation(client, b)
    created = client.get(f"/v1/games/{a}/events").json["events"][0]["payload"]
    assert created["seed"] == seed
    assert client.get(f"/v1/games/{a}").json["open"] is True


def test_a_clients_seed_is_mixed_with_server_entropy(client):
    """A creator who picks the seed must not get a deal they could search for offline."""
    games = [create(client, "chosen")["id"] for _ in range(4)]
    created = [client.get(f"/v1/games/{g}/events").json["events"][0]["payload"] for g in games]
    assert len({c["seed_commitment"] for c in created}) == 4  # four different seeds behind the same choice
    for g in games:
        assert client.get(f"/v1/games/{g}/events").json["events"][0]["payload"]["seed"] is None
        assert client.get(f"/v1/games/{g}").json["open"] is False


@pytest.mark.parametrize("name, expected", [("jaipur", "consent"), ("istanbul", "turn"), ("tiny", "turn")])
def test_each_game_has_an_undo_default_that_can_apply(client, name, expected):
    seats = 2
    r = client.post("/v1/games", json={"game": name, "seats": seats})
    created = client.get(f"/v1/games/{r.json['id']}/events").json["events"][0]["payload"]
    assert created["options"]["undo"] == expected
    explicit = client.post("/v1/games", json={"game": name, "seats": seats, "options": {"undo": "none"}})
    assert client.get(f"/v1/games/{explicit.json['id']}/events").json["events"][0]["payload"]["options"]["undo"] == "none"
