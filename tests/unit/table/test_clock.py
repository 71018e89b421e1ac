"""Turn clocks and timeout policies, with explicit times (no sleeps)."""

import pytest

from domain.core import RuleViolation
from domain.table import Act, TimeOut, clock
from tests.support.tiny_game import CallDealer
from tests.unit.table.support import Tiny, at


def deadline(table) -> int:
    return clock.deadline_ms(table.state.clocks, table.state.platform)


def test_a_per_move_clock_gives_each_decision_its_seconds():
    table = Tiny({"clock": {"per_move_s": 30}})
    assert deadline(table) == (clock.to_ms(at(30)), table.turn)
    table.add(1, seconds=10)
    assert deadline(table)[0] == clock.to_ms(at(40))  # every decision starts its own 30 s


def test_a_timer_before_the_deadline_changes_nothing():
    table = Tiny({"clock": {"per_move_s": 30}})
    with pytest.raises(RuleViolation) as early:
        table.run(TimeOut(at(29.999)))
    assert early.value.code == "deadline_not_reached"


def test_auto_policy_plays_the_late_seats_smallest_completion():
    table = Tiny({"clock": {"per_move_s": 30}})
    late = table.turn
    batch = table.run(TimeOut(at(30)))
    assert table.types(batch) == ["turn_timed_out", "turn_ended"]
    assert batch[0].event.seat == late and batch[0].event.policy == "auto"
    assert batch[1].auto is not None and batch[1].seat == late
    assert table.turn == 1 - late and table.state.clocks.timeouts[late] == 1


def test_forfeit_policy_calls_the_games_forfeit_and_ends_with_the_seed():
    table = Tiny({"clock": {"per_move_s": 30}, "timeout_policy": "forfeit"})
    batch = table.run(TimeOut(at(31)))
    assert table.types(batch) == ["turn_timed_out", "seat_resigned", "seed_revealed"]
    assert table.state.over and table.state.revealed


def test_auto_then_forfeit_after_k_timeouts():
    table = Tiny({"clock": {"per_move_s": 10}, "timeout_policy": {"auto_then_forfeit_after": 1}})
    first = table.run(TimeOut(at(10)))
    assert first[0].event.policy == "auto"
    second = table.run(TimeOut(at(20)))  # the other seat's first timeout: still auto
    assert second[0].event.policy == "auto"
    third = table.run(TimeOut(at(30)))
    assert third[0].event.policy == "forfeit" and table.state.over


def test_a_fischer_clock_charges_the_thinking_seat_and_adds_the_increment():
    table = Tiny({"clock": {"initial_s": 60, "increment_s": 5}})
    seat = table.turn
    table.end_turn(seconds=0.3)
    clocks = table.state.clocks
    assert clocks.running == (1 - seat,)
    assert clocks.remaining_ms[seat] == 60_000 - 300 + 5_000  # charged for its thinking, then the increment
    assert clocks.remaining_ms[1 - seat] == 60_000  # its time only starts now
    summary = clock.summary(clocks, table.state.platform, at(1.3))
    assert summary["remaining_ms"][1 - seat] == 59_000 and summary["running"] == [1 - seat]


def test_no_clock_runs_while_a_chance_step_is_pending():
    table = Tiny({"clock": {"per_move_s": 30}})
    seat = table.turn
    table.run(Act(seat, CallDealer(seat), at(5)))  # the background dealer's roll is now pending
    assert table.state.clocks.running == ()
    with pytest.raises(RuleViolation) as nothing:
        table.run(TimeOut(at(100)))
    assert nothing.value.code == "no_deadline"
