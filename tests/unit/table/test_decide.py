"""The table's own commands and refusals (domain/table/decide.py) beyond a seat's move: each refusal by its code,
and each recorded event with the seat (None: the platform) and the time it names."""

from dataclasses import replace

import pytest

from domain import table as tables
from domain.core import RuleViolation
from domain.table import Act, Create, Deal, RecordImport, RevealSeed, SeatBot
from domain.table.events import BotSeated, BotUnseated, GameImported, SeedRevealed
from domain.table.options import BotSeat
from tests.support import tiny_game as tiny
from tests.support.tiny_game import Add
from tests.unit.table.support import Tiny, at


def code(call) -> str:
    with pytest.raises(RuleViolation) as refused:
        call()
    return refused.value.code


def decided(table: Tiny, command) -> list[tuple]:
    return [(r.event, r.seat, r.at) for r in tables.decide(tiny, table.state, command)]


def test_before_creation_and_for_a_command_it_does_not_know_the_table_refuses():
    assert code(lambda: tables.decide(tiny, None, Act(0, Add(0, 1), at(1)))) == "no_game"
    assert code(lambda: tables.decide(tiny, Tiny().state, Add(0, 1))) == "unknown_command"


def test_the_seed_is_revealed_once_after_the_end():
    table = Tiny()
    assert code(lambda: table.run(RevealSeed("s", at(1)))) == "seed_not_due"
    seat = table.turn
    for _ in range(6):
        table.add(2, seat=seat)
    assert [r.event.TYPE for r in table.log[-2:]] == ["added", "seed_revealed"]  # the runner reveals it at the end
    ended = tables.replay(tiny, None, table.log[:-1])  # over, the seed not yet out
    assert [(r.event, r.seat, r.at) for r in tables.decide(tiny, ended, RevealSeed("s", at(2)))] == [
        (SeedRevealed("s"), None, at(2))]
    assert code(lambda: tables.decide(tiny, table.state, RevealSeed("s", at(3)))) == "seed_not_due"


def test_a_deal_with_no_roll_left_to_the_dealer_is_refused():
    assert code(lambda: Tiny().run(Deal(at(1)))) == "nothing_to_deal"


def test_an_organiser_seats_a_bot_on_any_seat_and_gives_it_back():
    table = Tiny()
    assert decided(table, SeatBot(0, BotSeat("greedy", 100), at(1))) == [(BotSeated(0, "greedy", 100, "organiser"),
                                                                          None, at(1))]
    for seat in (-1, 2):
        assert code(lambda seat=seat: table.run(SeatBot(seat, BotSeat("greedy"), at(1)))) == "invalid_seat"
    assert code(lambda: table.run(SeatBot(1, None, at(1)))) == "no_bot_seated"
    table.run(SeatBot(1, BotSeat("greedy"), at(1)))
    assert decided(table, SeatBot(1, None, at(2))) == [(BotUnseated(1), None, at(2))]


def test_a_move_in_a_bot_s_name_needs_that_bot_on_the_seat():
    table = Tiny()
    seat = table.turn
    assert code(lambda: table.run(Act(seat, Add(seat, 1), at(1), bot="greedy"))) == "bot_not_seated"
    table.run(SeatBot(seat, BotSeat("random"), at(1)))
    assert code(lambda: table.run(Act(seat, Add(seat, 1), at(2), bot="greedy"))) == "bot_not_seated"
    assert [r.seat for r in table.run(Act(seat, Add(seat, 1), at(2), bot="random"))] == [seat]


def test_an_import_s_record_names_exactly_the_events_before_it():
    table = Tiny()
    version = table.state.version
    record = RecordImport("0123456789abcdef", version, "h" * 64, at(0), at(1), "organiser-1", at(5))
    assert code(lambda: table.run(RecordImport("0123456789abcdef", version - 1, "h" * 64, at(0), at(1),
                                               "organiser-1", at(5)))) == "import_version_mismatch"
    assert decided(table, record) == [(GameImported("0123456789abcdef", version, "h" * 64, at(0), at(1),
                                                    "organiser-1"), None, at(5))]


def test_a_table_opens_once_for_a_seat_count_its_game_is_played_by():
    create = Create("tiny", 2, {}, "c" * 64, "an open seed", at(0))
    [(created, seat, when)] = [(r.event, r.seat, r.at) for r in tables.decide(tiny, None, create)]
    assert (created.game, created.seats, created.seed_commitment, created.seed, seat, when) == (
        "tiny", 2, "c" * 64, "an open seed", None, at(0))
    assert code(lambda: tables.decide(tiny, Tiny().state, create)) == "game_exists"
    for seats in (1, 3):
        assert code(lambda seats=seats: tables.decide(tiny, None, replace(create, seats=seats))) == "invalid_seats"
