"""A whole 4-player Great Bazaar game (both expansions, 5x5) through the real server and worker, with production
settings and a 1-second clock: played only through the API to its end. On the way, at the Kiosk and at the
Auction House, the seat whose decision is awaited (not the active one) lets its clock run out, and the worker's
`auto` policy decides for it; every neutral figure (governor, smuggler, courier, coffee trader) is re-placed by
the worker's dealer; the log is gapless and ends with the seed revealed.

The other seats answer well within their second; a move that the clock beat (409/422) is read again, as a
client on a clock does."""

from __future__ import annotations

import random
import time

import pytest

from tests.api.client import Api, let_the_clock_run_out

OPTIONS = {"expansions": ["mocha_baksheesh", "letters_seals"], "clock": {"per_move_s": 1}, "timeout_policy": "auto"}
VISITS = {"visit_kiosk": "KioskChoice", "visit_auction_house": "Auction"}
PLACES = {"KioskChoice": 22, "Auction": 23}
FIGURES = {"governor", "smuggler", "courier", "coffee_trader"}
FIGURE_MOVES = {"use_governor", "pay_governor", "use_smuggler", "use_courier", "use_coffee_trader"}


@pytest.fixture(scope="module")
def worker(running_worker):
    return running_worker


def dealt(events: list[dict]) -> set[str]:
    """The labels of the rolls the worker's dealer drew."""
    return {e["payload"]["label"] for e in events if e["command"] == {"type": "deal"}}


def choose(rng: random.Random, moves: list[dict], waited_out: dict) -> dict:
    """Towards the Kiosk and the Auction House until a seat has waited out its clock at each, the neutral
    figures whenever they can be used, and otherwise eager (the turn ends only now and then)."""
    wanted = [m for m in moves if m["type"] in VISITS and VISITS[m["type"]] not in waited_out]
    towards = [m for m in moves if m["type"] == "move"
               and m.get("place") in [p for ph, p in PLACES.items() if ph not in waited_out]]
    figures = [m for m in moves if m["type"] in FIGURE_MOVES]
    others = [m for m in moves if m["type"] != "end_turn"]
    return rng.choice(wanted or figures or towards or (others if others and rng.random() > 0.1 else moves))


@pytest.mark.slow(seconds=35)
def test_a_whole_great_bazaar_game_with_clocks_running_out_at_the_kiosk_and_the_auction(server, worker):
    api = Api(server)
    gid, tokens = api.create("istanbul", 4, seed="api-great-bazaar", options=OPTIONS, open_game=True)  # as seeded
    first = api.view(gid, tokens[0])["state"]
    assert [len(row) for row in first["layout"]] == [5] * 5 and len(first["place_names"]) == 25  # 5x5, 1-25
    rng = random.Random(5)
    waited_out: dict[str, int] = {}  # the phase -> the seat whose clock ran out there
    deadline = time.monotonic() + 400
    view = api.view(gid)
    while view["status"] != "finished":
        assert time.monotonic() < deadline, f"the game did not end in time (version {view['version']})"
        if view["awaiting_chance"] is not None or not view["to_act"]:
            time.sleep(0.02)
            view = api.view(gid)
            continue
        phase, active, seat = view["state"]["phase"]["name"], view["state"]["current"], view["to_act"][0]
        if phase in PLACES and seat != active and phase not in waited_out:
            let_the_clock_run_out(api, gid, tokens, view)
            waited_out[phase] = seat
            view = api.view(gid)
            continue
        # the seat plays on while it has moves, as a client does; the whole view is read when it has none (the
        # turn passed, a roll is pending, another seat decides), which is when a clock may be waited out
        moves = api.moves(gid, tokens[seat])
        while moves:
            r = api.command(gid, tokens[seat], choose(rng, moves, waited_out))
            assert r.status_code in (201, 409, 422), r.text  # 409/422: the clock moved the game first
            moves = api.moves(gid, tokens[seat]) if r.status_code == 201 else []
        view = api.view(gid)
    assert set(waited_out) == set(VISITS.values()), f"never waited out at {set(VISITS.values()) - set(waited_out)}"
    assert view["result"]["winners"]
    events = api.events(gid)
    assert [e["version"] for e in events] == list(range(1, view["version"] + 1))
    assert FIGURES <= dealt(events), f"not re-placed by the worker: {FIGURES - dealt(events)}"
    assert events[-1]["type"] == "seed_revealed"
