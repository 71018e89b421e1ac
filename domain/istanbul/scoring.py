"""End of the game: the trigger, the final card plays, winners and tie-breaks (rules section 10)."""

from __future__ import annotations

from domain.istanbul.cards import CARDS
from domain.istanbul.content import content
from domain.istanbul.data import GOODS
from domain.istanbul.letters_seals.cards import COPY
from domain.istanbul.state import Over, State

TIE_BREAKS = ("lira", "goods", "bonus_cards")


def target(state: State) -> int:
    """Rubies that trigger the end of the game."""
    return content(state).target(state.seats)


def final_queue(state: State) -> tuple[int, ...]:
    """Seats in turn order (start player first) holding a card they may still play after the last turn: a card
    that brings lira or goods, or L05 while such a card lies on top of the discard pile or an earlier seat in the
    queue may put one there (L05 carries out the top card, and so brings what it brings)."""
    order = [(state.start_player + i) % state.seats for i in range(state.seats)]
    queue = []
    top_final = bool(state.discard) and CARDS[state.discard[-1]].final
    for seat in order:
        hand = () if seat in state.out else state.players[seat].hand
        if any(CARDS[c].final for c in hand):
            queue.append(seat)
            top_final = True  # its plays may leave a final card on top
        elif top_final and any(CARDS[c].kind == COPY for c in hand):
            queue.append(seat)
    return tuple(queue)


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
