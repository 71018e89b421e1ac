"""`bazaar mcp` as an agent's host meets it: an MCP client from the `mcp` package starts `bazaar mcp` as a
subprocess (stdio), and plays a whole Jaipur match against the greedy bot through the tools alone, against the
suite's real server. The agent chooses with greedy's evaluation of the JSON view the tool returns (a short
match), and alternates between playing a move by its number and by its notation."""

import asyncio
import os
import sys
from pathlib import Path

from mcp import Client as McpClient
from mcp.client.stdio import StdioServerParameters

from bazaar_client.bots import make_bot
from bazaar_client.sdk import Client, GameView

BAZAAR = Path(sys.executable).parent / "bazaar"
MAX_TURNS = 400


def parameters(url: str, token: str) -> StdioServerParameters:
    return StdioServerParameters(command=str(BAZAAR), args=["--url", url, "mcp"],
                                 env={**os.environ, "BAZAAR_TOKEN": token})


async def call(client: McpClient, tool: str, **arguments) -> dict:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content[0].text
    return result.structured_content


async def agent_plays_a_match(url: str, game_id: str, token: str, opponent: Client) -> tuple[dict, int, dict]:
    chooser, bot = make_bot("greedy", "agent"), make_bot("greedy", "opponent")
    agent_moves = 0
    async with McpClient(parameters(url, token), read_timeout_seconds=60) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        assert names == {"catalogue", "list_games", "create_game", "view_game", "legal_moves", "play_move",
                         "find_games", "take_seat", "open_game"}
        seen = await call(client, "view_game", game_id=game_id)
        refused = None
        for _ in range(MAX_TURNS):
            seen = await call(client, "view_game", game_id=game_id)
            if seen["finished"]:
                break
            if not seen["your_turn"]:
                if refused is None:  # once: a move out of turn comes back as a tool error naming the code
                    result = await client.call_tool("play_move", {"game_id": game_id, "move": "take camels"})
                    refused = {"is_error": result.is_error, "text": result.content[0].text}
                view = opponent.view(game_id)
                opponent.play(game_id, bot.choose(view, opponent.legal_moves(game_id).moves))
                continue
            assert "your turn" in seen["words"] and "Market:" in seen["words"]
            listed = await call(client, "legal_moves", game_id=game_id)
            move = chooser.choose(GameView(**{**seen["view"], "to_act": tuple(seen["view"]["to_act"])}),
                                  [m["move"] for m in listed["moves"]])
            entry = next(m for m in listed["moves"] if m["move"] == move)
            by = str(entry["number"]) if agent_moves % 2 else entry["notation"]
            played = await call(client, "play_move", game_id=game_id, move=by, expected_version=listed["version"])
            assert played["played"] == entry["notation"]
            agent_moves += 1
        created = await call(client, "create_game", game="jaipur")
        other_seat = await call(client, "view_game", game_id=created["id"], token=created["seats"][1]["token"])
        listed_games = await call(client, "list_games")
    assert created["id"] in {g["id"] for g in listed_games["games"]}
    assert other_seat["view"]["seat"] == 1
    return seen, agent_moves, refused


def test_an_agent_plays_a_whole_jaipur_match_through_bazaar_mcp(server):
    bazaar = Client(server)
    game = bazaar.create("jaipur", seed="mcp-match", open=True)
    opponent = bazaar.as_seat(game.token(1))
    final, agent_moves, refused = asyncio.run(agent_plays_a_match(server, game.id, game.token(0), opponent))
    assert final["finished"], "the match did not end within the turn cap"
    assert final["view"]["result"]["winners"] in ([0], [1])
    assert "the game is over" in final["words"]
    assert agent_moves > 10
    assert refused is None or (refused["is_error"] and "not_your_turn" in refused["text"])


async def agent_finds_a_game_and_takes_a_seat(url: str, game_id: str) -> tuple[dict, dict]:
    async with McpClient(parameters(url, ""), read_timeout_seconds=60) as client:
        found = await call(client, "find_games", game="tiny", seats=2)
        listed = next(g for g in found["games"] if g["id"] == game_id)
        taken = await call(client, "take_seat", game_id=game_id, seat=listed["joinable"][0])
        seen = await call(client, "view_game", game_id=game_id, token=taken["token"])
    return taken, seen


def test_an_agent_finds_a_game_waiting_for_players_and_takes_a_seat_through_bazaar_mcp(server):
    """A game with one seat taken and one open to anyone: the agent finds it, takes the open seat (the deal is
    drawn then), and reads the game as that seat with the token it was given."""
    bazaar = Client(server)
    opened = bazaar.create_open("tiny", 2, ["public", "public"], options={"goal": 40})
    bazaar.claim(opened.id, 0)
    taken, seen = asyncio.run(agent_finds_a_game_and_takes_a_seat(server, opened.id))
    assert taken["seat"] == 1 and taken["status"] == "active" and taken["player_token"]
    assert seen["view"]["seat"] == 1 and seen["view"]["status"] == "active"
