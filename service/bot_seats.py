"""The worker's side of bot seats: play the move of a seat a bot holds (seated at creation with option `bots`,
by timeout policy "bot", or by an organiser), within the seat's clock.

A bot seat never blocks the game: the bot is given the time its clock allows less `CLOCK_MARGIN_MS` (the time to
load, append and react), and a bot that fails, or whose move is refused, is replaced for this move by the first
legal move. If the job itself is lost, the seat's timer applies the game's timeout policy as for anyone.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from bots import seated
from domain import table as tables
from domain.core import RuleViolation
from domain.table import Act, clock
from domain.table.state import bot_of
from events.store import VersionConflict
from service import views
from service.commands import Commands, parse
from service.repository import Loaded

log = logging.getLogger("bazaar.bots")

DEFAULT_BUDGET_MS = 200  # per decision, for a bot seated without a budget (mcts; the others answer at once)
CLOCK_MARGIN_MS = 500


def play(commands: Commands, game_id: str, version: int) -> Loaded | None:
    """The bot's move in the seat it holds, if the game is still at `version` and awaits that seat; None when
    there is nothing to do (a player moved first, the seat is no bot's, the game is over)."""
    loaded = commands.repository.load(game_id)
    if loaded.version != version or loaded.finished:
        return None
    table = loaded.table
    seat = next((s for s in tables.awaited(loaded.game, table) if bot_of(table, s) is not None), None)
    if seat is None:
        return None
    bot = bot_of(table, seat)
    now = commands.clock()
    moves = views.legal_moves(loaded, seat, now)
    if not moves:
        return None
    budget = thinking_time(table, bot.budget_ms or DEFAULT_BUDGET_MS, now)
    try:
        move = seated.choose(bot.bot, views.view(loaded, seat, now), moves, f"{game_id}:{version}", budget)
    except Exception:  # noqa: BLE001 - a failing bot must not stall the seat: it plays the first legal move
        log.exception("bot %s failed in game %s at version %d: first legal move instead", bot.bot, game_id, version)
        move = moves[0]
    for attempt in (move, moves[0]):
        try:
            return commands.execute(loaded, as_bot(loaded, attempt, seat, bot.bot, commands.clock()))[0]
        except VersionConflict:
            return None  # someone moved first (an organiser's change, a timer): this job is stale
        except RuleViolation:
            log.exception("bot %s's move %r was refused in game %s", bot.bot, attempt, game_id)
    return None


def as_bot(loaded: Loaded, move: dict, seat: int, bot: str, at: str):
    command = parse(loaded.game, move, seat, at)
    return replace(command, bot=bot) if isinstance(command, Act) else command


def thinking_time(table, budget_ms: int, now: str) -> int:
    """The bot's budget, cut to what the running clock leaves (0: answer at once)."""
    due = clock.deadline_ms(table.clocks, table.platform)
    if due is None:
        return budget_ms
    return max(0, min(budget_ms, due[0] - clock.to_ms(now) - CLOCK_MARGIN_MS))
