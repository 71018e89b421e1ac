"""Platform rules in every Mocha & Baksheesh decision. The clock's `auto` policy (the game's `timeout_command`,
played by the table's runner move by move) completes a late seat's obligations: a guild card turn half done, the
Roastery's options, the Guild Hall's discard, the Tavern's barrier and the action next to it, the Coffee House, the
coffee trader, M04's swap and a roll M06 could change. Undo takes back a guild card turn, never across a draw."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import domain.istanbul as game
from domain import table as tables
from domain.core import ChanceDrawn, RuleViolation
from domain.istanbul.commands import PlayBonusCard, VisitTeaHouse
from domain.istanbul.events import BonusCardDrawn
from domain.istanbul.mocha_baksheesh.commands import PlayGuildCard, TurnDieToSix
from domain.istanbul.mocha_baksheesh.events import GuildCardDrawn
from domain.istanbul.state import Swap
from domain.table import RequestUndo, TimeOut
from domain.table.runner import MAX_AUTO_MOVES
from tests.support.driver import AT, Table
from tests.unit.istanbul.builders import mocha, mocha_acting, play, position, roll

MOCHA = {"expansions": ["mocha_baksheesh"], "clock": {"per_move_s": 30}}
LATE = "2026-01-01T00:01:00.000Z"  # every move of these tables is at the driver's fixed time: 60 s is past any deadline


def decision(state) -> str:
    """A name for the kind of decision awaited: the phase, the step inside it, the place of an action, a guild card."""
    phase = state.phase
    parts = [type(phase).__name__]
    step = getattr(phase, "step", None)
    if step is not None:
        parts.append(type(step).__name__)
    if hasattr(phase, "place") and type(phase).__name__ == "Action":
        parts.append(str(phase.place))
    if state.card_step is not None:
        parts.append(type(state.card_step).__name__)
    if state.guild is not None:
        parts.append("guild")
    return "/".join(parts)


def time_out(table: Table) -> tuple[int, list]:
    """Fork the table, let the clock run out for the awaited seat; the seat and the fork's batch."""
    late = game.to_act(table.state)[0]
    fork = replace(table, events=list(table.events))
    batch, fork.table = tables.execute(game, fork.table, TimeOut(LATE), fork.dealer, dealer_rolls=True)
    assert batch[0].event.TYPE == "turn_timed_out" and batch[0].event.seat == late
    after = fork.table.game_state
    assert fork.table.over or late not in game.to_act(after), (decision(table.state), decision(after))
    return late, batch


@pytest.mark.parametrize("seats", [2, 5])
def test_a_timed_out_seat_is_completed_in_every_mocha_decision(seats):
    rng = random.Random(seats)
    table = Table.start(game, {**MOCHA, "layout": "random"}, seats, seed=b"timeouts-%d" % seats)
    seen: set[str] = set()
    while not game.is_terminal(table.state):
        kind = decision(table.state)
        if kind not in seen:  # each kind of decision once per game, wherever it first comes up
            seen.add(kind)
            time_out(table)
        seat = game.to_act(table.state)[0]
        commands = game.legal_commands(table.state, seat)
        others = [c for c in commands if type(c).__name__ != "EndTurn"]
        table.play(rng.choice(others if others and rng.random() > 0.1 else commands))
    for needed in ("Action/17", "Action/18", "Action/19", "Action/20", "AfterGuildCard", "Encounters"):
        assert any(kind.startswith(needed) for kind in seen), (needed, sorted(seen))
    assert any(kind.endswith("guild") for kind in seen), sorted(seen)


def completed_by_timeouts(state, seat: int):
    """What the runner does for a late seat (MAX_AUTO_MOVES bounds it): timeout_command until the seat is no
    longer awaited; the state then."""
    for _ in range(MAX_AUTO_MOVES):
        if game.chance(state) is not None or seat not in game.to_act(state):
            return state
        _, state = play(state, game.timeout_command(state, seat))
    raise AssertionError(f"still awaiting seat {seat} in {decision(state)}")


def test_a_bonus_cards_own_decision_is_completed_m04_swap_and_m06_after_a_roll():
    state = position(mocha(2), players={0: {"hand": ("M04",), "goods": {"yellow": 3}, "extensions": 1}})
    _, state = play(state, PlayBonusCard(0, "M04"))
    assert state.card_step == Swap()
    after = completed_by_timeouts(state, 0)
    assert after.card_step is None and 0 not in game.to_act(after)
    state = mocha_acting(9, player={"hand": ("M06",)})
    _, state = play(state, VisitTeaHouse(0, 12))
    _, state = roll(state, 3, 5)
    assert TurnDieToSix(0, 0) in game.legal_commands(state, 0)
    after = completed_by_timeouts(state, 0)
    assert 0 not in game.to_act(after) and after.players[0].hand == ("M06",)  # the roll is kept, the card too


def test_undo_takes_back_a_guild_card_turn_but_never_across_a_drawn_guild_card():
    """Undo mode "turn": a guild card turn carried out without dice or draws is taken back whole; one that drew
    from a face-down stack (the Guild Hall's cards, reveals()) or rolled is not."""
    rng = random.Random(3)
    table = Table.start(game, {"expansions": ["mocha_baksheesh"], "layout": "random"}, 3, seed=b"undo-guild")
    outcomes = set()
    while not game.is_terminal(table.state) and len(outcomes) < 2:
        seat = game.to_act(table.state)[0]
        commands = game.legal_commands(table.state, seat)
        plays = [c for c in commands if isinstance(c, PlayGuildCard)]
        if plays:
            fork = replace(table, events=list(table.events))
            before = fork.table
            fork.play(rng.choice(plays))
            while type(fork.state.phase).__name__ != "AfterGuildCard":
                moves = game.legal_commands(fork.state, seat)
                fork.play(moves[0])
            undo = RequestUndo(seat, before.version, AT)
            crossed = any(isinstance(e, (ChanceDrawn, GuildCardDrawn, BonusCardDrawn)) or getattr(e, "next_top", "")
                          for e in fork.events[len(table.events):])
            if crossed:
                with pytest.raises(RuleViolation) as refused:
                    tables.execute(game, fork.table, undo, fork.dealer, True)
                assert refused.value.code == "undo_across_chance"
            else:
                _, undone = tables.execute(game, fork.table, undo, fork.dealer, True)
                assert undone.game_state == before.game_state
            outcomes.add(crossed)
        table.play(rng.choice([c for c in commands if not isinstance(c, PlayGuildCard)] or commands))
    assert outcomes == {True, False}
