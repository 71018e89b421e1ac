"""Identities and scoped tokens through the app on a real Redis: admins from configuration create organisers,
organisers create players; tokens are stored as hashes, expire, and are revoked; a game's seat bound to a
player takes that player's token; every route states the scopes it accepts, and keeps to them."""

from __future__ import annotations

import re

import pytest
import redis

from domain import registry
from service import create_app
from service.access.identities import Identities, digest
from service.operations import config as settings
from tests.support import openapi
from tests.support.databases import url_of

registry.register("tiny", "tests.support.tiny_game")

ADMIN, ORGANISER = "root-secret-for-tests-4c7e1a9b3f52", "configured-organiser-8a1f5d3c7e92b4"
SCHEMES = {"seat": "seatToken", "player": "playerToken", "organiser": "organiserToken", "admin": "adminToken"}


@pytest.fixture(scope="module")
def db_url(redis_url):
    url = url_of(redis_url, "identities")
    redis.Redis.from_url(url).flushdb()
    return url


@pytest.fixture(scope="module")
def app(db_url):
    return create_app({"REDIS_URL": db_url, "TESTING": True, "INLINE_DEALER": True, "ADMIN_TOKENS": ADMIN,
                       "ORGANISER_TOKENS": ORGANISER})


@pytest.fixture
def client(app):
    return app.test_client()


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def call(client, method: str, path: str, token: str | None = None, **kwargs):
    r = client.open(path, method=method, headers=auth(token) if token else {}, **kwargs)
    openapi.validate_response(method, path, r)
    return r


def organiser(client) -> dict:
    r = call(client, "POST", "/v1/organisers", ADMIN, json={"name": "Club"})
    assert r.status_code == 201, r.json
    return r.json


def player(client, by: str, name: str = "Ada", **extra) -> dict:
    r = call(client, "POST", "/v1/players", by, json={"name": name, **extra})
    assert r.status_code == 201, r.json
    return r.json


def test_admins_create_organisers_and_organisers_create_players(client):
    org = organiser(client)
    assert org["kind"] == "organiser" and org["token"].startswith(org["token_id"] + ".")
    ada = player(client, org["token"])
    assert call(client, "GET", "/v1/me", ada["token"]).json["scope"] == "player"
    assert call(client, "GET", "/v1/me", org["token"]).json == {
        "id": org["id"], "scope": "organiser", "name": "Club", "token_id": org["token_id"],
        "expires_at": org["expires_at"]}
    # configuration's organiser tokens are organisers too; players may create nobody, organisers no organisers
    assert call(client, "POST", "/v1/players", ORGANISER, json={"name": "Bo"}).status_code == 201
    refused = call(client, "POST", "/v1/players", ada["token"], json={"name": "Cy"})
    assert (refused.status_code, refused.json["code"]) == (403, "scope_forbidden")
    refused = call(client, "POST", "/v1/organisers", org["token"], json={"name": "Rival"})
    assert (refused.status_code, refused.json["code"]) == (403, "scope_forbidden")
    anonymous = call(client, "POST", "/v1/organisers", json={"name": "Anyone"})
    assert (anonymous.status_code, anonymous.json["code"]) == (401, "admin_required")


def test_tokens_are_stored_only_as_hashes(client, db_url):
    org = organiser(client)
    ada = player(client, org["token"])
    secret = ada["token"].split(".", 1)[1]
    stored = redis.Redis.from_url(db_url)
    dump = b"".join(v for k in stored.scan_iter("bazaar:{ids}:*") if stored.type(k) == b"hash"
                    for v in stored.hgetall(k).values())
    assert secret.encode() not in dump and ada["token"].encode() not in dump and ADMIN.encode() not in dump
    assert digest(secret).encode() in dump


def test_tokens_expire_and_are_revoked_one_by_one_or_with_their_identity(client, db_url):
    org = organiser(client)
    ada = player(client, org["token"], expires_in_s=60)
    store = Identities(redis.Redis.from_url(db_url))
    assert store.verify(ada["token"]) is not None
    assert store.verify(ada["token"], now=ada["expires_at"]) is None  # refused from its expiry on
    second = call(client, "POST", f"/v1/identities/{ada['id']}/tokens", ada["token"], json={})
    assert second.status_code == 201
    assert call(client, "DELETE", f"/v1/tokens/{ada['token_id']}", org["token"]).status_code == 204
    gone = call(client, "GET", "/v1/me", ada["token"])
    assert (gone.status_code, gone.json["code"]) == (401, "player_required")
    assert call(client, "GET", "/v1/me", second.json["token"]).status_code == 200  # the other one still works
    other = organiser(client)  # an organiser manages only its own players
    assert call(client, "DELETE", f"/v1/identities/{ada['id']}", other["token"]).status_code == 403
    assert call(client, "DELETE", f"/v1/identities/{ada['id']}", org["token"]).status_code == 204
    assert call(client, "GET", "/v1/me", second.json["token"]).status_code == 401
    missing = call(client, "DELETE", f"/v1/identities/{ada['id']}", ADMIN)
    assert (missing.status_code, missing.json["code"]) == (404, "identity_not_found")


def test_a_token_differing_in_its_secret_is_refused(client):
    ada = player(client, organiser(client)["token"])
    token_id, secret = ada["token"].split(".", 1)
    forged = f"{token_id}.{secret[:-1]}{'A' if secret[-1] != 'A' else 'B'}"
    assert call(client, "GET", "/v1/me", forged).status_code == 401


def test_a_seat_bound_to_a_player_takes_the_players_token(client):
    org = organiser(client)
    ada, bo = player(client, org["token"], "Ada"), player(client, org["token"], "Bo")
    r = call(client, "POST", "/v1/games", org["token"],
             json={"game": "tiny", "seats": 2, "players": [ada["id"], bo["id"]], "options": {"goal": 2}})
    assert r.status_code == 201, r.json
    gid = r.json["id"]
    spectator = call(client, "GET", f"/v1/games/{gid}").json
    seat = spectator["to_act"][0]
    mover = (ada, bo)[seat]
    assert call(client, "GET", f"/v1/games/{gid}", mover["token"]).json["seat"] == seat
    idle = (ada, bo)[1 - seat]
    moves = call(client, "GET", f"/v1/games/{gid}/legal-moves", mover["token"]).json["moves"]
    refused = call(client, "POST", f"/v1/games/{gid}/commands", idle["token"], json=moves[1])
    assert refused.status_code == 403  # the other player's token is the other seat: not its turn
    assert call(client, "POST", f"/v1/games/{gid}/commands", mover["token"], json=moves[1]).status_code == 201
    # a player of no seat of this game is no seat, nor is an organiser's token: each reads the game as a spectator
    stranger = player(client, org["token"], "Cy")
    for token in (stranger["token"], org["token"]):
        bad = call(client, "GET", f"/v1/games/{gid}/legal-moves", token)
        assert (bad.status_code, bad.json["code"]) == (401, "unauthorized")
        assert call(client, "GET", f"/v1/games/{gid}", token).json["seat"] is None
    # the seat tokens of a bound game still work
    assert call(client, "GET", f"/v1/games/{gid}", r.json["seats"][0]["token"]).json["seat"] == 0


def test_a_player_is_seated_only_by_its_organiser_an_admin_or_itself(client):
    org, rival = organiser(client), organiser(client)
    ada, bo = player(client, org["token"], "Ada"), player(client, org["token"], "Bo")
    body = {"game": "tiny", "seats": 2, "players": [ada["id"], None]}
    assert call(client, "POST", "/v1/games", json=body).json["code"] == "organiser_required"
    # another organiser would act, and be rated, in her name; another player is no more hers to seat
    for token, players in ((rival["token"], [ada["id"], None]), (bo["token"], [ada["id"], None]),
                           (bo["token"], [bo["id"], ada["id"]])):
        refused = call(client, "POST", "/v1/games", token, json={**body, "players": players})
        assert (refused.status_code, refused.json["code"]) == (403, "scope_forbidden"), token
    unknown = call(client, "POST", "/v1/games", org["token"], json={**body, "players": ["0" * 16, None]})
    assert (unknown.status_code, unknown.json["code"]) == (422, "unknown_player")
    twice = call(client, "POST", "/v1/games", org["token"], json={**body, "players": [ada["id"], ada["id"]]})
    assert (twice.status_code, twice.json["code"]) == (422, "player_seated_twice")
    short = call(client, "POST", "/v1/games", org["token"], json={**body, "players": [ada["id"]]})
    assert (short.status_code, short.json["code"]) == (422, "invalid_players")
    assert call(client, "POST", "/v1/games", org["token"], json=body).status_code == 201
    assert call(client, "POST", "/v1/games", ADMIN, json=body).status_code == 201
    # her own consent: her token makes a game that seats her, and she plays it with that token
    own = call(client, "POST", "/v1/games", ada["token"], json={**body, "options": {"goal": 2}})
    assert own.status_code == 201, own.json
    assert call(client, "GET", f"/v1/games/{own.json['id']}", ada["token"]).json["seat"] == 0
    # a game a player makes has no owner: no organiser manages it, not even hers; an admin does
    bot = {"bot": "random"}
    mine = call(client, "PUT", f"/v1/games/{own.json['id']}/seats/1/bot", org["token"], json=bot)
    assert (mine.status_code, mine.json["code"]) == (403, "scope_forbidden")
    assert call(client, "PUT", f"/v1/games/{own.json['id']}/seats/1/bot", ADMIN, json=bot).status_code == 200


def test_a_token_that_speaks_for_nobody_makes_no_game(client):
    """A game made with an expired organiser token would belong to nobody, and its organiser could not manage it:
    the token is refused instead of being taken for no token."""
    org = organiser(client)
    for token in ("not-a-token", org["token_id"] + ".expired-or-forged-secret-000000"):
        refused = call(client, "POST", "/v1/games", token, json={"game": "tiny", "seats": 2})
        assert (refused.status_code, refused.json["code"]) == (401, "bad_token")


def listed(client, token=None, **query) -> list[str]:
    seen, url = [], "/v1/games?" + "&".join(f"{k}={v}" for k, v in {"limit": 2, **query}.items())
    while url:
        r = call(client, "GET", url, token)
        assert r.status_code == 200, r.json
        seen += [g["id"] for g in r.json["games"]]
        url = r.json.get("next_url")
    return seen


def test_the_game_list_shows_every_caller_every_game_and_a_players_games_to_those_who_may_know(client):
    org = organiser(client)
    ada, bo = player(client, org["token"], "Ada"), player(client, org["token"], "Bo")
    bound = [call(client, "POST", "/v1/games", org["token"],
                  json={"game": "tiny", "seats": 2, "players": [ada["id"], None]}).json["id"] for _ in range(3)]
    other = call(client, "POST", "/v1/games", json={"game": "tiny", "seats": 2}).json["id"]
    everyone = listed(client)
    assert set(bound) | {other} <= set(everyone)
    for token in (ada["token"], org["token"], ADMIN):  # the same list, whoever asks
        assert listed(client, token) == everyone
    for token in (ada["token"], org["token"], ADMIN):
        assert listed(client, token, player=ada["id"]) == sorted(bound)
    assert listed(client, ada["token"], player=ada["id"], status="finished") == []
    assert listed(client, bo["token"], player=bo["id"]) == []
    for token in (bo["token"], organiser(client)["token"], None):  # not hers to know
        r = call(client, "GET", f"/v1/games?player={ada['id']}", token)
        assert (r.status_code, r.json["code"]) == (403, "scope_forbidden")


# --- every route states its scopes, and keeps to them ---------------------------------------------------------


def operations(app):
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        template = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield method, template, openapi.spec()["paths"][template][method.lower()]


def test_every_route_states_the_scopes_it_accepts(app):
    for method, template, op in operations(app):
        scopes = op.get("x-scopes")
        assert scopes and set(scopes) <= {"anonymous", *SCHEMES}, (method, template)
        assert op["security"] == [{} if s == "anonymous" else {SCHEMES[s]: []} for s in scopes], (method, template)


def test_routes_refuse_callers_outside_their_scopes(app, client):
    """Each route that needs a token, called by a caller of every scope it does not list (no token at all
    included), is refused with 401 or 403. (Where no token is needed, one of another scope is not used on
    listings and creation, and is a 401 `bad_token` on a game's routes, as the spec's introduction says.)"""
    org = organiser(client)
    ada = player(client, org["token"])
    game = call(client, "POST", "/v1/games", org["token"], json={"game": "tiny", "seats": 2}).json
    callers = {"anonymous": None, "seat": game["seats"][0]["token"], "player": ada["token"],
               "organiser": org["token"], "admin": ADMIN}
    values = {"game_id": game["id"], "identity_id": ada["id"], "token_id": ada["token_id"], "seat": 0,
              "tournament_id": "0" * 16, "player_id": ada["id"], "challenge_id": "0" * 16}
    checked = 0
    for method, template, op in operations(app):
        if not template.startswith("/v1/"):
            continue
        path = template.format(**values)
        for scope, token in callers.items():
            accepted = scope in op["x-scopes"] or (scope == "admin" and "organiser" in op["x-scopes"])
            if accepted or "anonymous" in op["x-scopes"]:
                continue
            r = client.open(path, method=method, headers=auth(token) if token else {}, json={})
            assert r.status_code in (401, 403), (method, template, scope, r.status_code)
            checked += 1
    assert checked > 15


@pytest.mark.parametrize("setting", ["ADMIN_TOKENS", "ORGANISER_TOKENS"])
def test_a_configured_token_shorter_than_128_bits_stops_the_start(setting):
    weak = "x" * (settings.MIN_TOKEN_CHARS - 1)  # its identity in public logs could be matched by an offline guess
    with pytest.raises(settings.WeakToken) as refused:
        create_app({"REDIS_URL": "redis://127.0.0.1:1/0", setting: f"{ORGANISER},{weak}"})
    assert f"BAZAAR_{setting}: token 2 has 31 characters" in str(refused.value) and weak not in str(refused.value)
    settings.check(settings.load({setting: "x" * settings.MIN_TOKEN_CHARS}))  # 32 characters are enough
