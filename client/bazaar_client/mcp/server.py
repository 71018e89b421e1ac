"""`bazaar mcp`: a Model Context Protocol server (stdio) through which a language-model agent takes a seat.

Tools: `list_games`, `create_game`, `view_game` (the seat's view in words and as JSON), `legal_moves` (numbered,
in each game's text notation) and `play_move` (by number or notation); and to meet other players, `find_games`
(games waiting for players), `take_seat` (claim one: its token comes back) and `open_game` (a game whose seats
others claim). A seat token is all an agent needs: the
`token` argument of a tool, else `BAZAAR_TOKEN`; the service is `BAZAAR_URL`. Everything goes through the SDK,
exactly as for any third-party client; a refusal comes back as a tool error that names the problem's code.

Run as `bazaar mcp`, or `python -m bazaar_client.mcp.server`: the `bazaar` command hands over to this module so that
only this command pays for importing the `mcp` package.
"""

from __future__ import annotations

import os
from dataclasses import asdict
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from bazaar_client.mcp.words import describe
from bazaar_client.sdk import BazaarError, Client, GameView
from bazaar_client.sdk.notation import NotationError, canonical, find_move, format_move, parse_move

INSTRUCTIONS = """Play the games a Bazaar service hosts (`catalogue` lists them) as one seat. Your seat token comes
from the `token` argument or the server's BAZAAR_TOKEN. Loop: `view_game` (whose turn, the position in words), when it is your
turn `legal_moves`, then `play_move` with a move's number or its notation (e.g. `take camels`,
`sell cloth x3`). `create_game` returns one token per seat: keep them, they are shown only once. To play
strangers: `find_games`, then `take_seat` (or `open_game` and share its codes); the seat's token it returns is
yours alone: pass it as `token`."""


class Seats:
    """One SDK client per token, kept for the server's life so that each seat's client remembers the version
    it last saw (a move is checked against the position the agent looked at)."""

    def __init__(self, base: Client, default_token: str | None):
        self.base = base
        self.default_token = default_token
        self.clients: dict[str | None, Client] = {}

    def client(self, token: str | None = None, need_seat: bool = False) -> Client:
        token = token or self.default_token
        if need_seat and not token:
            raise ToolError("bad_token: this tool needs a seat token (the `token` argument or BAZAAR_TOKEN)")
        if token not in self.clients:
            self.clients[token] = self.base.as_seat(token)
        return self.clients[token]


def notation(view: GameView, move: dict) -> str:
    try:
        return format_move(view.game, move, view.state.get("place_names"))
    except NotationError:
        return str(move)


def _failed(error: BazaarError) -> ToolError:
    return ToolError(f"{error.code}" + (f" ({error.status})" if error.status else "")
                     + (f": {error.detail}" if error.detail else ""))


def build(base: Client, default_token: str | None = None) -> MCPServer:
    registry = Seats(base, default_token)
    # WARNING: a refused move is an answer to the agent (a tool error), not something to log on the host's stderr
    server = MCPServer("bazaar", instructions=INSTRUCTIONS, log_level="WARNING")

    @server.tool()
    def list_games(status: str | None = None) -> dict[str, Any]:
        """The games in the service's index (status `active` or `finished` to filter)."""
        try:
            return {"games": [asdict(g) for g in registry.client().games(status)]}
        except BazaarError as error:
            raise _failed(error) from error

    @server.tool()
    def catalogue() -> dict[str, Any]:
        """The games the service hosts (name, title, seats, commands, the JSON Schema of their options) and the bots
        that may hold a seat (`options.bots`): what `create_game` takes."""
        try:
            return registry.client().catalogue()
        except BazaarError as error:
            raise _failed(error) from error

    @server.tool()
    def create_game(game: str = "jaipur", seats: int = 2, options: dict | None = None,
                    seed: str | None = None, token: str | None = None) -> dict[str, Any]:
        """Create a game the service hosts (`catalogue` lists them with their seats and options). Returns its id and
        one token per seat (shown only now): pass a token as `token` to the other tools to act as that seat. `token`
        here: an organiser's or a player's token, to make the game theirs; without it the game has no owner (a seat
        token is no maker)."""
        try:
            # the server refuses a token that speaks for nobody, and BAZAAR_TOKEN is a seat's: only an explicit one
            created = registry.base.as_seat(token).create(game, seats, options, seed)
        except BazaarError as error:
            raise _failed(error) from error
        return asdict(created)

    @server.tool()
    def find_games(game: str | None = None, seats: int | None = None) -> dict[str, Any]:
        """Games waiting for players, with the seats you may take (`joinable`); `game` and `seats` narrow them."""
        try:
            return {"games": [asdict(g) for g in registry.client().open_games(game, seats)]}
        except BazaarError as error:
            raise _failed(error) from error

    @server.tool()
    def take_seat(game_id: str | None = None, seat: int | None = None, code: str | None = None,
                  name: str | None = None) -> dict[str, Any]:
        """Take an open seat: `game_id` and `seat` (from `find_games`), or an invitation `code`. Returns the seat's
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
            raise _failed(error) from error
        return asdict(claimed)

    @server.tool()
    def open_game(game: str = "jaipur", seats: int = 2, options: dict | None = None) -> dict[str, Any]:
        """A game whose seats players claim (nothing is dealt before the last claim): seat 0 has an invitation code
        (take it yourself with `take_seat`, or hand it out), the others are open to anyone (`find_games`)."""
        try:
            return asdict(registry.base.as_seat(None).create_open(game, seats, options=options))
        except BazaarError as error:
            raise _failed(error) from error

    @server.tool()
    def view_game(game_id: str, token: str | None = None) -> dict[str, Any]:
        """The game as your seat sees it: `words` (a short description: whose turn, the market, your hand, the
        scores) and `view` (the full JSON view: status, version, to_act, state, result)."""
        try:
            view = registry.client(token).view(game_id)
        except BazaarError as error:
            raise _failed(error) from error
        return {"words": describe(view), "your_turn": view.my_turn, "finished": view.finished, "view": asdict(view)}

    @server.tool()
    def legal_moves(game_id: str, token: str | None = None) -> dict[str, Any]:
        """Your legal moves now, numbered from 1, each with its text notation and its JSON command. Empty when
        nothing is awaited from your seat."""
        client = registry.client(token, need_seat=True)
        try:
            view = client.view(game_id)
            legal = client.legal_moves(game_id)
        except BazaarError as error:
            raise _failed(error) from error
        return {"version": legal.version, "seat": legal.seat,
                "moves": [{"number": n, "notation": notation(view, m), "move": m} for n, m in enumerate(legal.moves, 1)]}

    @server.tool()
    def play_move(game_id: str, move: str, token: str | None = None, expected_version: int | None = None) -> dict[str, Any]:
        """Play one move: its number from `legal_moves` or its notation (`take camels`, `take spice`,
        `sell cloth x3`, `exchange take leather,cloth give spice,camel`). `expected_version` (from `legal_moves`)
        makes the server refuse the move if the game moved on since. Returns the new version, the events and
        the position in words."""
        client = registry.client(token, need_seat=True)
        try:
            view = client.view(game_id)
            legal = client.legal_moves(game_id)
            text = move.strip()
            if text.isdigit():
                number = int(text)
                if not legal.moves:
                    raise ToolError("not_your_turn: no move is awaited from your seat now (see view_game)")
                if not 1 <= number <= len(legal.moves):
                    raise ToolError(f"no_such_move: there are {len(legal.moves)} legal moves now (see legal_moves)")
                command = legal.moves[number - 1]
            else:
                names = view.state.get("place_names")
                # a move not in the list is still sent, so that the server says why it is refused
                command = find_move(view.game, text, legal.moves, names) or parse_move(view.game, text, names)
            result = client.play(game_id, command,
                                 expected_version=legal.version if expected_version is None else expected_version)
            after = client.view(game_id)
        except NotationError as error:
            raise ToolError(f"bad_notation: {error}") from error
        except BazaarError as error:
            raise _failed(error) from error
        return {"played": notation(view, command), "move": canonical(command), "version": result.version,
                "events": [e.type for e in result.events], "words": describe(after)}

    return server


def main() -> None:
    token = os.environ.get("BAZAAR_TOKEN") or None
    build(Client.from_env(), token).run("stdio")


if __name__ == "__main__":
    main()
