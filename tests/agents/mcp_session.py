"""An agent's side of `bazaar mcp` for the tests: the official MCP client starts `bazaar mcp` as a subprocess (stdio)
against a real server, as an agent's host does; `call` returns a tool's structured answer and fails the test on a
tool error, `refused` returns a tool error's text and fails the test on a success."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from mcp import Client as McpClient
from mcp.client.stdio import StdioServerParameters

BAZAAR = Path(sys.executable).parent / "bazaar"


def session(url: str, token: str | None = None) -> McpClient:
    env = {**os.environ, "BAZAAR_TOKEN": token or ""}
    return McpClient(StdioServerParameters(command=str(BAZAAR), args=["--url", url, "mcp"], env=env),
                     read_timeout_seconds=120)


async def call(client: McpClient, tool: str, **arguments) -> dict:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content[0].text
    return result.structured_content


async def refused(client: McpClient, tool: str, **arguments) -> str:
    result = await client.call_tool(tool, arguments)
    assert result.is_error, result.structured_content
    return result.content[0].text
