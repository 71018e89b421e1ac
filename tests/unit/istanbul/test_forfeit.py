"""A forfeit (the service's clock policy) takes a seat out; the others play on; the last one left wins."""

import random
from dataclasses import replace

import pytest

from domain import istanbul
from domain.core import RuleViolation
from domain.istanbul.events import BonusCardDrawn, GoodsSold, SeatForfeited
from domain.istanbul.scoring import winners
from domain.istanbul.state import last_of_round, next_seat
from tests.support.driver import Table


def started(seats=4, seed=b"forfeit", moves=20):
    table = Table.start(istanbul, {}, seats, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = istanbul.to_act(table.state)[0]
        table.play(rng.choice(istanbul.legal_commands(table.state, seat)))
    return table, rng


def test_the_seat_to_act_forfeits_and_the_next_seat_in_the_game_plays():
    table, rng = started()
    seat = istanbul.to_act(table.state)[0]
    events = istanbul.forfeit(table.state, seat)
    assert isinstance(events[0], SeatForfeited) and events[1].TYPE == "turn_ended"
    table.apply(events)
    table.settle()
    assert table.state.out == (seat,)
    assert istanbul.to_act(table.state) == (next_seat(table.state, seat),)
    for _ in range(200):  # the forfeited seat is never awaited again
        if istanbul.is_terminal(table.state):
            break
        current = istanbul.to_act(table.state)[0]
        assert current != seat
        table.play(rng.choice(istanbul.legal_commands(table.state, current)))


def test_the_last_seat_left_wins():
    table, _ = started(seats=3)
    for _ in range(2):
        seat = istanbul.to_act(table.state)[0]
        table.apply(istanbul.forfeit(table.state, seat))
        table.settle()
    assert istanbul.is_terminal(table.state)
    result = istanbul.result(table.state)
    survivor = ({0, 1, 2} - set(table.state.out)).pop()
    assert result["winners"] == [survivor]
    assert sorted(result["forfeited"]) == sorted(table.state.out)
    with pytest.raises(RuleViolation) as error:
        istanbul.forfeit(table.state, survivor)
    assert error.value.code == "game_over"


def test_a_forfeited_seat_cannot_win_even_with_the_most_rubies():
    table, _ = started(seats=3)
    seat = istanbul.to_act(table.state)[0]
    table.apply(istanbul.forfeit(table.state, seat))
    rich = replace(table.state, players=tuple(replace(p, rubies=9) if i == seat else p
                                              for i, p in enumerate(table.state.players)))
    assert seat not in winners(rich)[0]


def test_turn_order_skips_seats_that_are_out():
    table, _ = started(seats=5, moves=0)
    state = replace(table.state, start_player=0, out=(1, 4))
    assert next_seat(state, 0) == 2 and next_seat(state, 3) == 0
    assert last_of_round(state) == 3
    assert last_of_round(replace(state, start_player=2, out=(1,))) == 0


def test_drawn_cards_and_turned_demand_tiles_are_reveals():
    assert istanbul.reveals(BonusCardDrawn(0, "B01", "deck"))
    assert istanbul.reveals(GoodsSold(0, 10, {"red": 1, "green": 1}, 5, "d3"))
    assert not istanbul.reveals(GoodsSold(0, 10, {"red": 1, "green": 1}, 5, ""))
    assert not istanbul.reveals(SeatForfeited(1))
