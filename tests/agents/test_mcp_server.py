"""`bazaar mcp` as an agent's host meets it, through the official MCP client over stdio against the suite's real
server: tools typed from what the service offers (the games as an enum, each game's options with `bots` and
`expansions`), answers in words, the agent's own games listed and bounded, a wait for its turn on the live
stream, undo asked and answered, refusals that name their code, and a malformed id said plainly. (Whole games of
both titles: test_mcp_games.py; a move never reported as an error once it counted: test_mcp_after_move.py.)"""

import asyncio
import time

from bazaar_client.sdk import Client
from tests.agents.mcp_session import call, refused, session

TOOLS = {"catalogue", "list_games", "create_game", "view_game", "wait_for_turn", "legal_moves", "play_move",
         "game_log", "request_undo", "answer_undo", "find_games", "take_seat", "open_game"}


def test_the_tools_are_typed_from_the_services_catalogue_and_contract(server):
    catalogue = Client(server).catalogue()  # the oracle: what the service says it hosts, read beside the tools
    names = [g["name"] for g in catalogue["games"]]

    async def tools() -> dict:
        async with session(server) as client:
            return {tool.name: tool for tool in (await client.list_tools()).tools}

    listed = asyncio.run(tools())
    assert set(listed) == TOOLS
    create = listed["create_game"].input_schema["properties"]
    assert create["game"]["enum"] == names
    assert (create["seats"]["minimum"], create["seats"]["maximum"]) == (
        min(g["min_seats"] for g in catalogue["games"]), max(g["max_seats"] for g in catalogue["games"]))
    by_game = {alternative["title"]: alternative for alternative in create["options"]["anyOf"] if "title" in alternative}
    assert set(by_game) == {f"options of {name}" for name in names}
    for game in catalogue["games"]:
        options = by_game[f"options of {game['name']}"]["properties"]
        assert set(game["options"].get("properties", {})) <= set(options)  # the game's own
        assert options["bots"]["items"]["anyOf"][-1]["properties"]["bot"]["enum"] == catalogue["bots"]  # the table's
    istanbul = by_game["options of istanbul"]["properties"]["expansions"]
    assert istanbul["items"]["enum"] == ["mocha_baksheesh", "letters_seals"]
    assert "$ref" not in str(create)  # one self-contained schema per parameter
    limit = listed["list_games"].input_schema["properties"]["limit"]
    assert limit["maximum"] == 100 and "timeout_s" in listed["wait_for_turn"].input_schema["properties"]
    for tool in listed.values():
        assert all(p.get("description") for p in tool.input_schema.get("properties", {}).values()), tool.name


async def agent_session(server: str) -> dict:
    """One agent's session: returns what it read, for the assertions below."""
    seen: dict = {}
    bazaar = Client(server)
    async with session(server) as client:
        created = await call(client, "create_game", game="tiny", options={"goal": 50, "undo": "consent"})
        game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
        first = bazaar.view(game_id).to_act[0]
        mover, other = tokens[first], tokens[1 - first]
        # the agent's games: those it created here, with its seat and whether it is its turn
        seen["mine"] = await call(client, "list_games", token=mover)
        seen["my_turn"] = await call(client, "list_games", token=mover, my_turn=True)
        seen["not_my_turn"] = await call(client, "list_games", token=other, my_turn=True)
        seen["index"] = await call(client, "list_games", mine=False, limit=3)
        # a wait that times out, on time, with the game as it stands
        started = time.monotonic()
        seen["timed_out"] = await call(client, "wait_for_turn", game_id=game_id, token=other, timeout_s=1)
        seen["waited_s"] = time.monotonic() - started
        seen["out_of_turn"] = await refused(client, "play_move", game_id=game_id, token=other, move="1")
        seen["bad_line"] = await refused(client, "play_move", game_id=game_id, token=mover, move="frobnicate")
        before = await call(client, "view_game", game_id=game_id, token=mover)
        seen["listed"] = await call(client, "legal_moves", game_id=game_id, token=mover)
        with_json = await call(client, "legal_moves", game_id=game_id, token=mover, json=True)
        add = next(m for m in with_json["moves"] if m["move"]["type"] == "add")
        seen["played"] = await call(client, "play_move", game_id=game_id, token=mover, move=str(add["number"]))
        seen["played_move"] = add
        # undo by consent: the mover asks, the other seat is awaited for its answer and accepts
        seen["asked"] = await call(client, "request_undo", game_id=game_id, token=mover, to_version=before["version"])
        seen["asked_of"] = await call(client, "wait_for_turn", game_id=game_id, token=other, timeout_s=30)
        seen["answered"] = await call(client, "answer_undo", game_id=game_id, token=other, accept=True)
        seen["after_undo"] = bazaar.view(game_id)
        seen["before"] = before
        seen["malformed"] = await refused(client, "view_game", game_id="not-an-id", token=mover)
        seen["log"] = await call(client, "game_log", game_id=game_id, token=mover, after=before["version"])
        seen["game_id"], seen["first"] = game_id, first
    return seen


def test_an_agent_lists_its_games_waits_plays_in_words_and_undoes(server):
    seen = asyncio.run(agent_session(server))
    game_id = seen["game_id"]
    mine = seen["mine"]["games"]
    assert [(g["game_id"], g["seat"], g["your_turn"]) for g in mine] == [(game_id, seen["first"], True)]
    assert [g["game_id"] for g in seen["my_turn"]["games"]] == [game_id] and seen["not_my_turn"]["games"] == []
    assert 0 < len(seen["index"]["games"]) <= 3
    timed_out = seen["timed_out"]
    assert timed_out["timed_out"] and not timed_out["your_turn"] and seen["waited_s"] < 10
    assert timed_out["turn"].startswith("Waiting for seat") and timed_out["position"]
    assert "not_your_turn" in seen["out_of_turn"] and "bad_notation (400)" in seen["bad_line"]
    listed = seen["listed"]["moves"]
    assert [m["number"] for m in listed] == list(range(1, len(listed) + 1))
    assert all(m["notation"] and m["words"] and "move" not in m for m in listed)  # JSON only when asked for
    played = seen["played"]
    assert played["version"] == seen["before"]["version"] + 1 and played["said"] and "note" not in played
    assert played["played"] == seen["played_move"]["notation"]
    assert seen["asked_of"]["your_turn"] and "answer_undo" in seen["asked_of"]["turn"]
    assert seen["asked_of"]["undo_request"]["to_version"] == seen["before"]["version"]
    assert seen["after_undo"].state["total"] == 0 and seen["after_undo"].to_act == (seen["first"],)
    assert "not_found (404)" in seen["malformed"] and "'not-an-id'" in seen["malformed"]
    assert "URL" not in seen["malformed"]
    assert [line["version"] for line in seen["log"]["lines"]] == sorted(line["version"] for line in seen["log"]["lines"])


async def agent_finds_a_game_and_takes_a_seat(url: str, game_id: str) -> tuple[dict, dict]:
    async with session(url, token="") as client:
        found = await call(client, "find_games", game="tiny", seats=2)
        listed = next(g for g in found["games"] if g["id"] == game_id)
        taken = await call(client, "take_seat", game_id=game_id, seat=listed["joinable"][0])
        seen = await call(client, "view_game", game_id=game_id, token=taken["token"], json=True)
    return taken, seen


def test_an_agent_finds_a_game_waiting_for_players_and_takes_a_seat_through_bazaar_mcp(server):
    """A game with one seat taken and one open to anyone: the agent finds it, takes the open seat (the deal is
    drawn then), and reads the game as that seat with the token it was given."""
    bazaar = Client(server)
    opened = bazaar.create_open("tiny", 2, ["public", "public"], options={"goal": 40})
    bazaar.claim(opened.id, 0)
    taken, seen = asyncio.run(agent_finds_a_game_and_takes_a_seat(server, opened.id))
    assert taken["seat"] == 1 and taken["status"] == "active" and taken["player_token"]
    assert seen["seat"] == 1 and seen["status"] == "active"
