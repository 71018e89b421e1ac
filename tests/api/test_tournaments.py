"""The tournament routes through the app on a real Redis of the module's own, every answer checked against
openapi.yaml: an organiser creates, registers (existing or new players, bots), withdraws and starts; anyone
reads the state, rounds, standings (JSON and CSV) and the chained log; each refusal has its stable code. The
worker's loop is driven in-process here (tests/integration/test_tournament_loop.py covers it on its own)."""

from __future__ import annotations

import csv
import io
import json

import pytest

from domain import registry
from events.envelope import seal
from service import create_app
from service.operations import verify
from service.tournaments import audit as tournament_audit
from service.tournaments.loop import Loop
from tests.support import openapi
from tests.support.tournaments import own_redis

registry.register("tiny", "tests.support.tiny_game")

ORGANISER, ADMIN = "organiser-of-tournaments-7f3a9c1e", "admin-of-tournaments-5b8e2d4f6a1c"
SECOND_ORGANISER = "another-configured-organiser-9d2e"  # configured beside ORGANISER: an identity of its own


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    with own_redis(tmp_path_factory.mktemp("redis")) as url:
        yield create_app({"REDIS_URL": url, "TESTING": True, "INLINE_DEALER": True, "ADMIN_TOKENS": ADMIN,
                          "ORGANISER_TOKENS": f"{ORGANISER},{SECOND_ORGANISER}"})


@pytest.fixture
def client(app):
    return app.test_client()


def call(client, method: str, path: str, token: str | None = None, **kwargs):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = client.open(path, method=method, headers={**headers, **kwargs.pop("headers", {})}, **kwargs)
    openapi.validate_response(method, path.split("?")[0], r)
    return r


def code(r) -> str:
    return r.json["code"]


def tiny(client, token: str = ORGANISER, **extra) -> str:
    body = {"game": "tiny", "format": "swiss", "table_size": 2, "rounds": 2, "options": {"goal": 2}, **extra}
    r = call(client, "POST", "/v1/tournaments", token, json=body)
    assert r.status_code == 201, r.json
    assert r.headers["Location"].endswith(f"/v1/tournaments/{r.json['id']}")
    return r.json["id"]


def register(client, tid: str, token: str = ORGANISER, **player) -> dict:
    r = call(client, "POST", f"/v1/tournaments/{tid}/players", token, json=player)
    assert r.status_code == 201, r.json
    return r.json


def test_an_organiser_creates_registers_and_starts_and_anyone_reads(client):
    tid = tiny(client)
    ada = register(client, tid, name="Ada", rating=1800)
    assert ada["token"] and ada["name"] == "Ada"  # a new player: its token, shown once
    existing = call(client, "POST", "/v1/players", ORGANISER, json={"name": "Bo"}).json
    bo = register(client, tid, player=existing["id"])
    assert bo["player"] == existing["id"] and bo["name"] == "Bo" and "token" not in bo
    assert register(client, tid, name="Robot", bot="greedy")["bot"] == "greedy"
    view = call(client, "GET", f"/v1/tournaments/{tid}").json
    assert view["phase"] == "registering" and [p["name"] for p in view["players"]] == ["Ada", "Bo", "Robot"]
    assert view["players"][2]["bot"] == "greedy"
    started = call(client, "POST", f"/v1/tournaments/{tid}/start", ORGANISER)
    assert started.status_code == 200 and started.json["seeding"][0] == ada["player"]  # by rating
    rounds = call(client, "GET", f"/v1/tournaments/{tid}/rounds").json
    assert rounds["rounds"] == [] and rounds["rounds_planned"] == 2
    standings = call(client, "GET", f"/v1/tournaments/{tid}/standings")
    assert [s["player"] for s in standings.json["standings"]] == started.json["seeding"]
    as_csv = call(client, "GET", f"/v1/tournaments/{tid}/standings", headers={"Accept": "text/csv"})
    assert as_csv.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(as_csv.get_data(as_text=True))))
    assert [r["player"] for r in rows] == started.json["seeding"] and "buchholz" in rows[0]
    assert call(client, "GET", f"/v1/tournaments/{tid}/standings?format=csv").get_data() == as_csv.get_data()


def test_a_players_token_acts_for_it_in_its_tournament_game(app, client):
    tid = tiny(client)
    players = [register(client, tid, name=name) for name in ("E", "F")]
    call(client, "POST", f"/v1/tournaments/{tid}/start", ORGANISER)
    ext = app.extensions
    Loop(ext["bazaar.tournaments"], ext["bazaar.commands"], ext["bazaar.ratings"]).advance(tid)  # the worker's step
    table = call(client, "GET", f"/v1/tournaments/{tid}/rounds").json["rounds"][0]["tables"][0]
    game = call(client, "GET", f"/v1/games/{table['game_id']}").json
    token = {p["player"]: p["token"] for p in players}[table["players"][game["to_act"][0]]]
    moved = call(client, "POST", f"/v1/games/{table['game_id']}/commands", token, json={"type": "add", "amount": 1})
    assert moved.status_code == 201


def test_the_log_is_paged_exported_and_verifiable_and_a_change_is_caught(client):
    tid = tiny(client)
    for name in ("A", "B", "C"):
        register(client, tid, name=name)
    call(client, "POST", f"/v1/tournaments/{tid}/start", ORGANISER)
    page = call(client, "GET", f"/v1/tournaments/{tid}/events?after=1&limit=2").json
    assert page["version"] == 5 and [e["version"] for e in page["events"]] == [2, 3]
    assert page["events"][0]["by"] != "service" and page["events"][0]["command"]["type"] == "register_player"
    export = call(client, "GET", f"/v1/tournaments/{tid}/events?format=ndjson")
    envelopes = tournament_audit.parse(export.get_data(as_text=True))
    assert len(envelopes) == 5 and tournament_audit.verify(envelopes) is None
    assert export.headers["Bazaar-Head-Hash"] == envelopes[-1]["hash"]
    assert verify.verify(export.get_data(as_text=True).splitlines())[0] is True  # the offline verifier agrees
    forged = [dict(e) for e in envelopes]
    forged[1]["payload"] = {**forged[1]["payload"], "rating": 2999}  # the hash no longer matches
    assert tournament_audit.verify(forged).code == "chain_broken"
    assert verify.verify([json.dumps(e, separators=(",", ":")) for e in forged])[0] is False
    assert tournament_audit.verify(forged[:1] + forged[2:]).line == 2  # an event removed
    rechained = tournament_audit.parse(export.get_data(as_text=True))
    rechained[4]["payload"] = {"seeding": list(reversed(rechained[4]["payload"]["seeding"]))}
    rechained[4] = rechain(rechained[3]["hash"], rechained[4])  # a consistent chain, but not the Decider's start
    assert tournament_audit.verify(rechained) == tournament_audit.Broken(5, "event_differs",
                                                                          tournament_audit.verify(rechained).detail)


def rechain(prev: str, env: dict) -> dict:
    from_doc = {k: v for k, v in env.items() if k not in ("hash", "prev_hash")}
    return seal(from_doc, prev)


def test_the_list_pages_in_id_order(client):
    made = sorted(tiny(client) for _ in range(3))
    seen, after = [], None
    while True:
        r = call(client, "GET", "/v1/tournaments?limit=2" + (f"&after={after}" if after else ""))
        seen += [t["id"] for t in r.json["tournaments"]]
        after = r.json["next"]
        if after is None:
            break
    assert set(made) <= set(seen) and seen == sorted(seen)


def test_refusals_carry_stable_codes(client):
    body = {"game": "tiny", "format": "swiss", "table_size": 2, "rounds": 2}
    assert code(call(client, "POST", "/v1/tournaments", json=body)) == "organiser_required"
    player = call(client, "POST", "/v1/players", ORGANISER, json={"name": "Cy"}).json
    assert code(call(client, "POST", "/v1/tournaments", player["token"], json=body)) == "scope_forbidden"
    assert code(call(client, "POST", "/v1/tournaments", ORGANISER, json={**body, "rounds": None})) == "invalid_options"
    assert code(call(client, "POST", "/v1/tournaments", ORGANISER, json={**body, "format": "ladder"})) == \
        "invalid_options"
    assert code(call(client, "POST", "/v1/tournaments", ORGANISER, json={**body, "game": "chess"})) == \
        "invalid_options"
    assert code(call(client, "POST", "/v1/tournaments", ORGANISER, json={**body, "extra": 1})) == "malformed_request"
    assert code(call(client, "GET", "/v1/tournaments/" + "0" * 16)) == "tournament_not_found"
    assert code(call(client, "GET", "/v1/tournaments/nothex")) == "not_found"

    tid = tiny(client)
    players = f"/v1/tournaments/{tid}/players"
    other = call(client, "POST", "/v1/organisers", ADMIN, json={"name": "Another club"}).json["token"]
    assert code(call(client, "POST", players, other, json={"name": "X"})) == "scope_forbidden"
    assert call(client, "POST", players, ADMIN, json={"name": "By an admin"}).status_code == 201
    assert code(call(client, "POST", players, ORGANISER, json={"player": "0" * 16})) == "unknown_player"
    assert code(call(client, "POST", players, ORGANISER, json={})) == "invalid_player"
    assert code(call(client, "POST", players, ORGANISER, json={"name": "Z", "player": player["id"]})) == \
        "invalid_player"
    assert code(call(client, "POST", players, ORGANISER, json={"name": "Z", "bot": "deep-blue"})) == "invalid_options"
    register(client, tid, player=player["id"])
    assert code(call(client, "POST", players, ORGANISER, json={"player": player["id"]})) == \
        "tournament.already_registered"
    start = f"/v1/tournaments/{tid}/start"
    assert code(call(client, "GET", f"/v1/tournaments/{tid}/standings")) == "tournament.not_running"
    assert code(call(client, "GET", f"/v1/tournaments/{tid}/rounds")) == "tournament.not_running"
    assert code(call(client, "POST", start, ORGANISER, json={"order": ["0" * 16]})) == "tournament.bad_order"
    assert code(call(client, "POST", start, other)) == "scope_forbidden"

    dee = register(client, tid, name="Dee")
    withdraw = f"/v1/tournaments/{tid}/players/{dee['player']}"
    assert code(call(client, "DELETE", withdraw, player["token"])) == "scope_forbidden"  # not itself
    assert code(call(client, "DELETE", f"{players}/{'0' * 16}", ORGANISER)) == "tournament.unknown_player"
    mine = call(client, "DELETE", f"{players}/{player['id']}", player["token"])  # a player withdraws itself
    assert mine.status_code == 200 and mine.json["withdrawn"] is True
    assert call(client, "POST", start, ORGANISER).status_code == 200
    assert call(client, "DELETE", withdraw, ORGANISER).status_code == 200
    assert code(call(client, "DELETE", withdraw, ORGANISER)) == "tournament.already_withdrawn"
    assert code(call(client, "POST", start, ORGANISER)) == "tournament.not_registering"
    assert code(call(client, "POST", players, ORGANISER, json={"name": "Late"})) == "tournament.not_registering"


def test_an_organiser_draws_the_seeding_by_lot_and_the_log_reverifies_it(client):
    tid = tiny(client)
    players = [register(client, tid, name=name, rating=rating)["player"]
               for name, rating in (("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700))]
    seeding = f"/v1/tournaments/{tid}/seeding"
    other = call(client, "POST", "/v1/organisers", ADMIN, json={"name": "Not theirs"}).json["token"]
    assert code(call(client, "POST", seeding, other)) == "scope_forbidden"
    assert code(call(client, "POST", seeding)) == "organiser_required"
    drawn = call(client, "POST", seeding, ORGANISER)
    assert drawn.status_code == 200 and sorted(drawn.json["seeding"]) == sorted(players)
    assert code(call(client, "POST", seeding, ORGANISER)) == "tournament.seeding_drawn"  # once: no second lot
    assert code(call(client, "POST", f"/v1/tournaments/{tid}/players", ORGANISER, json={"name": "Late"})) == \
        "tournament.seeding_drawn"
    call(client, "DELETE", f"/v1/tournaments/{tid}/players/{drawn.json['seeding'][0]}", ORGANISER)
    started = call(client, "POST", f"/v1/tournaments/{tid}/start", ORGANISER).json
    assert started["seeding"] == drawn.json["seeding"][1:]  # the lot, not the ratings; less the withdrawn
    envelopes = tournament_audit.parse(call(client, "GET", f"/v1/tournaments/{tid}/events?format=ndjson")
                                       .get_data(as_text=True))
    lot = next(e for e in envelopes if e["type"] == "seeding_drawn")
    assert lot["payload"]["order"] == drawn.json["seeding"] and len(lot["payload"]["seed"]) == 64
    assert lot["command"] == {"type": "draw_seeding", "seed": lot["payload"]["seed"]}
    assert tournament_audit.verify(envelopes) is None
    forged = [dict(e) for e in envelopes]
    at = forged.index(lot)
    forged[at] = rechain(forged[at - 1]["hash"], {**lot, "payload": {**lot["payload"],
                                                                     "order": list(reversed(lot["payload"]["order"]))}})
    assert at + 1 < len(forged)  # events follow the lot: they still link to its true hash
    broken = tournament_audit.verify(forged)
    assert (broken.code, broken.line) == ("chain_broken", at + 2)  # at the first event after it
    assert tournament_audit.verify(forged[:at + 1]).code == "event_differs"  # an order the seed does not draw


def test_a_rating_left_out_is_the_players_rating_in_the_game_and_seeds_the_bracket(app, client):
    loser, winner = (call(client, "POST", "/v1/players", ORGANISER, json={"name": n}).json["id"] for n in "LW")
    club = app.extensions["bazaar.identities"].verify(ORGANISER).identity  # created both: its game rates them
    assert app.extensions["bazaar.ratings"].record("tiny", "casual-" + winner, "casual", club, (loser, winner), (2, 1))
    tid = tiny(client, format="elimination", rounds=None)
    history = call(client, "GET", f"/v1/players/{loser}/ratings").json["ratings"]["tiny"]["history"]
    assert [(h["game_id"], h["source"], h["owner"]) for h in history] == [("casual-" + winner, "casual", club)]
    assert register(client, tid, player=loser)["rating"] == 1484  # Elo from 1500, K = 32
    assert register(client, tid, player=winner)["rating"] == 1516
    assert register(client, tid, name="Unrated")["rating"] == 0
    started = call(client, "POST", f"/v1/tournaments/{tid}/start", ORGANISER).json
    assert started["seeding"][:2] == [winner, loser]


def test_two_configured_organisers_cannot_act_on_each_others_tournaments(app, client):
    mine, theirs = tiny(client, ORGANISER), tiny(client, SECOND_ORGANISER)
    for tid, owner, stranger in ((mine, ORGANISER, SECOND_ORGANISER), (theirs, SECOND_ORGANISER, ORGANISER)):
        player = register(client, tid, owner, name="Owner's player")["player"]
        base = f"/v1/tournaments/{tid}"
        assert code(call(client, "POST", f"{base}/players", stranger, json={"name": "X"})) == "scope_forbidden"
        assert code(call(client, "DELETE", f"{base}/players/{player}", stranger)) == "scope_forbidden"
        assert code(call(client, "POST", f"{base}/seeding", stranger)) == "scope_forbidden"
        assert code(call(client, "POST", f"{base}/start", stranger)) == "scope_forbidden"
    assert call(client, "POST", f"/v1/tournaments/{theirs}/players", ADMIN, json={"name": "Admin's"}).status_code == 201
    ids = app.extensions["bazaar.identities"]
    first, second = ids.verify(ORGANISER).identity, ids.verify(SECOND_ORGANISER).identity
    assert first != second and first.startswith("configured-") and ORGANISER not in first
    assert create_app({"REDIS_URL": app.config["REDIS_URL"], "TESTING": True, "ORGANISER_TOKENS": ORGANISER}
                      ).extensions["bazaar.identities"].verify(ORGANISER).identity == first  # same after a restart
    assert call(client, "POST", f"/v1/tournaments/{mine}/players", ORGANISER, json={"name": "Own"}).status_code == 201


def test_an_organiser_registers_only_its_own_players_and_new_ones_are_the_tournaments_organisers(app, client):
    tid = tiny(client)
    theirs = call(client, "POST", "/v1/players", SECOND_ORGANISER, json={"name": "Theirs"}).json
    refused = call(client, "POST", f"/v1/tournaments/{tid}/players", ORGANISER, json={"player": theirs["id"]})
    assert (refused.status_code, code(refused)) == (403, "scope_forbidden")  # its games would seat and rate them
    assert call(client, "GET", f"/v1/tournaments/{tid}").json["players"] == []
    ids = app.extensions["bazaar.identities"]
    new = register(client, tid, ADMIN, name="Registered by an admin")
    assert ids.identity(new["player"])["created_by"] == ids.verify(ORGANISER).identity  # the club's player
    assert register(client, tid, ADMIN, player=theirs["id"])["player"] == theirs["id"]  # an admin may seat anyone


def test_too_few_players_cannot_start(client):
    tid = tiny(client)
    register(client, tid, name="Alone")
    assert code(call(client, "POST", f"/v1/tournaments/{tid}/start", ORGANISER)) == "tournament.too_few_players"


def test_ratings_of_a_player_with_no_rated_game_are_empty(client):
    player = call(client, "POST", "/v1/players", ORGANISER, json={"name": "New"}).json
    assert call(client, "GET", f"/v1/players/{player['id']}/ratings").json == {"player": player["id"], "ratings": {}}


@pytest.mark.parametrize("after", [2**63, 2**75])
def test_a_page_after_a_version_no_stream_can_reach_is_a_400(client, after):
    """A stream id is 64 bits: `after` beyond it once reached Redis and came back a 500."""
    r = call(client, "GET", f"/v1/tournaments/{tiny(client)}/events?after={after}")
    assert r.status_code == 400 and code(r) == "malformed_request" and r.json["field"] == "after"
