"""Every id that comes from outside is checked against the one form of the service's ids (events/ids.py: 16 lowercase
hex digits, nothing after them) before it names a Redis key, a file or a log line. Over HTTP on the suite's
server (production settings): ids in paths, queries and bodies; in process on a real Redis: the store's keys,
the jobs' entry points and the tournaments' game-to-table map.

The expected answers come from the table below, written from the form, not from the validator."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from events import tournaments as tournament_keys
from events.ids import BadId
from events.keys import key
from events.tournaments import GAMES_KEY, Seat, TournamentStore
from service import create_app
from tests.api.client import Api
from tests.support.service import InProcess

GOOD = "0123456789abcdef"
# ids of another form, each once accepted somewhere: the trailing newline passed marshmallow's `^…$` into Redis keys
NOT_IDS = {
    "newline": GOOD + "\n",
    "upper": GOOD.upper(),
    "short": GOOD[:-1],
    "traversal": "../../../../tmp/pwned",
    "key separator": "x}:meta",
    "markup": "<script>",
    "long": "a" * 1000,  # (5,000 would be 414 at gunicorn in a URL)
}


@pytest.fixture(scope="module")
def api(server):
    return Api(server)


@pytest.mark.parametrize("name", sorted(NOT_IDS))
@pytest.mark.parametrize("param", ["player", "after"])
def test_an_id_in_a_query_is_refused_before_any_lookup(api, name, param):
    r = api.call("GET", f"/v1/games?{param}={quote(NOT_IDS[name], safe='')}", valid_request=False)
    assert r.status_code == 400 and r.json()["code"] == "malformed_request" and r.json()["field"] == param
    r = api.call("GET", f"/v1/tournaments?after={quote(NOT_IDS[name], safe='')}", valid_request=False)
    assert r.status_code == 400 and r.json()["code"] == "malformed_request" and r.json()["field"] == "after"


@pytest.mark.parametrize("name", sorted(NOT_IDS))
def test_an_id_in_a_body_is_refused(api, name):
    body = {"game": "tiny", "seats": 2, "players": [NOT_IDS[name], None]}
    r = api.call("POST", "/v1/games", json=body, valid_request=False)
    assert r.status_code == 400 and r.json()["code"] == "malformed_request"
    assert r.json()["field"].startswith("players")


@pytest.mark.parametrize("name", sorted(NOT_IDS))
@pytest.mark.parametrize("route", ["/v1/games/{}", "/v1/games/{}/export", "/v1/games/{}/board.svg", "/play/{}",
                                   "/v1/tournaments/{}", "/v1/players/{}/ratings"])
def test_an_id_in_a_path_is_not_found(api, name, route):
    r = api.call("GET", route.format(quote(NOT_IDS[name], safe="")), validate=False)
    assert r.status_code == 404 and r.headers["Content-Type"].startswith("application/problem+json")


def test_the_good_id_passes_the_same_checks(api):
    """The other side of the table: the form itself is accepted everywhere above."""
    listed = api.call("GET", f"/v1/games?player={GOOD}")  # past the check: then a spectator may not list a player's
    assert listed.status_code == 403 and listed.json()["code"] == "scope_forbidden"
    assert api.call("GET", f"/v1/games?after={GOOD}").status_code == 200
    assert api.call("GET", f"/v1/tournaments?after={GOOD}").status_code == 200
    unknown = api.call("GET", f"/v1/games/{GOOD}")
    assert unknown.status_code == 404 and unknown.json()["code"] == "game_not_found"


@pytest.mark.parametrize("name", sorted(NOT_IDS))
def test_no_redis_key_of_a_game_or_tournament_is_named_by_another_form(name):
    with pytest.raises(BadId):
        key(NOT_IDS[name], "meta")
    with pytest.raises(BadId):
        tournament_keys.key(NOT_IDS[name], "events")
    assert key(GOOD, "meta") == "game:{game:" + GOOD + "}:meta"


def test_the_store_and_the_jobs_entry_points_refuse_such_an_id_before_redis(app, redis_client):
    games = InProcess.of(app)
    before = set(redis_client.scan_iter(match="game:*"))
    calls = [lambda bad: games.store.log.read(bad), lambda bad: games.store.facts.meta(bad),
             lambda bad: games.store.log.create(bad, {"game": "tiny"}, []), lambda bad: games.load(bad),
             lambda bad: games.store.index.record(bad, {"version": 1, "status": "active"}),
             lambda bad: games.commands.deal(bad, 3), lambda bad: games.commands.timeout(bad, 3)]
    for bad in NOT_IDS.values():
        for call in calls:
            with pytest.raises(BadId) as refused:
                call(bad)
            assert bad not in str(refused.value)  # never echoed into a log line
    assert set(redis_client.scan_iter(match="game:*")) == before


def test_the_game_to_table_map_takes_and_gives_only_ids(redis_client):
    store = TournamentStore(redis_client)
    with pytest.raises(BadId):
        store.place_games({"../x": Seat(GOOD, 1, 1)})
    with pytest.raises(BadId):
        store.place_games({GOOD: Seat("x}:meta", 1, 1)})
    game = "fedcba9876543210"
    store.place_game(game, Seat(GOOD, 2, 3))
    assert store.seat_of(game) == Seat(GOOD, 2, 3)
    for value in ("../x:1:1", f"{GOOD}:1", f"{GOOD}:one:2", f"{GOOD}:1:2:3", f"{GOOD}\n:1:2"):
        redis_client.hset(GAMES_KEY, game, value)  # written by something else than place_games
        assert store.seat_of(game) is None, value
    redis_client.hdel(GAMES_KEY, game)


@pytest.mark.parametrize("name", ["newline", "traversal", "markup"])
def test_a_tournament_seeding_order_takes_only_ids(redis_url, name):
    organiser = "untrusted-ids-organiser-5e1a9c3f7b2d4086"
    client = create_app({"REDIS_URL": redis_url, "ORGANISER_TOKENS": organiser}).test_client()
    auth = {"Authorization": f"Bearer {organiser}"}
    created = client.post("/v1/tournaments", json={"game": "tiny", "format": "swiss", "table_size": 2, "rounds": 1},
                          headers=auth)
    assert created.status_code == 201, created.json
    r = client.post(f"/v1/tournaments/{created.json['id']}/start", json={"order": [NOT_IDS[name]]}, headers=auth)
    assert r.status_code == 400 and r.json["code"] == "malformed_request" and r.json["field"].startswith("order")
