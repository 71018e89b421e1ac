"""`bazaar`: the console script (pyproject's [project.scripts]). Assembles the command group."""

from __future__ import annotations

from bazaar_client.cli import agentcmds, botcmds, games, lobbycmds, play, watch
from bazaar_client.cli.app import main

for command in (*games.COMMANDS, *play.COMMANDS, *watch.COMMANDS, *lobbycmds.COMMANDS, *botcmds.COMMANDS,
                *agentcmds.COMMANDS):
    main.add_command(command)

__all__ = ["main"]
