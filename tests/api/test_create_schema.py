"""The creation schemas in openapi.yaml are exact: a game or tournament body the published schema allows is created
(201), one it refuses is refused (400 or 422), and nothing else happens. Bodies are drawn from values on both
sides of every rule (each game's options, the options every game takes, seats, players, a tournament's format,
table size, rounds and advance), not from the schema; the schema's verdict (jsonschema-rs on the published
document) and the service's (the real app on a real Redis) must agree on each. The only schema-valid refusal is
one that depends on what is stored: a player id that names no player."""

from __future__ import annotations

import json

import pytest
import redis
from hypothesis import event, given, settings
from hypothesis import strategies as st

from domain.istanbul import options as istanbul
from domain.jaipur import options as jaipur
from domain.table import options as platform
from service import create_app
from tests.conftest import sized
from tests.support import openapi
from tests.support.databases import url_of

ORGANISER = "organiser-of-the-create-schema-tests-2b7d9e41"


@pytest.fixture(scope="module")
def client(redis_url):
    """Production settings but the limits: this test creates hundreds of games and tournaments a second from one
    address, and the limits are tested elsewhere (tests/api/test_rate_limits.py)."""
    url = url_of(redis_url, "create_schema")
    redis.Redis.from_url(url).flushdb()
    app = create_app({"REDIS_URL": url, "ORGANISER_TOKENS": ORGANISER, "RATE_LIMITS": False, "INLINE_DEALER": True})
    return app.test_client()


def pool(*values) -> st.SearchStrategy:
    return st.sampled_from(values)


# --- values on both sides of each rule: (allowed alone, refused alone) -------------------------------------------

BOT = {"bot": "greedy"}
PLATFORM = {
    "undo": (pool(*platform.UNDO_MODES), pool("", None, 1)),
    "undo_timeout_s": (pool(1, 120, 1.0, platform.MAX_UNDO_TIMEOUT_S),
                       pool(0, platform.MAX_UNDO_TIMEOUT_S + 1, True, 1.5, "5", None)),
    "clock": (pool(None, {"per_move_s": 1}, {"per_move_s": platform.MAX_SECONDS}, {"initial_s": 60},
                   {"initial_s": 60, "increment_s": 0}),
              pool({}, {"per_move_s": 0}, {"per_move_s": platform.MAX_SECONDS + 1},
                   {"initial_s": 60, "increment_s": platform.MAX_INCREMENT_S + 1}, {"per_move_s": 5, "increment_s": 1},
                   {"per_move_s": 5, "initial_s": 5}, {"x": 1}, {"increment_s": 1}, "60")),
    "timeout_policy": (pool(*platform.NAMED_POLICIES, {"auto_then_forfeit_after": 0},
                            {"auto_then_forfeit_after": platform.MAX_AUTO_BEFORE_FORFEIT}, BOT,
                            {"bot": "mcts", "budget_ms": 1}, {"bot": "random", "budget_ms": None}),
                       pool("", None, "nobody", {}, {"auto_then_forfeit_after": platform.MAX_AUTO_BEFORE_FORFEIT + 1},
                            {"auto_then_forfeit_after": 1, "bot": "greedy"}, {"bot": "nobody"}, {"budget_ms": 5},
                            {"bot": "mcts", "budget_ms": platform.MAX_BOT_BUDGET_MS + 1}, {"bot": "greedy", "x": 1})),
}
SEATED = pool(None, {}, BOT, {"bot": "random", "budget_ms": 10})


def platform_fields(seats) -> dict:
    """The platform's options for a game of `seats`: `bots` has one entry per seat (or none)."""
    count = seats if isinstance(seats, int) and 0 < seats < 20 else 2
    return {**PLATFORM, "bots": (
        st.one_of(st.just([]), st.lists(SEATED, min_size=count, max_size=count)),
        st.one_of(pool(None, "greedy", {}), st.lists(SEATED, min_size=1, max_size=6).filter(lambda b: len(b) != count),
                  st.lists(pool({"bot": "nobody"}, {"budget_ms": 5}, False, "greedy"), min_size=count,
                           max_size=count)))}

JAIPUR = {
    **{name: (pool(*values), pool("", None, "x")) for name, values in jaipur.CHOICES.items()},
    # hand and herd sizes are shown or hidden together: each drawn alone, the pair is tested both ways
    **{name: (pool(True, False), pool(None, 0, "true")) for name in jaipur.FLAGS},
    "safety_cap_turns_without_progress": (pool(None, 1, 40, 2.0), pool(0, -1, True, 1.5, "3")),
    "first_player": (pool(None, *jaipur.FIRST_PLAYERS, 1.0), pool(2, -1, True, False, "0")),
}
ISTANBUL = {  # a layout is a box's, and a bonus deck a box's choice: drawn alone, both are tested both ways
    "layout": (pool(*istanbul.LAYOUTS), pool("", None, 5)),
    "expansions": (pool([], ["mocha_baksheesh"], ["letters_seals"], ["mocha_baksheesh", "letters_seals"],
                        ["letters_seals", "mocha_baksheesh"]),
                   pool(["letters_seals", "letters_seals"], ["x"], [1], "letters_seals", None)),
    "neutral_assistants": (pool(True, False), pool(None, 1)),  # and 5 seats
    "caravan_leader": (pool(True, False), pool(None, 1)),
    "bonus_deck": (pool(*istanbul.BONUS_DECKS), pool("", None)),
}
OWN = {"jaipur": JAIPUR, "istanbul": ISTANBUL}


@st.composite
def drawn(draw, fields: dict, required: tuple[str, ...] = ()) -> dict:
    """Some of `fields` (all of `required`), each allowed alone; then maybe one of them spoiled, or a key nobody
    knows added: about half the bodies break no rule of their own fields, so both verdicts are tested often."""
    chosen = set(required) | set(draw(st.lists(st.sampled_from(sorted(fields)), max_size=4, unique=True)))
    out = {name: draw(fields[name][0]) for name in sorted(chosen)}
    spoil = draw(st.one_of(st.none(), st.none(), st.sampled_from(sorted(fields)), pool("", "variant")))
    if spoil in fields:
        out[spoil] = draw(fields[spoil][1])
    elif spoil is not None:
        out[spoil] = 1
    return out


def options(game, seats=None) -> st.SearchStrategy[dict]:
    """The game's own options, and the platform's for a game of `seats` (a tournament's options are the game's
    alone)."""
    return drawn({**OWN.get(game, JAIPUR), **(platform_fields(seats) if seats is not None else {})})


SEATS = {"jaipur": (2, 2.0), "istanbul": (2, 3, 4, 5, 5.0)}


PLAYER = "0123456789abcdef"  # well formed; no such player


@st.composite
def game_bodies(draw) -> dict:
    game = draw(pool("jaipur", "istanbul", "istanbul"))
    seats = draw(pool(*SEATS[game]))
    body = draw(drawn({
        "game": (st.just(game), pool("", "chess", None)),
        "seats": (st.just(seats), pool(1, 3, 6, 0, 17, True, "2")),
        "options": (options(game, seats), pool(None, [])),
        "seed": (pool(None, "s", "x" * 256), pool("", "x" * 257, 5)),
        "open": (pool(True, False), pool(None, 1)),
        "players": (st.one_of(pool(None, []), st.lists(pool(None, None, None, PLAYER), min_size=int(seats),
                                                        max_size=int(seats))),
                    st.one_of(pool("x", [1]), st.lists(pool("zz", 1), min_size=1, max_size=2),
                              st.lists(st.none(), min_size=1, max_size=6).filter(lambda p: len(p) != seats))),
    }, required=("game", "seats")))
    return body


@st.composite
def tournament_bodies(draw) -> dict:
    game = draw(pool("jaipur", "istanbul", "istanbul"))
    return draw(drawn({
        "game": (st.just(game), pool("", "chess")),
        "format": (pool("round_robin", "swiss", "elimination"), pool("", "knockout")),
        "table_size": (pool(*SEATS[game]), pool(0, 1, 3, 6, True)),
        "rounds": (pool(None, 1, 3, 64, 3.0), pool(0, 65, "3")),
        "options": (options(game), pool({"clock": None}, {"undo": "none"}, None)),
        "clock": (pool(None, {}, {"per_move_s": 60}, {"initial_s": 5, "increment_s": 1}),
                  pool({"per_move_s": 0}, {"x": 1}, "60")),
        "timeout_policy": (pool(*platform.NAMED_POLICIES), pool("", "x", None, BOT)),
        "advance": (pool(1, 2), pool(3, 0, None)),
    }, required=("game", "format", "table_size")))


# --- the verdicts -----------------------------------------------------------------------------------------------


def allowed(body: dict, schema: str) -> bool:
    return openapi.fast_validator(f"/components/schemas/{schema}").is_valid(body)


def agree(client, path: str, body: dict, schema: str, stored: bool = False) -> None:
    event(f"{schema}: {'allowed' if allowed(body, schema) else 'refused'}")
    answer = client.post(path, data=json.dumps(body), content_type="application/json",
                         headers={"Authorization": f"Bearer {ORGANISER}"})
    assert answer.status_code in (201, 400, 422), (body, answer.status_code, answer.get_json())
    if not allowed(body, schema):
        assert answer.status_code in (400, 422), ("the schema refuses it, the service took it", body)
    elif stored:
        # refusals a schema cannot state: a player that does not exist, or one named twice (nulls may repeat)
        assert answer.get_json()["code"] in ("unknown_player", "player_seated_twice"), (body, answer.get_json())
    else:
        assert answer.status_code == 201, ("the schema allows it, the service refused it", body, answer.get_json())


def whole_floats(value):
    """Every integer written as a number with a fraction (`2.0`): JSON Schema's integer all the same."""
    if isinstance(value, dict):
        return {k: whole_floats(v) for k, v in value.items()}
    if isinstance(value, list):
        return [whole_floats(v) for v in value]
    return float(value) if isinstance(value, int) and not isinstance(value, bool) else value


@settings(max_examples=sized(ci=400, long=4000))
@given(game_bodies(), st.booleans())
def test_a_game_the_schema_allows_is_created_and_one_it_refuses_is_refused(client, body, floats):
    names_a_player = isinstance(body.get("players"), list) and PLAYER in body["players"]
    agree(client, "/v1/games", whole_floats(body) if floats else body, "CreateGameRequest", stored=names_a_player)


@settings(max_examples=sized(ci=300, long=3000))
@given(tournament_bodies(), st.booleans())
def test_a_tournament_the_schema_allows_is_created_and_one_it_refuses_is_refused(client, body, floats):
    agree(client, "/v1/tournaments", whole_floats(body) if floats else body, "CreateTournamentRequest")
