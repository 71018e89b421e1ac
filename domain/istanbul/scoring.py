"""End of the game: the trigger, the final card plays, winners and tie-breaks (rules section 10)."""

from __future__ import annotations

from domain.istanbul.cards import CARDS
from domain.istanbul.content import content
from domain.istanbul.data import GOODS
from domain.istanbul.state import Over, State

TIE_BREAKS = ("lira", "goods", "bonus_cards")


def target(state: State) -> int:
    """Rubies that trigger the end of the game."""
    return content(state).target(state.seats)


def final_queue(state: State) -> tuple[int, ...]:
    """Seats in turn order (start player first) holding a card they may still play after the last turn."""
    order = [(state.start_player + i) % state.seats for i in range(state.seats)]
    return tuple(s for s in order if s not in state.out and any(CARDS[c].final for c in state.players[s].hand))


def _key(player, depth: int) -> tuple:
    full = (player.rubies, player.lira, player.goods.total(GOODS), len(player.hand))
    return full[: depth + 1]


def winners(state: State) -> tuple[tuple[int, ...], str | None]:
    """(winning seats, the tie-break that decided: None | "lira" | "goods" | "bonus_cards" | "shared")."""
    players = state.players
    candidates = [s for s in range(state.seats) if s not in state.out]
    for depth in range(4):
        best = max(_key(players[s], depth) for s in candidates)
        candidates = [s for s in candidates if _key(players[s], depth) == best]
        if len(candidates) == 1:
            return tuple(candidates), (None if depth == 0 else TIE_BREAKS[depth - 1])
    return tuple(candidates), "shared"


def is_terminal(state: State) -> bool:
    return isinstance(state.phase, Over)


def result(state: State) -> dict | None:
    if not is_terminal(state):
        return None
    won, tie_break = winners(state)
    return {
        "winners": list(won),
        "scores": [p.rubies for p in state.players],
        "lira": [p.lira for p in state.players],
        "goods": [p.goods.total(GOODS) for p in state.players],
        "bonus_cards": [len(p.hand) for p in state.players],
        "tie_break": tie_break,
        "forfeited": list(state.out),
    }
