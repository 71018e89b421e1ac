"""The tokens an agent acts with during one MCP session, and the games it has met with each.

One SDK client per token, kept for the session, so that each remembers the version its seat last saw (a move is
checked against the position the agent looked at). A seat's token names no game by itself (the API has no route
from a token to its game), so the games that are "the agent's" are those it created here (every seat's token) or
read or played with a token; a player's token also lists the games bound to it (the service's index by player)."""

from __future__ import annotations

from mcp.server.mcpserver.exceptions import ToolError

from bazaar_client.sdk import BazaarError, Client


class Seats:
    def __init__(self, base: Client, default_token: str | None):
        self.base = base
        self.default_token = default_token
        self.clients: dict[str | None, Client] = {}
        self.games: dict[str | None, list[str]] = {}  # token -> the ids of the games met with it, in order
        self.players: dict[str, str | None] = {}  # token -> the player it speaks for (None: no player's token)

    def client(self, token: str | None = None, need_seat: bool = False) -> Client:
        token = token or self.default_token
        if need_seat and not token:
            raise ToolError("bad_token: this tool acts for a seat: give its token (the `token` argument, or "
                            "BAZAAR_TOKEN where the server was started)")
        if token not in self.clients:
            self.clients[token] = self.base.as_seat(token)
        return self.clients[token]

    def met(self, token: str | None, game_id: str) -> None:
        """A game read or played with `token` (None: the server's own token)."""
        token = token or self.default_token
        if token is not None and game_id not in self.games.setdefault(token, []):
            self.games[token].append(game_id)

    def mine(self, token: str | None) -> list[str]:
        """The ids of the games `token` (default: the server's own) holds a seat in, as far as this session knows:
        met with it here, and for a player's token the games bound to the player, newest of the index first."""
        token = token or self.default_token
        found = list(reversed(self.games.get(token, [])))
        if token is None:
            return found
        player = self.player(token)
        if player is None:
            return found
        return found + [g.id for g in self.client(token).games(player=player) if g.id not in found]

    def player(self, token: str) -> str | None:
        if token not in self.players:
            try:
                me = self.client(token).me()
            except BazaarError as error:  # a seat's token: only players, organisers and admins have an identity
                if error.is_server_fault:
                    raise
                me = None
            self.players[token] = me.id if me is not None and me.scope == "player" else None
        return self.players[token]
