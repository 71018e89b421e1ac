"""The worker's side of bot seats: play the move of a seat a bot holds (seated at creation with option `bots`,
by timeout policy "bot", or by an organiser), within the seat's clock.

A bot seat never blocks the game: the bot is given the time its clock allows less `CLOCK_MARGIN_MS` (the time to
load, append and react), and a bot that fails, or whose move is refused, is replaced for this move by the first
legal move. If the job itself is lost, the seat's timer applies the game's timeout policy as for anyone.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import replace

from bazaar_client.bots import seated
from domain import table as tables
from domain.core import RuleViolation
from domain.table import Act, clock
from domain.table.state import bot_of
from events.store import VersionConflict
from service.games import views
from service.games.commands import Commands, parse
from service.games.repository import Loaded
from service.scheduling.scheduler import Scheduler

log = logging.getLogger("bazaar.bots")

DEFAULT_BUDGET_MS = 200  # per decision, for a bot seated without a budget (mcts; the others answer at once)
CLOCK_MARGIN_MS = 500
# A job plays the bot moves that follow one another (most of an Istanbul turn, every move of a game of bots) for
# up to this long, then queues a job for the next: other games' bots wait no longer than this and one move.
RUN_MS = 100


def play_run(commands: Commands, scheduler: Scheduler, game_id: str, version: int, run_ms: int = RUN_MS,
             monotonic: Callable[[], float] = time.monotonic) -> Loaded | None:
    """The bot moves from `version` on while a bot seat is awaited, for up to `run_ms` (at least one move);
    the last state reached, or None if there was nothing to do. Each move is appended and reacted to as alone."""
    started, last = monotonic(), None
    with scheduler.bot_run(game_id):
        while (loaded := play(commands, game_id, version)) is not None:
            last, version = loaded, loaded.version
            if (monotonic() - started) * 1000 >= run_ms:
                break
    if last is not None:
        scheduler.arm_bot(last)  # the run's time is up (or a bot is awaited again after a roll): the next job
    return last


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
