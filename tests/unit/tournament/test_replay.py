"""Tournament events go through the one codec like the games' events, and replay (a fold of evolve) rebuilds the
state that play produced; evolve never changes its input; withdrawals and byes in each format."""

from __future__ import annotations

import copy

from domain import tournament
from domain.tournament import standings
from domain.tournament.commands import PairRound, RecordResult, WithdrawPlayer
from events.codec import from_wire, to_wire
from events.envelope import decode_event
from events.platform import PLATFORM_EVENTS
from tests.unit.tournament.play import Tournament, seat_wins, strongest_wins


def test_every_event_type_round_trips_through_the_codec_and_replays_to_the_same_state():
    run = Tournament.started("jaipur", "swiss", 5, rounds=3, lot="a seed")
    run.round(seat_wins(0))
    run.pair()
    (game_id, _), *_ = run.open_games()
    run.play(WithdrawPlayer(run.state.rounds[-1].tables[-1].players[0]))
    run.play(RecordResult(game_id, (1,), (0, 2)))
    for other_id, _ in run.open_games():
        run.play(RecordResult(other_id, (0,), (2, 1)))
    run.to_the_end(seat_wins(1))
    assert {type(e).TYPE for e in run.events} == set(tournament.EVENTS)
    for event in run.events:
        assert from_wire(type(event), to_wire(event)) == event
    assert run.replayed_through_json() == run.state
    envelopes = [{"type": type(e).TYPE, "v": type(e).V, "payload": to_wire(e)} for e in run.events]
    assert [decode_event(tournament, env) for env in envelopes] == run.events  # the store's own decoding road
    assert not set(tournament.EVENTS) & set(PLATFORM_EVENTS)  # no wire type means two things


def test_evolve_leaves_its_input_untouched():
    run = Tournament.started("istanbul", "round_robin", 7, table_size=3)
    state = tournament.initial_state()
    for event in run.events + tournament.decide(run.state, PairRound()):
        before = copy.deepcopy(state)
        following = tournament.evolve(state, event)
        assert state == before
        state = following


def test_a_withdrawn_player_is_paired_no_more_in_swiss():
    run = Tournament.started("jaipur", "swiss", 6, rounds=3)
    run.round(seat_wins(0))
    run.play(WithdrawPlayer("p6"))
    run.pair()
    second = run.state.rounds[-1]
    assert "p6" not in {p for t in second.tables for p in t.players} and len(second.byes) == 1
    assert [s.withdrawn for s in standings(run.state) if s.player == "p6"] == [True]


def test_a_withdrawn_player_forfeits_every_remaining_round_robin_game():
    run = Tournament.started("jaipur", "round_robin", 4)
    run.play(WithdrawPlayer("p4"))
    run.to_the_end(strongest_wins(run.state.seeding))
    p4_tables = [t for r in run.state.rounds for t in r.tables if "p4" in t.players]
    assert len(p4_tables) == 3 and all(t.result.by == "withdrawal" and t.game_id is None for t in p4_tables)
    assert [s.points for s in standings(run.state) if s.player == "p4"] == [0.0]


def test_a_withdrawal_at_an_istanbul_table_counts_as_a_forfeit_when_the_game_ends():
    run = Tournament.started("istanbul", "swiss", 6, table_size=3, rounds=1)
    run.pair()
    (game_id, table), _ = run.open_games()
    run.play(WithdrawPlayer(table.players[0]))
    run.play(RecordResult(game_id, (0,), (9, 3, 1), (0, 0, 0)))  # the game did not forfeit the seat itself
    result = run.state.rounds[0].tables[0].result
    assert result.forfeited == (True, False, False) and result.places == (3, 1, 2)


def test_elimination_gives_the_odd_player_a_walkover_and_ends_with_the_final():
    run = Tournament.started("jaipur", "elimination", 4)
    run.pair()
    run.play(WithdrawPlayer("p4"))  # p1-p4 decided by the withdrawal; p2-p3 plays
    for game_id, _ in run.open_games():
        run.play(RecordResult(game_id, (0,), (2, 1)))
    run.to_the_end(seat_wins(1))
    assert [[t.players for t in r.tables] for r in run.state.rounds] == [[("p1", "p4"), ("p2", "p3")], [("p1", "p2")]]
    assert [s.player for s in standings(run.state)][:2] == ["p2", "p1"]


def test_an_elimination_ends_when_one_player_is_left_who_has_not_withdrawn():
    run = Tournament.started("jaipur", "elimination", 4)
    run.round(seat_wins(0))  # p1 and p2 reach the final
    run.play(WithdrawPlayer("p2"))
    assert not tournament.may_pair(run.state) and tournament.may_finish(run.state)
    tables = Tournament.started("istanbul", "elimination", 8, table_size=4)
    tables.round(seat_wins(0))  # one of each table goes on
    tables.play(WithdrawPlayer(tables.state.rounds[0].tables[1].players[0]))
    assert not tournament.may_pair(tables.state) and tournament.may_finish(tables.state)


def test_swiss_floats_one_player_from_an_odd_score_group_to_the_next():
    # round 1: p1-p5, p2-p6, p3-p7 won by the first, p4-p8 drawn: groups {p1 p2 p3} 1, {p4 p8} ½ (met), {p5 p6 p7} 0
    run = Tournament.started("jaipur", "swiss", 8, rounds=2)
    run.round(lambda table: ((0, 1), (1, 1)) if "p4" in table.players else ((0,), (2, 0)))
    run.pair()
    points = {s.player: s.points for s in standings(run.state)}
    gaps = sorted(abs(points[a] - points[b]) for a, b in (t.players for t in run.state.rounds[1].tables))
    assert gaps == [0.0, 0.0, 0.5, 0.5]  # one floater down from the top group, one from the drawn pair


def test_swiss_tables_group_players_by_score():
    # 16 players, tables of four: after round 1 four players each have 3, 2, 1 and 0 points, none of them met
    run = Tournament.started("istanbul", "swiss", 16, table_size=4, rounds=2)
    run.round(strongest_wins(run.state.seeding))
    run.pair()
    points = {s.player: s.points for s in standings(run.state)}
    assert [sorted({points[p] for p in t.players}) for t in run.state.rounds[1].tables] == [[3.0], [2.0], [1.0], [0.0]]
