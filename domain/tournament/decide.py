"""decide(state, command) -> events, or raise RuleViolation with a code from violations.py. Nothing is decided in
evolve: the pairings and each table's places are computed here and carried by the events."""

from __future__ import annotations

from domain import registry
from domain.core import RuleViolation
from domain.table import dealer
from domain.table import options as platform_options
from domain.tournament import pairing, pairing_rules, seating
from domain.tournament import violations as v
from domain.tournament.commands import (
    AssignGame,
    CreateTournament,
    DrawSeeding,
    FinishTournament,
    PairRound,
    RecordResult,
    RegisterPlayer,
    StartTournament,
    WithdrawPlayer,
)
from domain.tournament.events import (
    GameAssigned,
    PlayerRegistered,
    PlayerWithdrawn,
    ResultRecorded,
    RoundPaired,
    SeedingDrawn,
    TournamentCreated,
    TournamentFinished,
    TournamentStarted,
)
from domain.tournament.state import FORMATS, Finished, Registering, Result, Running, State, Table, Unstarted

MAX_ROUNDS = 64
MAX_PLAYERS = 4096


def decide(state: State, command) -> list:
    if isinstance(command, CreateTournament):
        if not isinstance(state, Unstarted):
            raise RuleViolation(v.ALREADY_CREATED, "the tournament exists already")
        return decide_create(command)
    if isinstance(state, Unstarted):
        raise RuleViolation(v.NOT_CREATED, "create the tournament first")
    decide_command = _DECIDE.get(type(command))
    if decide_command is None:
        raise RuleViolation(v.UNKNOWN_COMMAND, f"not a tournament command: {type(command).__name__}")
    return decide_command(state, command)


def _invalid(message: str) -> RuleViolation:
    return RuleViolation(v.INVALID_OPTIONS, message)


def decide_create(command: CreateTournament) -> list:
    try:
        game = registry.get(command.game)
    except registry.UnknownGame:
        raise _invalid(f"no game {command.game!r}") from None
    if command.format not in FORMATS:
        raise _invalid(f"format: one of {', '.join(FORMATS)}")
    size = command.table_size
    if not (size == 2 or seating.MIN_TABLE <= size <= seating.MAX_TABLE) or not (
            game.MIN_SEATS <= size <= game.MAX_SEATS):
        raise _invalid(f"table_size: 2, or 3 to 5, within {command.game}'s {game.MIN_SEATS}-{game.MAX_SEATS} seats")
    _check_rounds(command)
    if command.advance not in ((1,) if size == 2 or command.format != "elimination" else (1, 2)):
        raise _invalid("advance: 1, or 2 at Istanbul tables of an elimination")
    if not isinstance(command.options, dict) or set(command.options) & set(platform_options.KEYS):
        raise _invalid("options: the game's own options (clock and timeout_policy are fields of their own)")
    platform_options.split({"clock": command.clock, "timeout_policy": command.timeout_policy} if command.clock
                           else {"timeout_policy": command.timeout_policy})
    game.initial_state(command.options, size)  # raises InvalidOptions: every game of the tournament will start
    return [TournamentCreated(command.game, command.format, size, command.rounds, command.options, command.clock,
                              command.timeout_policy, command.advance)]


def _check_rounds(command: CreateTournament) -> None:
    rounds = command.rounds
    counted = rounds is not None and isinstance(rounds, int) and 1 <= rounds <= MAX_ROUNDS
    if command.format == "swiss" and not counted:
        raise _invalid(f"rounds: a Swiss tournament plays 1 to {MAX_ROUNDS} rounds")
    if command.format == "round_robin" and command.table_size > 2 and rounds is not None and not counted:
        raise _invalid(f"rounds: 1 to {MAX_ROUNDS}, or none to meet everyone once")
    if (command.format == "elimination" or (command.format == "round_robin" and command.table_size == 2)) and (
            rounds is not None):
        raise _invalid("rounds: this format derives its own")


def decide_register(state: State, command: RegisterPlayer) -> list:
    if not isinstance(state, Registering):
        raise RuleViolation(v.NOT_REGISTERING, "registration is closed")
    if state.drawn is not None:
        raise RuleViolation(v.SEEDING_DRAWN, "the seeding was drawn by lot: registration is closed")
    if not command.player or not command.name:
        raise _invalid("a player has an id and a name")
    if any(p.id == command.player for p in state.players):
        raise RuleViolation(v.ALREADY_REGISTERED, "the player is registered already")
    if len(state.players) >= MAX_PLAYERS:
        raise _invalid(f"at most {MAX_PLAYERS} players")
    return [PlayerRegistered(command.player, command.name, command.rating, command.bot)]


def decide_withdraw(state: State, command: WithdrawPlayer) -> list:
    if isinstance(state, Finished):
        raise RuleViolation(v.NOT_RUNNING, "the tournament is over")
    player = next((p for p in state.players if p.id == command.player), None)
    if player is None:
        raise RuleViolation(v.UNKNOWN_PLAYER, "no such player")
    if player.withdrawn:
        raise RuleViolation(v.ALREADY_WITHDRAWN, "the player has withdrawn already")
    events: list = [PlayerWithdrawn(command.player)]
    if isinstance(state, Running) and state.rounds:
        round_ = state.rounds[-1]
        for table in round_.tables:
            if table.result is None and command.player in table.players and len(table.players) == 2:
                events.append(_walkover(round_.number, table, {command.player}))
    return events


def _walkover(round_: int, table: Table, absent: set[str]) -> ResultRecorded:
    """A head-to-head game decided by a withdrawal: the absent seat forfeits, the other wins."""
    forfeited = tuple(p in absent for p in table.players)
    places = tuple(2 if gone and not all(forfeited) else 1 for gone in forfeited)
    zeros = (0,) * len(table.players)
    return ResultRecorded(round_, table.number, table.game_id, Result(places, zeros, zeros, forfeited, "withdrawal"))


def decide_draw(state: State, command: DrawSeeding) -> list:
    """A shuffle of the players in registration order by the dealer's construction (draw 0 of `seed`)."""
    if not isinstance(state, Registering):
        raise RuleViolation(v.NOT_REGISTERING, "the tournament has started already")
    if state.drawn is not None:
        raise RuleViolation(v.SEEDING_DRAWN, "the seeding was drawn already")
    if not command.seed:
        raise _invalid("a draw needs a seed")
    _enough_players(state)
    shuffled = dealer.outcome(command.seed.encode(), 0, "shuffle", len(state.players), 0)
    return [SeedingDrawn(command.seed, tuple(state.players[i].id for i in shuffled))]


def _enough_players(state: Registering) -> None:
    need = 2 if state.settings.head_to_head else seating.MIN_TABLE
    if len(state.players) < need:
        raise RuleViolation(v.TOO_FEW_PLAYERS, f"at least {need} players")


def decide_start(state: State, command: StartTournament) -> list:
    """The seeding: the one drawn by lot (less any player withdrawn since), else the order given, else by rating
    (the registration order breaking ties)."""
    if not isinstance(state, Registering):
        raise RuleViolation(v.NOT_REGISTERING, "the tournament has started already")
    _enough_players(state)
    ids = [p.id for p in state.players]
    if command.order and state.drawn is not None:
        raise RuleViolation(v.SEEDING_DRAWN, "the seeding was drawn by lot: start without an order")
    if state.drawn is not None:
        seeding = tuple(p for p in state.drawn if p in ids)
    elif command.order:
        if sorted(command.order) != sorted(ids):
            raise RuleViolation(v.BAD_ORDER, "the order names every registered player once")
        seeding = tuple(command.order)
    else:
        position = {p: i for i, p in enumerate(ids)}
        seeding = tuple(sorted(ids, key=lambda p: (-state.players[position[p]].rating, position[p])))
    return [TournamentStarted(seeding)]


def _running(state: State) -> Running:
    if not isinstance(state, Running):
        raise RuleViolation(v.NOT_RUNNING, "the tournament is not running")
    return state


def decide_pair(state: State, command: PairRound) -> list:
    state = _ready_to_pair(state)
    groups, byes = pairing.pair(state)
    tables = tuple(Table(i, tuple(players)) for i, players in enumerate(groups, 1))
    return _paired(state, RoundPaired(len(state.rounds) + 1, tables, tuple(byes)))


def accept_pairing(state: State, paired: RoundPaired) -> list:
    """The events of a `pair_round` whose pairing is already recorded (an exported log's): the same guards as
    `decide`, then the format's rules (`pairing_rules`) in place of the planner, so a log stays verifiable after
    the planner changes. RuleViolation if the pairing breaks a rule."""
    state = _ready_to_pair(state)
    pairing_rules.check(state, paired)
    return _paired(state, paired)


def _ready_to_pair(state: State) -> Running:
    state = _running(state)
    if state.rounds and not state.rounds[-1].complete:
        raise RuleViolation(v.ROUND_IN_PROGRESS, "the round's last game has not ended")
    if pairing.is_over(state):
        raise RuleViolation(v.NO_ROUNDS_LEFT, "every round is played")
    if len(pairing.active(state)) < pairing.MIN_PLAYERS:
        raise RuleViolation(v.TOO_FEW_PLAYERS, "fewer than two players are left")
    return state


def _paired(state: Running, paired: RoundPaired) -> list:
    withdrawn = {p.id for p in state.players if p.withdrawn}
    # a round robin keeps a withdrawn player's place in the schedule: each of their games is a forfeit
    return [paired] + [_walkover(paired.round, t, withdrawn) for t in paired.tables if withdrawn & set(t.players)]


def _table(state: Running, round_: int, number: int) -> Table:
    if not 1 <= round_ <= len(state.rounds) or not 1 <= number <= len(state.rounds[round_ - 1].tables):
        raise RuleViolation(v.UNKNOWN_TABLE, "no such table")
    return state.rounds[round_ - 1].tables[number - 1]


def _find_game(state: State, game_id: str) -> tuple[int, Table] | None:
    for round_ in getattr(state, "rounds", ()):
        for table in round_.tables:
            if table.game_id == game_id:
                return round_.number, table
    return None


def decide_assign(state: State, command: AssignGame) -> list:
    state = _running(state)
    table = _table(state, command.round, command.table)
    if table.game_id == command.game_id:
        return []  # the service told us twice (a retry after a crash): nothing new
    if table.game_id is not None or table.result is not None:
        raise RuleViolation(v.TABLE_HAS_GAME, "the table has its game (or was decided without one)")
    if not command.game_id or _find_game(state, command.game_id) is not None:
        raise RuleViolation(v.GAME_ELSEWHERE, "that game plays another table")
    return [GameAssigned(command.round, command.table, command.game_id)]


def decide_record(state: State, command: RecordResult) -> list:
    found = _find_game(state, command.game_id)
    if found is not None and found[1].result is not None:
        return []  # each result counts once: a duplicate from the feed is no error
    state = _running(state)
    if found is None:
        raise RuleViolation(v.UNKNOWN_GAME, "no table plays that game")
    round_, table = found
    seats = len(table.players)
    lira = command.lira or (0,) * seats
    named = command.winners + command.forfeited
    if (len(command.scores) != seats or len(lira) != seats or any(not 0 <= s < seats for s in named)
            or len(set(command.winners)) != len(command.winners)
            or len(set(command.forfeited)) != len(command.forfeited)):
        raise RuleViolation(v.BAD_RESULT, "seats and lengths must match the table")
    withdrawn = {p.id for p in state.players if p.withdrawn}
    forfeited = tuple(s in command.forfeited or table.players[s] in withdrawn for s in range(seats))
    places = places_of(command.winners, command.scores, lira, forfeited)
    result = Result(places, tuple(command.scores), tuple(lira), forfeited, "game")
    return [ResultRecorded(round_, table.number, command.game_id, result)]


def places_of(winners, scores, lira, forfeited) -> tuple[int, ...]:
    """Winners first (the game's own tie-breaks chose them), then the rest by score and lira; forfeited seats
    last. Equal keys share a place."""
    playing = [s for s in range(len(scores)) if not forfeited[s]]
    key = {s: (s not in winners, -scores[s], -lira[s]) for s in playing}
    places = [0] * len(scores)
    for s in playing:
        places[s] = 1 + sum(key[o] < key[s] for o in playing)
    for s in range(len(scores)):
        if forfeited[s]:
            places[s] = len(playing) + 1
    return tuple(places)


def decide_finish(state: State, command: FinishTournament) -> list:
    state = _running(state)
    if state.rounds and not state.rounds[-1].complete:
        raise RuleViolation(v.ROUND_IN_PROGRESS, "the round's last game has not ended")
    if not pairing.is_over(state) and len(pairing.active(state)) >= pairing.MIN_PLAYERS:
        raise RuleViolation(v.ROUNDS_REMAINING, "rounds remain to be played")
    return [TournamentFinished()]


_DECIDE = {
    RegisterPlayer: decide_register,
    WithdrawPlayer: decide_withdraw,
    DrawSeeding: decide_draw,
    StartTournament: decide_start,
    PairRound: decide_pair,
    AssignGame: decide_assign,
    RecordResult: decide_record,
    FinishTournament: decide_finish,
}

