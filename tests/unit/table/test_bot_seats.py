"""Bot seats in the table's rules: seated at creation (option `bots`), by timeout policy "bot" (zombie mode) or by
an organiser (SeatBot); a seat a bot holds moves only as that bot, and the log names the bot of every move."""

import pytest

from domain.core import InvalidOptions, RuleViolation
from domain.table import Act, SeatBot, TableState, TimeOut
from domain.table.options import BotSeat, split
from events.platform import command_from_wire, command_to_wire
from events.snapshots import decode_typed, encode_typed, snapshot_types
from tests.support import tiny_game as tiny
from tests.support.tiny_game import Add
from tests.unit.table.support import Tiny, at


def test_bot_seats_and_the_bot_policy_are_validated():
    platform, own = split({"bots": [None, {"bot": "mcts", "budget_ms": 200}], "timeout_policy": "bot"})
    assert platform.bots == (None, BotSeat("mcts", 200)) and own == {}
    assert platform.timeout_policy == "bot" and platform.timeout_bot == BotSeat("greedy")
    assert split({"timeout_policy": {"bot": "mcts", "budget_ms": 50}})[0].timeout_bot == BotSeat("mcts", 50)
    for wrong in ({"bots": {"1": "mcts"}}, {"bots": [{"bot": ""}]}, {"bots": [{"bot": "mcts", "budget_ms": 0}]},
                  {"bots": [{"bot": "mcts", "colour": "red"}]}, {"timeout_policy": {"bot": 3}}):
        with pytest.raises(InvalidOptions):
            split(wrong)
    with pytest.raises(InvalidOptions):  # one entry per seat
        Tiny({"bots": [{"bot": "greedy"}]})


def test_a_bot_seat_moves_only_as_its_bot_and_the_others_only_as_themselves():
    table = Tiny({"bots": [{"bot": "greedy"}, {}]})
    seat = table.turn
    human, bot = (Act(seat, Add(seat, 1), at(1)), Act(seat, Add(seat, 1), at(1), bot="greedy"))
    if seat == 0:
        with pytest.raises(RuleViolation) as refused:
            table.run(human)
        assert refused.value.code == "seat_played_by_bot"
        batch = table.run(bot)
    else:
        with pytest.raises(RuleViolation) as refused:
            table.run(bot)
        assert refused.value.code == "bot_not_seated"
        batch = table.run(human)
    assert batch[0].command.bot == ("greedy" if seat == 0 else None)


def test_bot_policy_completes_the_late_move_and_seats_the_zombie_once():
    table = Tiny({"clock": {"per_move_s": 30}, "timeout_policy": {"bot": "mcts", "budget_ms": 100}})
    late = table.turn
    batch = table.run(TimeOut(at(30)))
    assert table.types(batch)[:2] == ["turn_timed_out", "bot_seated"]
    seated = batch[1].event
    assert (seated.seat, seated.bot, seated.budget_ms, seated.reason) == (late, "mcts", 100, "timeout")
    assert batch[2].auto is not None  # the late move itself is completed at once, as "auto" does
    assert table.state.bots[late] == BotSeat("mcts", 100)
    table.end_turn(40)
    while table.turn != late:
        table.end_turn(40)
    again = table.run(TimeOut(at(80)))  # the bot was slow too: no second bot_seated
    assert "bot_seated" not in table.types(again)


def test_an_organiser_seats_a_bot_and_gives_the_seat_back():
    table = Tiny()
    batch = table.run(SeatBot(1, BotSeat("random"), at(1)))
    assert table.types(batch) == ["bot_seated"] and batch[0].event.reason == "organiser"
    assert table.state.bots == (None, BotSeat("random"))
    assert table.types(table.run(SeatBot(1, None, at(2)))) == ["bot_unseated"]
    assert table.state.bots == (None, None)
    with pytest.raises(RuleViolation) as refused:
        table.run(SeatBot(1, None, at(3)))
    assert refused.value.code == "no_bot_seated"
    with pytest.raises(RuleViolation) as refused:
        table.run(SeatBot(2, BotSeat("random"), at(3)))
    assert refused.value.code == "invalid_seat"


def test_bot_moves_and_substitutions_have_stored_wire_forms_that_re_execute():
    move = Act(0, Add(0, 2), at(1), bot="mcts")
    wire = command_to_wire(move)
    assert wire == {"type": "bot_move", "bot": "mcts", "move": {"type": "add", "amount": 2}}
    assert command_from_wire(tiny, wire, 0, at(1)) == move
    substitution = SeatBot(1, BotSeat("greedy", 20), at(1))
    assert command_from_wire(tiny, command_to_wire(substitution), None, at(1)) == substitution
    back = SeatBot(1, None, at(1))
    assert command_from_wire(tiny, command_to_wire(back), None, at(1)) == back


def test_who_holds_each_seat_survives_a_snapshot():
    table = Tiny({"bots": [{"bot": "mcts", "budget_ms": 20}, None], "timeout_policy": {"bot": "greedy"}})
    table.run(SeatBot(1, BotSeat("random"), at(1)))
    stored = encode_typed(TableState, table.state, snapshot_types(tiny))
    restored = decode_typed(TableState, stored, snapshot_types(tiny))
    assert restored == table.state and restored.bots == (BotSeat("mcts", 20), BotSeat("random"))
