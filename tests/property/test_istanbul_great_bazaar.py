"""The Great Bazaar played at random to the end through the game's functions, at 2 and 5 seats, with and without
the caravan leader and the neutral assistants (the conformance suite plays it through the table too,
tests/contract): every game ends, the Fountain lies in the centre of the 5x5 grid, the 36 letters and the 24 kiosk
tiles are conserved, no seat takes more than one bonus turn in a round, the Catacombs are visited and the figure
that acted leaves them, a replay equals the live state, every sampled view fits the view schema and none shows a
face-down pile's order before the end."""

from __future__ import annotations

import random

import pytest
from jsonschema import Draft202012Validator

import domain.istanbul as game
from domain.istanbul.great_bazaar.commands import VisitCatacombs
from domain.istanbul.great_bazaar.events import CatacombsVisited
from domain.istanbul.letters_seals.commands import JoinSecretSociety, TakeBonusTurn
from domain.istanbul.state import Setup
from tests.conftest import sized
from tests.property.test_istanbul_letters import BonusTurnsThisRound, check, next_events

VIEW_SCHEMA = Draft202012Validator(game.VIEW_SCHEMA)
MAX_COMMANDS = 40_000
GREAT_BAZAAR = ["mocha_baksheesh", "letters_seals"]


def choose(rng: random.Random, commands: list):
    """Often the Catacombs and the Secret Society when offered (both are rare in uniform play), a bonus turn now
    and then."""
    for kinds, odds in (((VisitCatacombs, JoinSecretSociety), 0.8), ((TakeBonusTurn,), 0.3)):
        eager = [c for c in commands if isinstance(c, kinds)]
        if eager and rng.random() < odds:
            return rng.choice(eager)
    return rng.choice(commands)


GAMES = [  # seats, options besides the box
    (2, {}),
    (2, {"caravan_leader": True, "neutral_assistants": True}),
    (5, {}),
    (5, {"caravan_leader": True}),
]


@pytest.mark.parametrize("seats, options", GAMES, ids=[f"{s}-{sorted(o.items())}" for s, o in GAMES])
@pytest.mark.parametrize("seed", range(sized(ci=1, long=20)))
def test_random_great_bazaar_games_end_with_letters_conserved_and_one_bonus_turn_per_round(seats, options, seed):
    rng = random.Random(seed * 10 + seats)
    options = {"expansions": GREAT_BAZAAR, **options}
    state = game.initial_state(options, seats)
    log = []
    bonus_turns = BonusTurnsThisRound(seats)
    catacombs = 0
    for _ in range(MAX_COMMANDS):
        if game.is_terminal(state):
            break
        events = next_events(state, rng, lambda _seat, legal: choose(rng, legal))
        for event in events:
            before = state.current
            state = game.evolve(state, event)
            if isinstance(event, CatacombsVisited):
                catacombs += 1
                where = {"merchant": state.players[event.seat].merchant,
                         "companion": state.players[event.seat].companion,
                         "family_member": state.players[event.seat].family}.get(event.figure)
                assert where == event.place and where != 25 or event.figure is None
            bonus_turns.see(state, event, before)
        log += events
        if not isinstance(state.phase, Setup):
            check(state)
            assert state.layout[12] == 7 and len(state.layout) == 25
        if len(log) % 401 < len(events):  # a sample: views are costly
            view = game.view(state, 0)
            VIEW_SCHEMA.validate(view)
            if not game.is_terminal(state):
                assert "pile" not in view["letters"] and "stack" not in view["places"]["kiosk"]
                assert "bonus_deck" not in view
    assert game.is_terminal(state) and game.result(state)["winners"] and catacombs
    replayed = game.initial_state(options, seats)
    for event in log:
        replayed = game.evolve(replayed, event)
    assert replayed == state
