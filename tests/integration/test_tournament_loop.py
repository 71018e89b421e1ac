"""The worker's tournament loop on a real Redis of the module's own, driven in process: pairing, one game per table
with seats bound to the players, results from the feed exactly once (however often a fact is delivered, and
after a crash between creating a table's game and assigning it), a tournament consumer that dies holding
entries, a withdrawn player's open game handed to a bot, and ratings of tournament and casual games once each.
The tiny test game ends in one move, so each round takes milliseconds."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
import redis

from domain import registry
from domain import tournament as domain
from domain.table.state import bot_of
from domain.tournament.commands import CreateTournament, PairRound, RegisterPlayer, StartTournament, WithdrawPlayer
from events.tournaments import Seat
from service.access.identities import Identities
from service.feed.consumers import Subscription
from service.games import creation
from service.operations import config
from service.operations.wiring import Wiring, build
from service.tournaments.loop import table_game_id
from tests.support.processes import ROOT, wait_for
from tests.support.tournaments import own_redis

registry.register("tiny", "tests.support.tiny_game")



@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):
    with own_redis(tmp_path_factory.mktemp("redis")) as url:
        yield url


@pytest.fixture
def wiring(redis_server) -> Wiring:
    redis.Redis.from_url(redis_server).flushdb()
    return build(config.load({"REDIS_URL": redis_server, "INLINE_DEALER": True}))


ORGANISER = "organiser"  # the identity that runs the tournaments below (and created their players)


def players_of(wiring: Wiring, organiser: str, count: int) -> list[str]:
    """`count` player identities the organiser created (as POST /v1/players does): the games of its tournaments
    rate them."""
    return [Identities(wiring.redis).create("player", f"P{i}", organiser, 3600).identity for i in range(count)]


def tiny_swiss(wiring: Wiring, players: int, rounds: int = 3) -> str:
    t = wiring.tournaments
    tid = t.create(CreateTournament("tiny", "swiss", 2, rounds, {"goal": 2}), ORGANISER).id
    t.execute(tid, [RegisterPlayer(p, p) for p in players_of(wiring, ORGANISER, players)], ORGANISER)
    t.execute(tid, [StartTournament()], "organiser")
    t.store.running(tid, True)
    return tid


def play_round(wiring: Wiring, tid: str) -> list[str]:
    """Finish every open game of the current round with one move (the seat to act wins)."""
    state = wiring.tournaments.load(tid).state
    finished = []
    for table in state.rounds[-1].tables:
        if table.result is None and table.game_id is not None:
            loaded = wiring.repository.load(table.game_id)
            if not loaded.finished:
                seat = loaded.game.to_act(loaded.state)[0]
                wiring.commands.command(table.game_id, seat, {"type": "add", "amount": 2})
                finished.append(table.game_id)
    return finished


def drain(subscription: Subscription) -> None:
    while subscription.poll() > 0:
        pass


def games_of(wiring: Wiring) -> list[str]:
    return sorted(wiring.store.facts.game_ids())


def test_a_swiss_runs_to_its_end_and_a_second_delivery_of_every_fact_changes_nothing(wiring):
    loop = wiring.tournament_loop
    tid = tiny_swiss(wiring, 5)
    subscription = Subscription(wiring.feed, loop.consumer(), member="only")
    loop.advance(tid)
    for _ in range(3):
        play_round(wiring, tid)
        drain(subscription)
    folded = wiring.tournaments.load(tid)
    assert isinstance(folded.state, domain.state.Finished)
    tables = [t for r in folded.state.rounds for t in r.tables]
    assert len(tables) == 6 and all(t.result and t.result.by == "game" for t in tables)
    assert games_of(wiring) == sorted(t.game_id for t in tables)  # one game per table, no other
    for t in tables:  # each game's seats are bound to the table's players (their tokens act there); its organiser
        assert wiring.repository.meta(t.game_id).players == t.players  # owns it
        assert wiring.repository.meta(t.game_id).owner == ORGANISER
    assert tid not in wiring.tournaments.store.running_ids()
    book = wiring.ratings.book("tiny")
    assert book.rated == {t.game_id for t in tables}
    assert {c.owner for history in book.history.values() for c in history} == {ORGANISER}

    for entry in wiring.feed.entries():  # every fact once more (a consumer that died before acknowledging)
        loop.handle(entry)
    assert wiring.tournaments.load(tid).version == folded.version
    assert wiring.ratings.book("tiny").ratings == book.ratings and wiring.ratings.count("tiny") == 6


def test_a_crash_between_creating_a_tables_game_and_assigning_it_makes_no_second_game(wiring):
    loop = wiring.tournament_loop
    tid = tiny_swiss(wiring, 4, rounds=1)
    wiring.tournaments.execute(tid, [PairRound()], "service")
    state = wiring.tournaments.load(tid).state
    (round_, first), (_, second) = domain.tables_awaiting_games(state)
    # the worker created the first table's game, and died before assigning it
    first_id = table_game_id(tid, round_, first.number)
    wiring.tournaments.store.place_game(first_id, Seat(tid, round_, first.number))
    loop.open_game(state, first, first_id, {}, ORGANISER)
    assert domain.tables_awaiting_games(wiring.tournaments.load(tid).state)  # nothing assigned yet
    # its game was even played to its end before any worker came back: the result waits on the feed
    loaded = wiring.repository.load(first_id)
    wiring.commands.command(first_id, loaded.game.to_act(loaded.state)[0], {"type": "add", "amount": 2})
    loop.advance(tid)  # the restarted worker: the same id again (found, not made twice), then assigned
    assert games_of(wiring) == sorted([first_id, table_game_id(tid, round_, second.number)])
    subscription = Subscription(wiring.feed, loop.consumer(), member="restarted")
    drain(subscription)
    state = wiring.tournaments.load(tid).state
    assert state.rounds[0].tables[0].game_id == first_id and state.rounds[0].tables[0].result is not None
    play_round(wiring, tid)
    drain(subscription)
    assert isinstance(wiring.tournaments.load(tid).state, domain.state.Finished)
    assert games_of(wiring) == sorted([first_id, table_game_id(tid, round_, second.number)])


def test_a_tournament_consumer_process_that_dies_holding_results_has_them_reclaimed(wiring, redis_server):
    loop = wiring.tournament_loop
    tid = tiny_swiss(wiring, 4, rounds=1)
    loop.advance(tid)
    drain(Subscription(wiring.feed, loop.consumer(), member="before"))  # the game_created facts: nothing to record
    play_round(wiring, tid)
    holder = subprocess.Popen([sys.executable, "-m", "tests.support.feed_holder", redis_server, "tournaments"], cwd=ROOT,
                              stdout=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True)
    try:
        assert holder.stdout.readline().startswith("holding")
        wait_for(lambda: wiring.feed.pending("tournaments") == 2)  # both results taken, none acknowledged
    finally:
        holder.send_signal(signal.SIGKILL)  # it dies holding them
        holder.wait(timeout=10)
    assert not any(t.result for t in wiring.tournaments.load(tid).state.rounds[0].tables)
    other = Subscription(wiring.feed, loop.consumer(), member="other", claim_idle_ms=100)
    assert other.poll() == 0  # nothing new: both are pending with the dead member
    time.sleep(0.15)
    assert other.reclaim() == 2 and wiring.feed.pending("tournaments") == 0
    assert isinstance(wiring.tournaments.load(tid).state, domain.state.Finished)


def test_a_withdrawn_players_open_game_goes_on_with_a_bot_in_their_seat(wiring):
    loop = wiring.tournament_loop
    tid = tiny_swiss(wiring, 4, rounds=2)
    loop.advance(tid)
    table = wiring.tournaments.load(tid).state.rounds[0].tables[0]
    leaving = table.players[1]
    wiring.tournaments.execute(tid, [WithdrawPlayer(leaving)], "organiser")
    loop.advance(tid)
    assert bot_of(wiring.repository.load(table.game_id).table, 1) is not None
    recorded = wiring.tournaments.load(tid).state.rounds[0].tables[0].result
    assert recorded.by == "withdrawal" and recorded.forfeited == (False, True)  # a walkover at once


def test_casual_games_are_rated_once_and_only_when_their_owner_created_every_player(wiring):
    loop = wiring.tournament_loop
    players = tuple(players_of(wiring, ORGANISER, 2))
    rivals = players_of(wiring, "rival", 1)[0]
    games = {
        "rated": creation.create(wiring.commands, "tiny", 2, {"goal": 2}, players=players, owner=ORGANISER)[0],
        "unbound": creation.create(wiring.commands, "tiny", 2, {"goal": 2}, owner=ORGANISER)[0],
        "another organiser's": creation.create(wiring.commands, "tiny", 2, {"goal": 2}, players=players,
                                               owner="rival")[0],
        "across two pools": creation.create(wiring.commands, "tiny", 2, {"goal": 2}, players=(players[0], rivals),
                                            owner=ORGANISER)[0],
        "no owner": creation.create(wiring.commands, "tiny", 2, {"goal": 2}, players=players)[0],
    }
    for loaded in games.values():
        wiring.commands.command(loaded.meta.id, loaded.game.to_act(loaded.state)[0], {"type": "add", "amount": 2})
    subscription = Subscription(wiring.feed, loop.consumer(), member="only")
    drain(subscription)
    for entry in wiring.feed.entries():
        loop.handle(entry)
    book = wiring.ratings.book("tiny")
    assert book.rated == {games["rated"].meta.id} and wiring.ratings.count("tiny") == 1
    assert [(c.source, c.owner) for c in book.history[players[0]]] == [("casual", ORGANISER)]
    assert sum(book.ratings[p].mu for p in players) == pytest.approx(3000)
    assert rivals not in book.ratings


@pytest.mark.parametrize("format_, players, rounds", [("elimination", 5, 3), ("round_robin", 5, 5)])
def test_elimination_and_round_robin_run_to_their_end_with_byes(wiring, format_, players, rounds):
    t, loop = wiring.tournaments, wiring.tournament_loop
    tid = t.create(CreateTournament("tiny", format_, 2, None, {"goal": 2}), ORGANISER).id
    t.execute(tid, [RegisterPlayer(p, p) for p in players_of(wiring, ORGANISER, players)], ORGANISER)
    t.execute(tid, [StartTournament()], "organiser")
    subscription = Subscription(wiring.feed, loop.consumer(), member="only")
    loop.advance(tid)
    for _ in range(rounds):
        play_round(wiring, tid)
        drain(subscription)
    state = t.load(tid).state
    assert isinstance(state, domain.state.Finished) and len(state.rounds) == rounds
    assert all(r.byes for r in state.rounds[:1])  # an odd field: someone sits out
    tables = [tb for r in state.rounds for tb in r.tables]
    assert games_of(wiring) == sorted(tb.game_id for tb in tables)


def test_the_sweep_takes_the_steps_a_lost_job_left_and_forgets_what_never_started(wiring):
    tid = tiny_swiss(wiring, 4, rounds=1)  # started and listed as running; no job ever ran
    never = wiring.tournaments.create(CreateTournament("tiny", "swiss", 2, 1, {"goal": 2}), "organiser").id
    wiring.tournaments.store.running(never, True)  # a start that crashed before its event
    assert wiring.tournament_loop.sweep() == 2
    assert len(wiring.tournaments.load(tid).state.rounds[0].tables) == 2
    assert games_of(wiring) == sorted(t.game_id for t in wiring.tournaments.load(tid).state.rounds[0].tables)
    assert wiring.tournaments.store.running_ids() == [tid]
