"""A bot that plays every game of a player as its own stream announces them (`GET /v1/me/events`), with no
polling: a game started or a turn began, and it plays the player's seat until its decision is no longer awaited
(a turn of several commands, as in Istanbul, is played through); the next notice brings it back. It plays
tournament games, accepted challenges and rematches alike: whatever seats the player."""

from __future__ import annotations

from collections.abc import Callable

from bazaar_client.bots.base import Bot
from bazaar_client.sdk import BazaarError, Client, Notice

PLAY = ("game_started", "your_turn")
ENDED = ("game_finished", "game_expired")
STALE = ("version_conflict", "not_your_turn", "awaiting_chance", "game_over")


def play_turn(client: Client, game_id: str, bot: Bot) -> int:
    """Play the player's seat of `game_id` while its decision is awaited; the moves made (a notice that came late
    finds nothing to do)."""
    made = 0
    while True:
        view = client.view(game_id)
        if view.finished or not view.my_turn:
            return made
        moves = client.legal_moves(game_id)
        if not moves.moves or moves.version != view.version:
            continue
        try:
            client.play(game_id, bot.choose(view, moves.moves), expected_version=moves.version)
        except BazaarError as error:
            if error.code not in STALE:
                raise
            if error.code == "awaiting_chance":
                return made  # the worker's roll lands, and its append announces the turn again
            continue
        made += 1


def listen(client: Client, bot: Bot, games: int | None = None, after: str = "0-0",
           on_notice: Callable[[Notice], None] | None = None) -> int:
    """Play from the stream of `client`'s player (its token must be a player's) until `games` of its games have
    ended (None: for ever); the moves made."""
    made, ended = 0, set()
    stream = client.my_events(after)
    try:
        for notice in stream:
            if on_notice is not None:
                on_notice(notice)
            if notice.type in PLAY and notice.game_id:
                made += play_turn(client, notice.game_id, bot)
            elif notice.type in ENDED:
                ended.add(notice.game_id)
                if games is not None and len(ended) >= games:
                    return made
    finally:
        stream.close()
    return made
