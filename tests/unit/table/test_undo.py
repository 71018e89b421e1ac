"""Undo rules of the table: modes, barriers, consent and its expiry, with explicit times."""

import pytest

from domain.core import RuleViolation
from domain.table import Act, AnswerUndo, RequestUndo
from domain.table.events import MovesTakenBack, UndoAnswered, UndoRequested
from tests.support.tiny_game import RollDie, TurnEnded
from tests.unit.table.support import Tiny, at, with_hooks


def code(call) -> str:
    with pytest.raises(RuleViolation) as refused:
        call()
    return refused.value.code


def test_turn_mode_takes_back_own_moves_within_the_turn():
    table = Tiny()
    seat, before = table.turn, table.state
    table.add(1)
    table.add(2)
    batch = table.run(RequestUndo(seat, before.version, at(1)))
    assert [r.event.TYPE for r in batch] == ["moves_taken_back"]
    assert table.state.game_state == before.game_state and table.state.version == before.version + 3


def test_turn_mode_refuses_another_seats_moves_and_a_turn_that_is_over():
    table = Tiny()
    seat, start = table.turn, table.state.version
    table.add(1)
    assert code(lambda: table.run(RequestUndo(1 - seat, start, at(1)))) == "undo_not_own_moves"
    table.end_turn()
    assert code(lambda: table.run(RequestUndo(seat, start, at(2)))) == "undo_turn_over"


def test_never_across_a_chance_outcome():
    table = Tiny()
    seat, start = table.turn, table.state.version
    table.run(Act(seat, RollDie(seat), at(1)))  # the roll lands inside the command
    assert code(lambda: table.run(RequestUndo(seat, start, at(2)))) == "undo_across_chance"


def test_bad_targets():
    table = Tiny()
    seat = table.turn
    assert code(lambda: table.run(RequestUndo(seat, table.state.version, at(1)))) == "undo_bad_version"
    table.add(1)
    assert code(lambda: table.run(RequestUndo(seat, table.state.version, at(1)))) == "undo_bad_version"
    assert code(lambda: table.run(RequestUndo(seat, 0, at(1)))) == "undo_bad_version"


def test_none_mode_refuses():
    table = Tiny({"undo": "none"})
    seat, start = table.turn, table.state.version
    table.add(1)
    assert code(lambda: table.run(RequestUndo(seat, start, at(1)))) == "undo_disabled"


def test_consent_needs_every_other_seat_and_expires():
    table = Tiny({"undo": "consent", "undo_timeout_s": 60})
    seat, before = table.turn, table.state
    table.add(1)
    table.run(RequestUndo(seat, before.version, at(10)))
    assert table.state.undo.expires_at == at(70)
    assert code(lambda: table.run(AnswerUndo(seat, True, at(11)))) == "undo_already_answered"
    assert code(lambda: table.run(AnswerUndo(1 - seat, True, at(70)))) == "undo_expired"
    batch = table.run(AnswerUndo(1 - seat, True, at(20)))
    assert [r.event.TYPE for r in batch] == ["undo_answered", "moves_taken_back"]
    assert table.state.game_state == before.game_state and table.state.undo is None


def test_a_declined_or_lapsed_request_changes_nothing():
    table = Tiny({"undo": "consent"})
    seat, start = table.turn, table.state.version
    table.add(1)
    after = table.state.game_state
    table.run(RequestUndo(seat, start, at(1)))
    table.run(AnswerUndo(1 - seat, False, at(2)))
    assert table.state.undo is None and table.state.game_state == after
    table.run(RequestUndo(seat, start, at(3)))
    table.add(1, seconds=4)  # any move lapses the request
    assert table.state.undo is None
    assert code(lambda: table.run(AnswerUndo(1 - seat, True, at(5)))) == "no_undo_pending"


def reach_back_across_a_turn_end(game):
    """Consent mode: seat A adds and ends its turn, B adds; B asks to go back to before A's turn ended."""
    table = Tiny({"undo": "consent"}, game=game)
    seat = table.turn
    table.add(1)
    before_end = table.state.version
    table.end_turn()
    after_end = table.state.version
    table.add(2, seat=1 - seat)
    return table, seat, before_end, after_end


def test_never_across_an_event_the_game_says_reveals_hidden_information():
    """Consent mode reaches back across turns, but not across a reveal: here the test game says the end of a turn
    uncovers something (as a card turned from a deck would). The same moves without the hook may be taken back."""
    table, seat, before_end, after_end = reach_back_across_a_turn_end(with_hooks())
    table.run(RequestUndo(1 - seat, before_end, at(1)))
    assert table.state.undo is not None  # asked: the other seat may now consent
    table, seat, before_end, after_end = reach_back_across_a_turn_end(
        with_hooks(reveals=lambda event: isinstance(event, TurnEnded)))
    assert code(lambda: table.run(RequestUndo(1 - seat, before_end, at(1)))) == "undo_across_chance"
    table.run(RequestUndo(1 - seat, after_end, at(1)))  # back to just after the reveal is allowed
    assert table.state.undo is not None


def recorded(batch) -> list[tuple]:
    return [(r.event, r.seat, r.at) for r in batch]


def test_the_events_of_an_undo_name_who_asked_who_answered_and_when():
    table = Tiny()
    seat, before = table.turn, table.state
    table.add(1)
    table.add(2)
    assert recorded(table.run(RequestUndo(seat, before.version, at(5)))) == [
        (MovesTakenBack(seat, before.version, before.version + 2), seat, at(5))]
    table = Tiny({"undo": "consent", "undo_timeout_s": 60})
    seat, before, other = table.turn, table.state, 1 - table.turn
    table.add(1)
    assert recorded(table.run(RequestUndo(seat, before.version, at(5)))) == [
        (UndoRequested(seat, before.version, at(65)), seat, at(5))]
    assert recorded(table.run(AnswerUndo(other, True, at(6)))) == [
        (UndoAnswered(other, True), other, at(6)), (MovesTakenBack(seat, before.version, before.version + 2), other, at(6))]


def test_a_second_request_waits_until_the_first_has_lapsed():
    table = Tiny({"undo": "consent", "undo_timeout_s": 60})
    seat, before = table.turn, table.state
    table.add(1)
    table.run(RequestUndo(seat, before.version, at(10)))
    assert code(lambda: table.run(RequestUndo(1 - seat, before.version, at(69)))) == "undo_pending"
    assert recorded(table.run(RequestUndo(1 - seat, before.version, at(70)))) == [
        (UndoRequested(1 - seat, before.version, at(130)), 1 - seat, at(70))]


def test_only_a_position_of_the_game_with_a_move_after_it_is_a_target():
    table = Tiny({"undo": "consent"})
    seat, before = table.turn, table.state.version  # the setup's draws end at `before`
    table.add(1)
    table.add(2)
    table.run(RequestUndo(seat, before, at(1)))  # a platform event, not a position of the game
    table.run(AnswerUndo(1 - seat, False, at(2)))
    now = table.state.version
    assert code(lambda: table.run(RequestUndo(seat, now - 1, at(3)))) == "undo_bad_version"  # the request
    assert code(lambda: table.run(RequestUndo(seat, before + 2, at(3)))) == "undo_nothing"  # no move after it
    assert code(lambda: table.run(RequestUndo(seat, 1, at(3)))) == "undo_across_chance"  # before the shuffle
