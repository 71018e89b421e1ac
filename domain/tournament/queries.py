"""Questions the service asks a tournament's state: which games to create, whether it may finish, and a JSON-able
view (nothing in a tournament is hidden: pairings and results are public)."""

from __future__ import annotations

from domain.tournament import pairing
from domain.tournament.standings import standings
from domain.tournament.state import Finished, Registering, Running, State, Table, phase_name


def tables_awaiting_games(state: State) -> tuple[tuple[int, Table], ...]:
    """(round, table) of the current round whose game the service has still to create (a table decided by a
    withdrawal needs none)."""
    if not isinstance(state, Running) or not state.rounds:
        return ()
    round_ = state.rounds[-1]
    return tuple((round_.number, t) for t in round_.tables if t.game_id is None and t.result is None)


def may_pair(state: State) -> bool:
    """The next round can be paired now (the previous one is complete and the format has rounds left)."""
    return (isinstance(state, Running) and (not state.rounds or state.rounds[-1].complete)
            and not pairing.is_over(state) and len(pairing.active(state)) >= pairing.MIN_PLAYERS)


def may_finish(state: State) -> bool:
    return (isinstance(state, Running) and (not state.rounds or state.rounds[-1].complete)
            and (pairing.is_over(state) or len(pairing.active(state)) < pairing.MIN_PLAYERS))


def view(state: State) -> dict:
    if not isinstance(state, (Registering, Running, Finished)):
        return {"phase": phase_name(state)}
    settings = state.settings
    body = {"phase": phase_name(state), "game": settings.game, "format": settings.format,
            "table_size": settings.table_size, "rounds_planned": settings.rounds, "options": settings.options,
            "clock": settings.clock, "timeout_policy": settings.timeout_policy, "advance": settings.advance,
            "players": [{"player": p.id, "name": p.name, "rating": p.rating, "withdrawn": p.withdrawn,
                         "bot": p.bot}
                        for p in state.players]}
    if isinstance(state, Registering):
        return body | ({"seeding": list(state.drawn)} if state.drawn is not None else {})
    body["rounds_planned"] = pairing.planned_rounds(state)
    body["seeding"] = list(state.seeding)
    body["rounds"] = [{"round": r.number, "byes": list(r.byes), "tables": [_table(t) for t in r.tables]}
                      for r in state.rounds]
    body["standings"] = [standing_row(s) for s in standings(state)]
    return body


def _table(table: Table) -> dict:
    row = {"table": table.number, "players": list(table.players), "game_id": table.game_id, "result": None}
    if table.result is not None:
        r = table.result
        row["result"] = {"places": list(r.places), "scores": list(r.scores), "lira": list(r.lira),
                         "forfeited": list(r.forfeited), "by": r.by}
    return row


def standing_row(standing) -> dict:
    return {"rank": standing.rank, "player": standing.player, "name": standing.name, "points": standing.points,
            **dict(standing.tie_breaks), "games": standing.games, "byes": standing.byes,
            "withdrawn": standing.withdrawn}
