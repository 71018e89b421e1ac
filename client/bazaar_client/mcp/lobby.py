"""The MCP tools that bring an agent together with other players: `find_games` (games waiting for players),
`take_seat` (claim one, by its id and seat or an invitation code: the seat's token comes back) and `open_game` (a
game whose seats others claim). Typed from the service's offer like the other tools (`mcp/offer.py`); no
`from __future__ import annotations`, as in server.py: the types are built at start."""

from dataclasses import asdict
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field, WithJsonSchema

from bazaar_client.mcp import answers
from bazaar_client.mcp.seats import Seats
from bazaar_client.sdk import BazaarError


def register(server: MCPServer, registry: Seats, game_name: Any, game_help: str, options_schema: dict,
             seats: tuple[int, int]) -> None:
    """Adds the three tools to `server`; `game_name` is the type of a game's name (an enum of the offer's)."""
    lowest, highest = seats

    @server.tool()
    def find_games(game: Annotated[game_name | None, Field(description="Only games of this title.")] = None,
                   seats: Annotated[int | None, Field(ge=lowest, le=highest,
                                                      description="Only games of this many seats.")] = None
                   ) -> dict[str, Any]:
        """Games waiting for players, with the seats you may take (`joinable`)."""
        try:
            return {"games": [asdict(g) for g in registry.client().open_games(game, seats)]}
        except BazaarError as error:
            raise answers.failed(error) from error

    @server.tool()
    def take_seat(game_id: Annotated[str | None, Field(description="A game find_games listed.")] = None,
                  seat: Annotated[int | None, Field(ge=0, description="One of its `joinable` seats.")] = None,
                  code: Annotated[str | None, Field(description="An invitation code, instead of game_id and "
                                                                "seat.")] = None,
                  name: Annotated[str | None, Field(description="The name the other players see.")] = None
                  ) -> dict[str, Any]:
        """Take an open seat: `game_id` and `seat` (from find_games), or an invitation `code`. Returns the seat's
        token (yours alone: pass it as `token` to the other tools) and, as you come as a guest, your player token.
        The game starts, and is dealt, when its last seat is taken."""
        guest = registry.base.as_seat(None)  # a seat's token is no claimer: the claim is made as a guest
        try:
            if code:
                claimed = guest.join(code, name=name)
            elif game_id is not None and seat is not None:
                claimed = guest.claim(game_id, seat, name=name)
            else:
                raise ToolError("bad_request: give game_id and seat, or an invitation code")
        except ValueError as error:  # not an invitation code
            raise ToolError(f"bad_invitation: {error}") from error
        except BazaarError as error:
            raise answers.failed(error) from error
        registry.met(claimed.token, claimed.game_id)
        return asdict(claimed)

    @server.tool()
    def open_game(game: Annotated[game_name, Field(description=game_help)],
                  seats: Annotated[int, Field(ge=lowest, le=highest, description="How many seats.")] = 2,
                  options: Annotated[dict[str, Any] | None, WithJsonSchema(options_schema),
                                     Field(description="The options of the game named by `game` (its schema is "
                                                       "the alternative titled with its name).")] = None
                  ) -> dict[str, Any]:
        """A game whose seats players claim (nothing is dealt before the last claim): seat 0 has an invitation code
        (take it yourself with take_seat, or hand it out), the others are open to anyone (find_games)."""
        try:
            return asdict(registry.base.as_seat(None).create_open(game, seats, options=options))
        except BazaarError as error:
            raise answers.failed(error) from error
