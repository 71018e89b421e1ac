"""While a seat waits, the terminal says the game as it goes: each move of the other seats as it is made, and whose
turn it is each time that changes, not once when the wait begins and all at once when it ends. `bazaar play` and
`bazaar bot` run as installed scripts (child processes) against the real server; this test plays the other seat
of a tiny game a move at a time, and reads what the script has said before it makes the next one."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

from bazaar_client.sdk import Client

BAZAAR = Path(sys.executable).parent / "bazaar"
ADD_ONE, END_TURN = {"type": "add", "amount": 1}, {"type": "end_turn"}
SAID_WITHIN_S = 20  # a line the live stream brings comes within milliseconds; this is for a loaded CI machine


class Script:
    """An installed `bazaar` command whose standard output is read a line at a time, as it comes."""

    def __init__(self, server: str, token: str, *args: str):
        env = {**os.environ, "BAZAAR_URL": server, "BAZAAR_TOKEN": token, "COLUMNS": "200"}
        self.process = subprocess.Popen([str(BAZAAR), *args], env=env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def until(self, wanted, what: str) -> list[str]:
        """The lines said up to the first that `wanted` accepts (which is the last); fails after SAID_WITHIN_S."""
        said, deadline = [], time.monotonic() + SAID_WITHIN_S
        while True:
            try:
                said.append(self.lines.get(timeout=max(0.0, deadline - time.monotonic())))
            except queue.Empty:
                raise AssertionError(f"not said within {SAID_WITHIN_S} s: {what}; said: {said}") from None
            if wanted(said[-1]):
                return said

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(10)


def tiny_game(server: str) -> tuple[Client, str, Client, str]:
    """A two-seat tiny game: (the seat to act's client, the game id, the waiting seat's client, its token)."""
    bazaar = Client(server)
    created = bazaar.create("tiny", options={"goal": 50})
    first = bazaar.view(created.id).to_act[0]
    return bazaar.as_seat(created.token(first)), created.id, bazaar.as_seat(created.token(1 - first)), \
        created.token(1 - first)


def test_bazaar_play_says_each_move_of_the_other_seat_while_it_waits(server):
    mover, game_id, waiter, token = tiny_game(server)
    other = mover.view(game_id).seat
    script = Script(server, token, "--json", "play", game_id)
    try:
        said = script.until(lambda line: "waiting" in json.loads(line), "whose turn it is")
        assert json.loads(said[-1]) == {"waiting": [other]}
        for total in (1, 2):
            mover.play(game_id, ADD_ONE)  # the other seat's turn goes on: the move is said now, not at its end
            said = script.until(lambda line: "log" in json.loads(line), f"the add that made {total}")
            assert json.loads(said[-1])["log"] == [f"Seat {other} added 1: the total is {total}"]
            assert not [line for line in said if "waiting" in json.loads(line)]  # still seat `other`'s turn: not said again
        mover.play(game_id, END_TURN)
        said = script.until(lambda line: "moves" in json.loads(line), "the seat's turn")
        assert f"Seat {other} ended its turn" in json.loads(said[0])["log"]
    finally:
        script.stop()
    assert waiter.view(game_id).my_turn


def test_bazaar_bot_says_each_move_of_the_other_seat_while_its_bot_waits(server):
    mover, game_id, _waiter, token = tiny_game(server)
    other = mover.view(game_id).seat
    script = Script(server, token, "bot", game_id, "--bot", "random", "--seed", "3")
    try:
        said = script.until(lambda line: line == f"waiting for seat {other}", "whose turn it is")
        mover.play(game_id, ADD_ONE)
        said += script.until(lambda line: line.endswith(f"Seat {other} added 1: the total is 1"), "the other seat's add")
        mover.play(game_id, END_TURN)
        said += script.until(lambda line: line == "1 move played", "the bot's move")
    finally:
        script.stop()
    assert said.count(f"waiting for seat {other}") == 1  # the same seat's turn all along: said once
    assert any(line.endswith(f"Seat {other} ended its turn") for line in said)
