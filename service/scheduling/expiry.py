"""Games whose seats stayed open too long: the worker's sweep expires them (the table records `game_expired`;
the listing of open games and the index follow from the append's reactions)."""

from __future__ import annotations

from datetime import datetime

from domain.table.clock import to_iso
from events.lobby import OpenGames
from service.games import seating
from service.games.commands import Commands


def sweep(commands: Commands, open_games: OpenGames, now: datetime) -> int:
    """Expire every waiting game whose time is up at `now`; how many expired."""
    return seating.expire_due(commands, open_games.due(now), to_iso(int(now.timestamp() * 1000)))
