"""Bots at the table, through the SDK only: `play_seat` runs one bot in one seat of a live game (the other seats
may be people or other programs anywhere); `play_match` plays a whole game between local bots, one per seat."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bazaar_client.bots.base import Bot
from bazaar_client.sdk import BazaarError, Client, GameView

# while nobody this process controls is awaited: first poll soon, then back off to this
MAX_POLL_S = 0.5
VERSION_CONFLICT = "version_conflict"


@dataclass(frozen=True)
class MatchResult:
    game_id: str
    bots: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    moves: int
    seconds: float


def _play_one(seat_client: Client, game_id: str, bot: Bot, view: GameView) -> bool:
    """Ask the bot and post its move; False if the position moved under us (retry with a fresh look)."""
    moves = seat_client.legal_moves(game_id)
    if not moves.moves or moves.version != view.version:
        return False
    try:
        seat_client.play(game_id, bot.choose(view, moves.moves), expected_version=moves.version)
    except BazaarError as error:
        if error.code == VERSION_CONFLICT:
            return False
        raise
    return True


def play_seat(client: Client, game_id: str, bot: Bot, on_move: Callable[[GameView], None] | None = None,
              max_moves: int | None = None, on_wait: Callable[[GameView], None] | None = None) -> GameView:
    """Play `client`'s seat with `bot` until the game ends (or `max_moves`); returns the last view. Between the
    seat's turns it follows the game on the live stream (`Client.wait_for_turn`), telling `on_wait` each view it
    reads there while it still waits (the other seats' turns, the dealer's draws); `on_move` gets the view each
    move was chosen on."""
    moves = 0
    view = client.view(game_id)
    while True:
        if not (view.awaited or view.finished):
            view = client.wait_for_turn(game_id, on_view=on_wait)
        if view.finished or (max_moves is not None and moves >= max_moves):
            return view
        if _play_one(client, game_id, bot, view):
            moves += 1
            if on_move:
                on_move(view)
        view = client.view(game_id)


def play_match(client: Client, game: str, bots: Sequence[Bot], options: dict | None = None,
               on_move: Callable[[GameView], None] | None = None, max_moves: int = 20000, seed: str | None = None,
               open: bool = False, max_chance_wait_s: float = 30.0) -> MatchResult:
    """A new game with one local bot per seat, played to the end (or `max_moves`, then the result is empty).
    `open` with a `seed` makes the deal reproducible (an analysable game: for tests and studies, not fair play).
    Raises TimeoutError if a dealer's roll does not land within `max_chance_wait_s` (no worker running)."""
    started = time.monotonic()
    created = client.create(game, len(bots), options, seed=seed, open=open)
    seats = [client.as_seat(s.token) for s in created.seats]
    moves, idle, seat = 0, 0, 0
    waiting_since = started
    view = seats[seat].view(created.id)
    while not view.finished and moves < max_moves:
        if not view.to_act:  # a dealer's roll is pending: it lands within milliseconds
            if idle == 0:
                waiting_since = time.monotonic()
            elif time.monotonic() - waiting_since > max_chance_wait_s:
                raise TimeoutError(f"{created.id}: no chance outcome in {max_chance_wait_s} s (is a worker running?)")
            idle += 1
            time.sleep(min(MAX_POLL_S, 0.005 * idle))
            view = seats[seat].view(created.id)
            continue
        if view.seat != view.to_act[0]:
            seat = view.to_act[0]
            view = seats[seat].view(created.id)
            continue
        idle = 0
        if _play_one(seats[seat], created.id, bots[seat], view):
            moves += 1
            if on_move:
                on_move(view)
        view = seats[seat].view(created.id)
    result = view.result or {"winners": [], "scores": []}
    return MatchResult(created.id, tuple(b.name for b in bots), tuple(result["winners"]), tuple(result["scores"]),
                       moves, time.monotonic() - started)
