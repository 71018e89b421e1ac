"""End to end, each player from its own stream (`GET /v1/me/events`), on a Redis, server and worker of the module's
own at production settings (but the organiser token it needs):

- six external bot processes (`bazaar listen`, the SDK's player stream and a greedy bot, nothing else: no
  polling) play a whole Swiss of six players on Jaipur, three rounds, every move theirs;
- a challenge reaches the challenged player's stream, is accepted and starts a game dealt from both players'
  entropy; the game's end reaches both; a rematch, with the seats rotated, is offered and accepted the same way;
  a declined challenge is told to the challenger.
Expiry by the worker's sweep needs a short wait for claims: it has a stack of its own (OPEN_FOR_S=2, SWEEP_S=1).
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bazaar_client.sdk import Client
from tests.api.client import Api
from tests.support import tournaments as t
from tests.support.processes import WorkerProcess, gunicorn, wait_for
from tests.support.tournaments import own_redis

ORGANISER = "organiser-players-e2e-4d7a1c9e2b8f60"
BAZAAR = Path(sys.executable).parent / "bazaar"
SWISS_PLAYERS, ROUNDS = 6, 3


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    logs = tmp_path_factory.mktemp("players")
    with own_redis(logs / "redis") as url:
        worker = WorkerProcess(url, logs).start()
        try:
            with gunicorn(url, logs, {"BAZAAR_ORGANISER_TOKENS": ORGANISER}) as base:
                yield base
        finally:
            worker.stop()


def new_player(base: str, name: str) -> dict:
    return Client(base, ORGANISER).create_player(name).__dict__


class Listener:
    """A player's notices, as its SDK stream yields them, collected by a thread of the test."""

    def __init__(self, base: str, token: str):
        self.stream = Client(base, token).my_events()
        self.notices: queue.Queue = queue.Queue()
        self.seen: list = []
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self):
        for notice in self.stream:
            self.notices.put(notice)

    def next(self, kind: str, timeout: float = 15):
        deadline = time.monotonic() + timeout
        while True:
            for notice in self.seen:
                if notice.type == kind:
                    self.seen.remove(notice)
                    return notice
            self.seen.append(self.notices.get(timeout=max(0.01, deadline - time.monotonic())))


@pytest.mark.e2e
@pytest.mark.slow(seconds=40)
def test_six_external_bots_play_a_swiss_from_their_own_streams_alone(stack):
    api = Api(stack)
    players = [new_player(stack, f"Listener {i}") for i in range(SWISS_PLAYERS)]
    tid = t.create(api, ORGANISER, game="jaipur", format="swiss", table_size=2, rounds=ROUNDS)
    for player in players:
        t.register(api, ORGANISER, tid, player=player["id"])
    bots = [subprocess.Popen([str(BAZAAR), "--url", stack, "--token", p["token"], "--json", "listen", "--bot", "greedy",
                              "--seed", str(i), "--games", str(ROUNDS)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True) for i, p in enumerate(players)]
    started = time.monotonic()
    try:
        t.start(api, ORGANISER, tid)
        final = t.finished(api, tid, timeout=120)
        outputs = [bot.communicate(timeout=30) for bot in bots]
    finally:
        for bot in bots:
            bot.kill()
    print(f"Swiss of {SWISS_PLAYERS} external listeners on Jaipur, {ROUNDS} rounds: {time.monotonic() - started:.1f} s")
    assert [bot.returncode for bot in bots] == [0] * SWISS_PLAYERS, [err[-2000:] for _out, err in outputs]
    assert all(json.loads(out.splitlines()[-1])["moves"] > 0 for out, _err in outputs)
    final = t.check_finished(api, ORGANISER, tid)
    assert len(final["rounds"]) == ROUNDS and all(len(r["tables"]) == 3 and not r["byes"] for r in final["rounds"])
    assert sum(s["points"] for s in final["standings"]) == ROUNDS * 3 and all(s["games"] == ROUNDS
                                                                              for s in final["standings"])
    for table in (tb for r in final["rounds"] for tb in r["tables"]):
        commands = [e["command"] for e in api.events(table["game_id"]) if e["command"] and e["seat"] is not None]
        assert commands and not any(c["type"] == "bot_move" for c in commands)  # every move a listener's own
    for player in players:  # what each stream said: each round's pairing, start and end
        told = [n.type for n in Client(stack, player["token"]).notices(limit=1000)[0]]
        assert [told.count(kind) for kind in ("round_paired", "game_started", "game_finished")] == [ROUNDS] * 3


@pytest.mark.e2e
def test_a_challenge_and_its_rematch_reach_both_players_on_their_own_streams(stack):
    ada, bo = new_player(stack, "Ada"), new_player(stack, "Bo")
    ada_client, bo_client = Client(stack, ada["token"]), Client(stack, bo["token"])
    ada_hears, bo_hears = Listener(stack, ada["token"]), Listener(stack, bo["token"])
    offer = ada_client.challenge(bo["id"], "tiny", {"goal": 1})
    told = bo_hears.next("challenge_offered")
    assert (told.fields["offer_id"], told.fields["by"]) == (offer.id, ada["id"])
    accepted = bo_client.accept_challenge(offer.id)
    assert accepted.status == "settled" and accepted.seat == 1 and accepted.token
    assert ada_hears.next("offer_accepted").fields["by"] == bo["id"]
    for hears, seat in ((ada_hears, 0), (bo_hears, 1)):
        started = hears.next("game_started")
        assert (started.game_id, started.seat) == (accepted.game_id, seat)
    entropies = [e.payload for e in Client(stack).events(accepted.game_id).events if e.type == "seat_claimed"]
    assert len(entropies) == 2 and not any(e["generated"] for e in entropies)  # each brought its own (the SDK's)
    game = Client(stack).view(accepted.game_id)
    mover = ada_client if game.to_act == (0,) else bo_client
    mover.play(accepted.game_id, mover.legal_moves(accepted.game_id).moves[0])
    for hears in (ada_hears, bo_hears):
        assert hears.next("game_finished").game_id == accepted.game_id
    rematch = ada_client.rematch(accepted.game_id)
    assert rematch.status == "open" and rematch.players == (bo["id"], ada["id"])  # seats moved on
    assert bo_hears.next("rematch_offered").fields["source_game"] == accepted.game_id
    again = bo_client.rematch(accepted.game_id)
    assert again.status == "settled" and again.seat == 0
    assert Client(stack).view(again.game_id).status == "active"
    for hears, seat in ((ada_hears, 1), (bo_hears, 0)):  # Ada sat at 0, Bo at 1: each moved on by one
        started = hears.next("game_started")
        assert (started.game_id, started.seat) == (again.game_id, seat)
        assert {hears.next("offer_settled").fields["game_id"] for _ in range(2)} == {accepted.game_id, again.game_id}
    declined = ada_client.challenge(bo["id"], "tiny")
    assert bo_hears.next("challenge_offered").fields["offer_id"] == declined.id
    assert bo_client.decline_challenge(declined.id).status == "declined"
    assert ada_hears.next("offer_declined").fields["offer_id"] == declined.id


@pytest.mark.e2e
@pytest.mark.slow(seconds=8)
def test_a_game_nobody_joins_expires_by_the_workers_sweep(tmp_path_factory):
    """A short wait for claims (2 s) and sweep (1 s): the only settings here that are not production's, and what
    this test is about; tests/integration/test_open_seats.py expires a game at production settings."""
    logs = tmp_path_factory.mktemp("expiry")
    with own_redis(logs / "redis") as url:
        worker = WorkerProcess(url, logs, {"BAZAAR_SWEEP_S": "1", "BAZAAR_OPEN_FOR_S": "2"}).start()
        try:
            with gunicorn(url, logs, {"BAZAAR_OPEN_FOR_S": "2"}) as base:
                client = Client(base)
                opened = client.create_open("tiny", 2, ["public", "public"])
                guest = client.claim(opened.id, 0)
                hears = Listener(base, guest.player_token)
                assert {g.id for g in client.open_games("tiny")} == {opened.id}
                view = wait_for(lambda: (v := client.view(opened.id)).status == "expired" and v, timeout=20)
                assert view.to_act == () and client.open_games("tiny") == ()
                assert hears.next("game_expired").game_id == opened.id
        finally:
            worker.stop()
