"""evolve(game, table, recorded) -> table: folds the table's own events and the game's alike; pure and total."""

from __future__ import annotations

from dataclasses import replace

from domain.core import ChanceDrawn
from domain.table import clock, options, seating
from domain.table.events import (
    BotSeated,
    BotUnseated,
    GameCreated,
    GameImported,
    MovesTakenBack,
    Recorded,
    SeedRevealed,
    TurnTimedOut,
    UndoAnswered,
    UndoRequested,
)
from domain.table.state import MAX_CHECKPOINTS, Checkpoint, PendingUndo, TableState, waiting


def evolve(game, state: TableState | None, recorded: Recorded) -> TableState:
    event = recorded.event
    kind = type(event)
    if kind is GameCreated:
        return created(game, event, recorded.at)
    version = state.version + 1
    if kind is GameImported:
        return replace(state, version=version)  # a record of where the log came from, not a move: no clock runs
    if kind in seating.LOBBY_EVENTS:
        state = seating.evolve_lobby(state, event, version)  # the clock starts with the deal, as with any draw
    elif kind is SeedRevealed:
        state = replace(state, version=version, revealed=True)
    elif kind is TurnTimedOut:
        state = replace(state, version=version,
                        clocks=clock.timed_out(state.clocks, event.seat) if state.clocks else None)
    elif kind is UndoRequested:
        state = replace(state, version=version, undo=PendingUndo(event.by, event.to_version, event.expires_at))
    elif kind is UndoAnswered:
        pending = state.undo
        if pending is not None:
            pending = replace(pending, accepted=tuple(sorted({*pending.accepted, event.by}))) if event.accepted else None
        state = replace(state, version=version, undo=pending)
    elif kind is BotSeated or kind is BotUnseated:
        bots = list(state.bots or (None,) * state.seats)
        bots[event.seat] = options.BotSeat(event.bot, event.budget_ms) if kind is BotSeated else None
        state = replace(state, version=version, bots=tuple(bots))
    elif kind is MovesTakenBack:
        kept = tuple(c for c in state.checkpoints if c.version <= event.to_version)
        game_state = kept[-1].state if kept else state.game_state
        state = replace(state, version=version, game_state=game_state, checkpoints=kept, undo=None,
                        over=game.is_terminal(game_state))
    else:
        state = game_event(game, state, recorded, version)
    if state.clocks is None:
        return state
    game_state = state.game_state
    idle = state.over or waiting(state) or game.chance(game_state) is not None
    awaited = () if idle else tuple(game.to_act(game_state))
    return replace(state, clocks=clock.advance(state.clocks, state.platform, recorded.at, awaited))


def created(game, event: GameCreated, at: str) -> TableState:
    platform, own = options.split(event.options)
    game_state = game.initial_state(own, event.seats)
    return TableState(game=event.game, seats=event.seats, platform=platform, game_state=game_state, version=1,
                      over=game.is_terminal(game_state), open=event.seed is not None,
                      checkpoints=(Checkpoint(1, None, game_state),), clocks=clock.start(platform, event.seats),
                      bots=platform.bots)


def game_event(game, state: TableState, recorded: Recorded, version: int) -> TableState:
    event = recorded.event
    game_state = game.evolve(state.game_state, event)
    drawn = type(event) is ChanceDrawn
    if state.platform.undo == "none":
        checkpoints = state.checkpoints  # nothing is ever taken back: keep no states
    else:
        point = Checkpoint(version, recorded.seat, game_state)
        if drawn or is_reveal(game, event):
            checkpoints = (point,)
        else:
            checkpoints = state.checkpoints[-(MAX_CHECKPOINTS - 1):] + (point,)
    # any move by a seat lapses a pending consent request: the game has gone on without it
    pending = state.undo if recorded.seat is None else None
    return TableState(state.game, state.seats, state.platform, game_state, version, state.draws + drawn,
                      game.is_terminal(game_state), state.revealed, state.open, checkpoints, pending, state.clocks,
                      state.bots, state.lobby)


def is_reveal(game, event) -> bool:
    reveals = getattr(game, "reveals", None)
    return bool(reveals(event)) if reveals is not None else False
