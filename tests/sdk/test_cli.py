"""The `bazaar` command against the real server: through click's CliRunner for most checks, and once as the
installed console script in a child process (the entry point, the environment variables, the exit codes)."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bazaar_client.cli.main import main
from bazaar_client.sdk import Client

BAZAAR = Path(sys.executable).parent / "bazaar"


@pytest.fixture
def run(server):
    runner = CliRunner()

    def invoke(*args, token=None):
        env = {"BAZAAR_URL": server, "BAZAAR_TOKEN": token or ""}
        return runner.invoke(main, list(args), env=env, catch_exceptions=False)

    return invoke


def created_game(run, game="jaipur"):
    result = run("--json", "create", game)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    return doc["id"], [s["token"] for s in doc["seats"]]


def to_act(run, game_id):
    return json.loads(run("--json", "show", game_id).output)["to_act"][0]


def test_help_is_everywhere(run):
    for command in ("", "create", "list", "show", "moves", "play", "watch", "export", "verify", "bot", "match", "seek",
                    "join", "challenge", "listen"):
        result = run(*command.split(), "--help")
        assert result.exit_code == 0 and "Usage:" in result.output, command


def test_show_moves_and_play_by_number_and_by_notation(run):
    game_id, tokens = created_game(run)
    seat = to_act(run, game_id)
    board = run("show", game_id, token=tokens[seat])
    assert board.exit_code == 0 and "Market" in board.output and "(you)" in board.output
    # read as the game's words, not the view's keys: the bonus piles by the sale that earns them
    assert "5+ cards: 5 tokens" in board.output and not re.search(r"\b[a-z]+_[a-z_]+\b", board.output)
    listed = json.loads(run("--json", "moves", game_id, token=tokens[seat]).output)
    assert [m["number"] for m in listed["moves"]] == list(range(1, len(listed["moves"]) + 1))
    human = run("moves", game_id, token=tokens[seat]).output
    assert all(m["notation"] in human for m in listed["moves"])
    played = run("--json", "play", game_id, "1", token=tokens[seat])
    assert played.exit_code == 0 and json.loads(played.output)["version"] > listed["version"]
    # the other seat now, in notation: `take camels` is always legal while camels are in the market, else `take X`
    other = tokens[1 - seat]
    moves = json.loads(run("--json", "moves", game_id, token=other).output)["moves"]
    text = next(m["notation"] for m in moves if m["notation"].startswith("take"))
    by_text = run("play", game_id, *text.split(), token=other)
    assert by_text.exit_code == 0 and by_text.output.startswith(f"played {text}")


def test_exit_codes_tell_usage_refusal_and_server_fault_apart(run, server):
    game_id, tokens = created_game(run)
    waiting = tokens[1 - to_act(run, game_id)]
    assert run("play", game_id, "take", "camels", token=waiting).exit_code == 3  # not your turn
    assert run("play", game_id, "frobnicate", token=waiting).exit_code == 2  # not notation
    assert run("play", game_id, "999", token=waiting).exit_code == 2  # no such number
    assert run("show", "0000000000000000").exit_code == 2  # no such game
    refused = run("--json", "play", game_id, "take", "camels", token=waiting)
    assert json.loads(refused.output)["code"] == "not_your_turn"
    assert run("--url", "http://127.0.0.1:1", "list").exit_code == 4


def test_a_bot_match_then_export_and_verify(run, tmp_path):
    result = run("--json", "match", "--game", "jaipur", "--bots", "greedy,random", "-n", "2")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["matches"] == 2 and sum(row["wins"] for row in summary["bots"]) == 2
    game_id = summary["games"][0]
    last = json.loads(run("--json", "show", game_id).output)["version"]
    listed = run("list", "--status", "finished").output
    # each id whole, whatever the terminal's width (a person copies it from here); the index's version is the
    # one the game took its status at, and the list says so rather than "version"
    assert "at version" in listed and re.search(rf"{game_id} .*finished.*\b{last}\b", listed)
    watched = run("--json", "watch", game_id, "--after", str(last - 3))
    assert [json.loads(line)["version"] for line in watched.output.splitlines()] == [last - 2, last - 1, last]
    assert f"game over at version {last}: " in run("watch", game_id, "--after", str(last - 1)).output
    path = tmp_path / "game.ndjson"
    assert run("export", game_id, "-o", str(path)).exit_code == 0
    checked = run("--json", "verify", str(path))
    assert checked.exit_code == 0 and json.loads(checked.output)["full"]["ok"]
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:3] + lines[4:]) + "\n")  # a line gone
    assert run("verify", str(path)).exit_code == 1


def test_the_installed_script_plays_from_the_environment(server, run):
    game_id, tokens = created_game(run)
    seat = to_act(run, game_id)

    def script(*args, token):
        env = {**os.environ, "BAZAAR_URL": server, "BAZAAR_TOKEN": token}
        return subprocess.run([str(BAZAAR), *args], env=env, capture_output=True, text=True, timeout=60)

    moves = script("--json", "moves", game_id, token=tokens[seat])
    assert moves.returncode == 0, moves.stderr
    assert script("play", game_id, "1", token=tokens[seat]).returncode == 0
    refused = script("play", game_id, "take", "camels", token=tokens[seat])
    assert refused.returncode == 3 and "not_your_turn" in refused.stderr
    assert script("show", game_id, token=tokens[1 - seat]).returncode == 0


def test_strangers_seek_join_and_challenge_from_the_command_line(run, server):
    """Two guests seek the same kind of game: the first opens one, the second takes its other seat (the deal is
    drawn then). A game opened with a code is joined with `join CODE`. A guest's player token challenges the other,
    who accepts by id. Options no other test's game has keep the seekers to each other."""
    goal = "goal=37"
    first = json.loads(run("--json", "seek", "tiny", "-o", goal).output)
    second = json.loads(run("--json", "seek", "tiny", "-o", goal).output)
    assert first["game_id"] == second["game_id"] and (first["seat"], second["seat"]) == (0, 1)
    assert (first["status"], second["status"]) == ("waiting", "active")
    assert first["player_token"] and first["token"] != second["token"]

    opened = Client(server).create_open("tiny", 2, ["code", "public"])
    joined = run("--json", "join", opened.code(0))
    assert joined.exit_code == 0 and json.loads(joined.output)["seat"] == 0
    assert run("join", "not-a-code").exit_code == 2  # usage: not an invitation code

    offered = run("--json", "challenge", second["player_id"], "tiny", "-o", "goal=1", token=first["player_token"])
    assert offered.exit_code == 0, offered.output
    offer = json.loads(offered.output)
    accepted = json.loads(run("--json", "challenge", "--accept", offer["id"], token=second["player_token"]).output)
    assert accepted["status"] == "settled" and accepted["seat"] == 1 and accepted["game_id"]
    refused = run("challenge", "--decline", offer["id"], token=second["player_token"])
    assert refused.exit_code == 3 and "offer_settled" in refused.output
