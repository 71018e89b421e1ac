"""`bazaar play GAME` as a person plays it at the terminal, driven through its standard input as the installed
script (a child process, as a terminal runs it): a new game against the service's bot (the worker plays it) to its
end, moves typed by number and by notation; refusals said and the move asked again; a game picked up by its id
with the seat's token; stopping leaves the game waiting."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from bazaar_client.sdk import Client

BAZAAR = Path(sys.executable).parent / "bazaar"


def bazaar(server: str, *args: str, token: str = "", stdin: str | None = None, timeout: float = 120):
    env = {**os.environ, "BAZAAR_URL": server, "BAZAAR_TOKEN": token, "COLUMNS": "200"}
    return subprocess.run([str(BAZAAR), *args], env=env, input=stdin, capture_output=True, text=True,
                          timeout=timeout)


def test_a_whole_game_against_the_services_bot_typed_by_number_and_by_notation(server, running_worker):
    env = {**os.environ, "BAZAAR_URL": server, "BAZAAR_TOKEN": ""}
    player = subprocess.Popen([str(BAZAAR), "play", "jaipur", "--bot", "greedy", "--json"], env=env,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    rng = random.Random(29)
    said: list[dict] = []
    typed = {"number": 0, "notation": 0}
    chosen: list[tuple[int, dict]] = []  # (the version it was chosen at, the listed move)
    try:
        for line in player.stdout:
            said.append(json.loads(line))
            listed = said[-1].get("moves")
            if listed is None:
                continue
            assert said[-1]["position"][0].startswith("You are seat 0; round ")  # the short position, the seat's
            assert any(line.startswith("You: hand ") for line in said[-1]["position"])
            move = rng.choice(listed)
            chosen.append((said[-1]["version"], move["move"]))
            by = "notation" if sum(typed.values()) % 2 else "number"
            typed[by] += 1
            player.stdin.write(f"{move[by]}\n")
            player.stdin.flush()
        assert player.wait(60) == 0, player.stderr.read()
    finally:
        player.kill()
    created, end = said[0], said[-1]
    assert created["seat"] == 0 and created["token"]
    assert not [s for s in said if "refused" in s]  # every listed move, typed either way, was played
    assert typed["number"] > 5 and typed["notation"] > 5
    final = Client(server).view(created["game_id"], words=True)
    assert final.finished and end["version"] == final.version and end["result"] == final.result
    assert end["words"] and (final.words is None or end["words"] == final.words.result)
    log = {e.version: e for e in Client(server).events(created["game_id"], limit=1000).events}
    for version, move in chosen:  # the move played is the one chosen, typed either way
        assert {k: v for k, v in log[version + 1].command.items() if k != "expected_version"} == move
    logged = [text for s in said for text in s.get("log", [])]
    assert len(logged) > typed["number"] + typed["notation"]  # the bot's moves and the deals too


def test_refusals_are_said_and_the_move_asked_again_then_stopping_leaves_the_game_waiting(server, running_worker):
    created = Client(server).create("jaipur", options={"bots": [None, {"bot": "greedy"}]})
    me = Client(server).as_seat(created.token(0))
    view = me.wait_for_turn(created.id, timeout=60)
    legal = me.legal_moves(created.id, words=True)
    script = "frobnicate the camels\n999\n?\n" + legal.said[0].notation + "\nq\n"
    done = bazaar(server, "play", created.id, token=created.token(0), stdin=script)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Market" in out and "(you)" in out  # the board
    assert out.count(legal.said[-1].notation) >= 2  # the moves listed, and listed again on `?`
    assert "refused (bad_notation)" in out and "refused (no_such_move)" in out
    assert f"bazaar play {created.id}" in out.splitlines()[-1] or f"bazaar play {created.id}" in out[-300:]
    after = me.view(created.id)
    assert after.version > view.version and not after.finished  # the move counted; the game waits
    played = me.events(created.id, after=view.version, limit=1).events[0]
    assert {k: v for k, v in played.command.items() if k != "expected_version"} == legal.moves[0]


def test_a_running_game_is_picked_up_only_with_a_seats_token(server):
    created = Client(server).create("jaipur")
    spectator = bazaar(server, "play", created.id, stdin="q\n")
    assert spectator.returncode == 2 and "token" in spectator.stderr
    seat = Client(server).view(created.id).to_act[0]
    picked = bazaar(server, "play", created.id, "--token", created.token(seat), stdin="")  # end of input: stop
    assert picked.returncode == 0, picked.stderr
    assert "Market" in picked.stdout and "your moves" in picked.stdout
    unknown = bazaar(server, "play", "nosuchgame", token=created.token(seat))
    assert unknown.returncode == 2 and "'nosuchgame'" in unknown.stderr
