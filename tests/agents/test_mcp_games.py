"""Whole games of both titles through `bazaar mcp` and the official MCP client over stdio, to their end, each seat an
agent of its own (concurrent tasks on one MCP session) that waits for its turn on the live stream, lists its
moves in words and plays one by number or by notation, then reads the result.

Jaipur: agents that choose at random from the moves in words (no JSON), on seeds whose play reaches deck-outs (a
round ended because the deck could not refill the market, leaving empty slots): the MCP server once failed there.
Istanbul, every box (base, Mocha & Baksheesh and Letters & Seals with 2 seats, the Great Bazaar with 5): agents
that choose with greedy's evaluation of the view the tools return as JSON, so a game ends in a few hundred moves
rather than thousands; the worker rolls for the neutral figures.

The games are open (dealt from the seed as given) and every agent's choices are seeded, so each game is the one
the same agents play in process on the rules engine (`expected`): the result the agents read must be that one.
The seeds were found once, by playing in process: `expected` is that play."""

import asyncio
import random
import time

import pytest

from bazaar_client.bots import make_bot
from bazaar_client.sdk import Client, GameView
from domain.registry import get as game_module
from events.codec import command_from_wire
from tests.agents.mcp_session import call, session
from tests.support.botplay import legal_moves, seat_view
from tests.support.driver import Table

# (seed, how its rounds end) for random play: deck-outs in every round of a match (empty slots in the final
# market), in the first round only, in the last only; the shortest such matches of seeds 0-59 (138 to 158 moves)
JAIPUR = (("mcp-jaipur-57", ("deck", "deck")), ("mcp-jaipur-52", ("deck", "goods_piles")),
          ("mcp-jaipur-31", ("goods_piles", "deck")))
# (options, seats, seed): every box, the Great Bazaar with the most seats; the shortest greedy games of seeds 0-11
# for those seats (271, 381, 261, 555 moves), marked with about how long each takes through MCP alone
ISTANBUL = (pytest.param({}, 2, "mcp-istanbul-0", marks=pytest.mark.slow(seconds=25), id="base-2"),
            pytest.param({"expansions": ["mocha_baksheesh"]}, 2, "mcp-istanbul-3", marks=pytest.mark.slow(seconds=35),
                         id="mocha-2"),
            pytest.param({"expansions": ["letters_seals"]}, 2, "mcp-istanbul-10", marks=pytest.mark.slow(seconds=25),
                         id="letters-2"),
            pytest.param({"expansions": ["mocha_baksheesh", "letters_seals"]}, 5, "mcp-istanbul-1",
                         marks=pytest.mark.slow(seconds=55), id="great-bazaar-5"))


class RandomAgent:
    """Reads the moves in words only: picks one at random."""

    json = False

    def __init__(self, seed: str):
        self.rng = random.Random(seed)

    def choose(self, _seen: dict, listed: list[dict]) -> dict:
        return self.rng.choice(listed)

    def choose_in_process(self, _view: GameView, moves: list[dict]) -> dict:
        return self.rng.choice(moves)


class GreedyAgent:
    """Reads the view as JSON (`json=True`): greedy's one-ply evaluation."""

    json = True

    def __init__(self, seed: str):
        self.bot = make_bot("greedy", seed)

    def choose(self, seen: dict, listed: list[dict]) -> dict:
        view = GameView(**{**seen["view"], "to_act": tuple(seen["view"]["to_act"]), "words": None})
        move = self.bot.choose(view, [m["move"] for m in listed])
        return next(m for m in listed if m["move"] == move)

    def choose_in_process(self, view: GameView, moves: list[dict]) -> dict:
        return self.bot.choose(view, moves)


def expected(name: str, options: dict, seats: int, seed: str, agents) -> tuple[dict, int]:
    """The game these agents play, played in process: its result and its number of moves."""
    game = game_module(name)
    table = Table.start(game, options, seats, seed)
    table.settle()
    moves = 0
    while not game.is_terminal(table.state):
        seat = game.to_act(table.state)[0]
        listed = legal_moves(game, table.state, seat)
        move = agents[seat].choose_in_process(seat_view(game, table.state, seat, len(table.events), seats), listed)
        table.play(command_from_wire(game.COMMANDS[move["type"]], move, seat))
        table.settle()
        moves += 1
    return game.result(table.state), moves


async def agent(client, game_id: str, token: str, chooser, played: list) -> dict:
    """One seat to the end of the game: wait, list, choose, play (by number and by notation in turn); the last
    answer, which says the result."""
    seen = {"your_turn": False, "finished": False}
    while True:
        if not (seen["your_turn"] or seen["finished"]):  # after a move that leaves it ours, no wait
            seen = await call(client, "wait_for_turn", game_id=game_id, token=token, timeout_s=120, json=chooser.json)
        if seen["finished"]:
            return seen
        listed = await call(client, "legal_moves", game_id=game_id, token=token, json=chooser.json)
        entry = chooser.choose(seen, listed["moves"])
        move = str(entry["number"]) if len(played) % 2 else entry["notation"]
        seen = await call(client, "play_move", game_id=game_id, token=token, move=move,
                          expected_version=listed["version"], json=chooser.json)
        assert seen["played"] == entry["notation"] and "note" not in seen
        played.append((listed["version"], entry))


async def play_game(client, name: str, seats: int, options: dict, seed: str, agents) -> tuple[dict, list, list]:
    created = await call(client, "create_game", game=name, seats=seats, options=options, seed=seed, open=True)
    played: list = []
    finals = await asyncio.gather(*(agent(client, created["id"], s["token"], agents[s["seat"]], played)
                                    for s in created["seats"]))
    return created, list(finals), played


def check(server: str, created: dict, finals: list, played: list, result: dict, moves: int) -> None:
    """The agents read the end of the game they played, and it is the expected one."""
    bazaar = Client(server)
    final = bazaar.view(created["id"])
    assert final.finished and final.result == result and len(played) == moves
    for seen in finals:  # every seat read the end, in words
        assert seen["finished"] and seen["result"] and seen["position"]
        for winner in result["winners"]:
            assert f"seat {winner}" in seen["result"].lower()
    log = {e.version: e for e in bazaar.events(created["id"], limit=10000).events}
    if played:  # what each agent chose, by number or by notation, is what the game recorded
        for version, entry in played[:40]:
            if "move" in entry:
                recorded = {k: v for k, v in log[version + 1].command.items() if k != "expected_version"}
                assert recorded == entry["move"]


@pytest.mark.slow(seconds=40)
def test_jaipur_matches_with_deck_outs_to_the_end_through_mcp(server):
    async def matches():
        out = []
        async with session(server) as client:
            for seed, _ends in JAIPUR:
                agents = [RandomAgent(f"{seed}/{s}") for s in (0, 1)]
                out.append(await play_game(client, "jaipur", 2, {}, seed, agents))
        return out

    started = time.monotonic()
    played_games = asyncio.run(matches())
    bazaar = Client(server)
    for (seed, ends), (created, finals, played) in zip(JAIPUR, played_games, strict=True):
        result, moves = expected("jaipur", {}, 2, seed, [RandomAgent(f"{seed}/{s}") for s in (0, 1)])
        check(server, created, finals, played, result, moves)
        events = bazaar.events(created["id"], limit=10000).events
        assert tuple(e.payload["reason"] for e in events if e.type == "round_ended") == ends
        market = bazaar.view(created["id"]).state["market"]
        assert (None in market) == (ends[-1] == "deck")  # the last round's deck-out leaves empty slots
    print(f"jaipur: {sum(len(p) for _, _, p in played_games)} moves in {time.monotonic() - started:.1f} s")


@pytest.mark.parametrize(("options", "seats", "seed"), ISTANBUL)
def test_istanbul_to_the_end_through_mcp_in_every_box(server, running_worker, options, seats, seed):
    async def one_game():
        async with session(server) as client:
            agents = [GreedyAgent(f"{seed}-{s}") for s in range(seats)]
            return await play_game(client, "istanbul", seats, options, seed, agents)

    started = time.monotonic()
    created, finals, played = asyncio.run(one_game())
    result, moves = expected("istanbul", options, seats, seed, [GreedyAgent(f"{seed}-{s}") for s in range(seats)])
    check(server, created, finals, played, result, moves)
    print(f"istanbul {options} {seats}: {len(played)} moves in {time.monotonic() - started:.1f} s")
