"""Standings and their tie-breaks against tables computed by hand, and the CSV and JSON exports."""

from __future__ import annotations

import csv
import io
import json

from domain.tournament import replay, standings, standings_csv, standings_json
from domain.tournament.commands import CreateTournament, RegisterPlayer, StartTournament
from domain.tournament.events import (
    GameAssigned,
    PlayerRegistered,
    ResultRecorded,
    RoundPaired,
    TournamentCreated,
    TournamentStarted,
)
from domain.tournament.state import Result, Table
from tests.unit.tournament.play import Tournament


def jaipur_round_robin():
    """Four players, Berger: round 1 p1-p4, p2-p3; round 2 p4-p3, p1-p2; round 3 p2-p4, p3-p1.
    Results: p1 beats p4, p2 draws p3; p4 beats p3, p2 beats p1; p2 beats p4, p3 beats p1."""
    run = Tournament.started("jaipur", "round_robin", 4)
    winners = {("p1", "p4"): (0,), ("p2", "p3"): (0, 1), ("p4", "p3"): (0,), ("p1", "p2"): (1,),
               ("p2", "p4"): (0,), ("p3", "p1"): (0,)}
    run.to_the_end(lambda table: (winners[table.players], (1, 1)))
    return run.state


def test_round_robin_pairs_by_the_berger_table():
    state = jaipur_round_robin()
    assert [[t.players for t in r.tables] for r in state.rounds] == [
        [("p1", "p4"), ("p2", "p3")], [("p4", "p3"), ("p1", "p2")], [("p2", "p4"), ("p3", "p1")]]


def test_head_to_head_standings_break_ties_by_buchholz_then_sonneborn_berger():
    # points: p2 ½+1+1, p3 ½+0+1, p4 0+1+0, p1 1+0+0
    # Buchholz: p2 1.5+1+1, p3 2.5+1+1, p4 1+1.5+2.5, p1 1+2.5+1.5 (p1 and p4 tie on 5)
    # Sonneborn-Berger: p2 ½·1.5+1+1, p3 ½·2.5+1, p4 1.5 (beat p3), p1 1 (beat p4): p4 before p1
    rows = [(s.rank, s.player, s.points, dict(s.tie_breaks)) for s in standings(jaipur_round_robin())]
    assert rows == [
        (1, "p2", 2.5, {"buchholz": 3.5, "sonneborn_berger": 2.75}),
        (2, "p3", 1.5, {"buchholz": 4.5, "sonneborn_berger": 2.25}),
        (3, "p4", 1.0, {"buchholz": 5.0, "sonneborn_berger": 1.5}),
        (4, "p1", 1.0, {"buchholz": 5.0, "sonneborn_berger": 1.0}),
    ]


def istanbul_two_rounds():
    """Six players at tables of three, two rounds given as events (round 1: a b c / d e f; round 2: a d e /
    b c f), with places, rubies and lira chosen to need every tie-break."""
    players = ("a", "b", "c", "d", "e", "f")

    def result(places, rubies, lira):
        return Result(places, rubies, lira, (False,) * 3, "game")

    return replay([
        TournamentCreated("istanbul", "round_robin", 3, 2, {}, None, "forfeit", 1),
        *(PlayerRegistered(p, p.upper(), 0) for p in players),
        TournamentStarted(players),
        RoundPaired(1, (Table(1, ("a", "b", "c")), Table(2, ("d", "e", "f"))), ()),
        GameAssigned(1, 1, "g1"), GameAssigned(1, 2, "g2"),
        ResultRecorded(1, 1, "g1", result((1, 2, 3), (5, 4, 2), (1, 12, 7))),
        ResultRecorded(1, 2, "g2", result((1, 2, 3), (5, 3, 0), (1, 2, 9))),
        RoundPaired(2, (Table(1, ("a", "d", "e")), Table(2, ("b", "c", "f"))), ()),
        GameAssigned(2, 1, "g3"), GameAssigned(2, 2, "g4"),
        ResultRecorded(2, 1, "g3", result((1, 2, 3), (5, 6, 1), (9, 0, 4))),
        ResultRecorded(2, 2, "g4", result((1, 3, 2), (5, 2, 4), (0, 20, 1))),
    ])


def test_table_standings_break_ties_by_rubies_then_lira():
    # placement points: a 2+2, b 1+2, d 2+1, e 1+0, f 0+1, c 0+0. Against the seeding (a b c d e f): d's 11
    # rubies beat b's 9, and f's 10 lira beat e's 6 at 4 rubies each
    rows = [(s.player, s.points, dict(s.tie_breaks)) for s in standings(istanbul_two_rounds())]
    assert rows == [
        ("a", 4.0, {"rubies": 10, "lira": 10}),
        ("d", 3.0, {"rubies": 11, "lira": 1}),
        ("b", 3.0, {"rubies": 9, "lira": 12}),
        ("f", 1.0, {"rubies": 4, "lira": 10}),
        ("e", 1.0, {"rubies": 4, "lira": 6}),
        ("c", 0.0, {"rubies": 4, "lira": 27}),
    ]


def test_csv_export_has_a_header_and_a_line_per_player_in_rank_order():
    assert standings_csv(jaipur_round_robin()) == (
        "rank,player,name,points,buchholz,sonneborn_berger,games,byes,withdrawn\r\n"
        "1,p2,Player 2,2.5,3.5,2.75,3,0,False\r\n"
        "2,p3,Player 3,1.5,4.5,2.25,3,0,False\r\n"
        "3,p4,Player 4,1.0,5.0,1.5,3,0,False\r\n"
        "4,p1,Player 1,1.0,5.0,1.0,3,0,False\r\n")
    assert standings_csv(istanbul_two_rounds()).splitlines()[:2] == [
        "rank,player,name,points,rubies,lira,games,byes,withdrawn", "1,a,A,4.0,10,10,2,0,False"]


def test_json_export_carries_the_same_rows():
    document = json.loads(standings_json(jaipur_round_robin()))
    assert document["format"] == "round_robin" and document["rounds_played"] == 3
    assert document["standings"][0] == {"rank": 1, "player": "p2", "name": "Player 2", "points": 2.5,
                                        "buchholz": 3.5, "sonneborn_berger": 2.75, "games": 3, "byes": 0,
                                        "withdrawn": False}
    assert [row["player"] for row in document["standings"]] == ["p2", "p3", "p4", "p1"]


FORMULAS = ["=HYPERLINK(\"http://evil.example\",\"Ada\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]


def test_a_name_that_would_start_a_formula_is_exported_as_text():
    """OWASP's CSV injection rule: a cell beginning with =, +, -, @, tab or CR gets a leading single quote; other
    names (one with a line break inside: still one row) and the JSON export keep the name as given."""
    run = Tournament()
    run.play(CreateTournament("jaipur", "round_robin", 2, None))
    names = [*FORMULAS, "Ada", "'quoted", "a=b", "two\rlines", "two\nlines"]
    for i, name in enumerate(names):
        run.play(RegisterPlayer(f"p{i}", name))
    run.play(StartTournament(()))
    exported = {row["player"]: row["name"] for row in csv.DictReader(io.StringIO(standings_csv(run.state), newline=""))}
    expected = {f"p{i}": ("'" + name if i < len(FORMULAS) else name) for i, name in enumerate(names)}
    assert exported == expected
    assert {row["name"] for row in json.loads(standings_json(run.state))["standings"]} == set(names)
