"""A seat's token can be replaced (it leaked, or the seat changes hands): the replaced token stops working at
once on every route and in every process, with production settings; only the seat itself, the game's owner or an
admin may replace it (or hand the seat to a bot): another organiser would hold the seat."""

from __future__ import annotations

import pytest

from service import create_app
from tests.api.client import Api
from tests.support.round_trips import count_round_trips

ORGANISER = "seat-token-organiser-3e8b1c7a5f9d2"
RIVAL = "seat-token-rival-organiser-8c2f6a1d9e4b7"  # another organiser of the same service
ADMIN = "seat-token-admin-5d9a3e7c1b8f42a6"


@pytest.fixture
def organiser_app(redis_url):
    """Another process's view of the same Redis: an in-process app that knows two organisers and an admin."""
    return create_app({"REDIS_URL": redis_url, "ORGANISER_TOKENS": f"{ORGANISER},{RIVAL}", "ADMIN_TOKENS": ADMIN}
                      ).test_client()


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def code(response) -> str:
    return response.json()["code"] if callable(response.json) else response.json["code"]


def test_a_replaced_seat_token_is_refused_everywhere_and_the_new_one_plays(server, organiser_app):
    api = Api(server)
    created = organiser_app.post("/v1/games", headers=bearer(ORGANISER),
                                 json={"game": "jaipur", "seats": 2, "seed": "seat-tokens", "open": True}).json
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    seat = api.view(gid)["to_act"][0]
    assert api.command(gid, tokens[seat], api.moves(gid, tokens[seat])[0]).status_code == 201  # caches warm
    seat = api.view(gid)["to_act"][0]
    old = tokens[seat]

    replaced = api.call("POST", f"/v1/games/{gid}/seats/{seat}/token", old)
    assert replaced.status_code == 201 and replaced.json()["seat"] == seat
    new = replaced.json()["token"]
    assert new != old
    version = api.view(gid)["version"]
    move = api.moves(gid, new)[0]
    for _ in range(4):  # both of the server's worker processes, whichever answers
        assert code(api.call("GET", f"/v1/games/{gid}", old)) == "bad_token"
        assert code(api.call("GET", f"/v1/games/{gid}/legal-moves", old)) == "bad_token"
        refused = api.call("POST", f"/v1/games/{gid}/commands", old, json=move)
        assert refused.status_code == 401 and code(refused) == "bad_token"
        assert code(Api(server).call("POST", f"/v1/games/{gid}/commands", old, json=move)) == "bad_token"
    assert api.view(gid)["version"] == version, "a replaced token's command appended something"
    assert api.view(gid, new)["seat"] == seat
    assert api.command(gid, new, move).status_code == 201

    # the game's organiser, from another process, replaces it again: the token it replaced goes the same way
    again = organiser_app.post(f"/v1/games/{gid}/seats/{seat}/token", headers=bearer(ORGANISER))
    assert again.status_code == 201, again.json
    assert code(api.call("GET", f"/v1/games/{gid}/legal-moves", new)) == "bad_token"
    assert api.call("GET", f"/v1/games/{gid}/legal-moves", again.json["token"]).status_code == 200


def test_only_the_seat_itself_or_an_organiser_replaces_its_token(server):
    api = Api(server)
    gid, tokens = api.create("jaipur", 2)
    by_other = api.call("POST", f"/v1/games/{gid}/seats/0/token", tokens[1])
    assert by_other.status_code == 403 and code(by_other) == "scope_forbidden"
    anonymous = api.call("POST", f"/v1/games/{gid}/seats/0/token")
    assert anonymous.status_code == 401 and code(anonymous) == "unauthorized"
    stranger = api.call("POST", f"/v1/games/{gid}/seats/0/token", "not-a-token")
    assert stranger.status_code == 401 and code(stranger) == "bad_token"
    beyond = api.call("POST", f"/v1/games/{gid}/seats/2/token", tokens[0])
    assert beyond.status_code == 422 and code(beyond) == "invalid_seat"  # a valid request the game cannot do
    assert api.view(gid, tokens[0])["seat"] == 0 and api.view(gid, tokens[1])["seat"] == 1  # nothing replaced


def test_another_organiser_takes_over_no_seat_of_a_game_it_does_not_own(server, organiser_app):
    """Organiser RIVAL, on ORGANISER's game and on a game made without a token, neither gets a seat's token nor
    hands the seat to a bot; the seat's own token keeps working. Only the game's owner (and an admin) manage its
    seats, and an anonymous game's seats are the admins' (and their own)."""
    api = Api(server)
    owned = organiser_app.post("/v1/games", headers=bearer(ORGANISER), json={"game": "tiny", "seats": 2}).json
    anonymous = api.call("POST", "/v1/games", json={"game": "tiny", "seats": 2}).json()
    for game, owner in ((owned, ORGANISER), (anonymous, None)):
        gid, seat_token = game["id"], game["seats"][1]["token"]
        taken = organiser_app.post(f"/v1/games/{gid}/seats/1/token", headers=bearer(RIVAL))
        assert (taken.status_code, code(taken)) == (403, "scope_forbidden")
        botted = organiser_app.put(f"/v1/games/{gid}/seats/1/bot", headers=bearer(RIVAL), json={"bot": "random"})
        assert (botted.status_code, code(botted)) == (403, "scope_forbidden")
        assert api.view(gid, seat_token)["seat"] == 1 and "bots" not in api.view(gid)  # nothing changed hands
        if owner is None:  # no organiser owns it, not even one that did not try yet
            refused = organiser_app.post(f"/v1/games/{gid}/seats/1/token", headers=bearer(ORGANISER))
            assert (refused.status_code, code(refused)) == (403, "scope_forbidden")
        manager = owner or ADMIN
        assert organiser_app.put(f"/v1/games/{gid}/seats/1/bot", headers=bearer(manager),
                                 json={"bot": "random"}).status_code == 200
        replaced = organiser_app.post(f"/v1/games/{gid}/seats/1/token", headers=bearer(manager))
        assert replaced.status_code == 201 and api.view(gid, replaced.json["token"])["seat"] == 1
        again = api.call("POST", f"/v1/games/{gid}/seats/0/token", game["seats"][0]["token"])  # a seat: its own
        assert again.status_code == 201


def test_a_seated_read_of_a_cached_game_reads_its_tail_and_replaced_tokens_in_one_round_trip(redis_url, monkeypatch):
    """Every seated read checks the game's replaced tokens; the route reads the game's tail too (and a page of
    events, for /events). All go in one pipeline: a seat polling its view or the log costs one Redis round trip,
    not two; a spectator's page too. (Rate limits off here: their own round trip is counted and tested in
    test_rate_limits.)"""
    client = create_app({"REDIS_URL": redis_url, "RATE_LIMITS": False}).test_client()
    created = client.post("/v1/games", json={"game": "jaipur", "seats": 2, "seed": "one-round-trip"}).json
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    seated = {"Authorization": f"Bearer {tokens[0]}"}
    assert client.get(f"/v1/games/{gid}", headers=seated).status_code == 200  # the game is cached now
    sent = count_round_trips(monkeypatch)
    for route, headers in (("", seated), ("/legal-moves", seated), ("/board.svg", seated), ("/events", seated),
                           ("/events?after=1&limit=1", seated), ("/events", {}), ("/state", seated)):
        sent.clear()
        assert client.get(f"/v1/games/{gid}{route}", headers=headers).status_code == 200, route
        assert len(sent) == 1, f"GET …{route}: {len(sent)} round trips"

    replaced = client.post(f"/v1/games/{gid}/seats/0/token", headers=seated)
    assert replaced.status_code == 201
    sent.clear()
    assert code(client.get(f"/v1/games/{gid}", headers=seated)) == "bad_token"  # checked in that same round trip
    assert len(sent) == 1
    sent.clear()
    assert code(client.get(f"/v1/games/{gid}/events", headers=seated)) == "bad_token" and len(sent) == 1
    # a bad query still answers for the token first, as on every route
    assert code(client.get(f"/v1/games/{gid}/events?limit=x", headers=seated)) == "bad_token"
    assert client.get(f"/v1/games/{'0' * 16}/events?limit=x").status_code == 404
    assert code(client.get(f"/v1/games/{gid}/events?limit=x")) == "malformed_request"


def test_a_seat_token_names_its_game_and_seat_and_finds_them_at_v1_me(server):
    """Every seat token, made at creation, by a claim or replacing one, is `<game id>.<seat>.<secret>`; `GET
    /v1/me` answers its game and seat and whether its decision is awaited (the view's `to_act`, another route)."""
    api = Api(server)
    created = api.call("POST", "/v1/games", json={"game": "jaipur", "seats": 2, "seed": "names-its-game"}).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    body = {"game": "jaipur", "seats": 2, "invitations": ["public", "public"]}
    opened = api.call("POST", "/v1/games", json=body).json()["id"]
    claimed = api.call("POST", f"/v1/games/{opened}/seats/1/claim", json={}).json()["token"]
    replaced = api.call("POST", f"/v1/games/{gid}/seats/0/token", tokens[0]).json()["token"]
    to_act = api.view(gid)["to_act"]
    for token, game_id, seat, status in ((replaced, gid, 0, "active"), (tokens[1], gid, 1, "active"),
                                         (claimed, opened, 1, "waiting")):
        assert token.startswith(f"{game_id}.{seat}."), token
        me = api.call("GET", "/v1/me", token)
        assert me.status_code == 200, me.text
        assert me.json() == {"scope": "seat", "game_id": game_id, "game": "jaipur", "seat": seat, "status": status,
                             "version": api.view(game_id)["version"],
                             "my_turn": game_id == gid and seat in to_act}
    assert code(api.call("GET", "/v1/me", tokens[0])) == "bad_token"  # replaced: it names a seat it no longer holds


def test_a_seat_token_is_a_seat_only_of_the_game_and_seat_it_names(server):
    """A token's secret counts only under its own name: moved to another game or seat it is nobody's; its secret
    alone (the form of the tokens made before tokens named their game) still holds its seat, but finds no game."""
    api = Api(server)
    created = api.call("POST", "/v1/games", json={"game": "jaipur", "seats": 2}).json()
    other = api.call("POST", "/v1/games", json={"game": "jaipur", "seats": 2}).json()["id"]
    gid, token = created["id"], created["seats"][1]["token"]
    secret = token.split(".", 2)[2]
    for forged in (f"{other}.1.{secret}", f"{gid}.0.{secret}"):
        assert code(api.call("GET", f"/v1/games/{gid}/legal-moves", forged)) == "bad_token", forged
        assert code(api.call("GET", f"/v1/games/{other}/legal-moves", forged)) == "bad_token", forged
        assert code(api.call("GET", "/v1/me", forged)) == "bad_token", forged
    assert api.call("GET", f"/v1/games/{gid}/legal-moves", secret).json()["seat"] == 1
    assert code(api.call("GET", "/v1/me", secret)) == "player_required"
    gone = f"{'0' * 16}.1.{secret}"
    assert code(api.call("GET", "/v1/me", gone)) == "bad_token"
