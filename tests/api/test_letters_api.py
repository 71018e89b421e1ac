"""Letters & Seals through the real server and worker, with production settings: a 4-player game on a 1-second
clock, played only through the API, reaches the Kiosk and the Auction House, where seats other than the active
one decide. `to_act` names exactly the seat whose decision is awaited, a spectator sees it, its own token gets
its choices, and when it lets its clock run out the worker's timeout policy decides for it (`turn_timed_out`
for that seat, not the active one) and the game goes on."""

from __future__ import annotations

import random
import time

import pytest

from tests.api.client import Api, let_the_clock_run_out

VISITS = {"visit_kiosk": "KioskChoice", "visit_auction_house": "Auction"}
PLACES = {"KioskChoice": 22, "Auction": 23}


@pytest.fixture(scope="module")
def worker(running_worker):
    return running_worker


def test_other_seats_decide_at_the_kiosk_and_the_auction_and_their_clock_applies(server, worker):
    api = Api(server)
    gid, tokens = api.create("istanbul", 4, seed="letters-clock", options={
        "expansions": ["letters_seals"], "clock": {"per_move_s": 1}, "timeout_policy": "auto"})
    rng = random.Random(7)
    waited_out: dict[str, int] = {}  # the phase -> the seat whose clock ran out there
    deadline = time.monotonic() + 240
    while len(waited_out) < len(VISITS) and time.monotonic() < deadline:
        view = api.view(gid)
        assert view["status"] == "active", "the game ended before both places were visited"
        if view["awaiting_chance"] is not None or not view["to_act"]:
            time.sleep(0.05)
            continue
        phase, active, seat = view["state"]["phase"]["name"], view["state"]["current"], view["to_act"][0]
        if phase in PLACES and seat != active and phase not in waited_out:
            let_the_clock_run_out(api, gid, tokens, view)
            waited_out[phase] = seat
            continue
        moves = api.moves(gid, tokens[seat])
        wanted = [m for m in moves if m["type"] in VISITS and VISITS[m["type"]] not in waited_out]
        towards = [m for m in moves if m["type"] == "move"
                   and m["place"] in [p for ph, p in PLACES.items() if ph not in waited_out]]
        others = [m for m in moves if m["type"] != "end_turn"]
        move = rng.choice(wanted or towards or (others if others and rng.random() > 0.2 else moves))
        api.command(gid, tokens[seat], move)  # a 409/422 when the clock moved the game first: read again
    assert set(waited_out) == set(VISITS.values()), f"not reached in time: {set(VISITS.values()) - set(waited_out)}"
