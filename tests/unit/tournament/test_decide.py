"""The tournament Decider, given events / when a command / then events or a violation's code."""

from __future__ import annotations

import pytest

from domain.core import RuleViolation
from domain.table import dealer
from domain.tournament import decide, replay, view
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
from domain.tournament.state import Result, Table

CREATED = TournamentCreated("jaipur", "swiss", 2, 2, {}, None, "forfeit", 1)
FOUR = [PlayerRegistered(f"p{i}", f"P{i}", 0) for i in range(1, 5)]
STARTED = [CREATED, *FOUR, TournamentStarted(("p1", "p2", "p3", "p4"))]
ROUND_1 = RoundPaired(1, (Table(1, ("p1", "p3")), Table(2, ("p2", "p4"))), ())
PAIRED = [*STARTED, ROUND_1, GameAssigned(1, 1, "g1"), GameAssigned(1, 2, "g2")]


def then(given: list, command) -> list:
    return decide(replay(given), command)


def refused(given: list, command) -> str:
    with pytest.raises(RuleViolation) as caught:
        then(given, command)
    return caught.value.code


def test_create_records_the_settings():
    assert then([], CreateTournament("jaipur", "swiss", 2, rounds=2)) == [CREATED]


@pytest.mark.parametrize("command", [
    CreateTournament("chess", "swiss", 2, rounds=3),
    CreateTournament("jaipur", "ladder", 2),
    CreateTournament("jaipur", "swiss", 3, rounds=3),  # Jaipur seats two
    CreateTournament("istanbul", "swiss", 6, rounds=3),
    CreateTournament("jaipur", "swiss", 2),  # Swiss needs its rounds
    CreateTournament("jaipur", "round_robin", 2, rounds=3),  # Berger fixes them
    CreateTournament("jaipur", "elimination", 2, advance=2),
    CreateTournament("istanbul", "round_robin", 4, options={"clock": {"per_move_s": 60}}),
    CreateTournament("jaipur", "swiss", 2, rounds=3, timeout_policy="sulk"),
    CreateTournament("jaipur", "swiss", 2, rounds=3, clock={"per_move_s": -1}),
    CreateTournament("jaipur", "swiss", 2, rounds=3, options={"no_such_option": 1}),
])
def test_create_refuses_what_no_game_could_start_with(command):
    assert refused([], command) == v.INVALID_OPTIONS


def test_nothing_before_create_and_no_second_create():
    assert refused([], RegisterPlayer("p1", "P1")) == v.NOT_CREATED
    assert refused([CREATED], CreateTournament("jaipur", "swiss", 2, rounds=2)) == v.ALREADY_CREATED


def test_registration_is_once_per_player_and_closes_at_the_start():
    assert then([CREATED], RegisterPlayer("p1", "P1", 1800)) == [PlayerRegistered("p1", "P1", 1800)]
    assert refused([CREATED, FOUR[0]], RegisterPlayer("p1", "again")) == v.ALREADY_REGISTERED
    assert refused(STARTED, RegisterPlayer("p9", "late")) == v.NOT_REGISTERING
    assert refused([CREATED], RegisterPlayer("", "nobody")) == v.INVALID_OPTIONS


def test_start_seeds_by_rating_then_registration_or_by_the_given_order():
    rated = [CREATED, PlayerRegistered("a", "A", 1500), PlayerRegistered("b", "B", 1900),
             PlayerRegistered("c", "C", 1500)]
    assert then(rated, StartTournament()) == [TournamentStarted(("b", "a", "c"))]
    assert then(rated, StartTournament(("c", "a", "b"))) == [TournamentStarted(("c", "a", "b"))]
    assert refused(rated, StartTournament(("c", "a"))) == v.BAD_ORDER
    assert refused(rated, StartTournament(("c", "a", "a"))) == v.BAD_ORDER
    assert refused([CREATED, FOUR[0]], StartTournament()) == v.TOO_FEW_PLAYERS
    assert refused(STARTED, StartTournament()) == v.NOT_REGISTERING


def test_the_seeding_drawn_by_lot_is_the_dealers_shuffle_of_the_seed():
    seed = "ab" * 32
    shuffled = dealer.outcome(seed.encode(), 0, "shuffle", 4, 0)
    drawn = then([CREATED, *FOUR], DrawSeeding(seed))
    assert drawn == [SeedingDrawn(seed, tuple(f"p{i + 1}" for i in shuffled))]
    assert sorted(drawn[0].order) == ["p1", "p2", "p3", "p4"]
    assert view(replay([CREATED, *FOUR, *drawn]))["seeding"] == list(drawn[0].order)
    other = then([CREATED, *FOUR], DrawSeeding("cd" * 32))[0].order
    assert other != drawn[0].order  # another seed, another order (for these two seeds)


def test_the_drawn_seeding_starts_the_tournament_less_the_players_withdrawn_since():
    drawn = [CREATED, *FOUR, SeedingDrawn("s", ("p3", "p1", "p4", "p2"))]
    assert then(drawn, StartTournament()) == [TournamentStarted(("p3", "p1", "p4", "p2"))]
    assert then([*drawn, PlayerWithdrawn("p1")], StartTournament()) == [TournamentStarted(("p3", "p4", "p2"))]


def test_after_the_draw_no_registration_no_second_draw_and_no_order():
    drawn = [CREATED, *FOUR, SeedingDrawn("s", ("p3", "p1", "p4", "p2"))]
    assert refused(drawn, RegisterPlayer("p5", "P5")) == v.SEEDING_DRAWN
    assert refused(drawn, DrawSeeding("t")) == v.SEEDING_DRAWN
    assert refused(drawn, StartTournament(("p1", "p2", "p3", "p4"))) == v.SEEDING_DRAWN
    assert refused([CREATED, PlayerRegistered("p1", "P1", 0)], DrawSeeding("t")) == v.TOO_FEW_PLAYERS
    assert refused(STARTED, DrawSeeding("t")) == v.NOT_REGISTERING


def test_pairing_waits_for_the_last_game_of_the_round():
    assert then(STARTED, PairRound()) == [ROUND_1]
    assert refused(PAIRED, PairRound()) == v.ROUND_IN_PROGRESS
    assert refused([CREATED, *FOUR], PairRound()) == v.NOT_RUNNING


def test_games_are_assigned_once_per_table():
    given = [*STARTED, ROUND_1]
    assert then(given, AssignGame(1, 1, "g1")) == [GameAssigned(1, 1, "g1")]
    assert then(PAIRED, AssignGame(1, 1, "g1")) == []  # a retry is no error
    assert refused(PAIRED, AssignGame(1, 1, "g9")) == v.TABLE_HAS_GAME
    assert refused([*given, GameAssigned(1, 1, "g1")], AssignGame(1, 2, "g1")) == v.GAME_ELSEWHERE
    assert refused(given, AssignGame(2, 1, "g1")) == v.UNKNOWN_TABLE
    assert refused(given, AssignGame(1, 3, "g1")) == v.UNKNOWN_TABLE


def test_a_result_is_recorded_once_by_game_id():
    won = ResultRecorded(1, 1, "g1", Result((1, 2), (2, 1), (0, 0), (False, False), "game"))
    assert then(PAIRED, RecordResult("g1", (0,), (2, 1))) == [won]
    assert then([*PAIRED, won], RecordResult("g1", (0,), (2, 1))) == []  # the feed delivered it twice
    assert then([*PAIRED, won], RecordResult("g1", (1,), (1, 2))) == []  # the first one counts
    assert refused(PAIRED, RecordResult("g7", (0,), (2, 1))) == v.UNKNOWN_GAME


@pytest.mark.parametrize("command", [
    RecordResult("g1", (2,), (2, 1)),
    RecordResult("g1", (0,), (2, 1, 0)),
    RecordResult("g1", (0, 0), (2, 1)),
    RecordResult("g1", (0,), (2, 1), lira=(1,)),
    RecordResult("g1", (0,), (2, 1), forfeited=(5,)),
])
def test_a_result_must_fit_its_table(command):
    assert refused(PAIRED, command) == v.BAD_RESULT


def test_a_clock_forfeit_is_a_loss_whatever_the_score():
    events = then(PAIRED, RecordResult("g1", (1,), (1, 0), forfeited=(0,)))
    assert events == [ResultRecorded(1, 1, "g1", Result((2, 1), (1, 0), (0, 0), (True, False), "game"))]


def test_a_withdrawal_forfeits_the_open_game_and_leaves_the_later_rounds():
    walkover = ResultRecorded(1, 1, "g1", Result((1, 2), (0, 0), (0, 0), (False, True), "withdrawal"))
    assert then(PAIRED, WithdrawPlayer("p3")) == [PlayerWithdrawn("p3"), walkover]
    # the game's own result arrives later: the table is decided, so it counts nothing
    assert then([*PAIRED, PlayerWithdrawn("p3"), walkover], RecordResult("g1", (1,), (0, 2))) == []
    assert refused([*PAIRED, PlayerWithdrawn("p3")], WithdrawPlayer("p3")) == v.ALREADY_WITHDRAWN
    assert refused(PAIRED, WithdrawPlayer("p9")) == v.UNKNOWN_PLAYER


def test_a_withdrawal_before_the_start_unregisters():
    state = replay([CREATED, *FOUR, PlayerWithdrawn("p2")])
    assert [p.id for p in state.players] == ["p1", "p3", "p4"]


def test_finish_only_after_the_last_round():
    r1 = [ResultRecorded(1, 1, "g1", Result((1, 2), (2, 0), (0, 0), (False, False), "game")),
          ResultRecorded(1, 2, "g2", Result((1, 2), (2, 0), (0, 0), (False, False), "game"))]
    assert refused(PAIRED, FinishTournament()) == v.ROUND_IN_PROGRESS
    assert refused([*PAIRED, *r1], FinishTournament()) == v.ROUNDS_REMAINING
    round_2 = then([*PAIRED, *r1], PairRound())
    assert round_2 == [RoundPaired(2, (Table(1, ("p1", "p2")), Table(2, ("p3", "p4"))), ())]  # winners meet
    r2 = [GameAssigned(2, 1, "g3"), GameAssigned(2, 2, "g4"),
          ResultRecorded(2, 1, "g3", Result((1, 2), (2, 0), (0, 0), (False, False), "game")),
          ResultRecorded(2, 2, "g4", Result((1, 2), (2, 0), (0, 0), (False, False), "game"))]
    done = [*PAIRED, *r1, *round_2, *r2]
    assert refused(done, PairRound()) == v.NO_ROUNDS_LEFT
    assert then(done, FinishTournament()) == [TournamentFinished()]
    assert refused([*done, TournamentFinished()], PairRound()) == v.NOT_RUNNING
    assert refused([*done, TournamentFinished()], WithdrawPlayer("p1")) == v.NOT_RUNNING


def test_every_code_is_listed_once():
    assert len(set(v.ALL_CODES)) == len(v.ALL_CODES)


def test_a_command_of_another_kind_is_refused():
    assert refused(STARTED, object()) == v.UNKNOWN_COMMAND


def test_a_player_registered_with_a_bot_keeps_it_in_the_view():
    assert then([CREATED], RegisterPlayer("p1", "P1", 0, "greedy")) == [PlayerRegistered("p1", "P1", 0, "greedy")]
    state = replay([CREATED, PlayerRegistered("p1", "P1", 0, "greedy"), FOUR[1]])
    assert [p["bot"] for p in view(state)["players"]] == ["greedy", None]
