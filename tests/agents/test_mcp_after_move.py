"""A move the service applied is never reported to the agent as an error: an agent would play it again. The MCP
server talks to the real server through a relay that lets nothing more through once a command has been answered
(as a server dying just after a move would); the move counted, so `play_move` answers with it, and says that the
position after it could not be read."""

import asyncio

from bazaar_client.sdk import Client
from tests.agents.mcp_session import call, session
from tests.sdk.proxy import CuttableProxy


async def play_then_lose_the_server(proxy: CuttableProxy, game_id: str, token: str) -> tuple[dict, dict]:
    async with session(proxy.url, token) as client:
        listed = await call(client, "legal_moves", game_id=game_id, json=True)
        proxy.seal_after_post = True
        played = await call(client, "play_move", game_id=game_id, move="1")  # fails the test if it is an error
    return listed, played


def test_a_move_that_counted_is_answered_as_played_when_what_follows_it_fails(server):
    bazaar = Client(server)
    created = bazaar.create("jaipur")
    seat = bazaar.view(created.id).to_act[0]
    host, port = server.removeprefix("http://").split(":")
    proxy = CuttableProxy(host, int(port))
    try:
        listed, played = asyncio.run(play_then_lose_the_server(proxy, created.id, created.token(seat)))
    finally:
        proxy.close()
    assert proxy.sealed
    now = bazaar.view(created.id)
    assert now.version > listed["version"] and played["version"] == now.version  # it counted, once
    assert played["played"] == listed["moves"][0]["notation"]
    assert "counted" in played["note"] and "unreachable" in played["note"]
    recorded = bazaar.events(created.id, after=listed["version"], limit=1).events[0].command
    assert {k: v for k, v in recorded.items() if k != "expected_version"} == listed["moves"][0]["move"]
