"""The runner: the one chance loop, the background dealer's rolls, the seed reveal, refused outcomes."""

import pytest

from domain.core import ChanceDrawn, RuleViolation
from domain.table import Act, Deal, Draw, runner
from tests.support.tiny_game import CallDealer, RollDie
from tests.unit.table.support import Tiny, at


def test_a_players_own_roll_lands_inside_the_command():
    table = Tiny()
    seat = table.turn
    batch = table.run(Act(seat, RollDie(seat), at(1)))
    assert [r.event.TYPE for r in batch] == ["die_requested", "chance_drawn", "added"]
    assert batch[0].command is not None and all(r.command is None for r in batch[1:])


def test_a_neutral_roll_waits_for_the_dealer_and_a_deal_draws_it_once():
    table = Tiny()
    seat = table.turn
    batch = table.run(Act(seat, CallDealer(seat), at(1)))
    assert [r.event.TYPE for r in batch] == ["dealer_called"]
    dealt = table.run(Deal(at(2)))
    assert [r.event.TYPE for r in dealt] == ["chance_drawn", "added"]
    with pytest.raises(RuleViolation) as nothing:
        table.run(Deal(at(3)))
    assert nothing.value.code == "nothing_to_deal"


def test_the_seed_is_revealed_once_when_the_game_ends():
    table = Tiny({"goal": 2}, seed="reveal-me")
    batch = table.add(2)
    assert [r.event.TYPE for r in batch][-1] == "seed_revealed" and batch[-1].event.seed == "reveal-me"
    assert table.state.over and table.state.revealed


def test_an_outcome_the_dealer_could_not_draw_is_refused():
    table = Tiny()
    seat = table.turn
    table.run(Act(seat, CallDealer(seat), at(1)))
    impossible = ChanceDrawn(table.state.draws, "roll", "dealer", 6, 1, False, (7,))
    with pytest.raises(RuleViolation) as refused:
        table.run(Draw(impossible, at(2)))
    assert refused.value.code == "invalid_chance_outcome"


def test_each_event_is_folded_once():
    calls = []
    real = runner.evolve

    def counting(game, state, recorded):
        calls.append(recorded.event.TYPE)
        return real(game, state, recorded)

    table = Tiny()
    seat = table.turn
    runner.evolve = counting
    try:
        batch = table.run(Act(seat, RollDie(seat), at(1)))
    finally:
        runner.evolve = real
    assert calls == [r.event.TYPE for r in batch]
