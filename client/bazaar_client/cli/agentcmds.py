"""`bazaar mcp`: the Model Context Protocol server for AI agents (`client/bazaar_client/mcp/server.py`)."""

from __future__ import annotations

import os
import sys

import click

from bazaar_client.cli.app import Session


@click.command()
@click.pass_obj
def mcp(session: Session) -> None:
    """Serve the Model Context Protocol on stdin/stdout: tools to list and create games, read your seat's view (in
    words and JSON), list legal moves in notation and play one. Acts as the seat of --token/BAZAAR_TOKEN unless a
    tool is given a token. Point an MCP client at `bazaar mcp`."""
    transport = session.client.transport
    env = {**os.environ, "BAZAAR_URL": transport.base_url}
    if transport.token:
        env["BAZAAR_TOKEN"] = transport.token
    sys.stdout.flush()
    # this process becomes the server (same stdin/stdout, same pid for the MCP client to stop): the `mcp` package
    # and what it pulls in (pydantic, starlette) take a second or two to import, which no other command should pay
    os.execve(sys.executable, [sys.executable, "-m", "bazaar_client.mcp.server"], env)


COMMANDS = (mcp,)
