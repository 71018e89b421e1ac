"""Every route serves a seat or a spectator only what the one redaction computes for it (issue 12, Security).

The conformance suite proves, game by game, that each viewer's view and redacted events do not depend on what
that viewer may not know. This module proves that the HTTP routes serve exactly those redacted forms. Random
games of every registered title and mode are played through the API to random points (Jaipur and the suite's
tiny game to the end; Istanbul to the end under the long profile); then, for every seat and a spectator, every
GET route of openapi.yaml is fetched and compared with what `service.games.redaction` and the game's `view` compute
in process from the true log, read from Redis by the store and folded here (`Truth`), not through the service.
A route that served a raw event, the true state or a picture drawn from it fails.

On top, a differential check that trusts no redaction code (`Secrets`): before the end no body served to a
viewer holds the game's seed, a seal key, a secret deck order or chance outcome, or the preimage of a `sealed`
commitment the game's own `redact` hides from it; and no body ever holds a seat token or its hash.

The spec is walked: a route added to openapi.yaml without a check here fails as unclassified.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest
import requests
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import table as tables
from domain.table import undo
from events.redis_store import redis_store
from service.games import language, views
from service.games.commands import now_iso
from service.pictures import board, png
from tests.api.client import Api, eager
from tests.conftest import PROFILE, sized
from tests.contract.profiles import PROFILES, game_of, options_for
from tests.support.leaks import Secrets, Truth, check_sealed_preimages, plain_secrets, sse_frames
from tests.support.openapi import METHODS, spec

# --- the routes, as openapi.yaml lists them ---------------------------------------------------------------

# GET routes and the representations of them this module compares (see `ROUTE_CHECKS` below).
READS = {
    "/v1/games": {"application/json"},
    "/v1/games/{game_id}": {"application/json"},
    "/v1/games/{game_id}/state": {"application/json"},
    "/v1/games/{game_id}/events": {"application/json", "text/event-stream"},
    "/v1/games/{game_id}/log": {"application/json"},
    "/v1/games/{game_id}/export": {"application/x-ndjson"},
    "/v1/games/{game_id}/legal-moves": {"application/json"},
    "/v1/games/{game_id}/board.svg": {"image/svg+xml", "image/png"},
    "/": {"text/html"},
    "/play/{game_id}": {"text/html"},
}
# Routes that serve no game's data.
NO_GAME_DATA = {("get", "/healthz"), ("get", "/openapi.yaml"),
                ("get", "/v1/catalogue"),  # which games are hosted, their seats, commands and options: no game's state
                ("get", "/v1/me"),  # the caller's own identity and scope, or a seat's game and seat: no game's state
                # tournaments: pairings, game ids, results and ratings, all public; never a game's state
                ("get", "/v1/tournaments"), ("get", "/v1/tournaments/{tournament_id}"),
                ("get", "/v1/tournaments/{tournament_id}/standings"), ("get", "/v1/tournaments/{tournament_id}/rounds"),
                ("get", "/v1/tournaments/{tournament_id}/events"), ("get", "/v1/players/{player_id}/ratings"),
                # a player's own notices and games: ids, seats, versions, a finished game's public result
                ("get", "/v1/me/events"), ("get", "/v1/me/games"),
                # offers: who offered what to whom, and to the caller its own seat's token once the game opened
                ("get", "/v1/games/{game_id}/rematch"), ("get", "/v1/challenges/{challenge_id}")}
# Writes, and why what they answer cannot leak: each is checked as the games are played, or by design.
WRITES = {
    ("post", "/v1/games"): "the creator gets every seat token: it hands them out (by design)",
    ("post", "/v1/games/import"): "organisers only, and only a complete (finished) log is importable",
    ("post", "/v1/games/{game_id}/commands"): "every answer is compared with the redaction (check_answer)",
    ("post", "/v1/games/{game_id}/undo"): "every answer is compared with the redaction (check_answer)",
    ("put", "/v1/games/{game_id}/seats/{seat}/bot"): "the game's owner or admins; answers the version and the bot",
    ("post", "/v1/games/{game_id}/seats/{seat}/token"): "the seat, the game's owner or admins; answers the new token",
    ("post", "/v1/organisers"): "admins only; answers the new identity and its token, no game data",
    ("post", "/v1/players"): "organisers only; answers the new identity and its token, no game data",
    ("post", "/v1/identities/{identity_id}/tokens"): "answers a new token for that identity, no game data",
    ("delete", "/v1/identities/{identity_id}"): "revokes; answers nothing of a game",
    ("delete", "/v1/tokens/{token_id}"): "revokes; answers nothing of a game",
    ("post", "/v1/tournaments"): "organisers only; answers the tournament's public view",
    ("post", "/v1/tournaments/{tournament_id}/players"): "its organiser or admins; answers the player and a new player's token",
    ("delete", "/v1/tournaments/{tournament_id}/players/{player_id}"): "answers the withdrawal, no game data",
    ("post", "/v1/tournaments/{tournament_id}/start"): "its organiser or admins; answers the tournament's public view",
    ("post", "/v1/tournaments/{tournament_id}/seeding"): "its organiser or admins; answers the tournament's public view",
    ("post", "/v1/games/{game_id}/seats/{seat}/claim"): "answers the claimer its own seat's token (and a guest its "
                                                        "player token), the version and status: no game data",
    ("post", "/v1/games/{game_id}/start"): "the creator, owner or admins; answers the version, status and bots",
    ("post", "/v1/games/{game_id}/rematch"): "a seat of the finished game; answers the offer (and its own new seat)",
    ("post", "/v1/games/{game_id}/rematch/decline"): "a seat of the finished game; answers the offer",
    ("post", "/v1/challenges"): "players; answers the offer",
    ("post", "/v1/challenges/{challenge_id}/accept"): "the players it names; answers the offer (and its own new seat)",
    ("post", "/v1/challenges/{challenge_id}/decline"): "the players it names; answers the offer",
}


def operations() -> set[tuple[str, str]]:
    return {(method, path) for path, item in spec()["paths"].items() for method in item if method in METHODS}


def served_types(path: str) -> set[str]:
    responses = spec()["paths"][path]["get"]["responses"]
    return set(responses.get("200", {}).get("content", {}))


def test_every_route_in_openapi_is_classified():
    """A new route must be checked here (or named as one that serves no game data) before it can pass."""
    classified = {("get", p) for p in READS} | NO_GAME_DATA | set(WRITES)
    assert operations() == classified, "classify each route of openapi.yaml in this module"
    for path, checked in READS.items():
        assert served_types(path) <= checked, f"{path} serves a representation this module does not compare"


# --- the games ------------------------------------------------------------------------------------------

# (profile, seats, options or None: drawn from the profile): every registered title and mode at every seat count
# it allows, and Jaipur with the sizes hidden and the owner's bonus values shown (the options that change what a
# view hides; the default profile plays each mode's simplest options)
MODES = [(name, seats, None) for name, profile in PROFILES.items() for seats in profile["seats"]] + [
    ("jaipur", 2, {"opponent_sees_hand_size": False, "opponent_sees_herd_size": False,
                   "owner_sees_own_bonus_values": True}),
]
SHORT = {"jaipur", "tiny"}  # played to the end in every run; Istanbul to the end under the long profile
UNDO_RATE = 0.03  # how often a random command is an undo request instead (both undo modes get exercised)


def mode_id(mode) -> str:
    return f"{mode[0]}-{mode[1]}" + ("-hidden-sizes" if mode[2] else "")


@pytest.fixture(scope="module")
def worker(running_worker):
    return running_worker  # the neutral figures' rolls are the background dealer's (production settings)


@pytest.fixture(scope="module")
def store(redis_client):
    return redis_store(redis_client)  # the suite's Redis, which the server uses: the true log, read beside it


@pytest.mark.parametrize("mode", MODES, ids=mode_id)
@settings(max_examples=sized(ci=1, long=6))
@given(data=st.data())
def test_every_route_serves_each_viewer_only_its_redaction(api, worker, store, mode, data):
    profile_name, seats, fixed = mode
    profile, name = PROFILES[profile_name], game_of(profile_name)
    options = fixed if fixed is not None else options_for(name, seats, data.draw(profile["options"], "options"))
    seed = data.draw(st.integers(0, 2**32), "seed")
    rng = random.Random(f"{mode_id(mode)}:{seed}")  # the minimal example still differs from mode to mode
    gid, tokens = api.create(name, seats, seed=f"no-leak-{seed}", options=options)
    truth = Truth(store, gid)
    # looks while the game runs (a short game's early: the suite's tiny game ends after a few commands), and at
    # the end (then everything is public)
    stops = sorted(rng.sample(range(min(sized(ci=80, long=600), profile["max_commands"] // 50)), sized(ci=1, long=3)))
    to_end = profile_name in SHORT or (PROFILE == "long" and rng.random() < 0.5)
    # a PNG costs a third of a second to draw: one look per title by default, every look under the long profile
    as_png = PROFILE == "long" or mode in (MODES[0], ("istanbul", 2, None))
    played = 0
    for stop in stops:
        played += play(api, truth, tokens, rng, stop - played)
        sweep(api, truth, tokens, rng, as_png and not to_end)
    if to_end:
        play(api, truth, tokens, rng, profile["max_commands"])
        assert truth.settled().finished
        sweep(api, truth, tokens, rng, as_png)


@settings(max_examples=sized(ci=1, long=4))
@given(data=st.data())
def test_a_game_of_claimed_seats_serves_each_viewer_only_its_redaction(api, worker, store, data):
    """Seats claimed by their players (one with its invitation code, one as a guest): each claimer's token is served
    only its own seat's view, and nothing of the claimers' tokens, the game's key or the seed the deal came from
    (recomputed from the log's contributions) reaches anyone before the end."""
    seed = data.draw(st.integers(0, 2**32), "seed")
    rng = random.Random(f"claims:{seed}")
    body = {"game": "jaipur", "seats": 2, "invitations": ["code", "public"], "seed": f"no-leak-claims-{seed}"}
    created = api.call("POST", "/v1/games", json=body).json()
    gid = created["id"]
    tokens = [api.call("POST", f"/v1/games/{gid}/seats/0/claim", json={"code": created["seats"][0]["code"]}).json(),
              api.call("POST", f"/v1/games/{gid}/seats/1/claim", json={}).json()]
    tokens = [claimed["token"] for claimed in tokens]
    truth = Truth(store, gid)
    assert truth.settled().table.lobby.started
    sweep(api, truth, tokens, rng, False)
    play(api, truth, tokens, rng, rng.randrange(1, 40))
    sweep(api, truth, tokens, rng, False)
    play(api, truth, tokens, rng, PROFILES["jaipur"]["max_commands"])
    assert truth.settled().finished
    sweep(api, truth, tokens, rng, False)


def play(api: Api, truth: Truth, tokens: list[str], rng: random.Random, commands: int) -> int:
    """Up to `commands` random legal commands (or undo requests) of the seats the game awaits, chosen from the
    in-process truth and posted to the API; the number played."""
    for done in range(commands):
        loaded = truth.settled()
        if loaded.finished:
            return done
        game, table, now = loaded.game, loaded.table, now_iso()
        actors = sorted({*tables.awaited(game, table), *(s for s in range(table.seats) if undo.may_answer(table, s, now))})
        seat = rng.choice(actors)
        if loaded.version > 2 and rng.random() < UNDO_RATE:
            to_version = rng.randint(max(1, loaded.version - 4), loaded.version - 1)
            r = api.call("POST", f"/v1/games/{truth.id}/undo", tokens[seat], json={"to_version": to_version},
                         validate=False)
            assert r.status_code in (201, 422), r.text  # 422: not undoable from here (the rules say why)
        else:
            r = api.command(truth.id, tokens[seat], eager(rng, views.legal_moves(loaded, seat, now)),
                            validate=False)
            assert r.status_code == 201, r.text
        check_answer(truth, tokens, seat, r)
    return commands


def check_answer(truth: Truth, tokens: list[str], seat: int, r) -> None:
    """A command's (or undo's) answer holds its new events exactly as the redaction shows them to that seat,
    and a refusal nothing secret."""
    truth.refresh()
    if r.status_code != 201:
        assert not any(secret in r.text for secret in plain_secrets(truth, tokens, truth.now.version))
        return
    version, events = r.json()["version"], r.json()["events"]
    first = version - len(events)
    assert events == truth.redacted(seat, first, version, truth.at(version).finished)
    assert not any(secret in r.text for secret in plain_secrets(truth, tokens, version))
    if not truth.at(version).finished:
        check_sealed_preimages(truth, seat, "POST commands", events)


# --- one look at every route, for every viewer ------------------------------------------------------------


@dataclass
class Visit:
    """One viewer's look at one game at a moment when nothing moves (no roll pending, nobody posting)."""

    api: Api
    truth: Truth
    viewer: int | None
    token: str | None
    secrets: Secrets
    rng: random.Random
    pictures_as_png: bool

    @property
    def path(self) -> str:
        return f"/v1/games/{self.truth.id}"

    def get(self, url: str, **kwargs):
        # bodies against openapi.yaml are the other API tests' check; here it tripled the time
        return self.api.call("GET", url, self.token, validate=False, **kwargs)

    def view(self, version: int, complete: bool = False) -> dict:
        return views.view(self.truth.at(version), self.viewer, now_iso(), complete=complete)


def sweep(api: Api, truth: Truth, tokens: list[str], rng: random.Random, as_png: bool) -> None:
    """Every GET route of openapi.yaml, for every seat and a spectator, against the in-process truth (the
    picture also as PNG, for one viewer, if `as_png`)."""
    loaded = truth.settled()
    png_viewer = rng.choice([None, *range(loaded.table.seats)]) if as_png and png.available() else "nobody"
    for viewer in [None, *range(loaded.table.seats)]:
        visit = Visit(api, truth, viewer, None if viewer is None else tokens[viewer],
                      Secrets(truth, tokens, viewer), rng, viewer == png_viewer)
        for path, item in spec()["paths"].items():
            if "get" in item and ("get", path) not in NO_GAME_DATA:
                assert path in ROUTE_CHECKS, f"GET {path} is not checked for leaks: add it to this module"
                ROUTE_CHECKS[path](visit)
    assert truth.refresh().version == loaded.version, "the game moved during the sweep"


def check_view(v: Visit) -> None:
    r = v.get(v.path)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["version"] == v.truth.now.version and r.headers["ETag"] == f'"{body["version"]}"'
    assert body == v.view(body["version"])
    v.secrets.check_json("GET /v1/games/{id}", body)
    # in words: the same view, said from that view alone
    r = v.get(f"{v.path}?words=true")
    assert r.status_code == 200, r.text
    said = r.json()
    expected = v.view(said["version"])
    assert said == {**expected, "words": language.position(v.truth.now.game, expected["state"])}
    v.secrets.check_json("GET /v1/games/{id}?words=true", said)
    r = v.get(f"{v.path}?words=short")  # and in a few lines, from the same view alone
    assert r.status_code == 200, r.text
    short = r.json()
    expected = v.view(short["version"])
    assert short == {**expected, "words": language.position(v.truth.now.game, expected["state"], short=True)}
    v.secrets.check_json("GET /v1/games/{id}?words=short", short)


def check_log(v: Visit) -> None:
    """The log in words: each line said from the envelope as this viewer is served it (the events route's)."""
    now = v.truth.now
    after = v.rng.randrange(now.version)
    r = v.get(f"{v.path}/log?after={after}&limit=1000")
    assert r.status_code == 200, r.text
    state = now.game.view(now.table.game_state, v.viewer)
    redacted = v.truth.redacted(v.viewer, after, now.version, now.finished)
    lines = language.events(now.game, state, v.viewer, redacted)  # a page holds the first 1000 lines
    page = lines[:1000]
    assert r.json() == {"version": now.version, "lines": page,
                        "next": page[-1]["version"] if len(lines) >= 1000 else now.version}
    v.secrets.check_json("GET log", r.json())


def check_state_at(v: Visit) -> None:
    """Past versions: the view as it was (complete for everyone once the game is over)."""
    now = v.truth.now
    for version in sorted({v.rng.randint(1, now.version), now.version}):
        r = v.get(f"{v.path}/state?version={version}")
        assert r.status_code == 200, r.text
        assert r.json() == v.view(version, complete=now.finished)
        v.secrets.check_json("GET state?version", r.json())


def check_events(v: Visit) -> None:
    now = v.truth.now
    after = v.rng.randrange(now.version)
    limit = v.rng.randint(1, 50)
    pages = [("?after=0&limit=10000", {}, 0, now.version),  # Last-Event-ID, if sent, resumes instead of after
             (f"?limit={limit}", {"Last-Event-ID": str(after)}, after, min(now.version, after + limit))]
    for query, headers, first, last in pages:
        r = v.get(f"{v.path}/events{query}", headers=headers)
        assert r.status_code == 200, r.text
        assert r.json() == {"version": now.version, "events": v.truth.redacted(v.viewer, first, last, now.finished)}
        v.secrets.check_envelopes("GET events", r.json()["events"])
    check_stream(v, after)


def check_stream(v: Visit, after: int) -> None:
    """The live stream from Last-Event-ID up to the current version (a running game's stream stays open: the
    client leaves once it has what there is)."""
    now = v.truth.now
    headers = {"Accept": "text/event-stream", "Last-Event-ID": str(after)}
    if v.token:
        headers["Authorization"] = f"Bearer {v.token}"
    served = []
    with requests.get(f"{v.api.base}{v.path}/events", headers=headers, stream=True, timeout=30) as r:
        assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/event-stream"), r.text
        for frame in sse_frames(r.iter_lines(chunk_size=None, decode_unicode=True)):
            env = json.loads(frame["data"])
            assert frame["id"] == str(env["version"]) and frame["event"] == env["type"]
            served.append(env)
            if env["version"] >= now.version:
                break
    assert served == v.truth.redacted(v.viewer, after, now.version, now.finished)
    v.secrets.check_envelopes("GET events (SSE)", served)


def check_export(v: Visit) -> None:
    now = v.truth.now
    r = v.get(f"{v.path}/export")
    assert r.status_code == 200, r.text
    assert r.headers["Bazaar-Version"] == str(now.version) and r.headers["Bazaar-Head-Hash"] == now.head_hash
    served = [json.loads(line) for line in r.text.splitlines()]
    assert served == v.truth.redacted(v.viewer, 0, now.version, now.finished)
    v.secrets.check_text("GET export", r.text)
    v.secrets.check_envelopes("GET export", served)


def check_legal_moves(v: Visit) -> None:
    r = v.get(f"{v.path}/legal-moves")
    if v.viewer is None:
        assert r.status_code == 401, r.text  # a spectator has no moves
    else:
        assert r.status_code == 200, r.text
        body = r.json()
        loaded = v.truth.at(body["version"])
        assert body == {"version": v.truth.now.version, "seat": v.viewer, "game": loaded.meta.name,
                        "moves": views.legal_moves(loaded, v.viewer, now_iso())}
        said = v.get(f"{v.path}/legal-moves?words=true").json()
        state = loaded.game.view(loaded.table.game_state, v.viewer)
        assert said == {**body, "said": language.moves(loaded, v.viewer, state, body["moves"])}
        v.secrets.check_json("GET legal-moves?words=true", said)
    v.secrets.check_json("GET legal-moves", r.json())


def check_picture(v: Visit) -> None:
    """The picture is the viewer's view drawn, nothing else (PNG: the same SVG converted)."""
    r = v.get(f"{v.path}/board.svg", headers={"Accept": "image/svg+xml"})
    assert r.status_code == 200, r.text
    expected = board.render(v.view(int(r.headers["ETag"].strip('"'))))
    assert r.text == expected
    v.secrets.check_text("GET board.svg", r.text)
    now = v.truth.now
    version = v.rng.randint(1, now.version)  # a replay's frame: the view at that version, drawn
    r = v.get(f"{v.path}/board.svg?version={version}", headers={"Accept": "image/svg+xml"})
    assert r.status_code == 200, r.text
    assert r.text == board.render(v.view(version, complete=now.finished))
    v.secrets.check_text("GET board.svg?version", r.text)
    if v.pictures_as_png:
        r = v.get(f"{v.path}/board.svg", headers={"Accept": "image/png"})
        assert r.status_code == 200 and r.content == png.convert(expected)


def check_listing(v: Visit) -> None:
    """The game's entry in the index (a page that starts at it), and once per look the first page of all."""
    just_before = f"{int(v.truth.id, 16) - 1:016x}"
    r = v.get(f"/v1/games?after={just_before}&limit={v.rng.randint(1, 3)}")
    assert r.status_code == 200, r.text
    entry = r.json()["games"][0]
    assert entry["id"] == v.truth.id
    assert entry == {"id": v.truth.id, **views.index_entry(v.truth.at(entry["version"]), entry["updated_at"])}
    v.secrets.check_json("GET /v1/games", r.json())
    if v.viewer is None:
        first = v.get("/v1/games?limit=500")
        assert first.status_code == 200, first.text
        v.secrets.check_json("GET /v1/games", first.json())


def check_pages(v: Visit) -> None:
    """The HTML pages hold no game state to compare; they must hold no secret either."""
    for url in ("/", f"/play/{v.truth.id}"):
        r = v.get(url)
        assert r.status_code == 200, r.text
        v.secrets.check_text(f"GET {url}", r.text)


ROUTE_CHECKS = {
    "/v1/games": check_listing,
    "/v1/games/{game_id}": check_view,
    "/v1/games/{game_id}/state": check_state_at,
    "/v1/games/{game_id}/events": check_events,
    "/v1/games/{game_id}/log": check_log,
    "/v1/games/{game_id}/export": check_export,
    "/v1/games/{game_id}/legal-moves": check_legal_moves,
    "/v1/games/{game_id}/board.svg": check_picture,
    "/": check_pages,
    "/play/{game_id}": lambda v: None,  # checked with "/"
}
