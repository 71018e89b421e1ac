"""decide(game, table, command) -> recorded events, or a RuleViolation: the table's rules around any game.

A seat's move goes to the game once the table has checked it may act; undo requests and answers, the
timeout of a turn clock, chance outcomes, the seed reveal and the record of an import are the table's own.
Chance steps that follow a command are drawn by the runner (domain/table/runner.py), the only chance loop.
"""

from __future__ import annotations

from domain.core import AwaitingChance, GameOver, InvalidOptions, NotYourTurn, RuleViolation, check_outcome
from domain.table import clock, options, seating, undo
from domain.table.commands import (
    Act,
    AnswerUndo,
    ClaimSeat,
    Create,
    Deal,
    Draw,
    Expire,
    RecordImport,
    RequestUndo,
    RevealSeed,
    SeatBot,
    StartEarly,
    TimeOut,
)
from domain.table.events import BotSeated, BotUnseated, GameCreated, GameImported, Recorded, SeedRevealed, TurnTimedOut
from domain.table.state import TableState, bot_of


def decide(game, state: TableState | None, command) -> list[Recorded]:
    if isinstance(command, Create):
        return decide_create(game, state, command)
    if state is None:
        raise RuleViolation("no_game", "the table has not been created")
    if isinstance(command, ClaimSeat):
        return seating.decide_claim(state, command)
    if isinstance(command, StartEarly):
        return seating.decide_start(state, command)
    if isinstance(command, Expire):
        return seating.decide_expire(state, command)
    if isinstance(command, RevealSeed):
        if not state.over or state.revealed:
            raise RuleViolation("seed_not_due", "the seed is revealed once, when the game is over")
        return [Recorded(SeedRevealed(command.seed), None, command.at)]
    if isinstance(command, RecordImport):
        return decide_import(state, command)
    if not state.over:
        seating.refuse_while_waiting(state)  # everything below plays the game, which begins with the deal
    if isinstance(command, Act):
        return decide_act(game, state, command)
    if isinstance(command, Draw):
        check_outcome(None if state.over else game.chance(state.game_state), command.drawn)
        consequences = game.decide(state.game_state, command.drawn)
        return [Recorded(e, None, command.at) for e in (command.drawn, *consequences)]
    if isinstance(command, AnswerUndo):
        return undo.decide_answer(state, command)
    if isinstance(command, RequestUndo):
        return undo.decide_request(game, state, command)
    if isinstance(command, Deal):
        request = None if state.over else game.chance(state.game_state)
        if request is None or not request.by_dealer:
            raise RuleViolation("nothing_to_deal", "no neutral figure's roll is pending")
        return []  # the runner's chance loop draws it
    if isinstance(command, TimeOut):
        return decide_timeout(game, state, command)
    if isinstance(command, SeatBot):
        return decide_seat_bot(state, command)
    raise RuleViolation("unknown_command", f"the table has no command {type(command).__name__}")


def decide_create(game, state, command: Create) -> list[Recorded]:
    if state is not None:
        raise RuleViolation("game_exists", "the table is already open")
    if not game.MIN_SEATS <= command.seats <= game.MAX_SEATS:
        raise RuleViolation("invalid_seats", f"{game.NAME} is played by {game.MIN_SEATS} to {game.MAX_SEATS} seats")
    platform, own = options.split(command.options, command.default_undo)
    if platform.bots and len(platform.bots) != command.seats:
        raise InvalidOptions(f"bots: one entry per seat ({command.seats})")
    game.initial_state(own, command.seats)  # the game validates its own options
    created = GameCreated(command.game, command.seats, {**own, **options.recorded(command.options, platform)},
                          command.seed_commitment, command.seed)
    if command.invitations is None:
        return [Recorded(created, None, command.at)]
    return [Recorded(created, None, command.at),
            *(Recorded(e, None, command.at) for e in seating.opened(command, platform))]


def decide_act(game, state: TableState, command: Act) -> list[Recorded]:
    if state.over:
        raise GameOver()
    if game.chance(state.game_state) is not None:
        raise AwaitingChance()
    if not command.auto:  # before the turn: a seat a bot holds is told so whenever its token tries to move
        seated = bot_of(state, command.seat)
        if command.bot is None and seated is not None:
            raise RuleViolation("seat_played_by_bot", f"a bot ({seated.bot}) plays this seat")
        if command.bot is not None and (seated is None or seated.bot != command.bot):
            raise RuleViolation("bot_not_seated", f"no {command.bot} bot plays this seat")
    if command.seat not in game.to_act(state.game_state):
        raise NotYourTurn()
    return [Recorded(e, command.seat, command.at) for e in game.decide(state.game_state, command.command)]


def decide_timeout(game, state: TableState, command: TimeOut) -> list[Recorded]:
    """The late seat's `turn_timed_out`, and for a forfeit the game's forfeit events; an automatic completion
    of the seat's obligations is played move by move by the runner."""
    if state.over:
        raise GameOver()
    seat, deadline = clock.due_seat(state.clocks, state.platform, command.at)
    policy = clock.policy_for(state.platform, state.clocks, seat)
    events = [Recorded(TurnTimedOut(seat, policy, clock.to_iso(deadline)), None, command.at)]
    if policy == "forfeit":
        forfeit = getattr(game, "forfeit", None)
        if forfeit is None:
            raise RuleViolation("forfeit_unsupported", f"{game.NAME} does not define a forfeit")
        events += [Recorded(e, None, command.at) for e in forfeit(state.game_state, seat)]
    zombie = state.platform.timeout_bot
    if policy == "bot" and bot_of(state, seat) is None:
        events.append(Recorded(BotSeated(seat, zombie.bot, zombie.budget_ms, "timeout"), None, command.at))
    return events


def decide_seat_bot(state: TableState, command: SeatBot) -> list[Recorded]:
    """An organiser's substitution: a bot takes the seat over (or another bot does), or the player gets it back."""
    if state.over:
        raise GameOver()
    if not 0 <= command.seat < state.seats:
        raise RuleViolation("invalid_seat", f"seats are 0 to {state.seats - 1}")
    if command.bot is None:
        if bot_of(state, command.seat) is None:
            raise RuleViolation("no_bot_seated", "no bot plays this seat")
        return [Recorded(BotUnseated(command.seat), None, command.at)]
    bot = command.bot
    return [Recorded(BotSeated(command.seat, bot.bot, bot.budget_ms, "organiser"), None, command.at)]


def decide_import(state: TableState, command: RecordImport) -> list[Recorded]:
    """The record closes the log it describes: it names exactly the events before it."""
    if command.original_version != state.version:
        raise RuleViolation("import_version_mismatch",
                            f"the record names {command.original_version} events before it, the log has {state.version}")
    imported = GameImported(command.original_id, command.original_version, command.original_head_hash,
                            command.original_first_at, command.original_last_at, command.imported_by)
    return [Recorded(imported, None, command.at)]
