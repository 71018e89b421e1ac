"""In-process play for domain tests: settle chance steps from a seed and play commands, no Redis."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.core import replay
from service.dealer import draw


@dataclass
class Table:
    """A game in memory: the live state, every event so far, and the draw counter."""

    game: Any
    state: Any
    seed: bytes
    events: list = field(default_factory=list)
    draws: int = 0
    initial: Any = None

    @classmethod
    def start(cls, game, options=None, seats=2, seed=b"test-seed"):
        state = game.initial_state(options or {}, seats)
        table = cls(game=game, state=state, seed=seed, initial=state)
        table.settle()
        return table

    def apply(self, events) -> list:
        for event in events:
            self.state = self.game.evolve(self.state, event)
            self.events.append(event)
        return list(events)

    def settle(self, include_dealer: bool = True) -> list:
        """Resolve every pending chance step, as the service's dealer would; returns the events."""
        out = []
        while (request := self.game.chance(self.state)) is not None:
            if request.by_dealer and not include_dealer:
                break
            drawn = draw(self.seed, self.draws, request)
            self.draws += 1
            # decide sees the state that awaits the draw; the draw itself is recorded first
            out += self.apply([drawn, *self.game.decide(self.state, drawn)])
        return out

    def play(self, command) -> list:
        """decide + evolve one command, then settle chance steps; returns all events."""
        events = self.apply(self.game.decide(self.state, command))
        return events + self.settle()

    def replayed(self):
        return replay(self.game, self.initial, self.events)
