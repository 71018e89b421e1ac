"""A game is one package that declares what it offers, and everything else follows from the registry: a game
registered from outside this tree (a copy of the suite's tiny game under another name, in a temporary directory,
named by BAZAAR_EXTRA_GAMES as a deployment would) is served, documented in the contract the service publishes,
played by the conformance suite, drawn (described) by the page and the CLI, and played to its end by the MCP server
and by the random bot, with no file of the project changed (the test writes only in its temporary directory).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest
import requests
import yaml
from mcp import Client as McpClient
from mcp.client.stdio import StdioServerParameters

from bazaar_client import Client
from tests.support.databases import url_of
from tests.support.processes import WorkerProcess, gunicorn, wait_for

ROOT = Path(__file__).resolve().parents[2]
BAZAAR = Path(sys.executable).parent / "bazaar"
NAME = "outside"


@pytest.fixture(scope="module")
def outside(tmp_path_factory) -> dict[str, str]:
    """The environment of every process that hosts or plays the outside game: its package on the path, and
    registered beside the suite's tiny game."""
    home = tmp_path_factory.mktemp("outside")
    package = home / "outside_game"
    package.mkdir()
    source = (ROOT / "tests" / "support" / "tiny_game.py").read_text()
    words = "from tests.support import tiny_words as WORDS"  # a game that says nothing in words of its own
    assert words in source
    source = "\n".join(line for line in source.splitlines() if not line.startswith(words))
    (package / "__init__.py").write_text(source.replace('NAME = "tiny"', f'NAME = "{NAME}"'))
    extra = f"{os.environ.get('BAZAAR_EXTRA_GAMES', '')},{NAME}=outside_game".lstrip(",")
    return {"PYTHONPATH": f"{home}{os.pathsep}{ROOT}", "BAZAAR_EXTRA_GAMES": extra}


@pytest.fixture(scope="module")
def hosting(outside, redis_url, tmp_path_factory):
    url = url_of(redis_url, "outside_game")
    logs = tmp_path_factory.mktemp("outside-logs")
    worker = WorkerProcess(url, logs, outside).start()  # the game's dealer rolls (its `call_dealer`)
    try:
        with gunicorn(url, logs, outside) as base:
            yield base
    finally:
        worker.stop()


def changed_files() -> str:
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout


@pytest.mark.slow(seconds=40)
def test_a_game_from_outside_the_tree_is_served_documented_played_drawn_and_played_by_clients(outside, hosting):
    before = changed_files()
    bazaar = Client(hosting)
    # served
    game = bazaar.create(NAME, seats=2, seed="outside-1", open=True)
    assert bazaar.view(game.id).game == NAME
    # documented: the contract it serves describes its commands and its creation like the product's games'
    spec = yaml.safe_load(requests.get(f"{hosting}/openapi.yaml", timeout=30).text)
    schemas = spec["components"]["schemas"]
    assert {"OutsideCommand", "OutsideAdd", "OutsideEndTurn"} <= set(schemas)
    assert NAME in schemas["CreateGameByGame"]["properties"]["game"]["enum"]
    # drawn, or described where it draws nothing of its own: the page, the picture and the CLI's board
    assert requests.get(f"{hosting}/play/{game.id}", timeout=30).status_code == 200
    picture = requests.get(f"{hosting}/v1/games/{game.id}/board.svg", timeout=30)
    assert picture.status_code == 200 and NAME in picture.text and "<svg" in picture.text
    shown = subprocess.run([str(BAZAAR), "--url", hosting, "show", game.id], capture_output=True, text=True,
                           check=True, env={**os.environ, **outside})
    assert "total" in shown.stdout
    # played to its end by the random bot, one process per seat
    bots = [subprocess.Popen([str(BAZAAR), "--url", hosting, "--token", game.token(seat), "bot", game.id,
                              "--bot", "random", "--seed", str(seat)], env={**os.environ, **outside},
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for seat in (0, 1)]
    for process in bots:
        output, _ = process.communicate(timeout=120)
        assert process.returncode == 0, output
    assert bazaar.view(game.id).finished
    # played to its end through the MCP server, by the numbers it lists
    second = bazaar.create(NAME, seats=2, seed="outside-2", open=True)
    asyncio.run(mcp_plays_both_seats(hosting, outside, second))
    assert bazaar.view(second.id).finished
    # played by the conformance suite, as every registered game is
    suite = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-o", "addopts=", "-p", "no:locust",
                            "-p", "no:schemathesis", "-v", "tests/contract", "-k", NAME],
                           cwd=ROOT, env={**os.environ, **outside}, capture_output=True, text=True)
    played = [line for line in suite.stdout.splitlines() if f"[{NAME}]" in line and "PASSED" in line]
    assert suite.returncode == 0 and played, suite.stdout[-3000:]
    assert changed_files() == before  # no file of the project changed


async def mcp_plays_both_seats(base: str, outside: dict, game) -> None:
    params = StdioServerParameters(command=str(BAZAAR), args=["--url", base, "mcp"], env={**os.environ, **outside})
    async with McpClient(params, read_timeout_seconds=60) as client:
        for _ in range(400):
            view = (await client.call_tool("view_game", {"game_id": game.id})).structured_content
            if view["finished"]:
                return
            to_act = view["view"]["to_act"]
            if not to_act:  # the dealer's roll: the worker draws it
                await asyncio.sleep(0.05)
                continue
            token = game.token(to_act[0])
            listed = (await client.call_tool("legal_moves", {"game_id": game.id, "token": token})).structured_content
            played = await client.call_tool("play_move", {"game_id": game.id, "move": "1", "token": token,
                                                          "expected_version": listed["version"]})
            assert not played.is_error, played.content[0].text
        raise AssertionError("the game did not end")


def test_the_outside_game_waits_for_nothing_but_its_worker(outside, hosting):
    """(The module's servers run: the worker's roll for the game's `call_dealer` lands.)"""
    bazaar = Client(hosting)
    game = bazaar.create(NAME, seats=2, seed="outside-dealer", open=True)
    seat = bazaar.view(game.id).to_act[0]
    me = bazaar.as_seat(game.token(seat))
    me.play(game.id, {"type": "call_dealer"})
    wait_for(lambda: bazaar.view(game.id).to_act, timeout=30)
