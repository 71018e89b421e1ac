"""Bots at an in-process table (no HTTP, no Redis): the table's runner with the real dealer (`driver.Table`), and
each bot asked exactly as over the API, with its seat's view (`bazaar_client.sdk.GameView` built from the game's `view`) and the
listed legal moves as wire bodies. For the bench's long series and the bots' tests."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bazaar_client.bots.base import Bot
from bazaar_client.sdk import GameView
from domain.registry import get as game_module
from events.codec import command_from_wire, command_to_wire
from tests.support.driver import Table


@dataclass
class Played:
    winners: tuple[int, ...]
    moves: int
    # per seat: decisions asked and seconds spent deciding (a seat with one legal move is not asked)
    decisions: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)


def seat_view(game, state, seat: int, version: int, seats: int = 2) -> GameView:
    finished = game.is_terminal(state)
    return GameView(id="local", game=game.NAME, status="finished" if finished else "active", version=version,
                    seat=seat, seats=seats, to_act=tuple(game.to_act(state)), awaiting_chance=None, head_hash="",
                    open=True, state=game.view(state, seat), result=game.result(state))


def legal_moves(game, state, seat: int) -> list[dict]:
    return [command_to_wire(c) for c in game.legal_commands(state, seat)]


def play(name: str, bots: Sequence[Bot], seed: str, max_moves: int = 5000, options: dict | None = None) -> Played:
    game = game_module(name)
    table = Table.start(game, options or {}, len(bots), seed)
    table.settle()
    played = Played((), 0, [0] * len(bots), [0.0] * len(bots))
    while not game.is_terminal(table.state) and played.moves < max_moves:
        seat = game.to_act(table.state)[0]
        moves = legal_moves(game, table.state, seat)
        move = moves[0]
        if len(moves) > 1:
            started = time.perf_counter()
            move = bots[seat].choose(seat_view(game, table.state, seat, len(table.events), len(bots)), moves)
            played.seconds[seat] += time.perf_counter() - started
            played.decisions[seat] += 1
        table.play(command_from_wire(game.COMMANDS[move["type"]], move, seat))
        table.settle()
        played.moves += 1
    result = game.result(table.state) or {"winners": []}
    played.winners = tuple(result["winners"])
    return played
