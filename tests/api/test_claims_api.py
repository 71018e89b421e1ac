"""Open seats and invitations through the real HTTP server at production settings (every body checked against
openapi.yaml): racing and repeated claims, a game that deals nothing before its last claim, invitation codes,
the listing of open games, and who holds which token."""

from __future__ import annotations

import threading

from tests.api.client import Api

TINY = {"game": "tiny", "seats": 2}


def create_open(api: Api, invitations=("public", "public"), token=None, **body) -> dict:
    r = api.call("POST", "/v1/games", token, json={**TINY, "invitations": list(invitations), **body})
    assert r.status_code == 201, r.text
    return r.json()


def claim(api: Api, gid: str, seat: int, token=None, key=None, **body):
    headers = {"Idempotency-Key": key} if key else None
    return api.call("POST", f"/v1/games/{gid}/seats/{seat}/claim", token, json=body, headers=headers)


def problem(response) -> tuple[int, str]:
    return response.status_code, response.json()["code"]


def test_racing_claimers_get_one_winner_and_a_409_seat_taken(server):
    """Eight guests claim the same seat at once, each on a connection of its own: one gets the seat, seven are
    told `seat_taken`, and the log records one claim."""
    api = Api(server)
    gid = create_open(api)["id"]
    answers, start = [], threading.Barrier(8)

    def contend(n: int):
        mine = Api(server)
        start.wait()
        answers.append(claim(mine, gid, 1, key=f"racer-{n}", entropy=f"{n:02d}" * 16))

    threads = [threading.Thread(target=contend, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    won = [a for a in answers if a.status_code == 201]
    assert len(won) == 1 and sorted(problem(a) for a in answers if a.status_code != 201) == [(409, "seat_taken")] * 7
    claims = [e for e in api.events(gid) if e["type"] == "seat_claimed"]
    assert [c["payload"]["player"] for c in claims] == [won[0].json()["player"]["id"]]
    assert api.view(gid, won[0].json()["token"])["seat"] == 1


def test_a_claim_repeated_by_its_claimer_answers_the_same(server):
    api = Api(server)
    gid = create_open(api)["id"]
    first = claim(api, gid, 0, key="guest-0", entropy="1" * 32)
    assert first.status_code == 201 and first.json()["player"]["token"]
    again = claim(api, gid, 0, key="guest-0", entropy="2" * 32)  # a retry: the same guest, the same tokens
    assert again.status_code == 201 and again.json() == first.json()
    assert problem(claim(api, gid, 0, key="guest-1")) == (409, "seat_taken")  # another guest
    player = first.json()["player"]["token"]
    by_player = claim(api, gid, 0, player)  # the guest's player token: the same seat token
    assert by_player.status_code == 201 and by_player.json()["token"] == first.json()["token"]
    assert problem(claim(api, gid, 1, player)) == (409, "already_seated")
    assert [e["payload"]["entropy"] for e in api.events(gid) if e["type"] == "seat_claimed"] == ["1" * 32]


def test_nothing_is_dealt_before_the_last_claim_and_the_view_says_who_is_awaited(server):
    api = Api(server)
    gid = create_open(api, ("public", "public"))["id"]
    mine = claim(api, gid, 0, key="early-bird").json()["token"]
    view = api.view(gid, mine)
    assert (view["status"], view["to_act"], view["awaiting_chance"], view["seating"]) == ("waiting", [], None, "claims")
    assert view["lobby"]["awaiting"] == [1] and view["lobby"]["seats"][0]["claimed"] is True
    assert api.moves(gid, mine) == []
    assert problem(api.command(gid, mine, {"type": "add", "amount": 1})) == (409, "game_not_started")
    assert [e["type"] for e in api.events(gid)] == ["game_created", "seats_opened", "seat_claimed"]
    claim(api, gid, 1, key="last-one")
    after = api.view(gid)
    assert after["status"] == "active" and after["to_act"] and after["lobby"]["awaiting"] == []
    types = [e["type"] for e in api.events(gid)]
    assert types[3:5] == ["seat_claimed", "game_started"] and "chance_drawn" in types[5:]


def test_the_creator_gets_codes_and_links_never_a_seat_token(server):
    api = Api(server)
    hot_seat, _tokens = api.create("tiny", 2)
    assert api.view(hot_seat)["seating"] == "creator" and "lobby" not in api.view(hot_seat)
    created = create_open(api, ("code", "public"))
    gid, seats = created["id"], created["seats"]
    assert "token" not in str(created) and seats[0]["code"].startswith(f"{gid}-0-") and "code" not in seats[1]
    assert seats[0]["url"] == f"/play/{gid}#invite={seats[0]['code']}" and seats[1]["url"] == f"/play/{gid}#join=1"
    assert problem(claim(api, gid, 0)) == (403, "bad_invitation")
    assert problem(claim(api, gid, 0, code=seats[0]["code"].replace("-0-", "-1-"))) == (403, "bad_invitation")
    assert claim(api, gid, 0, code=seats[0]["code"]).status_code == 201
    assert problem(claim(api, gid, 5)) == (422, "invalid_seat")


def test_a_seat_reserved_for_a_player_takes_that_player_only(server):
    api = Api(server)
    first = claim(api, create_open(api)["id"], 0).json()["player"]
    second = claim(api, create_open(api)["id"], 0).json()["player"]
    gid = create_open(api, ({"player": first["id"]}, "code"))["id"]
    assert problem(claim(api, gid, 0, second["token"])) == (403, "seat_reserved")
    assert problem(claim(api, gid, 0)) == (403, "seat_reserved")  # a guest is nobody it was reserved for
    assert claim(api, gid, 0, first["token"]).status_code == 201


def test_the_open_listing_shows_what_the_caller_may_claim_narrowed_and_paged(server):
    api = Api(server)
    marker = {"goal": 13}  # options no other test's game has
    public = create_open(api, ("public", "code"), options=marker)["id"]
    coded = create_open(api, ("code", "code"), options=marker)["id"]
    guest = claim(api, create_open(api)["id"], 0).json()["player"]
    reserved = create_open(api, ({"player": guest["id"]}, "code"), options=marker)["id"]

    def listed(token=None, **query) -> list[dict]:
        found, after = [], None
        while True:
            args = "&".join(f"{k}={v}" for k, v in {"open": "true", "limit": 1, **query}.items())
            r = api.call("GET", f"/v1/games?{args}" + (f"&after={after}" if after else ""), token)
            assert r.status_code == 200, r.text
            found += r.json()["games"]
            after = r.json()["next"]
            if after is None:
                return found

    mine = {g["id"]: g["joinable"] for g in listed(options='{"goal":13}')}
    assert mine == {public: [0]}  # a code seat is never listed; a reserved one only to its player
    assert {g["id"]: g["joinable"] for g in listed(guest["token"], options='{"goal":13}')} == {public: [0],
                                                                                             reserved: [0]}
    assert coded not in {g["id"] for g in listed(game="tiny", seats=2)}
    assert public not in {g["id"] for g in listed(options='{"goal":12}')} | {g["id"] for g in listed(seats=3)}
    claim(api, public, 0)
    assert public not in {g["id"] for g in listed(options='{"goal":13}')}
    assert problem(api.call("GET", "/v1/games?open=true&status=active")) == (422, "invalid_filter")
    assert problem(api.call("GET", "/v1/games?open=true&options=[1]", validate=False)) == (400, "malformed_request")


def test_the_claimers_tokens_and_the_guests_player_token_act_for_their_seats_only(server):
    api = Api(server)
    gid = create_open(api, options={"goal": 50})["id"]
    seats = [claim(api, gid, s, key=f"hold-{s}").json() for s in (0, 1)]
    view = api.view(gid)
    turn = view["to_act"][0]
    for token in (seats[turn]["token"], seats[turn]["player"]["token"]):
        assert api.moves(gid, token) and api.view(gid, token)["seat"] == turn
    other = seats[1 - turn]["player"]["token"]
    assert problem(api.command(gid, other, {"type": "add", "amount": 1})) == (403, "not_your_turn")
    assert api.command(gid, seats[turn]["player"]["token"], {"type": "add", "amount": 1}).status_code == 201
    mine = api.call("GET", "/v1/me/games", seats[turn]["player"]["token"]).json()["games"]
    assert [(g["id"], g["seat"]) for g in mine] == [(gid, turn)]
