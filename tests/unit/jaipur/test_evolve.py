"""evolve is pure and total, and the state is immutable all the way down."""

import dataclasses

from domain import jaipur
from domain.core import ChanceDrawn
from domain.jaipur.state import Options
from tests.support.driver import Table


def walk(value, path="state"):
    """Every mutable container reachable from a state (there must be none)."""
    if dataclasses.is_dataclass(value):
        assert type(value).__dataclass_params__.frozen, f"{path} is a mutable dataclass"
        for field in dataclasses.fields(value):
            yield from walk(getattr(value, field.name), f"{path}.{field.name}")
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            yield from walk(item, f"{path}[{i}]")
    elif isinstance(value, (list, dict, set, bytearray)):
        yield path


def test_states_hold_no_mutable_container():
    table = Table.start(jaipur, {}, 2, seed=b"immutable")
    for step in range(60):
        assert list(walk(table.state)) == []
        (seat,) = jaipur.to_act(table.state)
        legal = jaipur.legal_commands(table.state, seat)
        table.play(legal[step % len(legal)])


def test_unknown_events_and_chance_draws_leave_the_state_as_it_is():
    state = jaipur.initial_state({}, 2)
    assert jaipur.evolve(state, object()) is state
    drawn = ChanceDrawn(0, "pick", "first_player", 2, 1, False, (1,))
    assert jaipur.evolve(state, drawn) is state


def test_replay_is_a_fold_of_the_logged_events():
    table = Table.start(jaipur, {}, 2, seed=b"fold")
    for step in range(40):
        (seat,) = jaipur.to_act(table.state)
        legal = jaipur.legal_commands(table.state, seat)
        table.play(legal[-1 - step % len(legal)])
    assert table.replayed() == table.state


def test_a_seat_can_fold_its_own_redacted_stream_without_errors():
    table = Table.start(jaipur, {"first_player": 0}, 2, seed=b"client")
    state = jaipur.initial_state({"first_player": 0}, 2)
    for event in table.events:
        seen = jaipur.redact(event, 0)
        if seen is not None:
            state = jaipur.evolve(state, seen)
    mine = state.phase.players[0]
    assert mine == table.state.phase.players[0]
    assert state.phase.market == table.state.phase.market


def test_options_are_frozen():
    assert Options.__dataclass_params__.frozen
