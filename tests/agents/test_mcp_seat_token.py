"""`bazaar mcp` started with nothing but a seat's token, through the official MCP client over stdio: the agent finds
its game (the token names it: `GET /v1/me`), reads it in the short position by default (all of it when it asks),
lists its moves, plays one and reads the log, never naming the game; without a token it is told to name one.

The oracle for what the tools answer is the SDK, read beside them with the same token (the service's words for
that seat), and the game as created."""

import asyncio

from bazaar_client.sdk import Client
from tests.agents.mcp_session import call, refused, session


async def agent_with_a_seat_token_only(url: str, token: str) -> dict:
    seen: dict = {}
    async with session(url, token=token) as client:
        seen["mine"] = await call(client, "list_games")
        seen["short"] = await call(client, "view_game")
        seen["full"] = await call(client, "view_game", full=True)
        seen["waited"] = await call(client, "wait_for_turn", timeout_s=30)
        seen["moves"] = await call(client, "legal_moves")
        seen["played"] = await call(client, "play_move", move="1")
        seen["log"] = await call(client, "game_log", after=seen["moves"]["version"])
    return seen


def test_an_agent_with_only_a_seat_token_finds_its_game_and_plays_it_in_the_short_position(server):
    bazaar = Client(server)
    created = bazaar.create("jaipur", seed="mcp-seat-token")
    seat = bazaar.view(created.id).to_act[0]
    token = created.token(seat)
    mine = bazaar.as_seat(token)
    short, full = mine.view(created.id, words="short"), mine.view(created.id, words=True)
    seen = asyncio.run(agent_with_a_seat_token_only(server, token))

    assert [(g["game_id"], g["game"], g["seat"], g["your_turn"]) for g in seen["mine"]["games"]] == [
        (created.id, "jaipur", seat, True)]
    assert seen["short"]["game_id"] == created.id and seen["short"]["seat"] == seat
    assert seen["short"]["position_form"] == "short" and seen["short"]["position"] == list(short.words.position)
    assert seen["full"]["position_form"] == "full" and seen["full"]["position"] == list(full.words.position)
    assert seen["waited"]["your_turn"] and not seen["waited"]["timed_out"]
    assert seen["waited"]["position"] == list(short.words.position)
    first = seen["moves"]["moves"][0]
    assert seen["played"]["played"] == first["notation"] and "note" not in seen["played"]
    assert seen["played"]["position_form"] == "short"
    after = mine.view(created.id, words="short")
    assert seen["played"]["version"] == after.version and seen["played"]["position"] == list(after.words.position)
    assert [line["text"] for line in seen["log"]["lines"]] == [
        line.text for line in mine.log(created.id, after=seen["moves"]["version"]).lines]


async def istanbul_read_with_a_token_argument(url: str, tokens: list[str]) -> list[dict]:
    async with session(url, token="") as client:
        return [await call(client, "view_game", token=token) for token in tokens]


def test_each_seat_of_a_five_seat_istanbul_reads_its_own_game_in_a_few_lines(server):
    bazaar = Client(server)
    created = bazaar.create("istanbul", 5, {"expansions": ["mocha_baksheesh", "letters_seals"]}, seed="mcp-short-5")
    tokens = [created.token(s) for s in range(5)]
    read = asyncio.run(istanbul_read_with_a_token_argument(server, tokens))
    for seat, seen in enumerate(read):
        said = bazaar.as_seat(tokens[seat]).view(created.id, words="short").words.position
        assert (seen["game_id"], seen["seat"]) == (created.id, seat)
        assert seen["position"] == list(said) and len(said) <= 12
        assert seen["position"][0].startswith(f"You are seat {seat} in a game of Istanbul")


async def agent_without_a_token(url: str) -> str:
    async with session(url, token="") as client:
        return await refused(client, "view_game")


def test_without_a_token_a_tool_asks_for_the_game(server):
    said = asyncio.run(agent_without_a_token(server))
    assert "bad_request: give `game_id`: no token was given" in said, said
