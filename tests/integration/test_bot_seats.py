"""Bot seats against the real HTTP server and a real worker process: a game of bot seats plays to its end, a
player plays a bot seat through the API, an organiser hands a seat to a bot and back, and a seat whose clock
runs out is played by a bot from then on (timeout policy "bot"). The log names the bot of every move; the view
names the bot of every seat. A bot's thinking never holds up another game's roll."""

import threading
import time

import pytest
import redis

from bazaar_client.bots import make_bot
from bazaar_client.bots.runner import play_seat
from bazaar_client.sdk import Client
from service.operations.wiring import BOT_QUEUE, rq_queue
from service.scheduling import bot_seats
from tests.api.client import Api
from tests.support.databases import own_db, url_of
from tests.support.processes import WorkerProcess, wait_for
from tests.unit.table.support import Tiny, at

ORGANISER = "organiser-bots-5e1a9c3f7b2d8406e"
OWN_DB = own_db("bot_seats")


@pytest.fixture(scope="module")
def api(server):
    return Api(server)


def log(api, gid, token=None):
    return api.call("GET", f"/v1/games/{gid}/events", token).json()["events"]


def moves_by_seat(events) -> dict[int, list[dict]]:
    """The recorded command of each batch a seat caused, by seat."""
    out: dict[int, list[dict]] = {}
    for e in events:
        if e["seat"] is not None and e.get("command"):
            out.setdefault(e["seat"], []).append(e["command"])
    return out


def finished(api, gid):
    view = api.view(gid)
    return view if view["status"] == "finished" else None


def test_a_game_of_bot_seats_plays_to_its_end_on_the_worker(api, running_worker):
    gid, _ = api.create("jaipur", 2, options={"bots": [{"bot": "greedy"}, {"bot": "mcts", "budget_ms": 20}]})
    view = wait_for(lambda: finished(api, gid), timeout=120, interval=0.2)
    assert view["result"]["winners"]
    played = moves_by_seat(log(api, gid))
    for seat, bot in ((0, "greedy"), (1, "mcts")):
        assert played[seat] and all(c["type"] == "bot_move" and c["bot"] == bot for c in played[seat])


def test_consecutive_bot_moves_are_played_in_runs_not_one_job_each(api, running_worker, redis_url):
    """A job plays the bot moves that follow one another for up to RUN_MS (bot_seats.play_run), queueing a job
    only for the move after its run: a match of two bots takes a fraction of a job per move."""
    gid, _ = api.create("jaipur", 2, options={"bots": [{"bot": "greedy"}, {"bot": "greedy"}]})
    wait_for(lambda: finished(api, gid), timeout=120, interval=0.2)
    moves = sum(len(played) for played in moves_by_seat(log(api, gid)).values())
    registry = rq_queue(BOT_QUEUE, redis.Redis.from_url(redis_url)).finished_job_registry
    jobs = [job for job in registry.get_job_ids() if job.startswith(f"bot-{gid}-")]
    assert jobs and len(jobs) * 4 <= moves, f"{len(jobs)} jobs for {moves} moves"


def test_a_player_plays_against_a_bot_seat_through_the_api(api, server, running_worker):
    gid, tokens = api.create("jaipur", 2, options={"bots": [None, {"bot": "greedy"}]})
    for token in (None, tokens[0], tokens[1]):  # every seat and a spectator are shown which seat is a bot's
        assert api.view(gid, token)["bots"] == [None, {"bot": "greedy", "budget_ms": None}]
    refused = api.command(gid, tokens[1], {"type": "take_camels"})
    assert refused.status_code == 422 and refused.json()["code"] == "seat_played_by_bot"
    final = play_seat(Client(server).as_seat(tokens[0]), gid, make_bot("random", "player"))
    assert final.finished and final.result["winners"]
    assert final.bots == (None, {"bot": "greedy", "budget_ms": None})  # the SDK's view names the bot too
    played = moves_by_seat(log(api, gid))
    assert all(c["type"] != "bot_move" for c in played[0])
    assert played[1] and all(c == {"type": "bot_move", "bot": "greedy", "move": c["move"]} for c in played[1])


def test_bot_names_and_seat_lists_are_checked_at_creation(api):
    for options in ({"bots": [{"bot": "nobody"}, None]}, {"bots": [{"bot": "greedy"}]},
                    {"timeout_policy": {"bot": "nobody"}}, {"bots": [{"bot": "greedy", "budget_ms": 0}, None]}):
        # the published schema refuses each of them too (BotName, one entry per seat, budget_ms 1-60000)
        r = api.call("POST", "/v1/games", json={"game": "jaipur", "seats": 2, "options": options},
                     valid_request=False)
        assert r.status_code == 422 and r.json()["code"] == "invalid_options", options


@pytest.fixture
def own(own_server, redis_url, tmp_path):
    """A server with an organiser token and a worker of its own, on Redis database OWN_DB."""
    worker = WorkerProcess(url_of(redis_url, "bot_seats"), tmp_path).start()
    try:
        with own_server(OWN_DB, ORGANISER_TOKENS=ORGANISER) as base:
            yield Api(base)
    finally:
        worker.stop()


def seat_bot(api, gid, seat, body, token=ORGANISER, **kwargs):
    return api.call("PUT", f"/v1/games/{gid}/seats/{seat}/bot", token, json=body, **kwargs)


def test_an_organiser_hands_a_seat_of_its_game_to_a_bot_and_back(own):
    gid, tokens = own.create("jaipur", 2, seed="organiser", open_game=True, token=ORGANISER)
    assert "bots" not in own.view(gid)  # no bot at the table: the game resource keeps its shape
    anonymous = seat_bot(own, gid, 1, {"bot": "greedy"}, token=tokens[1])
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "organiser_required"
    unknown = seat_bot(own, gid, 1, {"bot": "nobody"}, valid_request=False)  # not a BotName
    assert unknown.status_code == 422 and unknown.json()["code"] == "invalid_options"
    seated = seat_bot(own, gid, 1, {"bot": "greedy", "budget_ms": 50})
    assert seated.status_code == 200 and seated.json()["bot"] == "greedy"
    assert own.view(gid, tokens[0])["bots"] == [None, {"bot": "greedy", "budget_ms": 50}]
    human = own.view(gid, tokens[0])
    for _ in range(3):  # the player moves; the worker answers for the bot's seat each time
        wait_for(lambda: own.view(gid)["to_act"] == [0], timeout=30)
        version = own.view(gid)["version"]
        assert own.command(gid, tokens[0], {"type": "take_camels"} if "camel" in human["state"]["market"]
                           else next_move(own, gid, tokens[0])).status_code == 201
        wait_for(lambda at=version: own.view(gid)["version"] > at + 1 and own.view(gid)["to_act"] == [0], timeout=30)
        human = own.view(gid, tokens[0])
    events = log(own, gid, tokens[1])
    assert any(e["type"] == "bot_seated" and e["payload"]["reason"] == "organiser" for e in events)
    assert [c["bot"] for c in moves_by_seat(events)[1]] == ["greedy"] * 3
    assert seat_bot(own, gid, 1, {"bot": None}).status_code == 200
    assert log(own, gid)[-1]["type"] == "bot_unseated"
    assert "bots" not in own.view(gid)
    wait_for(lambda: own.view(gid)["to_act"] == [0], timeout=30)
    assert own.command(gid, tokens[0], next_move(own, gid, tokens[0])).status_code == 201
    assert own.command(gid, tokens[1], next_move(own, gid, tokens[1])).status_code == 201  # the player is back


def next_move(api, gid, token) -> dict:
    return api.call("GET", f"/v1/games/{gid}/legal-moves", token).json()["moves"][0]


def test_a_seat_whose_clock_runs_out_is_played_by_a_bot_from_then_on(api, server, running_worker):
    gid, tokens = api.create("jaipur", 2, options={"clock": {"per_move_s": 1}, "timeout_policy": "bot"})
    late = api.view(gid)["to_act"][0]
    present = 1 - late
    player = threading.Thread(target=lambda: play_seat(Client(server).as_seat(tokens[present]), gid,
                                                       make_bot("greedy", "present"), max_moves=3), daemon=True)
    player.start()  # the other seat keeps playing in time; the late one never moves itself
    wait_for(lambda: len(moves_by_seat(log(api, gid, tokens[late])).get(late, [])) >= 3, timeout=60, interval=0.2)
    events = log(api, gid, tokens[late])
    zombie = [e for e in events if e["type"] == "bot_seated"]
    assert zombie[0]["payload"] == {"seat": late, "bot": "greedy", "budget_ms": None, "reason": "timeout"}
    assert api.view(gid)["bots"][late] == {"bot": "greedy", "budget_ms": None}
    first = events.index(zombie[0])
    assert events[first - 1]["type"] == "turn_timed_out" and events[first + 1]["auto"]  # the late move: completed
    assert {c["bot"] for c in moves_by_seat(events[first:])[late]} == {"greedy"}  # then the bot plays its turns


def test_a_bot_thinks_only_as_long_as_the_seats_clock_leaves():
    clocked = Tiny({"clock": {"per_move_s": 2}}).state
    assert bot_seats.thinking_time(clocked, 200, at(0)) == 200
    assert bot_seats.thinking_time(clocked, 5000, at(0)) == 2000 - bot_seats.CLOCK_MARGIN_MS
    assert bot_seats.thinking_time(clocked, 200, at(1.8)) == 0  # too late to think: it answers at once
    assert bot_seats.thinking_time(Tiny().state, 200, at(0)) == 200


THINKING_MS = 5000  # long enough that a loaded machine still answers the roll well within it


def test_a_roll_lands_while_a_bot_thinks(api, running_worker, redis_url):
    """A bot's move is a job on a queue of its own, worked beside the rolls and timers: a dealer's roll asked for
    while a bot searches for seconds lands at once (in one queue it would wait for the search)."""
    gid, tokens = api.create("jaipur", 2, options={"bots": [{"bot": "mcts", "budget_ms": THINKING_MS}, None]})
    if api.view(gid)["to_act"] == [1]:  # the player opens: one move hands the turn to the bot
        assert api.command(gid, tokens[1], next_move(api, gid, tokens[1])).status_code == 201
    version = api.view(gid)["version"]
    job_id = f"bot-{gid}-{version}"
    queue = rq_queue(BOT_QUEUE, redis.Redis.from_url(redis_url))
    wait_for(lambda: queue.fetch_job(job_id).get_status() == "started", timeout=30)
    assert queue.fetch_job(job_id).origin == BOT_QUEUE
    asked = time.monotonic()
    tiny, tiny_tokens = api.create("tiny", 2, seed="roll-beside-a-bot")
    seat = api.view(tiny)["to_act"][0]
    assert api.command(tiny, tiny_tokens[seat], {"type": "call_dealer"}).status_code == 201
    wait_for(lambda: api.view(tiny)["awaiting_chance"] is None, timeout=30, interval=0.01)
    waited = time.monotonic() - asked
    assert api.view(gid)["version"] == version  # the bot was still thinking when the roll landed
    assert waited < THINKING_MS / 2000, f"the roll waited {waited:.2f} s"
    wait_for(lambda: api.view(gid)["version"] > version, timeout=30)  # then the bot moves (the player never does)
