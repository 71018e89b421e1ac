"""An exported tournament log verifies forever: the verifier checks a recorded pairing against its format's rules
(domain/tournament/pairing_rules.py), not against today's planner. Logs are built here as the service builds them
(a command on its batch's first envelope, the chain sealed), without Redis."""

from __future__ import annotations

import pytest

from domain import tournament
from domain.tournament import schedule
from domain.tournament.commands import (
    AssignGame,
    CreateTournament,
    FinishTournament,
    PairRound,
    RecordResult,
    RegisterPlayer,
    StartTournament,
    WithdrawPlayer,
)
from events.envelope import GENESIS, seal
from events.tournaments import document
from service.tournaments import audit as tournament_audit
from service.tournaments.repository import codec_command


class Logged:
    """A tournament played by commands, kept as the unsealed documents of its log (sealed by `envelopes`)."""

    def __init__(self, create: CreateTournament, players: int):
        self.state, self.docs, self.games = tournament.initial_state(), [], 0
        self.play(create)
        for i in range(1, players + 1):
            self.play(RegisterPlayer(f"p{i}", f"P{i}"))
        self.play(StartTournament())

    def play(self, command) -> None:
        for i, event in enumerate(tournament.decide(self.state, command)):
            self.docs.append(document(event, "2026-12-01T00:00:00Z", "organiser", codec_command(command) if i == 0
                                      else None))
            self.state = tournament.evolve(self.state, event)

    def rounds(self, count: int) -> None:
        """Pair `count` rounds; at each table the first seat wins."""
        for _ in range(count):
            self.play(PairRound())
            for number, table in tournament.tables_awaiting_games(self.state):
                self.games += 1
                self.play(AssignGame(number, table.number, f"g{self.games}"))
                self.play(RecordResult(f"g{self.games}", (0,), tuple(range(len(table.players), 0, -1))))

    def envelopes(self, docs: list[dict] | None = None) -> list[dict]:
        sealed, prev = [], GENESIS
        for version, doc in enumerate(docs or self.docs, start=1):
            sealed.append(seal({"tournament": "t1", "version": version, **doc}, prev))
            prev = sealed[-1]["hash"]
        return sealed

    def paired(self, round_: int) -> int:
        """The index of round `round_`'s round_paired document."""
        return next(i for i, d in enumerate(self.docs) if d["type"] == "round_paired" and
                    d["payload"]["round"] == round_)


def reversed_planner(players, sizes, rounds, met):
    """Another planner (a later version's, say): players dealt in reverse, rotated each round."""
    order = list(reversed(players))
    plan = []
    for r in range(rounds):
        turned = order[r:] + order[:r]
        tables, at = [], 0
        for size in sizes:
            tables.append(turned[at:at + size])
            at += size
        plan.append(tables)
    return plan


def test_a_log_paired_by_another_planner_still_verifies(monkeypatch):
    with monkeypatch.context() as patched:
        patched.setattr(schedule, "plan", reversed_planner)
        old = Logged(CreateTournament("istanbul", "round_robin", 3, None), 7)
        old.rounds(3)
        old.play(FinishTournament())
    today = Logged(CreateTournament("istanbul", "round_robin", 3, None), 7)
    today.rounds(1)
    assert old.docs[old.paired(1)] != today.docs[today.paired(1)]  # today's planner pairs otherwise
    assert tournament_audit.verify(old.envelopes()) is None


def tampered(log: Logged, at: int, tables: list[list[str]]) -> list[dict]:
    docs = [dict(d) for d in log.docs]
    payload = docs[at]["payload"]
    docs[at] = {**docs[at], "payload": {**payload, "tables": [
        {**t, "players": players} for t, players in zip(payload["tables"], tables)]}}
    return log.envelopes(docs)


def test_a_pairing_that_seats_a_player_twice_or_a_withdrawn_player_is_refused():
    log = Logged(CreateTournament("istanbul", "round_robin", 3, None), 7)
    log.play(WithdrawPlayer("p7"))
    log.rounds(1)
    at = log.paired(1)
    tables = [t["players"] for t in log.docs[at]["payload"]["tables"]]
    assert tournament_audit.verify(log.envelopes()) is None
    twice = [tables[0], [tables[0][0]] + tables[1][1:]]
    assert tournament_audit.verify(tampered(log, at, twice)) == tournament_audit.Broken(
        at + 1, "tournament.pairing_seats_twice", tournament_audit.verify(tampered(log, at, twice)).detail)
    withdrawn = [tables[0], ["p7"] + tables[1][1:]]
    assert tournament_audit.verify(tampered(log, at, withdrawn)).code == "tournament.pairing_seats_withdrawn"
    uneven = [tables[0] + tables[1][:1], tables[1][1:]]  # 4 and 2: not the sizes of six at tables of three
    assert tournament_audit.verify(tampered(log, at, uneven)).code == "tournament.pairing_table_sizes"


@pytest.mark.parametrize("format_, code", [("swiss", "tournament.pairing_repeat"),
                                           ("round_robin", "tournament.pairing_repeat")])
def test_a_repeat_pairing_is_refused_where_the_format_forbids_or_could_avoid_it(format_, code):
    log = Logged(CreateTournament("jaipur", format_, 2, 3 if format_ == "swiss" else None), 4)
    log.rounds(2)
    first = [t["players"] for t in log.docs[log.paired(1)]["payload"]["tables"]]
    assert tournament_audit.verify(log.envelopes()) is None
    assert tournament_audit.verify(tampered(log, log.paired(2), first)).code == code
