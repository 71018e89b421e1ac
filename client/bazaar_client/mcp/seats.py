"""The tokens an agent acts with during one MCP session, and the games it has met with each.

One SDK client per token, kept for the session, so that each remembers the version its seat last saw (a move is
checked against the position the agent looked at). A seat's token names its game (`GET /v1/me`), so an agent
started with nothing but a seat's token finds its game, and a tool called without `game_id` acts in it; the
games that are "the agent's" are besides those it created here (every seat's token) or read or played with a
token; a player's token also lists the games bound to it (the service's index by player)."""

from __future__ import annotations

from mcp.server.mcpserver.exceptions import ToolError

from bazaar_client.sdk import BazaarError, Client, Me, SeatMe


class Seats:
    def __init__(self, base: Client, default_token: str | None):
        self.base = base
        self.default_token = default_token
        self.clients: dict[str | None, Client] = {}
        self.games: dict[str | None, list[str]] = {}  # token -> the ids of the games met with it, in order
        self.identities: dict[str, Me | SeatMe | None] = {}  # token -> whom it speaks for (None: nobody it says)

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
        """The ids of the games `token` (default: the server's own) holds a seat in: a seat token's own game; else,
        as far as this session knows, those met with it here, and for a player's token the games bound to the
        player, newest of the index first."""
        token = token or self.default_token
        found = list(reversed(self.games.get(token, [])))
        if token is None:
            return found
        own = self.own_game(token)
        if own is not None:
            return [own]
        player = self.player(token)
        if player is None:
            return found
        return found + [g.id for g in self.client(token).games(player=player) if g.id not in found]

    def game(self, token: str | None, game_id: str | None) -> str:
        """`game_id`, or when the agent gave none, the game its seat's token names."""
        if game_id:
            return game_id
        token = token or self.default_token
        own = self.own_game(token) if token else None
        if own is None:
            raise ToolError("bad_request: give `game_id`: " + (
                "no token was given (the `token` argument, or BAZAAR_TOKEN), so there is no game of yours"
                if not token else "this token names no game of its own (a player's, organiser's or admin's, or a "
                                  "seat's made before seat tokens named their game): list_games shows yours"))
        return own

    def own_game(self, token: str) -> str | None:
        """The game a seat's token holds a seat in (None for any other token)."""
        found = self.identity(token)
        return found.game_id if isinstance(found, SeatMe) else None

    def player(self, token: str) -> str | None:
        found = self.identity(token)
        return found.id if isinstance(found, Me) and found.scope == "player" else None

    def identity(self, token: str) -> Me | SeatMe | None:
        if token not in self.identities:
            try:
                self.identities[token] = self.client(token).me()
            except BazaarError as error:  # a token the service knows nothing of by itself
                if error.is_server_fault:
                    raise
                self.identities[token] = None
        return self.identities[token]
