"""Old stored events keep replaying: a game recorded before any event changed shape decodes through the
upcasters and folds to the same final views."""

from __future__ import annotations

import json
from pathlib import Path

import domain.istanbul as game
from domain.core import replay
from events.envelope import decode_event

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "istanbul"


def stored() -> list[dict]:
    lines = (FIXTURES / "v1_game.ndjson").read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_a_v1_game_log_replays_to_the_recorded_final_views():
    envelopes = stored()
    assert {env["v"] for env in envelopes} == {1}
    events = [decode_event(game, {**env, "version": n}) for n, env in enumerate(envelopes, 1)]
    state = replay(game, game.initial_state({"layout": "random"}, 3), events)
    assert game.is_terminal(state)
    recorded = json.loads((FIXTURES / "v1_final_views.json").read_text())
    for seat in (None, 0, 1, 2):
        key = "spectator" if seat is None else str(seat)
        assert json.loads(json.dumps(game.view(state, seat))) == recorded[key], key


def test_an_older_move_body_gets_the_joined_field_it_meant():
    """`move` gained `joined` (L07's choice of merchant): a body recorded before says null, so an old export's
    command compares equal to the one the runner produces now."""
    old = {"type": "move", "place": 4, "card": None}
    assert game.upgrade_command(old) == {**old, "joined": None}
    now = {"type": "move", "place": 16, "card": "L07", "joined": 2}
    assert game.upgrade_command(now) == now
    die = {"type": "turn_die_to_six", "die": 1}  # `card` came with L05 copying M06: null is the M06 in hand
    assert game.upgrade_command(die) == {**die, "card": None}
