"""The command route's own WSGI path (service/http/command_path.py) answers every request as the Flask route does.

Each case plays on two twin games (open, one seed: the same deal): the request goes to one through the whole app
and to the other through Flask alone (the layer's fallback), and the two answers must be the same: status,
headers and body, once the twins' ids and their chains (hashes, times) are set aside. The table says which path
each request takes (Flask's `request_started` signal tells whether Flask saw it): a seat token's plain command
goes the short way, and anything else to Flask. Production settings (rate limits on), a real Redis.
"""

from __future__ import annotations

import itertools
import json
import re

import pytest
from flask import request_started
from werkzeug.test import EnvironBuilder, run_wsgi_app

from service.http.command_path import CommandPath
from service.operations.app import create_app

SHORT, FLASK = "the short path", "Flask"
ADDRESSES = itertools.count(1)


@pytest.fixture(scope="module")
def app(redis_url):
    return create_app({"REDIS_URL": redis_url, "INLINE_DEALER": True})


def call(wsgi, method: str, path: str, token: str | None = None, body=None, data: bytes | None = None,
         headers: dict | None = None, content_type: str = "application/json"):
    headers = dict(headers or {})
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    if body is not None:
        data = json.dumps(body).encode()
    environ = EnvironBuilder(path=path, method=method, headers=headers, data=data,
                             content_type=content_type if data is not None else None).get_environ()
    n = next(ADDRESSES)  # a client of its own: creation's limit per address is not what is tested
    environ["REMOTE_ADDR"] = f"10.31.{n // 256 % 256}.{n % 256}"
    flask_saw = []

    def seen(sender, **extra):
        flask_saw.append(True)

    with request_started.connected_to(seen):
        chunks, status, answer_headers = run_wsgi_app(wsgi, environ)
        payload = b"".join(chunks)
    return status, list(answer_headers.items()), payload, FLASK if flask_saw else SHORT


def twins(app, seed: str) -> list[tuple[str, list[str]]]:
    made = []
    for _ in range(2):
        status, _, payload, _ = call(app, "POST", "/v1/games", body={"game": "jaipur", "seats": 2, "seed": seed,
                                                                     "open": True})
        assert status.startswith("201"), payload
        game = json.loads(payload)
        made.append((game["id"], [s["token"] for s in game["seats"]]))
    return made


def to_act_and_move(app, game_id: str, tokens: list[str]) -> tuple[int, dict, int]:
    """(the seat to act, its first legal move, the version)."""
    view = json.loads(call(app, "GET", f"/v1/games/{game_id}")[2])
    seat = view["to_act"][0]
    legal = json.loads(call(app, "GET", f"/v1/games/{game_id}/legal-moves", tokens[seat])[2])
    return seat, legal["moves"][0], legal["version"]


CHAIN = re.compile(r'"(at|hash|prev_hash|sealed)":"[^"]*"')


def same_answer(answers: list[tuple], ids: list[str]) -> tuple:
    """What two twins' answers must share: their ids and chains set aside."""
    status, headers, payload, _ = answers
    text = CHAIN.sub(r'"\1":"~"', payload.decode()).replace(ids[0], "<game>").replace(ids[1], "<game>")
    return status, headers, text


def request_of(case: str, game_id: str, tokens: list[str], seat: int, move: dict, version: int, other: list[str]):
    """(method, path, token, body, raw data, headers, content type) of one case, for one of the twins."""
    path = f"/v1/games/{game_id}/commands"
    mine, theirs = tokens[seat], tokens[1 - seat]
    json_type = "application/json"
    return {
        "a legal move": ("POST", path, mine, move, None, {}, json_type),
        "a legal move, charset and all": ("POST", path, mine, move, None, {}, "application/json; charset=utf-8"),
        "a legal move with the version it expects": ("POST", path, mine, {**move, "expected_version": version},
                                                     None, {}, json_type),
        "a legal move under If-Match": ("POST", path, mine, move, None, {"If-Match": f'"{version}"'}, json_type),
        "a stale If-Match": ("POST", path, mine, move, None, {"If-Match": f'"{version - 1}"'}, json_type),
        "a stale expected version": ("POST", path, mine, {**move, "expected_version": version - 1}, None, {},
                                     json_type),
        "an expected version that is no number": ("POST", path, mine, {**move, "expected_version": "x"}, None, {},
                                                  json_type),
        "an If-Match that is no version": ("POST", path, mine, move, None, {"If-Match": "yesterday"}, json_type),
        "an Idempotency-Key too long": ("POST", path, mine, move, None, {"Idempotency-Key": "k" * 201}, json_type),
        "a move against the rules": ("POST", path, mine, {"type": "take", "good": "no such good"}, None, {},
                                     json_type),
        "a command of no kind": ("POST", path, mine, {"type": "fly"}, None, {}, json_type),
        "not this seat's turn": ("POST", path, theirs, move, None, {}, json_type),
        "a line of notation": ("POST", path, mine, {"notation": "nonsense words"}, None, {}, json_type),
        "no token": ("POST", path, None, move, None, {}, json_type),
        "no bearer token": ("POST", path, None, move, None, {"Authorization": "Basic abc"}, json_type),
        "a token of another game": ("POST", path, other[seat], move, None, {}, json_type),
        "a game that does not exist": ("POST", "/v1/games/0123456789abcdef/commands", mine, move, None, {},
                                       json_type),
        "a body that is not JSON": ("POST", path, mine, None, b'{"type": ', {}, json_type),
        "a body that is a JSON list": ("POST", path, mine, [move], None, {}, json_type),
        "a body of another type": ("POST", path, mine, None, json.dumps(move).encode(), {}, "text/plain"),
        "a body over the limit": ("POST", path, mine, None, b" " * (1 << 20) + b"{}", {}, json_type),
        "a trailing slash": ("POST", path + "/", mine, move, None, {}, json_type),
    }[case]


CASES = {  # case: the path that answers it (from the layer's rule, written out by hand)
    "a legal move": SHORT,
    "a legal move, charset and all": SHORT,
    "a legal move with the version it expects": SHORT,
    "a legal move under If-Match": SHORT,
    "a stale If-Match": SHORT,
    "a stale expected version": SHORT,
    "an expected version that is no number": SHORT,
    "an If-Match that is no version": SHORT,
    "an Idempotency-Key too long": SHORT,
    "a move against the rules": SHORT,
    "a command of no kind": SHORT,
    "not this seat's turn": SHORT,
    "a line of notation": FLASK,
    "no token": FLASK,
    "no bearer token": FLASK,
    "a token of another game": FLASK,
    "a game that does not exist": FLASK,
    "a body that is not JSON": FLASK,
    "a body that is a JSON list": FLASK,
    "a body of another type": FLASK,
    "a body over the limit": FLASK,
    "a trailing slash": FLASK,
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_request_is_answered_as_the_flask_route_answers_it(app, case):
    pair = twins(app, f"command-path-{case}")
    other = twins(app, "command-path-other")[0][1]
    seat, move, version = to_act_and_move(app, *pair[0])
    assert to_act_and_move(app, *pair[1]) == (seat, move, version)  # twins
    fallback = app.wsgi_app.flask
    assert isinstance(app.wsgi_app, CommandPath)
    answers = []
    for (game_id, tokens), wsgi in zip(pair, (app, fallback)):
        method, path, token, body, data, headers, content_type = request_of(case, game_id, tokens, seat, move,
                                                                           version, other)
        answers.append(call(wsgi, method, path, token, body, data, headers, content_type))
    ids = [game_id for game_id, _ in pair]
    assert same_answer(answers[0], ids) == same_answer(answers[1], ids)
    assert answers[0][3] == CASES[case]
    assert answers[1][3] == FLASK
    if CASES[case] == SHORT and "legal move" in case and "stale" not in case:
        assert answers[0][0] == "201 CREATED"


def test_a_retry_and_a_reused_key_are_answered_as_flask_answers_them(app):
    pair = twins(app, "command-path-retry")
    seat, move, _ = to_act_and_move(app, *pair[0])
    answers = [[], []]
    for n, ((game_id, tokens), wsgi) in enumerate(zip(pair, (app, app.wsgi_app.flask))):
        path, key = f"/v1/games/{game_id}/commands", {"Idempotency-Key": "once"}
        answers[n].append(call(wsgi, "POST", path, tokens[seat], move, headers=key))
        answers[n].append(call(wsgi, "POST", path, tokens[seat], move, headers=key))  # the retry: the first answer
        answers[n].append(call(wsgi, "POST", path, tokens[seat], {"type": "other"}, headers=key))  # reused: 422
    ids = [game_id for game_id, _ in pair]
    assert [a[0] for a in answers[0]] == ["201 CREATED", "201 CREATED", "422 UNPROCESSABLE ENTITY"]
    assert [same_answer(a, ids) for a in answers[0]] == [same_answer(a, ids) for a in answers[1]]
    assert [a[3] for a in answers[0]] == [SHORT, SHORT, SHORT]


def test_a_replaced_token_is_refused_by_the_append_as_flask_refuses_it(app):
    pair = twins(app, "command-path-replaced")
    seat, move, _ = to_act_and_move(app, *pair[0])
    answers = []
    for (game_id, tokens), wsgi in zip(pair, (app, app.wsgi_app.flask)):
        status = call(app, "POST", f"/v1/games/{game_id}/seats/{seat}/token", tokens[seat])[0]
        assert status.startswith("201")
        answers.append(call(wsgi, "POST", f"/v1/games/{game_id}/commands", tokens[seat], move))
    ids = [game_id for game_id, _ in pair]
    assert answers[0][0] == "401 UNAUTHORIZED"
    assert same_answer(answers[0], ids) == same_answer(answers[1], ids)
    assert answers[0][3] == SHORT  # its hash is still the issued one: the append script is what refuses it


def test_a_seat_over_its_rate_limit_is_refused_as_flask_refuses_it(redis_url):
    app = create_app({"REDIS_URL": redis_url, "INLINE_DEALER": True, "RATE_COMMANDS": "1/minute"})
    pair = twins(app, "command-path-limits")
    answers = [[], []]
    for n, ((game_id, tokens), wsgi) in enumerate(zip(pair, (app, app.wsgi_app.flask))):
        seat, move, _ = to_act_and_move(app, game_id, tokens)
        for _ in range(2):  # the second is refused by the limit before the rules would (not this seat's turn)
            answers[n].append(call(wsgi, "POST", f"/v1/games/{game_id}/commands", tokens[seat], move))
    assert [a[0] for a in answers[0]] == [a[0] for a in answers[1]] == ["201 CREATED", "429 TOO MANY REQUESTS"]
    for short, flask in zip(answers[0], answers[1]):
        assert [name for name, _ in short[1]] == [name for name, _ in flask[1]]  # Retry-After included
        assert short[0] == flask[0] and json.loads(short[2]).get("code") == json.loads(flask[2]).get("code")
    assert [a[3] for a in answers[0]] == [SHORT, SHORT]
