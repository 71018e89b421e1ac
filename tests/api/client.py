"""A small HTTP client for the API tests: every response is validated against openapi.yaml.

It speaks HTTP/1.1 over one kept-alive `http.client` connection rather than through requests: a call costs the
test process ~0.35 ms of CPU instead of ~1.6 ms, and the whole games played through the API make thousands.
What the tests read of a response is what requests gives (`status_code`, `headers` in any case, `content`,
`text`, `json()`); the service's clients (client/bazaar_client/sdk/) still use requests.
"""

from __future__ import annotations

import http.client
import json as jsonlib
import time
from urllib.parse import urlsplit

from requests.structures import CaseInsensitiveDict

from bazaar_client.bots.greedy import GreedyBot
from bazaar_client.sdk import GameView
from tests.support.openapi import validate_request, validate_response


class Response:
    def __init__(self, status_code: int, headers: CaseInsensitiveDict, content: bytes):
        self.status_code, self.headers, self.content = status_code, headers, content

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", "replace")

    def json(self):
        return jsonlib.loads(self.content)


class Api:
    def __init__(self, base: str):
        self.base = base
        parts = urlsplit(base)
        assert parts.scheme == "http", f"the API tests' client speaks plain HTTP, not {base}"
        self.address = (parts.hostname, parts.port or 80)
        self.connection: http.client.HTTPConnection | None = None

    def call(self, method: str, path: str, token: str | None = None, validate: bool = True,
             valid_request: bool = True, json=None, data: str | bytes | None = None, headers: dict | None = None):
        """`valid_request=False` for a test that posts a body the spec forbids on purpose; `data`: a raw body."""
        if validate and valid_request and json is not None:
            validate_request(method, path.split("?")[0], json)
        headers = dict(headers or {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        body = data.encode() if isinstance(data, str) else data
        if json is not None:
            body = jsonlib.dumps(json).encode()
            headers.setdefault("Content-Type", "application/json")
        response = self._send(method, path, body, headers)
        for _ in range(5):  # a well-behaved client backs off when rate limited (tests of the limits use requests)
            if response.status_code != 429:
                break
            time.sleep(float(response.headers.get("Retry-After", "1")))
            response = self._send(method, path, body, headers)
        if validate:
            validate_response(method, path.split("?")[0], response)
        return response

    def _send(self, method: str, path: str, body: bytes | None, headers: dict) -> Response:
        reused = self.connection is not None
        try:
            return self._exchange(method, path, body, headers)
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            if not reused:
                raise
            # the server closed the kept-alive connection while it was idle, before it read this request
            return self._exchange(method, path, body, headers)

    def _exchange(self, method: str, path: str, body: bytes | None, headers: dict) -> Response:
        if self.connection is None:
            self.connection = http.client.HTTPConnection(*self.address, timeout=30)
        try:
            self.connection.request(method, path, body=body, headers=headers)
            reply = self.connection.getresponse()
            content = reply.read()
        except BaseException:
            self.connection.close()
            self.connection = None
            raise
        if reply.will_close:
            self.connection.close()
            self.connection = None
        return Response(reply.status, CaseInsensitiveDict(reply.getheaders()), content)

    def create(self, game: str, seats: int, seed: str | None = None, options: dict | None = None,
               open_game: bool = False, token: str | None = None):
        """A new game (`token`: an organiser's or admin's makes it the game's owner); its id and seat tokens."""
        body = {"game": game, "seats": seats, "options": options or {}}
        if seed is not None:
            body["seed"] = seed
        if open_game:
            body["open"] = True
        r = self.call("POST", "/v1/games", token, json=body)
        assert r.status_code == 201, r.text
        return r.json()["id"], [s["token"] for s in r.json()["seats"]]

    def view(self, gid: str, token: str | None = None) -> dict:
        r = self.call("GET", f"/v1/games/{gid}", token)
        assert r.status_code == 200, r.text
        return r.json()

    def moves(self, gid: str, token: str) -> list[dict]:
        r = self.call("GET", f"/v1/games/{gid}/legal-moves", token)
        assert r.status_code == 200, r.text
        return r.json()["moves"]

    def events(self, gid: str, token: str | None = None) -> list[dict]:
        """The whole log, page by page (a page holds at most 10000 events)."""
        out: list[dict] = []
        while True:
            r = self.call("GET", f"/v1/games/{gid}/events?after={len(out)}&limit=10000", token)
            assert r.status_code == 200, r.text
            page = r.json()["events"]
            if not page:
                return out
            out += page

    def command(self, gid: str, token: str, body: dict, **kwargs):
        return self.call("POST", f"/v1/games/{gid}/commands", token, json=body, **kwargs)


def let_the_clock_run_out(api: Api, gid: str, tokens: list[str], view: dict) -> None:
    """The awaited seat of `view` is not the active one (a kiosk choice, a bid): it has its choices, the active
    seat has none, and when it lets its clock run out the worker's timeout decides for it, naming that seat."""
    seat, active, version = view["to_act"][0], view["state"]["current"], view["version"]
    assert api.moves(gid, tokens[seat]), "the awaited seat has no choices"
    refused = api.call("GET", f"/v1/games/{gid}/legal-moves", tokens[active])
    assert refused.status_code == 200 and refused.json()["moves"] == [], "the active seat may act for it"
    deadline = time.monotonic() + 30
    while api.view(gid)["version"] <= version:
        assert time.monotonic() < deadline, "the clock never ran out"
        time.sleep(0.02)
    timed_out = [e for e in api.events(gid)[version:] if e["type"] == "turn_timed_out"]
    assert timed_out and timed_out[0]["payload"]["seat"] == seat, timed_out


def uniform(rng, moves: list[dict], seat_view=None) -> dict:
    return rng.choice(moves)


def eager(rng, moves: list[dict], seat_view=None) -> dict:
    """Ends the turn only now and then while something else is possible: a game takes far fewer commands."""
    others = [m for m in moves if m["type"] != "end_turn"]
    return rng.choice(others if others and rng.random() > 0.1 else moves)


class MostlyGreedy:
    """The greedy bot's move from the seat's own view, and a random one (`choose`) one time in `every`: a game
    ends in a fraction of a random game's commands (an Istanbul game through the API is a few hundred requests
    instead of thousands) and still plays moves greedy would never pick."""

    def __init__(self, every: int = 4, choose=eager):
        self.every, self.choose, self.bot = every, choose, GreedyBot("api-tests")

    def __call__(self, rng, moves: list[dict], seat_view) -> dict:
        if rng.randrange(self.every) == 0:
            return self.choose(rng, moves)
        return self.bot.choose(GameView.from_json(seat_view()), moves)


def play_to_the_end(api: Api, gid: str, tokens: list[str], rng, max_commands: int = 20000, choose=uniform) -> dict:
    """Legal moves (`choose(rng, moves, seat_view)`), found only through the API, until the game is over;
    returns the final view.

    After each command the acting seat reads its own view: it says who acts next, and when that is the same
    seat (most of an Istanbul turn is one seat's small commands) it is the view a chooser reads, not fetched
    twice. While a neutral figure's roll is pending (the background dealer's), it waits as a client would."""
    view, viewer = api.view(gid), None
    waited = 0
    for _ in range(max_commands):
        if view["status"] == "finished":
            return view
        if view["awaiting_chance"] is not None:
            assert view["awaiting_chance"]["by_dealer"] and waited < 500, f"a roll never landed: {view}"
            time.sleep(0.01)
            waited += 1
            view, viewer = api.view(gid), None
            continue
        waited = 0
        assert view["to_act"], f"nobody to act and no end: {view}"
        seat = view["to_act"][0]
        moves = api.moves(gid, tokens[seat])
        assert moves, "the seat to act has no legal move"
        if viewer == seat:
            seat_view = (lambda known=view: known)
        else:  # fetched only by a chooser that reads it
            seat_view = (lambda token=tokens[seat]: api.view(gid, token))
        r = api.command(gid, tokens[seat], choose(rng, moves, seat_view))
        assert r.status_code == 201, r.text
        view, viewer = api.view(gid, tokens[seat]), seat
    raise AssertionError("the game did not end")
