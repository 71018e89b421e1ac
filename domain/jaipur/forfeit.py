"""A seat that forfeits (the service's clock policy) loses the match at once; Jaipur has two seats."""

from __future__ import annotations

from domain.core import GameOver
from domain.jaipur.events import MatchForfeited
from domain.jaipur.state import Match, MatchOver


def forfeit(state: Match, seat: int) -> list:
    if isinstance(state.phase, MatchOver):
        raise GameOver()
    return [MatchForfeited(seat=seat)]
