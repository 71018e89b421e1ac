"""Every body encoding against every string of every write route's JSON body, on a real server with production
settings: a body that is not UTF-8 JSON text whose strings are all Unicode (RFC 8259 8.1; a lone surrogate, as
an escape or as raw bytes, is not Unicode) is `400 malformed_json`; every other body is answered below 500, and a
refusal is problem+json with a code.

The routes and their strings come from openapi.yaml (every string-typed property, array item and object key of
each request schema, through `$ref`s and unions), so a new route or field is covered with no change here. The
oracle is the RFC's rule applied to the bytes sent, not the service's parser. Each route is called with the token
and ids that get it as far as reading its body (an organiser's game, tournaments, a player)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import pytest
import redis
import requests
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import EXTRA_GAMES, sized
from tests.support import openapi
from tests.support.databases import url_of
from tests.support.processes import gunicorn

ADMIN = "admin-token-for-the-body-encodings-test-5d2c8e1f"
KEY = "<key>"  # a path step: a key of this object
PROBLEM = "application/problem+json"
WRITES = ("post", "put", "patch", "delete")


# --- the write routes and the strings of their bodies, from openapi.yaml ----------------------------------------


def resolved(node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        pointer = node["$ref"].removeprefix("#/").split("/")
        node = openapi.built()
        for token in pointer:
            node = node[openapi.unescape(token)]
    return node


def string_slots(schema: Any, path: tuple = (), seen: frozenset = frozenset()) -> set[tuple]:
    """Every place in a body the schema lets a string go: string-typed values, array items, and each object's
    keys (a key is a string too)."""
    if isinstance(schema, dict) and "$ref" in schema:
        if schema["$ref"] in seen:
            return set()
        seen = seen | {schema["$ref"]}
    schema = resolved(schema)
    if not isinstance(schema, dict):
        return set()
    found: set[tuple] = set()
    types = schema.get("type", [])
    types = [types] if isinstance(types, str) else types
    values = [*schema.get("enum", []), *([schema["const"]] if "const" in schema else [])]
    if "string" in types or any(isinstance(v, str) for v in values):
        found.add(path)
    if "object" in types or "properties" in schema or "additionalProperties" in schema:
        found.add((*path, KEY))
    for name, sub in schema.get("properties", {}).items():
        found |= string_slots(sub, (*path, name), seen)
    if isinstance(schema.get("additionalProperties"), dict):
        found |= string_slots(schema["additionalProperties"], (*path, "extra"), seen)
    if isinstance(schema.get("items"), dict):
        found |= string_slots(schema["items"], (*path, 0), seen)
    for union in ("oneOf", "anyOf", "allOf"):
        for sub in schema.get(union, []):
            found |= string_slots(sub, path, seen)
    for branch in ("then", "else"):
        if branch in schema:
            found |= string_slots(schema[branch], path, seen)
    return found


def json_writes() -> dict[tuple[str, str], set[tuple]]:
    """(METHOD, path template) -> the string slots of its JSON body, for every write route that takes one."""
    routes = {}
    for template, item in openapi.built()["paths"].items():
        for method, operation in item.items():
            body = operation.get("requestBody", {}) if method in WRITES else {}
            schema = body.get("content", {}).get("application/json", {}).get("schema")
            if schema is not None:
                routes[(method.upper(), template)] = string_slots(schema) | {(KEY,)}
    return routes


# --- the server and what each route needs to read its body ------------------------------------------------------


@dataclass
class Route:
    method: str
    path: str  # with the ids filled in
    token: str | None
    bodies: list[dict]  # valid bodies the strings are put into


@pytest.fixture(scope="module")
def base(redis_url, tmp_path_factory):
    url = url_of(redis_url, "body_encodings")
    redis.Redis.from_url(url).flushdb()
    with gunicorn(url, tmp_path_factory.mktemp("encodings"),
                  {"BAZAAR_EXTRA_GAMES": EXTRA_GAMES, "BAZAAR_ADMIN_TOKENS": ADMIN}, workers=1) as server:
        yield server


def send(base: str, method: str, path: str, token: str | None, data: bytes,
         content_type: str = "application/json") -> requests.Response:
    """One request; a 429 is waited out as its Retry-After says (the limits are production's)."""
    headers = {"Content-Type": content_type, **({"Authorization": f"Bearer {token}"} if token else {})}
    for _ in range(10):
        answer = requests.request(method, base + path, data=data, headers=headers, timeout=30)
        if answer.status_code != 429:
            return answer
        time.sleep(float(answer.headers.get("Retry-After", "1")))
    raise AssertionError(f"{method} {path} still rate limited")


def made(base: str, path: str, token: str | None, body: dict) -> dict:
    answer = send(base, "POST", path, token, json.dumps(body).encode())
    assert answer.status_code == 201, answer.text
    return answer.json()


@pytest.fixture(scope="module")
def routes(base) -> dict[tuple[str, str], Route]:
    organiser = made(base, "/v1/organisers", ADMIN, {"name": "Club"})["token"]
    ada = made(base, "/v1/players", organiser, {"name": "Ada"})
    player = ada["id"]
    game = made(base, "/v1/games", organiser, {"game": "jaipur", "seats": 2})
    gid, seat = game["id"], game["seats"][0]["token"]
    tournament = {"game": "jaipur", "format": "swiss", "table_size": 2, "rounds": 1}
    registering = made(base, "/v1/tournaments", organiser, tournament)["id"]
    starting = made(base, "/v1/tournaments", organiser, tournament)["id"]  # no players: it never starts
    known = {
        ("POST", "/v1/games"): Route("POST", "/v1/games", organiser, [
            {"game": "jaipur", "seats": 2, "seed": "s"}, {"game": "jaipur", "seats": 2, "seed": "s", "open": True}]),
        ("POST", "/v1/games/{game_id}/commands"): Route("POST", f"/v1/games/{gid}/commands", seat,
                                                        [{"type": "take_camels"}]),
        ("POST", "/v1/games/{game_id}/undo"): Route("POST", f"/v1/games/{gid}/undo", seat, [{"to_version": 1}]),
        ("PUT", "/v1/games/{game_id}/seats/{seat}/bot"): Route("PUT", f"/v1/games/{gid}/seats/1/bot", organiser,
                                                              [{"bot": "greedy"}]),
        ("POST", "/v1/organisers"): Route("POST", "/v1/organisers", ADMIN, [{"name": "Club"}]),
        ("POST", "/v1/players"): Route("POST", "/v1/players", organiser, [{"name": "Bo"}]),
        ("POST", "/v1/identities/{identity_id}/tokens"): Route("POST", f"/v1/identities/{player}/tokens", organiser,
                                                              [{"expires_in_s": 600}]),
        ("POST", "/v1/tournaments"): Route("POST", "/v1/tournaments", organiser, [tournament]),
        ("POST", "/v1/tournaments/{tournament_id}/players"): Route(
            "POST", f"/v1/tournaments/{registering}/players", organiser, [{"name": "Cy"}, {"player": player}]),
        ("POST", "/v1/tournaments/{tournament_id}/start"): Route(
            "POST", f"/v1/tournaments/{starting}/start", organiser, [{"order": []}]),
        **lobby_routes(base, organiser, ada),
    }
    assert set(known) == set(json_writes()), "a write route with a JSON body is new: say what it needs here"
    return known


def lobby_routes(base: str, organiser: str, ada: dict) -> dict[tuple[str, str], Route]:
    """Open seats and offers: a game open to anyone (claimed by guests), one a guest sat down in (its owner starts
    it), Ada's finished game with Bo (she offers and accepts its rematch), and Bo's challenge to her."""
    bo = made(base, "/v1/players", organiser, {"name": "Bo"})
    entropy = "e" * 32
    open_game = made(base, "/v1/games", organiser, {"game": "tiny", "seats": 2, "invitations": ["public", "public"]})
    seated = made(base, "/v1/games", organiser, {"game": "tiny", "seats": 2, "invitations": ["public", "public"]})
    made(base, f"/v1/games/{seated['id']}/seats/0/claim", None, {})
    finished = made(base, "/v1/games", organiser, {"game": "tiny", "seats": 2, "options": {"goal": 1},
                                                   "players": [ada["id"], bo["id"]]})
    first = requests.get(f"{base}/v1/games/{finished['id']}", timeout=10).json()["to_act"][0]
    made(base, f"/v1/games/{finished['id']}/commands", finished["seats"][first]["token"], {"type": "add", "amount": 1})
    challenge = made(base, "/v1/challenges", bo["token"], {"player": ada["id"], "game": "tiny"})["id"]
    return {
        ("POST", "/v1/games/{game_id}/seats/{seat}/claim"): Route(
            "POST", f"/v1/games/{open_game['id']}/seats/1/claim", None, [{"entropy": entropy, "name": "Guest"},
                                                                        {"code": "c"}]),
        ("POST", "/v1/games/{game_id}/start"): Route("POST", f"/v1/games/{seated['id']}/start", organiser,
                                                     [{"bot": "random"}]),
        ("POST", "/v1/games/{game_id}/rematch"): Route("POST", f"/v1/games/{finished['id']}/rematch", ada["token"],
                                                       [{"entropy": entropy}]),
        ("POST", "/v1/challenges"): Route("POST", "/v1/challenges", ada["token"],
                                          [{"player": bo["id"], "game": "tiny", "entropy": entropy}]),
        ("POST", "/v1/challenges/{challenge_id}/accept"): Route("POST", f"/v1/challenges/{challenge}/accept",
                                                                ada["token"], [{"entropy": entropy}]),
    }


# --- bodies: a string put in a slot, the text encoded --------------------------------------------------------------


def put(body: Any, path: tuple, text: str) -> Any:
    """A copy of `body` with `text` at `path` (made where missing; at KEY, as a new key)."""
    if not path:
        return text
    step, rest = path[0], path[1:]
    if step == KEY:
        return {**(body if isinstance(body, dict) else {}), text: 1}
    if isinstance(step, int):
        items = list(body) if isinstance(body, list) and body else [None]
        items[0] = put(items[0], rest, text)
        return items
    container = dict(body) if isinstance(body, dict) else {}
    container[step] = put(container.get(step), rest, text)
    return container


def surrogates() -> st.SearchStrategy[str]:
    return st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)


STRINGS = st.one_of(
    st.tuples(st.text(max_size=4), surrogates(), st.text(max_size=4)).map("".join),  # not Unicode
    st.text(max_size=12),  # Unicode (hypothesis draws no surrogate here)
)


def wide(codec: str, bom: bool):
    """UTF-16 or UTF-32 text (a lone surrogate as its own code unit), with or without a byte order mark."""
    return lambda text: ("\ufeff" if bom else "").encode(codec) + json_unescaped(text).encode(codec, "surrogatepass")


ENCODINGS = {
    "utf-8, surrogates escaped": lambda text: text.encode("ascii"),  # text from json.dumps(ensure_ascii=True)
    "utf-8, surrogates as bytes (CESU-8)": lambda text: json_unescaped(text).encode("utf-8", "surrogatepass"),
    "utf-8 with a BOM": lambda text: b"\xef\xbb\xbf" + json_unescaped(text).encode("utf-8", "surrogatepass"),
    "latin-1": lambda text: json_unescaped(text).encode("latin-1", "ignore"),
    **{f"{codec}{' with a BOM' if bom else ''}": wide(codec, bom)
       for codec in ("utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be") for bom in (False, True)},
}
CONTENT_TYPES = ["application/json", "application/json; charset=utf-8", "application/json; charset=utf-16",
                 "application/json;charset=UTF-32LE", "application/json; charset=iso-8859-1"]


def json_unescaped(text: str) -> str:
    """The same JSON text with every non-ASCII character written as itself, not as an escape."""
    return json.dumps(json.loads(text), ensure_ascii=False)


def is_unicode_json(data: bytes) -> bool:
    """RFC 8259: UTF-8, no byte order mark, JSON, and every string (key or value) a sequence of Unicode scalar
    values (what UTF-8 can encode)."""
    try:
        text = data.decode("utf-8")
        value = json.loads(text) if not text.startswith("\ufeff") else None
    except ValueError:
        return False
    if value is None:
        return False
    stack = [value]
    while stack:
        node = stack.pop()
        for text in [node] if isinstance(node, str) else node if isinstance(node, dict) else []:
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                return False
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return True


def spoiled(data: bytes, at: int, junk: bytes) -> bytes:
    """Bytes no UTF-8 text holds (a stray continuation byte, an overlong form, a cut sequence) at `at`."""
    at %= len(data) + 1
    return data[:at] + junk + data[at:]


# --- the tests --------------------------------------------------------------------------------------------------


def check(answer: requests.Response, data: bytes, what) -> None:
    assert answer.status_code < 500, (what, data, answer.status_code, answer.text)
    if not is_unicode_json(data):
        assert answer.status_code == 400, (what, data, answer.status_code, answer.text)
    if answer.status_code >= 400:
        assert answer.headers["Content-Type"] == PROBLEM and answer.json()["code"], (what, data, answer.text)
        if not is_unicode_json(data):
            assert answer.json()["code"] == "malformed_json", (what, data, answer.text)


@settings(max_examples=sized(ci=300, long=3000))
@given(st.data())
def test_no_encoding_of_any_string_in_any_write_body_is_a_server_error(base, routes, data):
    key = data.draw(st.sampled_from(sorted(routes)), "route")
    route = routes[key]
    slot = data.draw(st.sampled_from(sorted(json_writes()[key], key=repr)), "slot")
    body = put(data.draw(st.sampled_from(route.bodies), "body"), slot, data.draw(STRINGS, "string"))
    text = json.dumps(body)  # ASCII: every non-ASCII character, surrogates too, as an escape
    encoding = data.draw(st.sampled_from(sorted(ENCODINGS)), "encoding")
    raw = ENCODINGS[encoding](text)
    if data.draw(st.booleans(), "spoiled"):
        raw = spoiled(raw, data.draw(st.integers(0, 10_000)), data.draw(st.sampled_from(
            [b"\xff", b"\x80", b"\xc0\xaf", b"\xe2\x82", b"\xed\xbf\xbf", b"\xf4\x90\x80\x80"]), "junk"))
    content_type = data.draw(st.sampled_from(CONTENT_TYPES), "content type")
    check(send(base, route.method, route.path, route.token, raw, content_type), raw,
          (key, slot, encoding, content_type))


FIELDS = [(("POST", "/v1/games"), 0, ("seed",)), (("POST", "/v1/games"), 1, ("seed",)),
          (("POST", "/v1/players"), 0, ("name",)), (("POST", "/v1/organisers"), 0, ("name",)),
          (("POST", "/v1/tournaments/{tournament_id}/players"), 0, ("name",))]


@pytest.mark.parametrize("encoding", ["utf-8, surrogates as bytes (CESU-8)", "utf-16-le with a BOM", "utf-32-be"])
@pytest.mark.parametrize("key,body,slot", FIELDS, ids=lambda v: str(v))
def test_a_lone_surrogate_in_raw_bytes_is_malformed_json(base, routes, key, body, slot, encoding):
    """The 500s found from outside: a seed (plain and open games), an identity's name, a tournament player's name
    holding U+D800 as CESU-8 bytes, or in a UTF-16 or UTF-32 body."""
    route = routes[key]
    raw = ENCODINGS[encoding](json.dumps(put(route.bodies[body], slot, "a\ud800b")))
    answer = send(base, route.method, route.path, route.token, raw)
    assert answer.status_code == 400 and answer.json()["code"] == "malformed_json", answer.text


def test_a_charset_parameter_changes_nothing_and_valid_text_in_any_field_is_taken(base, routes):
    """The media type has no charset (RFC 8259 11): UTF-8 is read as UTF-8 whatever Content-Type adds, and
    characters beyond the BMP (a surrogate pair in an escape) are ordinary text."""
    route = routes[("POST", "/v1/players")]
    for content_type in CONTENT_TYPES:
        answer = send(base, "POST", route.path, route.token, json.dumps({"name": "Zoë \U0001F600"}).encode(),
                      content_type)
        assert answer.status_code == 201 and answer.json()["name"] == "Zoë \U0001F600", answer.text
