"""`bazaar`: the console script (pyproject's [project.scripts]). Assembles the command group."""

from __future__ import annotations

from bazaar_client.cli import agentcmds, botcmds, games, lobbycmds
from bazaar_client.cli.app import main

for command in (*games.COMMANDS, *lobbycmds.COMMANDS, *botcmds.COMMANDS, *agentcmds.COMMANDS):
    main.add_command(command)

__all__ = ["main"]
