"""In-process play for domain tests through the table's runner (the same code the service runs), no Redis.

`Table.start(game, options, seats, seed)` opens a table; `play(command)` is one seat's command with its chance
steps settled; `events` are the game's own events so far (platform events left out), `replayed()` folds them
again from the first state.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from domain import table as tables
from domain.core import replay
from domain.table import Act, Create, Dealer, Draw, Recorded, TableState
from domain.table.events import EVENTS as TABLE_EVENTS

# the table's own events are not the game's (ChanceDrawn is both: the game folds it too)
PLATFORM_ONLY = {t for t in TABLE_EVENTS if t != "chance_drawn"}

AT = "2026-01-01T00:00:00.000Z"  # the table reads no clock: domain tests play at a fixed time


@dataclass
class Table:
    """A game in memory: the table's state (its `state` is the game's), every game event so far."""

    game: Any
    table: TableState
    dealer: Dealer
    events: list = field(default_factory=list)
    initial: Any = None

    @classmethod
    def start(cls, game, options=None, seats=2, seed=b"test-seed"):
        seed_text = seed.decode("latin-1") if isinstance(seed, bytes) else seed  # any bytes name a seed
        dealer = Dealer(seed_text)
        create = Create(game.NAME, seats, dict(options or {}), hashlib.sha256(seed_text.encode()).hexdigest(),
                        None, AT, getattr(game, "DEFAULT_UNDO", "turn"))
        batch, state = tables.execute(game, None, create, dealer, dealer_rolls=True)
        table = cls(game=game, table=state, dealer=dealer, initial=game.initial_state(
            {k: v for k, v in (options or {}).items() if k not in ("undo", "undo_timeout_s", "clock",
                                                                   "timeout_policy")}, seats))
        table.events = table._game_events(batch)
        return table

    def _game_events(self, batch) -> list:
        return [r.event for r in batch if type(r.event).TYPE not in PLATFORM_ONLY]

    @property
    def state(self):
        return self.table.game_state

    @property
    def draws(self) -> int:
        return self.table.draws

    def play(self, command, dealer_rolls: bool = True) -> list:
        """One seat's command through the table, with every chance step it leads to; returns the game's events."""
        batch, self.table = tables.execute(self.game, self.table, Act(command.seat, command, AT), self.dealer,
                                           dealer_rolls)
        events = self._game_events(batch)
        self.events += events
        return events

    def apply(self, events) -> list:
        """Fold game events (e.g. a forfeit's) through the table as the platform's, without deciding."""
        self.table = tables.replay(self.game, self.table, [Recorded(e, None, AT) for e in events])
        self.events += list(events)
        return list(events)

    def settle(self) -> list:
        """Resolve whatever chance step is pending, as the dealer would; returns the game's events."""
        request = tables.pending_chance(self.game, self.table)
        if request is None:
            return []
        drawn = self.dealer.draw(self.table.draws, request)
        batch, self.table = tables.execute(self.game, self.table, Draw(drawn, AT), self.dealer, True)
        events = self._game_events(batch)
        self.events += events
        return events

    def replayed(self):
        return replay(self.game, self.initial, self.events)
