"""Folding a game's log: the game's own state plus the little the platform keeps beside it.

Platform events (creation, seed reveal, undo) are folded here; everything else goes to the game's evolve.
`checkpoints` hold the states since the last barrier (a chance outcome or a reveal of hidden information):
an undo may only go back to one of them, so it can never change an outcome already drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from domain import registry
from events.envelope import GENESIS, decode_event
from events.platform import (
    GameCreated,
    MovesTakenBack,
    SeedRevealed,
    TurnTimedOut,
    UndoAnswered,
    UndoRequested,
)
from service import clock

MAX_CHECKPOINTS = 256  # how far back an undo may reach without a barrier; bounds memory per game


@dataclass(frozen=True)
class Meta:
    """A game's fixed facts, read once per process."""

    id: str
    name: str
    seats: int
    options: dict  # the game's own options
    platform: dict  # undo, clock, timeout policy
    seed: str
    token_hashes: tuple[str, ...]
    open: bool = False  # the seed is public from the start (an analysable game, not a fair one)

    @property
    def game(self):
        return registry.get(self.name)


@dataclass(frozen=True)
class Checkpoint:
    version: int
    seat: int | None  # who made the event that led here (None: the platform or the dealer)
    state: Any


@dataclass(frozen=True)
class PendingUndo:
    by: int
    to_version: int
    expires_at: str
    accepted: frozenset = frozenset()


@dataclass(frozen=True)
class Loaded:
    """A game's state folded up to `version`; `head_hash` is that event's hash, `draws` the chance count."""

    meta: Meta
    state: Any
    version: int = 0
    head_hash: str = GENESIS
    draws: int = 0
    checkpoints: tuple[Checkpoint, ...] = ()
    undo: PendingUndo | None = None
    clocks: clock.Clocks | None = None

    @property
    def game(self):
        return self.meta.game

    @property
    def finished(self) -> bool:
        return self.meta.game.is_terminal(self.state)


def is_barrier(game, event) -> bool:
    """Events an undo may not cross: chance outcomes and reveals of hidden information."""
    if event.TYPE == "chance_drawn":
        return True
    reveals = getattr(game, "reveals", None)
    return bool(reveals(event)) if reveals else False


def step(loaded: Loaded, event, seat: int | None, version: int, hash_: str, at: str) -> Loaded:
    """One event folded in, and the clocks moved on to its time."""
    loaded = _step(loaded, event, seat, version, hash_)
    clocks = loaded.clocks
    if clocks is None:
        return loaded
    if isinstance(event, TurnTimedOut):
        clocks = replace(clocks, timeouts=tuple(n + (s == event.seat) for s, n in enumerate(clocks.timeouts)))
    game = loaded.meta.game
    awaited = () if game.is_terminal(loaded.state) or game.chance(loaded.state) else game.to_act(loaded.state)
    return replace(loaded, clocks=clock.advance(clocks, loaded.meta.platform, at, tuple(awaited)))


def _step(loaded: Loaded, event, seat: int | None, version: int, hash_: str) -> Loaded:
    game = loaded.meta.game
    if isinstance(event, GameCreated):
        state = game.initial_state(loaded.meta.options, event.seats)
        return replace(loaded, state=state, version=version, head_hash=hash_,
                       checkpoints=(Checkpoint(version, None, state),),
                       clocks=clock.start(loaded.meta.platform, event.seats))
    if isinstance(event, (SeedRevealed, TurnTimedOut)):
        return replace(loaded, version=version, head_hash=hash_)
    if isinstance(event, UndoRequested):
        return replace(loaded, version=version, head_hash=hash_,
                       undo=PendingUndo(event.by, event.to_version, event.expires_at))
    if isinstance(event, UndoAnswered):
        pending = loaded.undo
        if pending is None:
            return replace(loaded, version=version, head_hash=hash_)
        pending = replace(pending, accepted=pending.accepted | {event.by}) if event.accepted else None
        return replace(loaded, version=version, head_hash=hash_, undo=pending)
    if isinstance(event, MovesTakenBack):
        kept = tuple(c for c in loaded.checkpoints if c.version <= event.to_version)
        return replace(loaded, state=kept[-1].state, version=version, head_hash=hash_, checkpoints=kept, undo=None)
    state = game.evolve(loaded.state, event)
    draws = loaded.draws + (1 if event.TYPE == "chance_drawn" else 0)
    point = Checkpoint(version, seat, state)
    checkpoints = (point,) if is_barrier(game, event) else (loaded.checkpoints + (point,))[-MAX_CHECKPOINTS:]
    # any move by a seat lapses a pending consent request: the game has gone on without it
    undo = loaded.undo if seat is None else None
    # built directly rather than with dataclasses.replace: this runs once per event of every replay
    return Loaded(loaded.meta, state, version, hash_, draws, checkpoints, undo, loaded.clocks)


def fold(loaded: Loaded, envelopes: list[dict]) -> Loaded:
    game = loaded.meta.game
    for env in envelopes:
        loaded = step(loaded, decode_event(game, env), env["seat"], env["version"], env["hash"], env["at"])
    return loaded
