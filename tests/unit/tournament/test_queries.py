"""What the service asks a tournament: which games to create, whether to pair or finish, and the public view."""

from __future__ import annotations

import json

from domain import tournament
from domain.tournament.commands import RecordResult, WithdrawPlayer
from tests.unit.tournament.play import Tournament


def test_the_service_creates_a_game_per_table_then_pairs_then_finishes():
    run = Tournament.started("jaipur", "swiss", 4, rounds=1)
    assert tournament.may_pair(run.state) and not tournament.may_finish(run.state)
    run.pair()
    assert [t.number for _, t in tournament.tables_awaiting_games(run.state)] == [1, 2]
    assert not tournament.may_pair(run.state) and not tournament.may_finish(run.state)
    run.play(WithdrawPlayer(run.state.rounds[0].tables[1].players[0]))  # a walkover needs no game
    (game_id, _), = run.open_games()
    assert tournament.tables_awaiting_games(run.state) == ()
    run.play(RecordResult(game_id, (0,), (2, 0)))
    assert tournament.may_finish(run.state) and not tournament.may_pair(run.state)


def test_the_view_is_json_and_shows_rounds_results_and_standings():
    run = Tournament.started("istanbul", "round_robin", 6, table_size=3)
    run.round(lambda table: ((0,), (5, 3, 1), (1, 2, 3)))
    view = tournament.view(run.state)
    assert json.loads(json.dumps(view)) == view
    assert view["phase"] == "running" and view["rounds_planned"] == 3 and len(view["rounds"]) == 1
    assert view["rounds"][0]["tables"][0]["result"]["places"] == [1, 2, 3]
    assert [row["rank"] for row in view["standings"]] == [1, 2, 3, 4, 5, 6]
    assert tournament.view(tournament.initial_state()) == {"phase": "unstarted"}
