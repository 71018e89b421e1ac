"""Folds tournament events into state: pure and total, no validation (decide checked everything)."""

from __future__ import annotations

from dataclasses import replace

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
from domain.tournament.state import (
    Finished,
    Player,
    Registering,
    Round,
    Running,
    Settings,
    State,
    Unstarted,
    with_table,
    with_withdrawn,
)


def initial_state() -> State:
    return Unstarted()


def evolve(state: State, event) -> State:
    apply = _APPLY.get(type(event))
    return apply(state, event) if apply is not None else state


def apply_tournament_created(state: State, event: TournamentCreated) -> State:
    settings = Settings(event.game, event.format, event.options, event.table_size, event.rounds, event.clock,
                        event.timeout_policy, event.advance)
    return Registering(settings, ())


def apply_player_registered(state: State, event: PlayerRegistered) -> State:
    if not isinstance(state, Registering):
        return state
    return replace(state, players=state.players + (Player(event.player, event.name, event.rating, bot=event.bot),))


def apply_player_withdrawn(state: State, event: PlayerWithdrawn) -> State:
    if isinstance(state, Registering):  # before the start a withdrawal simply unregisters
        return replace(state, players=tuple(p for p in state.players if p.id != event.player))
    if isinstance(state, Running):
        return replace(state, players=with_withdrawn(state.players, event.player))
    return state


def apply_seeding_drawn(state: State, event: SeedingDrawn) -> State:
    if not isinstance(state, Registering):
        return state
    return replace(state, drawn=event.order)


def apply_tournament_started(state: State, event: TournamentStarted) -> State:
    if not isinstance(state, Registering):
        return state
    return Running(state.settings, state.players, event.seeding, ())


def apply_round_paired(state: State, event: RoundPaired) -> State:
    if not isinstance(state, Running):
        return state
    return replace(state, rounds=state.rounds + (Round(event.round, event.tables, event.byes),))


def apply_game_assigned(state: State, event: GameAssigned) -> State:
    if not isinstance(state, Running):
        return state
    table = state.rounds[event.round - 1].tables[event.table - 1]
    return replace(state, rounds=with_table(state.rounds, event.round, replace(table, game_id=event.game_id)))


def apply_result_recorded(state: State, event: ResultRecorded) -> State:
    if not isinstance(state, Running):
        return state
    table = state.rounds[event.round - 1].tables[event.table - 1]
    table = replace(table, result=event.result, game_id=event.game_id or table.game_id)
    return replace(state, rounds=with_table(state.rounds, event.round, table))


def apply_tournament_finished(state: State, event: TournamentFinished) -> State:
    if not isinstance(state, Running):
        return state
    return Finished(state.settings, state.players, state.seeding, state.rounds)


_APPLY = {
    TournamentCreated: apply_tournament_created,
    PlayerRegistered: apply_player_registered,
    PlayerWithdrawn: apply_player_withdrawn,
    SeedingDrawn: apply_seeding_drawn,
    TournamentStarted: apply_tournament_started,
    RoundPaired: apply_round_paired,
    GameAssigned: apply_game_assigned,
    ResultRecorded: apply_result_recorded,
    TournamentFinished: apply_tournament_finished,
}
