"""Input that once crashed the service or corrupted a game: each one is a 400/405 problem and changes nothing."""

import json

import pytest

from events.keys import key
from events.store import GameExists
from service import create_app
from service.feed.reactions import reconcile
from tests.support.ports import free_port
from tests.support.service import InProcess

PROBLEM = "application/problem+json"


def game_keys(redis_client) -> set:
    return set(redis_client.scan_iter(match="game:*"))


def create(client, **body):
    return client.post("/v1/games", json={"game": "tiny", "seats": 2, **body})


def test_a_lone_surrogate_in_the_seed_is_refused_and_nothing_is_stored(client, redis_client):
    before = game_keys(redis_client)
    r = client.post("/v1/games", data='{"game": "tiny", "seats": 2, "seed": "\\udc80"}',
                    content_type="application/json")
    assert r.status_code == 400 and r.mimetype == PROBLEM and r.json["code"] == "malformed_json"
    assert game_keys(redis_client) == before


@pytest.mark.parametrize("where", ["options", "seed"])
def test_a_lone_surrogate_anywhere_in_a_body_is_refused(client, where):
    body = {"options": '{"\\udc80": 1}', "seed": '"a\\ud800b"'}[where]
    r = client.post("/v1/games", data=f'{{"game": "tiny", "seats": 2, "{where}": {body}}}',
                    content_type="application/json")
    assert r.status_code == 400 and r.json["code"] == "malformed_json"


def test_deeply_nested_json_is_a_400(client):
    deep = "[" * 100_000 + "]" * 100_000
    r = client.post("/v1/games", data=deep, content_type="application/json")
    assert r.status_code == 400 and r.mimetype == PROBLEM
    moderately = {"game": "tiny", "seats": 2, "options": json.loads("[" * 40 + "]" * 40)}
    assert client.post("/v1/games", json=moderately).status_code == 400


def test_creation_is_atomic_when_the_id_is_taken(app, redis_client):
    games = InProcess.of(app)
    loaded, _ = games.create("tiny", 2, {})
    with pytest.raises(GameExists):
        games.store.log.create(loaded.meta.id, {"game": "tiny"}, [])
    assert redis_client.hget(key(loaded.meta.id, "meta"), "seats") == b"2"


@pytest.mark.parametrize("after", [str(2**64), str(2**64 + 5), "-1", "1e3"])
def test_events_after_out_of_range_is_a_400(client, after):
    gid = create(client).json["id"]
    r = client.get(f"/v1/games/{gid}/events?after={after}")
    assert r.status_code == 400 and r.mimetype == PROBLEM


def test_state_version_out_of_range_is_a_400(client):
    gid = create(client).json["id"]
    assert client.get(f"/v1/games/{gid}/state?version={2**64}").status_code == 400


@pytest.mark.parametrize("last_id", [str(2**64), "-3", "+5", " 5x", "٥", "1.5"])
def test_a_bad_last_event_id_is_a_400_before_the_stream_starts(client, last_id):
    gid = create(client).json["id"]
    r = client.get(f"/v1/games/{gid}/events", headers={"Accept": "text/event-stream", "Last-Event-ID": last_id})
    assert r.status_code == 400 and r.mimetype == PROBLEM and r.json["field"] == "Last-Event-ID"


def test_a_wrong_method_is_405_with_allow(client):
    gid = create(client).json["id"]
    r = client.delete(f"/v1/games/{gid}")
    assert r.status_code == 405 and r.mimetype == PROBLEM
    assert set(r.headers["Allow"].replace(" ", "").split(",")) >= {"GET"}


def test_health_is_a_problem_when_redis_is_down():
    app = create_app({"REDIS_URL": f"redis://127.0.0.1:{free_port()}/0", "TESTING": True})
    r = app.test_client().get("/healthz")
    assert r.status_code == 503 and r.mimetype == PROBLEM and r.json["code"] == "unavailable"


DAMAGED = "da0a9ed0da0a9ed0"  # a well-formed id whose record is broken


def test_a_damaged_game_record_is_reported_not_fatal(app, client, redis_client):
    games = InProcess.of(app)
    good, _ = games.create("tiny", 2, {})
    redis_client.hset(key(DAMAGED, "meta"), "game", "tiny")  # a record with only its name
    try:
        seen, unreadable, _republished = reconcile(games.repository, app.extensions["bazaar.feed"])
        assert DAMAGED in unreadable and seen >= 1
        r = client.get(f"/v1/games/{DAMAGED}")
        assert r.status_code == 500 and r.mimetype == PROBLEM and r.json["code"] == "game_corrupt"
        assert client.get(f"/v1/games/{good.meta.id}").status_code == 200
    finally:
        redis_client.delete(key(DAMAGED, "meta"))


def test_an_undo_expecting_a_negative_version_is_a_400(client):
    """The published schema says `expected_version` is 0 or more: -1 was taken, and its 409 broke the schema of
    the answer."""
    game = create(client).json
    r = client.post(f"/v1/games/{game['id']}/undo", json={"to_version": 1, "expected_version": -1},
                    headers={"Authorization": f"Bearer {game['seats'][0]['token']}"})
    assert r.status_code == 400 and r.json["code"] == "malformed_request" and r.json["field"] == "expected_version"
