"""Random games on the table's runner with the real dealer, recorded as the service records them: every batch's
envelope documents (`service.games.redaction.documents`: visibility, the command, the payload), so a test can
read them as each seat and a spectator is served them (`served`). No Redis: the runner is the service's.

`playthrough(game, options, seats, seed)` yields (the game so far, the awaited seat, its legal commands) before
every move, and the finished game last.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any

from domain import table as tables
from domain.table import Act, Create, Dealer
from service.games.redaction import documents, redact_envelope

AT = "2026-01-01T00:00:00.000Z"


@dataclass
class Game:
    """One game as recorded: every envelope so far (numbered), and the table now."""

    game: Any
    table: Any
    envelopes: list = field(default_factory=list)

    @property
    def state(self):
        return self.table.game_state

    @property
    def finished(self) -> bool:
        return self.game.is_terminal(self.state)

    def record(self, batch) -> list[dict]:
        docs = documents(self.game, batch)
        for doc in docs:
            doc["version"] = len(self.envelopes) + 1
            self.envelopes.append(doc)
        return docs

    def served(self, envelope: dict, reader: int | None) -> dict:
        """The envelope as `reader` (None: a spectator) is served it while the game runs."""
        return redact_envelope(self.game, envelope, reader)

    def view(self, reader: int | None) -> dict:
        return self.game.view(self.state, reader)


def start(game, options: dict, seats: int, seed: str) -> Game:
    create = Create(game.NAME, seats, dict(options), hashlib.sha256(seed.encode()).hexdigest(), None, AT,
                    getattr(game, "DEFAULT_UNDO", "turn"))
    batch, table = tables.execute(game, None, create, Dealer(seed), dealer_rolls=True)
    played = Game(game, table)
    played.record(batch)
    return played


def play(played: Game, seed: str, command) -> list[dict]:
    """One seat's command with its chance steps settled; the envelopes it recorded."""
    batch, played.table = tables.execute(played.game, played.table, Act(command.seat, command, AT), Dealer(seed),
                                         True)
    return played.record(batch)


def choose(rng: random.Random, commands: list, seen: set | None = None):
    """Uniform among the legal commands, `end_turn` only now and then while something else is possible (so an
    Istanbul game ends in reasonable time); with `seen` (the types played so far), a type not yet played is
    taken when offered, so one game reaches the rare commands."""
    fresh = [c for c in commands if seen is not None and type(c).TYPE not in seen]
    if fresh:
        return rng.choice(fresh)
    others = [c for c in commands if type(c).TYPE != "end_turn"]
    return rng.choice(others if others and rng.random() > 0.1 else commands)


def playthrough(game, options: dict, seats: int, seed: str, moves: int = 100_000, curious: bool = False):
    """Yield (played, seat, legal commands) before each move of a random game, then play the chosen one; last,
    (played, None, []) once the game is over (or `moves` were made). `curious`: play each command type the first
    time it is offered."""
    played = start(game, options, seats, seed)
    rng = random.Random(seed)
    seen: set | None = set() if curious else None
    for _ in range(moves):
        awaited = tables.awaited(game, played.table)
        if played.finished or not awaited:
            break
        seat = awaited[0]
        legal = game.legal_commands(played.state, seat)
        yield played, seat, legal
        command = choose(rng, legal, seen)
        if seen is not None:
            seen.add(type(command).TYPE)
        play(played, seed, command)
    yield played, None, []
