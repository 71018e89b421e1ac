"""Who reaches what: every route of openapi.yaml that names a game, seat, identity, token, tournament or player,
called by each role, answers exactly what TABLE says (status and problem code), on a real server with production
settings (it knows an admin token; nothing else is changed).

TABLE is written by hand from the rules openapi.yaml states (its Owners section and each route's `x-scopes` and
`x-owner`), never from the code it checks. The routes come from openapi.yaml: a route with no row, or one that
names an id and is filed among those that name none, fails the test.

The world every cell runs in: organisers A (the owner) and B, both made by the admin; A's players Ada and Abe, B's
player Bea; game G, A's, seat 0 bound to Ada, seat 1 a plain seat that is to act and has made one move (the right
seat is seat 1's token); game H, anonymous (another game's seat is H's seat 0 token); A's tournament T registering
Ada and Cy, and A's tournament S, started; A's games with open seats (one untouched, one whose seat 0 Abe claimed);
A's finished game of Ada and Abe (and the rematch Abe offered); Abe's challenge to Ada. A cell that changes the
world (a move, a revocation, a start) gets a world of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import pytest
import redis

from tests.api.client import Api
from tests.support import openapi
from tests.support.databases import url_of
from tests.support.processes import gunicorn

ADMIN = "tenancy-matrix-admin-3b7e9f1c5a2d8e64f0"
FIRST_SEAT_ONE = "tenancy-3"  # an open tiny game with this seed gives the first turn to seat 1 (checked in World)
ROLES = ("anonymous", "other_seat", "right_seat", "owners_player", "other_player", "owner", "other_organiser",
         "admin")
SCOPE_OF = {"anonymous": "anonymous", "other_seat": "seat", "right_seat": "seat", "owners_player": "player",
            "other_player": "player", "owner": "organiser", "other_organiser": "organiser", "admin": "admin"}

BAD_TOKEN = (401, "bad_token")
NO_SEAT = (401, "unauthorized")
ORGANISER_REQUIRED = (401, "organiser_required")
PLAYER_REQUIRED = (401, "player_required")
FORBIDDEN = (403, "scope_forbidden")
NOT_YOUR_TURN = (403, "not_your_turn")
NOT_OWN_MOVES = (422, "undo_not_own_moves")


@dataclass(frozen=True)
class Row:
    """A route's request (path and JSON body, from the world) and, per role in ROLES order, its answer: a success
    status, or (status, problem code). `changes`: each cell gets a world of its own."""

    request: Callable[[World], tuple[str, dict | None]]
    answers: tuple[int | tuple[int, str], ...]
    changes: bool = False


def game(suffix: str = "", body: dict | None = None):
    return lambda w: (f"/v1/games/{w.game}{suffix}", body)


# public: a seat sees its own; an identity with no seat here (its owner too) reads as a spectator; another game's
# seat token is nobody's here
READ_A_GAME = (200, BAD_TOKEN, 200, 200, 200, 200, 200, 200)
ANYONE = (200,) * len(ROLES)

#                                                                  anonymous   other seat  right seat  owner's player
#                                                                  other player  owner  other organiser  admin
TABLE: dict[tuple[str, str], Row] = {
    ("GET", "/v1/games/{game_id}"): Row(game(), READ_A_GAME),
    ("GET", "/v1/games/{game_id}/events"): Row(game("/events"), READ_A_GAME),
    ("GET", "/v1/games/{game_id}/log"): Row(game("/log"), READ_A_GAME),
    ("GET", "/v1/games/{game_id}/state"): Row(game("/state"), READ_A_GAME),
    ("GET", "/v1/games/{game_id}/export"): Row(game("/export"), READ_A_GAME),
    ("GET", "/v1/games/{game_id}/board.svg"): Row(game("/board.svg"), READ_A_GAME),
    ("GET", "/play/{game_id}"): Row(lambda w: (f"/play/{w.game}", None), ANYONE),
    ("GET", "/v1/games/{game_id}/legal-moves"): Row(
        game("/legal-moves"), (NO_SEAT, BAD_TOKEN, 200, 200,
                               NO_SEAT, NO_SEAT, NO_SEAT, NO_SEAT)),
    ("POST", "/v1/games/{game_id}/commands"): Row(
        game("/commands", {"type": "add", "amount": 1}), (NO_SEAT, BAD_TOKEN, 201, NOT_YOUR_TURN,
                                                          NO_SEAT, NO_SEAT, NO_SEAT, NO_SEAT), changes=True),
    ("POST", "/v1/games/{game_id}/undo"): Row(
        lambda w: (f"/v1/games/{w.game}/undo", {"to_version": w.before_move}),
        (NO_SEAT, BAD_TOKEN, 201, NOT_OWN_MOVES,
         NO_SEAT, NO_SEAT, NO_SEAT, NO_SEAT), changes=True),
    ("PUT", "/v1/games/{game_id}/seats/{seat}/bot"): Row(
        game("/seats/1/bot", {"bot": "random"}), (ORGANISER_REQUIRED, ORGANISER_REQUIRED, ORGANISER_REQUIRED, FORBIDDEN,
                                                  FORBIDDEN, 200, FORBIDDEN, 200), changes=True),
    ("POST", "/v1/games/{game_id}/seats/{seat}/token"): Row(
        game("/seats/1/token"), (NO_SEAT, BAD_TOKEN, 201, FORBIDDEN,
                                 FORBIDDEN, 201, FORBIDDEN, 201), changes=True),
    ("GET", "/v1/games"): Row(  # the id is in the query
        lambda w: (f"/v1/games?player={w.player}", None), (FORBIDDEN, FORBIDDEN, FORBIDDEN, 200,
                                                            FORBIDDEN, 200, FORBIDDEN, 200)),
    ("POST", "/v1/games"): Row(  # the id is in the body: seat 0 bound to the owner's player
        lambda w: ("/v1/games", {"game": "tiny", "seats": 2, "players": [w.player, None]}),
        (ORGANISER_REQUIRED, BAD_TOKEN, BAD_TOKEN, 201,
         FORBIDDEN, 201, FORBIDDEN, 201)),
    ("POST", "/v1/identities/{identity_id}/tokens"): Row(
        lambda w: (f"/v1/identities/{w.player}/tokens", {}), (PLAYER_REQUIRED, PLAYER_REQUIRED, PLAYER_REQUIRED, 201,
                                                              FORBIDDEN, 201, FORBIDDEN, 201)),
    ("DELETE", "/v1/identities/{identity_id}"): Row(
        lambda w: (f"/v1/identities/{w.player}", None), (ORGANISER_REQUIRED, ORGANISER_REQUIRED, ORGANISER_REQUIRED,
                                                         FORBIDDEN, FORBIDDEN, 204, FORBIDDEN, 204), changes=True),
    ("DELETE", "/v1/tokens/{token_id}"): Row(
        lambda w: (f"/v1/tokens/{w.player_token_id}", None), (PLAYER_REQUIRED, PLAYER_REQUIRED, PLAYER_REQUIRED, 204,
                                                              FORBIDDEN, 204, FORBIDDEN, 204), changes=True),
    ("GET", "/v1/players/{player_id}/ratings"): Row(lambda w: (f"/v1/players/{w.player}/ratings", None), ANYONE),
    ("GET", "/v1/tournaments/{tournament_id}"): Row(lambda w: (f"/v1/tournaments/{w.tournament}", None), ANYONE),
    ("GET", "/v1/tournaments/{tournament_id}/events"): Row(
        lambda w: (f"/v1/tournaments/{w.tournament}/events", None), ANYONE),
    ("GET", "/v1/tournaments/{tournament_id}/rounds"): Row(
        lambda w: (f"/v1/tournaments/{w.started}/rounds", None), ANYONE),
    ("GET", "/v1/tournaments/{tournament_id}/standings"): Row(
        lambda w: (f"/v1/tournaments/{w.started}/standings", None), ANYONE),
    ("POST", "/v1/tournaments/{tournament_id}/players"): Row(  # an existing player of the owner's
        lambda w: (f"/v1/tournaments/{w.tournament}/players", {"player": w.second_player}),
        (ORGANISER_REQUIRED, ORGANISER_REQUIRED, ORGANISER_REQUIRED, FORBIDDEN,
         FORBIDDEN, 201, FORBIDDEN, 201), changes=True),
    ("DELETE", "/v1/tournaments/{tournament_id}/players/{player_id}"): Row(
        lambda w: (f"/v1/tournaments/{w.tournament}/players/{w.player}", None),
        (PLAYER_REQUIRED, PLAYER_REQUIRED, PLAYER_REQUIRED, 200,
         FORBIDDEN, 200, FORBIDDEN, 200), changes=True),
    ("POST", "/v1/tournaments/{tournament_id}/seeding"): Row(
        lambda w: (f"/v1/tournaments/{w.tournament}/seeding", None),
        (ORGANISER_REQUIRED, ORGANISER_REQUIRED, ORGANISER_REQUIRED, FORBIDDEN,
         FORBIDDEN, 200, FORBIDDEN, 200), changes=True),
    ("POST", "/v1/tournaments/{tournament_id}/start"): Row(
        lambda w: (f"/v1/tournaments/{w.tournament}/start", None),
        (ORGANISER_REQUIRED, ORGANISER_REQUIRED, ORGANISER_REQUIRED, FORBIDDEN,
         FORBIDDEN, 200, FORBIDDEN, 200), changes=True),
    # open seats: a guest (no token) or a player claims; a token of no player is nobody's; organisers and admins
    # claim nothing (they bind players at creation)
    ("POST", "/v1/games/{game_id}/seats/{seat}/claim"): Row(
        lambda w: (f"/v1/games/{w.open_game}/seats/1/claim", {}), (201, BAD_TOKEN, BAD_TOKEN, 201,
                                                                   201, FORBIDDEN, FORBIDDEN, FORBIDDEN),
        changes=True),
    # the creator (here the owner, organiser A) or an admin starts a waiting game early; a seat token is no one's
    ("POST", "/v1/games/{game_id}/start"): Row(
        lambda w: (f"/v1/games/{w.seated_game}/start", {}), (PLAYER_REQUIRED, PLAYER_REQUIRED, PLAYER_REQUIRED,
                                                             FORBIDDEN, FORBIDDEN, 200, FORBIDDEN, 200),
        changes=True),
    # an offer is its players' (Ada's and Abe's) and admins' to read, its players' to answer
    ("GET", "/v1/games/{game_id}/rematch"): Row(
        lambda w: (f"/v1/games/{w.rematch_offered}/rematch", None), (PLAYER_REQUIRED, PLAYER_REQUIRED, PLAYER_REQUIRED,
                                                                     200, FORBIDDEN, FORBIDDEN, FORBIDDEN, 200)),
    # a seat of the finished game (Ada's, by her player token) offers or accepts; anyone else is no seat of it
    ("POST", "/v1/games/{game_id}/rematch"): Row(
        lambda w: (f"/v1/games/{w.finished}/rematch", {}), (NO_SEAT, BAD_TOKEN, BAD_TOKEN, 200,
                                                            FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN), changes=True),
    ("POST", "/v1/games/{game_id}/rematch/decline"): Row(
        lambda w: (f"/v1/games/{w.rematch_offered}/rematch/decline", None),
        (NO_SEAT, BAD_TOKEN, BAD_TOKEN, 200, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN), changes=True),
    ("POST", "/v1/challenges"): Row(  # the id is in the body: any player challenges any player
        lambda w: ("/v1/challenges", {"player": w.second_player, "game": "tiny"}),
        (PLAYER_REQUIRED, PLAYER_REQUIRED, PLAYER_REQUIRED, 201, 201, FORBIDDEN, FORBIDDEN, FORBIDDEN)),
    ("GET", "/v1/challenges/{challenge_id}"): Row(  # Abe challenged Ada
        lambda w: (f"/v1/challenges/{w.challenge}", None), (PLAYER_REQUIRED, PLAYER_REQUIRED, PLAYER_REQUIRED, 200,
                                                            FORBIDDEN, FORBIDDEN, FORBIDDEN, 200)),
    ("POST", "/v1/challenges/{challenge_id}/accept"): Row(
        lambda w: (f"/v1/challenges/{w.challenge}/accept", {}), (PLAYER_REQUIRED, PLAYER_REQUIRED, PLAYER_REQUIRED,
                                                                 200, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN),
        changes=True),
    ("POST", "/v1/challenges/{challenge_id}/decline"): Row(
        lambda w: (f"/v1/challenges/{w.challenge}/decline", None), (PLAYER_REQUIRED, PLAYER_REQUIRED, PLAYER_REQUIRED,
                                                                    200, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN),
        changes=True),
    # the token itself: an identity its record, a seat token the game and seat it names (each seat its own game)
    ("GET", "/v1/me"): Row(lambda w: ("/v1/me", None), (PLAYER_REQUIRED, 200, 200, 200,
                                                         200, 200, 200, 200)),
}

# Routes that name no game, seat, identity, token, tournament or player, and why they are not in the matrix.
WITHOUT_ID = {
    ("GET", "/"): "the public list of games",
    ("GET", "/healthz"): "liveness",
    ("GET", "/v1/catalogue"): "the games and bots this service hosts",
    ("GET", "/openapi.yaml"): "this description",
    ("POST", "/v1/organisers"): "admins make organisers: nothing owned is named",
    ("POST", "/v1/players"): "an organiser makes its own player: nothing owned is named",
    ("POST", "/v1/games/import"): "a new game from an export: nothing owned is named",
    ("POST", "/v1/tournaments"): "a new tournament: nothing owned is named",
    ("GET", "/v1/tournaments"): "the public list of tournaments",
    ("GET", "/v1/me/events"): "the caller itself: its own notices",
    ("GET", "/v1/me/games"): "the caller itself: its own games",
}


class World:
    """The world of one or more cells, made through the API; parts only one row needs are made when first asked."""

    def __init__(self, api: Api):
        self.api = api
        self.a = self.ok(api.call("POST", "/v1/organisers", ADMIN, json={"name": "Club A"}), 201)
        self.b = self.ok(api.call("POST", "/v1/organisers", ADMIN, json={"name": "Club B"}), 201)
        ada = self.ok(api.call("POST", "/v1/players", self.a["token"], json={"name": "Ada"}), 201)
        bea = self.ok(api.call("POST", "/v1/players", self.b["token"], json={"name": "Bea"}), 201)
        self.player, self.player_token_id = ada["id"], ada["token_id"]
        body = {"game": "tiny", "seats": 2, "seed": FIRST_SEAT_ONE, "open": True, "options": {"goal": 50},
                "players": [self.player, None]}
        created = self.ok(api.call("POST", "/v1/games", self.a["token"], json=body), 201)
        self.game = created["id"]
        right_seat = created["seats"][1]["token"]
        view = self.ok(api.call("GET", f"/v1/games/{self.game}"), 200)
        assert view["to_act"] == [1], "the right seat must be the one to act"
        self.before_move = view["version"]
        self.ok(api.call("POST", f"/v1/games/{self.game}/commands", right_seat, json={"type": "add", "amount": 1}),
                201)
        other = self.ok(api.call("POST", "/v1/games", json={"game": "tiny", "seats": 2}), 201)
        self.other_game = other["id"]
        self.tokens = {"anonymous": None, "other_seat": other["seats"][0]["token"], "right_seat": right_seat,
                       "owners_player": ada["token"], "other_player": bea["token"], "owner": self.a["token"],
                       "other_organiser": self.b["token"], "admin": ADMIN}

    @staticmethod
    def ok(response, status: int) -> dict:
        assert response.status_code == status, response.text
        return response.json()

    def new_tournament(self) -> str:
        body = {"game": "tiny", "format": "swiss", "table_size": 2, "rounds": 2, "options": {"goal": 2}}
        return self.ok(self.api.call("POST", "/v1/tournaments", self.a["token"], json=body), 201)["id"]

    @cached_property
    def abe(self) -> dict:
        return self.ok(self.api.call("POST", "/v1/players", self.a["token"], json={"name": "Abe"}), 201)

    @cached_property
    def second_player(self) -> str:
        return self.abe["id"]

    def open_tiny(self) -> str:
        body = {"game": "tiny", "seats": 2, "invitations": ["public", "public"]}
        return self.ok(self.api.call("POST", "/v1/games", self.a["token"], json=body), 201)["id"]

    @cached_property
    def open_game(self) -> str:
        """A's game with both seats open to anyone."""
        return self.open_tiny()

    @cached_property
    def seated_game(self) -> str:
        """A's open game whose seat 0 Abe claimed: it may start early."""
        gid = self.open_tiny()
        self.ok(self.api.call("POST", f"/v1/games/{gid}/seats/0/claim", self.abe["token"], json={}), 201)
        return gid

    @cached_property
    def finished(self) -> str:
        """A's game of Ada (seat 0) and Abe (seat 1), played to its end (a goal of 1: the first move ends it)."""
        body = {"game": "tiny", "seats": 2, "options": {"goal": 1}, "players": [self.player, self.second_player]}
        gid = self.ok(self.api.call("POST", "/v1/games", self.a["token"], json=body), 201)["id"]
        seat = self.ok(self.api.call("GET", f"/v1/games/{gid}"), 200)["to_act"][0]
        token = self.tokens["owners_player"] if seat == 0 else self.abe["token"]
        self.ok(self.api.call("POST", f"/v1/games/{gid}/commands", token, json={"type": "add", "amount": 1}), 201)
        return gid

    @cached_property
    def rematch_offered(self) -> str:
        """The finished game, with a rematch Abe offered."""
        self.ok(self.api.call("POST", f"/v1/games/{self.finished}/rematch", self.abe["token"], json={}), 200)
        return self.finished

    @cached_property
    def challenge(self) -> str:
        """Abe challenged Ada."""
        body = {"player": self.player, "game": "tiny"}
        return self.ok(self.api.call("POST", "/v1/challenges", self.abe["token"], json=body), 201)["id"]

    @cached_property
    def tournament(self) -> str:
        tid = self.new_tournament()
        for player in ({"player": self.player}, {"name": "Cy"}):
            self.ok(self.api.call("POST", f"/v1/tournaments/{tid}/players", self.a["token"], json=player), 201)
        return tid

    @cached_property
    def started(self) -> str:
        tid = self.new_tournament()
        for name in ("Dee", "Eve"):
            self.ok(self.api.call("POST", f"/v1/tournaments/{tid}/players", self.a["token"], json={"name": name}), 201)
        self.ok(self.api.call("POST", f"/v1/tournaments/{tid}/start", self.a["token"]), 200)
        return tid


def operations() -> list[tuple[str, str]]:
    return sorted((method.upper(), path) for path, item in openapi.spec()["paths"].items()
                  for method in item if method in openapi.METHODS)


def operation(method: str, path: str) -> dict:
    return openapi.spec()["paths"][path][method.lower()]


def names_an_id(method: str, path: str) -> bool:
    item = openapi.spec()["paths"][path]
    parameters = item.get("parameters", []) + operation(method, path).get("parameters", [])
    return "{" in path or any(p.get("in") == "path" for p in parameters)


def expected(answer) -> tuple[int, str | None]:
    return (answer, None) if isinstance(answer, int) else answer


@pytest.fixture(scope="module")
def api(redis_url, tmp_path_factory):
    url = url_of(redis_url, "tenancy_matrix")
    redis.Redis.from_url(url).flushdb()
    with gunicorn(url, tmp_path_factory.mktemp("tenancy"), {"BAZAAR_ADMIN_TOKENS": ADMIN}, workers=1) as base:
        yield Api(base)


@pytest.fixture(scope="module")
def shared_world(api) -> World:
    return World(api)


def test_every_route_that_names_an_id_has_a_row_and_every_other_route_says_why_not():
    routes = set(operations())
    assert routes - set(TABLE) - set(WITHOUT_ID) == set(), "routes with no row: add one to TABLE (or WITHOUT_ID)"
    assert set(TABLE) - routes == set() and set(WITHOUT_ID) - routes == set(), "rows for routes the spec lacks"
    assert not [route for route in WITHOUT_ID if names_an_id(*route)], "a route naming an id needs a row in TABLE"
    assert all(len(row.answers) == len(ROLES) for row in TABLE.values())


def test_the_table_keeps_to_what_the_spec_says_of_each_route():
    """The two hand-written statements agree: a role outside a route's `x-scopes` never succeeds (on a public
    route a token is not needed, and one of another scope may be ignored), each answer's status is documented,
    every 403 `scope_forbidden` is the documented one, and each route says who owns what it names."""
    for route, row in TABLE.items():
        op = operation(*route)
        assert op.get("x-owner"), f"{route}: no x-owner"
        for role, answer in zip(ROLES, row.answers):
            status, code = expected(answer)
            scopes = op["x-scopes"]
            if status < 300:
                assert (SCOPE_OF[role] in scopes or "anonymous" in scopes
                        or (role == "admin" and "organiser" in scopes)), (route, role)
            assert str(status) in op["responses"], (route, role, status)
            if code == "scope_forbidden":
                assert op["responses"]["403"] == {"$ref": "#/components/responses/ScopeForbidden"}, route


@pytest.mark.parametrize("route", [r for r in operations() if r in TABLE], ids=" ".join)
def test_each_role_gets_exactly_what_the_table_says(api, shared_world, route):
    row = TABLE[route]
    method = route[0]
    got, wanted = {}, {}
    for role, answer in zip(ROLES, row.answers):
        world = World(api) if row.changes else shared_world
        path, body = row.request(world)
        r = api.call(method, path, world.tokens[role], json=body)
        is_problem = r.headers.get("Content-Type", "").startswith("application/problem+json")
        got[role] = (r.status_code, r.json()["code"] if is_problem else None)
        wanted[role] = expected(answer)
    assert got == wanted


def test_a_seat_token_reads_at_v1_me_the_game_and_seat_it_holds(api, shared_world):
    """Beyond the status: each seat's token answers its own game and seat (as the world made them), and whether
    its decision is awaited (as the game's view says, another route)."""
    w = shared_world
    for role, game_id, seat in (("right_seat", w.game, 1), ("other_seat", w.other_game, 0)):
        r = api.call("GET", "/v1/me", w.tokens[role])
        to_act = api.call("GET", f"/v1/games/{game_id}").json()["to_act"]
        assert r.json() == {"scope": "seat", "game_id": game_id, "game": "tiny", "seat": seat, "status": "active",
                            "version": r.json()["version"], "my_turn": seat in to_act}, role
    assert api.call("GET", "/v1/me", w.tokens["right_seat"]).json()["my_turn"]  # seat 1 is to act (World)
