"""Audit on the real games: time travel, redaction at a version, export/import, the verifier, undo.

Games are played in-process through the service (real Redis, the same command path as HTTP) with random
legal moves; the expected values come from folding the domain's own evolve, independently of the service.
"""

import json
import random

import pytest

from domain import registry
from domain.core import replay
from domain.table.options import KEYS as PLATFORM_KEYS
from events.envelope import decode_event
from service import create_app
from service.games import audit
from service.operations.verify import verify
from tests.support.play import play_randomly
from tests.support.service import InProcess

GAMES = {"jaipur": (2, {}), "istanbul": (4, {})}


@pytest.fixture(scope="module")
def app(redis_url):
    return create_app({"REDIS_URL": redis_url, "INLINE_DEALER": True,
                       "ORGANISER_TOKENS": "organiser-audit-games-1f7c3a9e5b2d"})


@pytest.fixture(scope="module")
def games(app):
    return InProcess.of(app)


def play(games, name, seed, moves=None, options=None):
    seats, defaults = GAMES[name]
    return play_randomly(games, name, seats, seed, moves, {**defaults, **(options or {})})


PLATFORM = ("game_created", "seed_revealed", "turn_timed_out")


def domain_replay(games, gid, until):
    """The state after event `until`, folded by the game's own evolve (no service code)."""
    return domain_states(games, gid, until)[-1]


def domain_states(games, gid, until=None):
    """The state after each event 1..until (index v-1), folded by the game's own evolve."""
    envelopes = games.store.log.read(gid, 0, until)
    game = registry.get(envelopes[0]["payload"]["game"])
    created = envelopes[0]["payload"]
    own = {k: v for k, v in created["options"].items() if k not in PLATFORM_KEYS}
    state = game.initial_state(own, created["seats"])
    states = [state]
    for env in envelopes[1:]:
        if env["type"] not in PLATFORM:
            state = replay(game, state, [decode_event(game, env)])
        states.append(state)
    return states


# Istanbul: a recorded game of 150 moves (a whole random game has ~4,500 events, and each time-travel
# request folds its prefix from scratch); Jaipur: a whole match.
TRAVEL_MOVES = {"jaipur": None, "istanbul": 150}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_time_travel_at_every_version_equals_a_replay_of_the_prefix(app, games, name):
    gid, tokens = play(games, name, f"travel-{name}", moves=TRAVEL_MOVES[name])
    client = app.test_client()
    states = domain_states(games, gid)
    finished = games.load(gid).finished
    game = registry.get(name)
    for version, expected in enumerate(states, start=1):
        body = client.get(f"/v1/games/{gid}/state?version={version}",
                          headers={"Authorization": f"Bearer {tokens[0]}"}).json
        assert body["version"] == version
        # always the view: redacted while the game runs, complete for everyone once it is over
        shown = game.view(expected, 0, complete=True) if finished else game.view(expected, 0)
        assert body["state"] == json.loads(json.dumps(shown)), version


@pytest.mark.parametrize("name", sorted(GAMES))
def test_redaction_at_a_version_is_the_seats_view_then(app, games, name):
    gid, tokens = play(games, name, f"redact-{name}", moves=12)
    client = app.test_client()
    game = registry.get(name)
    for version in (3, games.load(gid).version // 2, games.load(gid).version):
        state = domain_replay(games, gid, version)
        for seat, token in enumerate(tokens):
            body = client.get(f"/v1/games/{gid}/state?version={version}",
                              headers={"Authorization": f"Bearer {token}"}).json
            assert body["state"] == json.loads(json.dumps(game.view(state, seat)))
        assert client.get(f"/v1/games/{gid}/state?version={version}").json["state"] == \
            json.loads(json.dumps(game.view(state, None)))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_export_import_round_trip_and_verifier(app, games, name):
    gid, _ = play(games, name, f"export-{name}")
    client = app.test_client()
    lines = client.get(f"/v1/games/{gid}/export").get_data(as_text=True).splitlines()
    ok, report = verify(lines)
    assert ok, report
    before = games.load(gid)
    loaded, _tokens = audit.import_log(games.repository, lines, "2026-01-01T00:00:00.000Z", "0123456789abcdef")
    assert loaded.meta.id != gid and loaded.state == before.state  # a game of its own, the same play
    assert loaded.meta.provenance["original_head_hash"] == before.head_hash


def test_a_jaipur_export_with_an_edited_shuffle_fails_the_verifier(games, app):
    gid, _ = play(games, "jaipur", "edited")
    lines = app.test_client().get(f"/v1/games/{gid}/export").get_data(as_text=True).splitlines()
    at = next(i for i, line in enumerate(lines) if '"label":"deck"' in line)
    env = json.loads(lines[at])
    env["payload"]["outcome"] = list(reversed(env["payload"]["outcome"]))
    lines[at] = json.dumps(env)
    ok, report = verify(lines)
    assert not ok and report.startswith(f"line {at + 1}:")


def test_jaipur_consent_undo_is_refused_across_a_reveal(app, games):
    loaded, tokens = games.create("jaipur", 2, {"undo": "consent"}, "reveal")
    gid = loaded.meta.id
    seat = loaded.game.to_act(loaded.state)[0]
    before = loaded.version
    moves = games.legal_moves(loaded, seat)
    take = next(m for m in moves if m["type"] in ("take_one", "take_camels"))  # refills the market from the deck
    games.command(gid, seat, take)
    client = app.test_client()
    r = client.post(f"/v1/games/{gid}/undo", json={"to_version": before},
                    headers={"Authorization": f"Bearer {tokens[seat]}"})
    assert r.status_code == 422 and r.json["code"] == "undo_across_chance"


def test_jaipur_consent_undo_of_an_exchange(app, games):
    rng = random.Random(5)
    for attempt in range(40):
        loaded, tokens = games.create("jaipur", 2, {"undo": "consent"}, f"exchange-{attempt}")
        seat = loaded.game.to_act(loaded.state)[0]
        exchanges = [m for m in games.legal_moves(loaded, seat) if m["type"] == "exchange"]
        if exchanges:
            break
    gid, before = loaded.meta.id, loaded
    games.command(gid, seat, rng.choice(exchanges))
    games.undo(gid, seat, before.version)
    games.command(gid, 1 - seat, {"type": "accept_undo"})
    assert games.load(gid).state == before.state


def test_istanbul_moves_are_taken_back_within_the_turn(app, games):
    loaded, tokens = games.create("istanbul", 3, {}, "undo-istanbul")
    gid, seat = loaded.meta.id, loaded.game.to_act(loaded.state)[0]
    before = loaded
    move = next(m for m in games.legal_moves(loaded, seat) if m["type"] == "move" and not m.get("card"))
    games.command(gid, seat, move)
    after_move = games.load(gid)
    assert after_move.state != before.state and after_move.game.to_act(after_move.state) == (seat,)
    other = (seat + 1) % 3
    with pytest.raises(Exception) as refused:
        games.undo(gid, other, before.version)
    assert getattr(refused.value, "code", None) == "undo_not_own_moves"
    games.undo(gid, seat, before.version)
    assert games.load(gid).state == before.state
