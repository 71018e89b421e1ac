"""Open seats through the service's command path, in process on a real Redis: the deal recomputed offline from
the recorded contributions, expiry by the worker's sweep, the creator's early start.

The expected deal is computed by tests/support/lobby.py's own reading of the documented construction, never by
the service's dealer or `seating.mixed`."""

from __future__ import annotations

import hashlib
import json
import random
from datetime import UTC, datetime, timedelta

import pytest

from domain.core import Conflict
from domain.table import waiting
from domain.table.clock import to_iso
from domain.table.options import BotSeat
from service.games import audit, seating, views
from service.games.commands import now_iso
from service.operations.verify import verify
from tests.support.exports import lines, rechained
from tests.support.lobby import DAY_S, claim_every_seat, dealt_seed, open_game, shuffle
from tests.support.play import play_on
from tests.support.service import InProcess

ENTROPIES = ["a" * 32, "b" * 32]


@pytest.fixture
def commands(app):
    return app.extensions["bazaar.commands"]


@pytest.fixture(scope="module")
def finished_export(app):
    """A Jaipur match with open seats, claimed with known entropies and played to its end: its complete export."""
    commands = app.extensions["bazaar.commands"]
    gid = open_game(commands, "jaipur", kinds=("code", "public")).meta.id
    claim_every_seat(commands, gid, ENTROPIES)
    play_on(InProcess.of(app), gid, random.Random(30))
    loaded = commands.repository.load(gid)
    assert loaded.finished
    return [json.loads(line) for line in audit.export_lines(commands.repository, loaded, None)]


def test_every_draw_is_recomputed_offline_from_the_revealed_secret_and_the_recorded_contributions(finished_export):
    ok, report = verify(lines(finished_export))
    assert ok, report
    by_type = {}
    for env in finished_export:
        by_type.setdefault(env["type"], []).append(env)
    secret = by_type["seed_revealed"][0]["payload"]["seed"]
    assert hashlib.sha256(secret.encode()).hexdigest() == by_type["game_created"][0]["payload"]["seed_commitment"]
    claims = sorted(by_type["seat_claimed"], key=lambda e: e["payload"]["seat"])
    assert [c["payload"]["entropy"] for c in claims] == ENTROPIES and not any(c["payload"]["generated"] for c in claims)
    # nothing was drawn before the last claim, and the first shuffle is the documented one
    first_draw = next(i for i, e in enumerate(finished_export) if e["type"] == "chance_drawn")
    assert first_draw > finished_export.index(by_type["game_started"][0])
    shuffled = next(e["payload"] for e in by_type["chance_drawn"] if e["payload"]["kind"] == "shuffle")
    seed = dealt_seed(secret, ENTROPIES)
    assert tuple(shuffled["outcome"]) == shuffle(seed, shuffled["draw"], shuffled["size"])
    assert tuple(shuffled["outcome"]) != shuffle(secret, shuffled["draw"], shuffled["size"])  # not the secret alone


def test_a_contribution_edited_in_a_rechained_log_no_longer_explains_the_deal(finished_export):
    """A forger who changes a recorded contribution (and chains the log again) is caught where the deal starts:
    the verifier derives the seed from the contributions, so the recorded draws stop following from it."""
    envelopes = [dict(env) for env in finished_export]
    at = next(i for i, e in enumerate(envelopes) if e["type"] == "seat_claimed" and e["payload"]["seat"] == 1)
    envelopes[at] = {**envelopes[at], "payload": {**envelopes[at]["payload"], "entropy": "c" * 32},
                     "command": {**envelopes[at]["command"], "entropy": "c" * 32}}
    ok, report = verify(lines(rechained(envelopes)))
    assert not ok and report.endswith("(import_invalid_move)"), report
    # named at a draw (the first whose outcome the edited seed changes: a pick of two may come out the same)
    named = envelopes[int(report.split(":")[0].removeprefix("line ")) - 1]
    assert named["type"] == "chance_drawn", report


def test_a_game_left_waiting_expires_by_the_sweep_and_leaves_the_listing(app, commands):
    open_games = app.extensions["bazaar.open_games"]
    gid = open_game(commands).meta.id
    seating.claim(commands, gid, 0, "0" * 16, "d" * 32, None)
    assert open_games.get(gid)["open_seats"] == [{"seat": 1, "invitation": "public", "player": None}]
    now = datetime.now(UTC)
    assert gid not in open_games.due(now)
    assert seating.expire_due(commands, [gid], to_iso(int(now.timestamp() * 1000))) == 0  # not yet
    later = now + timedelta(seconds=DAY_S + 1)
    assert gid in open_games.due(later)  # the sweep's list: the one other games of the suite may share
    assert seating.expire_due(commands, [gid], to_iso(int(later.timestamp() * 1000))) == 1
    loaded = commands.repository.load(gid)
    assert views.view(loaded, None, now_iso())["status"] == "expired" and loaded.table.draws == 0
    assert open_games.get(gid) is None and gid not in open_games.due(later)
    index = commands.store.index.list_games()[gid]
    assert index["status"] == "finished" and index["expired"] is True
    with pytest.raises(Conflict) as late:
        seating.claim(commands, gid, 1, "1" * 16, "e" * 32, None)
    assert late.value.code == "game_expired"
    ok, report = verify(list(audit.export_lines(commands.repository, loaded, None)))  # its secret is out: it verifies
    assert ok and [e["type"] for e in map(json.loads, audit.export_lines(commands.repository, loaded, None))][-2:] == [
        "game_expired", "seed_revealed"], report


def test_the_creator_starts_early_with_a_bot_in_each_open_seat(commands):
    gid = open_game(commands, "jaipur").meta.id
    with pytest.raises(Conflict) as empty:
        seating.start(commands, gid, BotSeat("greedy"))
    assert empty.value.code == "nobody_seated"
    seating.claim(commands, gid, 1, "1" * 16, "f" * 32, None)
    started = seating.start(commands, gid, BotSeat("greedy"))
    assert not waiting(started.table) and started.table.draws > 0
    assert [b.bot if b else None for b in started.table.bots] == ["greedy", None]
    assert views.view(started, None, now_iso())["lobby"]["seats"][0] == {
        "seat": 0, "invitation": "public", "player": None, "claimed": False, "bot": True}
