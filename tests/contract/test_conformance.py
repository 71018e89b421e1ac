"""The conformance suite every registered game passes (in the spirit of OpenSpiel's random_sim_test).

Random games to the end through the table (the runner the service uses), checking at every step:
- legal <=> accepted: every listed command is accepted, and commands near the listed ones (each field moved,
  another seat) that are not listed are refused with a RuleViolation (never another exception);
- evolve is pure: it leaves its input equal to a deep copy taken before;
- replay equals live: folding the recorded events again gives the same table;
- snapshots: the table round-trips through the snapshot codec at points along the game and at its end;
- no leak: a twin table whose secret draws differ (public ones equal) shows every viewer the same view for
  as long as that viewer's redacted events have been the same;
- views and results are JSON, and every game ends.
Game-specific invariants (conservation, scoring) live beside each game in tests/property/.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from domain import registry
from domain import table as tables
from domain.core import RuleViolation
from domain.table import Act, Create, Dealer
from events import codec
from events.codec import decode_typed, encode_typed
from events.snapshots import snapshot_types
from tests.conftest import sized
from tests.contract.profiles import PROFILES, game_of, options_for

AT = "2026-01-01T00:00:00.000Z"
NAMES = sorted(registry.names())
GAMES = sized(ci=6, long=100)
# How often the dearer checks run (steps). In a 5-seat expansion game of ~7,000 steps (profiled): a deep copy of the
# state costs ~10 ms, the acting seat's view and its JSON ~5 ms, a snapshot round trip ~300 ms. Checked at every
# step and every 50th, they took two thirds of the game's time; by default the purity and JSON checks run every
# 10th step and the snapshot every 1,000th (and at the end, and 25 steps in), the long profile as before.
PURITY_EVERY = sized(ci=10, long=5)
VIEW_JSON_EVERY = sized(ci=10, long=1)
SNAPSHOT_EVERY = sized(ci=1000, long=50)


def test_every_registered_game_has_a_profile_and_imports():
    for name in NAMES:
        assert name in PROFILES, f"{name} is not played (tests/contract/profiles.py derives a profile for every game)"
        game = registry.get(name)  # an import error fails here, loudly
        for attribute in ("NAME", "MIN_SEATS", "MAX_SEATS", "COMMANDS", "EVENTS", "STATE", "initial_state", "decide",
                          "evolve", "legal_commands", "view", "to_act", "chance", "is_terminal", "result", "redact"):
            assert hasattr(game, attribute), f"{name} lacks {attribute}"


class TwinDealer(Dealer):
    """Public draws from the shared seed, secret ones from this twin's own: the twins differ only in secrets.
    `label`: only the secret draws of that label differ (a game whose other secrets are partly revealed at once,
    like Istanbul's demand stacks with their top tile, would otherwise part the twins' views from the start)."""

    def __init__(self, shared: str, own: str, label: str | None = None):
        super().__init__(shared)
        object.__setattr__(self, "own", Dealer(own))
        object.__setattr__(self, "label", label)

    def draw(self, index, request):
        differs = request.secret and self.label in (None, request.label)
        return (self.own if differs else Dealer(self.seed)).draw(index, request)


def open_table(game, seats: int, options: dict, dealer: Dealer):
    create = Create(game.NAME, seats, options, "0" * 64, None, AT, getattr(game, "DEFAULT_UNDO", "turn"))
    return tables.execute(game, None, create, dealer, dealer_rolls=True)


def seen_by(game, batch, viewer) -> list:
    out = []
    for r in batch:
        event = r.event
        if getattr(event, "TYPE", "") == "chance_drawn" and event.secret:
            out.append(("chance_drawn", event.label))
            continue
        shown = event if tables.EVENTS.get(event.TYPE) is type(event) else game.redact(event, viewer)
        out.append(None if shown is None else json.dumps(codec.to_wire(shown), sort_keys=True))
    return out


def nearby(command, legal: list, seats: int):
    """Commands one step away from `command`: each field moved, or another seat."""
    for seat in range(seats):
        if seat != command.seat:
            yield dataclasses.replace(command, seat=seat)
    values: dict[str, set] = {}
    for other in legal:
        if type(other) is type(command):
            for f in dataclasses.fields(other):
                values.setdefault(f.name, set()).add(getattr(other, f.name))
    for f in dataclasses.fields(command):
        if f.name == "seat":
            continue
        value = getattr(command, f.name)
        candidates = set(values.get(f.name, ())) - {value}
        if isinstance(value, bool):
            candidates.add(not value)
        elif isinstance(value, int):
            candidates |= {value - 1, value + 1}
        elif isinstance(value, str):
            candidates.add(value + "x")
        elif isinstance(value, tuple) and value:
            candidates |= {value[1:], value + value[:1]}
        for candidate in sorted(candidates, key=repr)[:6]:
            try:
                yield dataclasses.replace(command, **{f.name: candidate})
            except TypeError:
                continue


def play(game, seats: int, options: dict, seed: int, rng: random.Random, checks: bool, name: str | None = None):
    """`name`: the profile played; its own secret labels, else the game's (an expansion has secrets of its own:
    twins that differ only in the base game's would never test them)."""
    profile = PROFILES[game.NAME]  # the game's own profile sets the length limit for every profile of the game
    labels = PROFILES[name or game.NAME].get("secret_labels") or profile.get("secret_labels", (None,))
    label = labels[seed % len(labels)]
    dealer = TwinDealer(f"shared-{seed}", f"a-{seed}", label)
    twin_dealer = TwinDealer(f"shared-{seed}", f"b-{seed}", label)
    batch, table = open_table(game, seats, options, dealer)
    twin_batch, twin = open_table(game, seats, options, twin_dealer)
    recorded = list(batch)
    viewers = [None, *range(seats)]
    same_so_far = {v: seen_by(game, batch, v) == seen_by(game, twin_batch, v) for v in viewers}
    twin_alive = True
    for step in range(profile["max_commands"]):
        if table.over:
            break
        seat = tables.awaited(game, table)[0]
        legal = game.legal_commands(table.game_state, seat)
        assert legal, f"{game.NAME}: seat {seat} is awaited but has no legal command"
        if checks and step % PURITY_EVERY == 0:
            listed = set(legal)
            for command in legal:
                tables.decide(game, table, Act(seat, command, AT))  # accepted
            for command in rng.sample(legal, min(3, len(legal))):
                for near in nearby(command, legal, seats):
                    if near in listed:
                        continue
                    with pytest.raises(RuleViolation):
                        tables.decide(game, table, Act(near.seat, near, AT))
            before = copy.deepcopy(table.game_state)
            events = game.decide(table.game_state, rng.choice(legal))
            for event in events:
                game.evolve(table.game_state, event)
            assert table.game_state == before, "evolve or decide changed its input"
        if checks and step % SNAPSHOT_EVERY == 25:  # 25: early in the shortest games too
            assert_snapshot_round_trips(game, table)
        command = rng.choice(legal)
        batch, table = tables.execute(game, table, Act(seat, command, AT), dealer, dealer_rolls=True)
        recorded += batch
        if twin_alive:
            try:
                twin_batch, twin = tables.execute(game, twin, Act(seat, command, AT), twin_dealer, dealer_rolls=True)
            except RuleViolation:
                twin_alive = False  # the secrets differ enough that the twins part ways
        for viewer in viewers:
            if not twin_alive or not same_so_far[viewer] or table.over:  # a finished game shows everything
                continue
            if seen_by(game, batch, viewer) != seen_by(game, twin_batch, viewer):
                same_so_far[viewer] = False
                continue
            assert game.view(table.game_state, viewer) == game.view(twin.game_state, viewer), (
                f"{game.NAME}: the view of {viewer} depends on a secret it has not been shown")
        if step % VIEW_JSON_EVERY == 0:
            json.dumps(game.view(table.game_state, seat))
    assert table.over, f"{game.NAME} did not end within {profile['max_commands']} commands"
    assert tables.replay(game, None, recorded) == table, "replay differs from the live table"
    if checks:
        assert_snapshot_round_trips(game, table)
    result = game.result(table.game_state)
    json.dumps(result)
    assert set(result) >= {"winners", "scores"}
    for viewer in viewers:
        json.dumps(game.view(table.game_state, viewer))
    return table


def assert_snapshot_round_trips(game, table) -> None:
    wire = encode_typed(tables.TableState, table, snapshot_types(game))
    assert decode_typed(tables.TableState, json.loads(json.dumps(wire)), snapshot_types(game)) == table


def test_every_profile_plays_a_registered_game():
    for name in PROFILES:
        assert game_of(name) in NAMES, f"profile {name} names no registered game"


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_random_games_end_and_keep_the_contract(name):
    game = registry.get(game_of(name))
    profile = PROFILES[name]

    # no shrinking: a failing game is reported as played (shrinking whole games takes many minutes)
    @settings(max_examples=profile.get("games", GAMES), deadline=None, suppress_health_check=list(HealthCheck),
              phases=[Phase.explicit, Phase.reuse, Phase.generate])
    @given(seats=st.sampled_from(profile["seats"]), options=profile["options"], seed=st.integers(0, 2**32),
           checks=st.booleans())
    def run(seats, options, seed, checks):
        play(game, seats, options_for(game.NAME, seats, options), seed, random.Random(seed), checks, name)

    run()


EXAMPLES = [(name, i, seats, options) for name in sorted(PROFILES)
            for i, (seats, options) in enumerate(PROFILES[name].get("examples", ()))]


@pytest.mark.parametrize("name, seed, seats, options", EXAMPLES,
                         ids=[f"{n}-{s}-{sorted(o.items())}" for n, _, s, o in EXAMPLES])
def test_the_profiles_named_combinations_end_and_keep_the_contract(name, seed, seats, options):
    """Each its own test, so the workers share them out; the seed (the example's position) also picks which
    secret the no-leak twins differ in, so the examples cover each of the game's `secret_labels`."""
    game = registry.get(game_of(name))
    play(game, seats, options_for(game.NAME, seats, options), seed, random.Random(seed), checks=True, name=name)
