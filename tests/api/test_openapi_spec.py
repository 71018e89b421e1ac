"""openapi.yaml describes the routes the app registers, and what they answer matches it."""

from __future__ import annotations

import re

import pytest
import requests
import yaml
from jsonschema import Draft202012Validator

from domain import registry
from service.http import contract
from tests.support import openapi

registry.register("tiny", "tests.support.tiny_game")

IGNORED_METHODS = {"HEAD", "OPTIONS"}


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def create(client, **extra) -> dict:
    r = client.post("/v1/games", json={"game": "tiny", "seats": 2, **extra})
    openapi.validate_response("POST", "/v1/games", r)
    assert r.status_code == 201, r.json
    return r.json


# --- the document itself ------------------------------------------------------------------------------------


def test_spec_parses_as_openapi_3_1():
    doc = openapi.spec()
    assert doc["openapi"] == "3.1.0"
    assert doc["info"]["title"] and doc["info"]["version"]
    assert doc["paths"]
    scheme = doc["components"]["securitySchemes"]["seatToken"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")


def test_every_ref_resolves():
    refs = list(openapi.iter_refs())
    assert refs
    for holder, ref in refs:
        assert ref.startswith("#/"), f"{holder}: non-local $ref {ref!r}"
        try:
            openapi.lookup(ref[1:])
        except (KeyError, IndexError, ValueError) as err:
            pytest.fail(f"{holder}: $ref {ref!r} does not resolve ({err})")
    resolver = openapi.registry().resolver(base_uri=openapi.BASE_URI)
    for holder, ref in refs:  # and jsonschema resolves them the same way
        assert resolver.lookup(ref).contents == openapi.lookup(ref[1:]), holder


def test_every_schema_is_valid_draft_2020_12():
    doc = openapi.spec()
    for _name, schema in doc["components"]["schemas"].items():
        Draft202012Validator.check_schema(schema)
    for pointer, schema in _schemas_in(doc["paths"], "/paths"):
        Draft202012Validator.check_schema(schema)
        openapi.validator(pointer)  # the pointer resolves inside the registry


def test_every_operation_documents_its_responses_and_errors_are_problem_json():
    for template, item in openapi.spec()["paths"].items():
        for method in (m for m in item if m in openapi.METHODS):
            operation = item[method]
            assert operation.get("operationId"), f"{method.upper()} {template} has no operationId"
            for status, response in operation["responses"].items():
                response, _ = openapi.deref(response, "")
                if int(status) >= 400 and template != "/healthz":
                    assert list(response.get("content", {})) == ["application/problem+json"], (
                        f"{method.upper()} {template} {status} is not application/problem+json")


def test_documented_routes_are_exactly_the_app_routes(app):
    in_app = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        template = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - IGNORED_METHODS:
            in_app.add((method, template))
    documented = {(method.upper(), template)
                  for template, item in openapi.spec()["paths"].items()
                  for method in item if method in openapi.METHODS}
    assert in_app - documented == set(), "routes the spec does not document"
    assert documented - in_app == set(), "documented operations the app does not route"


def test_served_spec_is_this_file_with_the_deployments_own_games_documented(client, monkeypatch):
    """The suite's service hosts a game of its own (tiny, BAZAAR_EXTRA_GAMES): the spec it serves is this file, every
    path and schema as written, with that game's commands, view and creation documented as the product's are. A
    service hosting only the product's games serves the file itself."""
    r = client.get("/openapi.yaml")
    openapi.validate_response("GET", "/openapi.yaml", r)
    served = yaml.safe_load(r.get_data(as_text=True))
    published = yaml.safe_load(openapi.SPEC_PATH.read_text(encoding="utf-8"))
    assert served["paths"] == published["paths"]
    schemas = served["components"]["schemas"]
    assert {"TinyCommand", "TinyAdd", "TinyEndTurn"} <= set(schemas)
    assert "TinyCommand" not in published["components"]["schemas"]
    assert "tiny" in schemas["CreateGameByGame"]["properties"]["game"]["enum"]
    assert "tiny" not in published["components"]["schemas"]["CreateGameByGame"]["properties"]["game"]["enum"]
    for name, schema in published["components"]["schemas"].items():  # the file's own schemas, as written
        if name not in contract.COMPOSITES:
            assert schemas[name] == schema, name
    monkeypatch.setattr(registry, "extra_names", lambda: ())
    text = openapi.SPEC_PATH.read_text(encoding="utf-8")
    assert contract.served_text(text) == text


def test_the_generated_game_parts_are_current():
    """openapi.yaml's game schemas come from the games' dataclasses; a change to a command must regenerate it."""
    assert contract.main(["--check"]) == 0, "run `python -m service.http.contract` and commit openapi.yaml"


# --- the validator ------------------------------------------------------------------------------------------


def test_validator_matches_concrete_paths_and_urls():
    assert openapi.path_template("/v1/games") == "/v1/games"
    assert openapi.path_template("/v1/games/abc123") == "/v1/games/{game_id}"
    assert openapi.path_template("/v1/games/abc123/commands") == "/v1/games/{game_id}/commands"
    assert openapi.path_template("http://127.0.0.1:8000/v1/games/x/events?after=3") == "/v1/games/{game_id}/events"
    assert openapi.path_template("/v1/games/{game_id}/legal-moves") == "/v1/games/{game_id}/legal-moves"
    with pytest.raises(AssertionError, match="no path"):
        openapi.path_template("/v2/nothing")
    with pytest.raises(AssertionError, match="not documented"):
        openapi.find_operation("DELETE", "/v1/games/abc")


class FakeResponse:
    """The shape of a requests.Response."""

    def __init__(self, status_code, body, content_type="application/json", headers=None):
        self.status_code = status_code
        self._body = body
        self.headers = {"Content-Type": content_type, **(headers or {})}

    def json(self):
        return self._body


def test_validator_refuses_what_is_not_documented():
    ok = {"status": "ok", "redis": "ok"}
    assert openapi.validate_response("GET", "/healthz", FakeResponse(200, ok)) == ok
    with pytest.raises(AssertionError, match="status 418 is not documented"):
        openapi.validate_response("GET", "/healthz", FakeResponse(418, ok))
    with pytest.raises(AssertionError, match="content type 'text/html' is not documented"):
        openapi.validate_response("GET", "/healthz", FakeResponse(200, ok, "text/html"))
    with pytest.raises(AssertionError, match="does not match"):
        openapi.validate_response("GET", "/healthz", FakeResponse(200, {"status": "fine", "redis": "ok"}))
    problem = {"type": "urn:bazaar:problem:game_not_found", "title": "No such game", "status": 404,
               "code": "game_not_found", "instance": "/v1/games/x"}
    openapi.validate_response("GET", "/v1/games/x", FakeResponse(404, problem, "application/problem+json"))
    with pytest.raises(AssertionError, match="content type"):
        openapi.validate_response("GET", "/v1/games/x", FakeResponse(404, problem, "application/json"))
    with pytest.raises(AssertionError, match="does not match"):
        openapi.validate_response("GET", "/v1/games/x", FakeResponse(404, {**problem, "status": 400},
                                                                      "application/problem+json"))
    with pytest.raises(AssertionError, match="required header ETag"):
        view = {"id": "x"}
        openapi.validate_response("GET", "/v1/games/x", FakeResponse(200, view))


# --- real responses from the in-process app ----------------------------------------------------------------


def test_create_view_moves_and_events_validate(client):
    game = create(client)
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]

    r = client.get("/v1/games")
    listed = openapi.validate_response("GET", "/v1/games", r)
    # the listing pages in id order, and the suite's other tests share this Redis: page through to the new game
    ids = [g["id"] for g in listed["games"]]
    while gid not in ids and listed["next"]:
        listed = openapi.validate_response("GET", "/v1/games", client.get(f"/v1/games?after={listed['next']}"))
        ids = [g["id"] for g in listed["games"]]
    assert gid in ids
    openapi.validate_response("GET", "/v1/games?status=active", client.get("/v1/games?status=active"))

    spectator = openapi.validate_response("GET", f"/v1/games/{gid}", client.get(f"/v1/games/{gid}"))
    assert spectator["seat"] is None and spectator["status"] == "active"
    seat = spectator["to_act"][0]
    r = client.get(f"/v1/games/{gid}", headers=auth(tokens[seat]))
    assert openapi.validate_response("GET", f"/v1/games/{gid}", r)["seat"] == seat

    r = client.get(f"/v1/games/{gid}/legal-moves", headers=auth(tokens[seat]))
    moves = openapi.validate_response("GET", f"/v1/games/{gid}/legal-moves", r)["moves"]
    assert moves
    r = client.get(f"/v1/games/{gid}/legal-moves", headers=auth(tokens[1 - seat]))
    assert openapi.validate_response("GET", "/v1/games/{game_id}/legal-moves", r)["moves"] == []

    r = client.post(f"/v1/games/{gid}/commands", json={**moves[0], "expected_version": spectator["version"]},
                    headers={**auth(tokens[seat]), "Idempotency-Key": "k1"})
    result = openapi.validate_response("POST", f"/v1/games/{gid}/commands", r)
    assert r.status_code == 201 and result["version"] > spectator["version"]

    r = client.get(f"/v1/games/{gid}/events")
    page = openapi.validate_response("GET", f"/v1/games/{gid}/events", r)
    assert any(e.get("redacted") for e in page["events"])  # the secret shuffle
    r = client.get(f"/v1/games/{gid}/events?after=2&limit=1", headers=auth(tokens[0]))
    assert len(openapi.validate_response("GET", f"/v1/games/{gid}/events", r)["events"]) == 1


def test_finished_game_validates(client):
    game = create(client, seed="openapi")
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    view = client.get(f"/v1/games/{gid}").json
    for _ in range(200):
        if view["status"] != "active":
            break
        seat = view["to_act"][0]
        moves = client.get(f"/v1/games/{gid}/legal-moves", headers=auth(tokens[seat])).json["moves"]
        adds = [m for m in moves if m["type"] == "add"]
        move = max(adds, key=lambda m: m["amount"]) if adds else moves[0]
        r = client.post(f"/v1/games/{gid}/commands", json=move, headers=auth(tokens[seat]))
        openapi.validate_response("POST", f"/v1/games/{gid}/commands", r)
        view = openapi.validate_response("GET", f"/v1/games/{gid}", client.get(f"/v1/games/{gid}"))
    assert view["status"] == "finished" and "result" in view
    events = openapi.validate_response("GET", f"/v1/games/{gid}/events", client.get(f"/v1/games/{gid}/events"))
    assert events["events"][-1]["type"] == "seed_revealed"
    assert not any(e.get("redacted") for e in events["events"])
    r = client.post(f"/v1/games/{gid}/commands", json={"type": "add", "amount": 1}, headers=auth(tokens[0]))
    assert r.status_code == 422 and r.json["code"] == "game_over"
    openapi.validate_response("POST", f"/v1/games/{gid}/commands", r)


def test_event_stream_content_type_is_documented(client):
    gid = create(client)["id"]
    r = client.get(f"/v1/games/{gid}/events", headers={"Accept": "text/event-stream"})
    try:
        assert openapi.validate_response("GET", f"/v1/games/{gid}/events", r) is None
        assert r.mimetype == "text/event-stream"
    finally:
        r.close()


def test_healthz_validates(client):
    r = client.get("/healthz")
    assert openapi.validate_response("GET", "/healthz", r) == {"status": "ok", "redis": "ok"}


@pytest.mark.parametrize("status, code, request_args", [
    (400, "malformed_json", lambda gid, t: dict(method="POST", path=f"/v1/games/{gid}/commands", data="{nope",
                                                 content_type="application/json", headers=auth(t))),
    (400, "unknown_command", lambda gid, t: dict(method="POST", path=f"/v1/games/{gid}/commands",
                                                  json={"type": "fly"}, headers=auth(t))),
    (400, "malformed_command", lambda gid, t: dict(method="POST", path=f"/v1/games/{gid}/commands",
                                                    json={"type": "add", "amount": "1"}, headers=auth(t))),
    (400, "malformed_request", lambda gid, t: dict(method="GET", path=f"/v1/games/{gid}/events?limit=0")),
    (400, "malformed_request", lambda gid, t: dict(method="POST", path=f"/v1/games/{gid}/commands",
                                                    json={"type": "add", "amount": 1},
                                                    headers={**auth(t), "If-Match": "*"})),
    (401, "unauthorized", lambda gid, t: dict(method="GET", path=f"/v1/games/{gid}/legal-moves")),
    (401, "bad_token", lambda gid, t: dict(method="POST", path=f"/v1/games/{gid}/commands",
                                            json={"type": "add", "amount": 1}, headers=auth("nope"))),
    (401, "bad_authorization", lambda gid, t: dict(method="GET", path=f"/v1/games/{gid}",
                                                    headers={"Authorization": "Basic eDp5"})),
    (404, "game_not_found", lambda gid, t: dict(method="GET", path="/v1/games/0000000000000000")),
    (404, "game_not_found", lambda gid, t: dict(method="POST", path="/v1/games/0000000000000000/commands",
                                                 json={"type": "add", "amount": 1}, headers=auth(t))),
    (409, "version_conflict", lambda gid, t: dict(method="POST", path=f"/v1/games/{gid}/commands",
                                                   json={"type": "add", "amount": 1, "expected_version": 1},
                                                   headers=auth(t))),
    (422, "tiny.bad_amount", lambda gid, t: dict(method="POST", path=f"/v1/games/{gid}/commands",
                                                  json={"type": "add", "amount": 3}, headers=auth(t))),
])
def test_problems_validate(client, status, code, request_args):
    game = create(client)
    gid = game["id"]
    seat = client.get(f"/v1/games/{gid}").json["to_act"][0]
    args = request_args(gid, game["seats"][seat]["token"])
    method, path = args.pop("method"), args.pop("path")
    r = client.open(path, method=method, **args)
    body = openapi.validate_response(method, path, r)
    assert (r.status_code, body["code"]) == (status, code), body
    assert r.mimetype == "application/problem+json"


def test_not_your_turn_and_create_problems_validate(client):
    game = create(client)
    gid = game["id"]
    seat = client.get(f"/v1/games/{gid}").json["to_act"][0]
    r = client.post(f"/v1/games/{gid}/commands", json={"type": "add", "amount": 1},
                    headers=auth(game["seats"][1 - seat]["token"]))
    assert openapi.validate_response("POST", f"/v1/games/{gid}/commands", r)["code"] == "not_your_turn"
    for body, status, code in [({"game": "tiny", "seats": 3}, 422, "invalid_seats"),
                               ({"game": "tiny", "seats": 2, "options": {"x": 1}}, 422, "invalid_options"),
                               ({"game": "nope", "seats": 2}, 400, "unknown_game"),
                               ({"game": "tiny", "seats": 2, "extra": 1}, 400, "malformed_request"),
                               ({"game": "tiny", "seats": "2"}, 400, "malformed_request")]:
        r = client.post("/v1/games", json=body)
        problem = openapi.validate_response("POST", "/v1/games", r)
        assert (r.status_code, problem["code"]) == (status, code), problem


def test_idempotent_retry_and_reuse_validate(client):
    game = create(client)
    gid = game["id"]
    seat = client.get(f"/v1/games/{gid}").json["to_act"][0]
    headers = {**auth(game["seats"][seat]["token"]), "Idempotency-Key": "same"}
    first = client.post(f"/v1/games/{gid}/commands", json={"type": "add", "amount": 1}, headers=headers)
    again = client.post(f"/v1/games/{gid}/commands", json={"type": "add", "amount": 1}, headers=headers)
    assert openapi.validate_response("POST", f"/v1/games/{gid}/commands", again) == \
        openapi.validate_response("POST", f"/v1/games/{gid}/commands", first)
    reused = client.post(f"/v1/games/{gid}/commands", json={"type": "add", "amount": 2}, headers=headers)
    assert openapi.validate_response("POST", f"/v1/games/{gid}/commands", reused)["code"] == "idempotency_key_reused"


def test_requests_responses_validate_against_the_real_server(server):
    """The same validator takes a requests.Response (gunicorn, real HTTP)."""
    r = requests.get(f"{server}/healthz", timeout=10)
    assert openapi.validate_response("GET", f"{server}/healthz", r) == {"status": "ok", "redis": "ok"}
    r = requests.post(f"{server}/v1/games", json={"game": "nope", "seats": 2}, timeout=10)
    assert openapi.validate_response("POST", r.url, r)["code"] == "unknown_game"
    r = requests.get(f"{server}/v1/games/0000000000000000/events?after=0", timeout=10)
    assert openapi.validate_response("GET", r.url, r)["code"] == "game_not_found"
    r = requests.get(f"{server}/v1/games", timeout=10)
    openapi.validate_response("GET", r.url, r)


def _schemas_in(node, pointer):
    """(pointer, schema) of every `schema` of a parameter, header or media type under `node`."""
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{pointer}/{openapi.escape(str(key))}"
            if key == "schema" and isinstance(value, dict):
                yield here, value
            else:
                yield from _schemas_in(value, here)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _schemas_in(value, f"{pointer}/{i}")


def test_past_the_cross_checked_instances_the_fast_validator_still_refuses():
    """Responses are judged by jsonschema-rs; the first CROSS_CHECKED of each schema by jsonschema too (they
    must agree). After those, an invalid body must still fail."""
    ok = {"status": "ok", "redis": "ok"}
    for _ in range(openapi.CROSS_CHECKED + 1):
        openapi.validate_response("GET", "/healthz", FakeResponse(200, ok))
    with pytest.raises(AssertionError, match="does not match"):
        openapi.validate_response("GET", "/healthz", FakeResponse(200, {"status": "fine", "redis": "ok"}))
    with pytest.raises(AssertionError, match="does not match"):
        openapi.validate_response("GET", "/healthz", FakeResponse(200, {"status": "ok"}))


def test_the_catalogue_lists_every_game_hosted_and_the_bots(client):
    """The product's games and the suite's own (hosted from outside the product), as each states itself."""
    r = client.get("/v1/catalogue")
    openapi.validate_response("GET", "/v1/catalogue", r)
    games = {g["name"]: g for g in r.json["games"]}
    assert {name: (g["min_seats"], g["max_seats"]) for name, g in games.items()} == {
        "jaipur": (2, 2), "istanbul": (2, 5), "tiny": (2, 2)}
    assert set(games["jaipur"]["commands"]) == {"exchange", "take_one", "take_camels", "sell"}
    assert games["jaipur"]["picture"] and games["istanbul"]["picture"] and not games["tiny"]["picture"]
    assert "expansions" in games["istanbul"]["options"]["properties"]
    assert {"random", "greedy", "mcts"} <= set(r.json["bots"])
