"""`bazaar mcp`: a Model Context Protocol server (stdio) through which a language-model agent takes a seat.

The tools' parameters are typed from what the service offers, read at start (`mcp/offer.py`): the games as an
enum, the seats' range, each game's creation options as its contract states them. Answers are in the words the
service says its games in (`mcp/answers.py`): the position (in a few lines unless `full` asks for all of it), the
moves with their notation and words, the log, the result. To meet other players: `find_games`, `take_seat`,
`open_game` (`mcp/lobby.py`). A seat token is all an agent needs: the `token` argument of a tool, else
`BAZAAR_TOKEN`; it names its game, so a tool called without `game_id` acts in the token's own game (`GET /v1/me`,
mcp/seats.py); the service is `BAZAAR_URL`. Everything goes through the SDK, as for any third-party client; a
refusal comes back as a tool error that starts with the problem's code. A move the service accepted is never
reported as an error: whatever fails after it (reading the new position) is a note in the answer, so an agent
never plays a move twice.

Run as `bazaar mcp`, or `python -m bazaar_client.mcp.server`: the `bazaar` command hands over to this module so
that only this command pays for importing the `mcp` package.

No `from __future__ import annotations` here: the tools' parameter types are built at start from the service's
offer, and the MCP package reads them from the functions' annotations as evaluated then.
"""

import os
from dataclasses import asdict
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field, WithJsonSchema

from bazaar_client.mcp import answers, lobby
from bazaar_client.mcp.offer import Offer
from bazaar_client.mcp.seats import Seats
from bazaar_client.sdk import AUTO, BazaarError, Client

INSTRUCTIONS = """Play the games a Bazaar service hosts as one seat (or several, one token each). A seat's token
comes from the `token` argument or the server's BAZAAR_TOKEN; create_game hands out one per seat, shown only then.
A seat's token names its game: without `game_id` a tool acts in it (list_games shows it, and whether it is your
turn).
The loop: wait_for_turn (returns when your decision is awaited or the game is over: the position in words, in a
few lines; full=true, here or in view_game, says every place and every player's holdings), then
legal_moves (each move numbered, with its notation and what it does), then play_move with a number or a line of
notation (`take camels`, `sell cloth x3`, `move sultans-palace`); game_log says what happened in words. A refusal
is an error that starts with its code (`not_your_turn`, `bad_notation`, `jaipur.hand_limit`, ...); a move that was
played is never an error. To play strangers: find_games, then take_seat (or open_game and share its codes); the
seat's token it returns is yours alone: pass it as `token`."""

Token = Annotated[str | None, Field(description="A seat's token (create_game hands them out); default: the server's "
                                                "BAZAAR_TOKEN.")]
GameId = Annotated[str | None, Field(description="The game's id, as create_game or list_games gave it; default: "
                                                 "the game your seat's token holds.")]
WithJson = Annotated[bool, Field(description="Also return the game's data as JSON (the words say what a player "
                                             "needs).")]
Full = Annotated[bool, Field(description="The whole position in words (every place with what it offers, every "
                                         "player's holdings, the supplies) instead of the short one (whose turn, "
                                         "the race, your holdings, where the figures are, what is near you).")]
MAX_LISTED = 100
MAX_WAIT_S = 600


def build(base: Client, default_token: str | None = None) -> MCPServer:
    registry = Seats(base, default_token)
    offer = Offer.read(base)
    # WARNING: a refused move is an answer to the agent (a tool error), not something to log on the host's stderr
    server = MCPServer("bazaar", instructions=INSTRUCTIONS, log_level="WARNING")
    lowest, highest = offer.seats()
    GameName = Literal[offer.names] if offer.games else str  # noqa: N806 - a type, built from the offer
    game_help = (f"The game: {offer.described()}." if offer.games else "A game the service hosts (see catalogue).")
    options_schema = offer.options_schema() if offer.games else {"anyOf": [{"type": "object"}, {"type": "null"}]}
    bots = f" Bots that may hold a seat: {', '.join(offer.bots)}." if offer.bots else ""

    def game_view(client: Client, token: str | None, game_id: str, with_json: bool = False, full: bool = False
                  ) -> dict:
        view = client.view(game_id, words=True if full else "short")
        registry.met(token, game_id)
        return answers.game(view, with_json)

    @server.tool()
    def catalogue() -> dict[str, Any]:
        """The games the service hosts (name, title, seats, commands, the JSON Schema of their own options) and the
        bots that may hold a seat: what create_game takes."""
        try:
            return registry.client().catalogue()
        except BazaarError as error:
            raise answers.failed(error) from error

    @server.tool()
    def list_games(mine: Annotated[bool, Field(description="Only the games your token holds a seat in (those "
                                                             "created, read or played in this session; a player's "
                                                             "token: its games).")] = True,
                   my_turn: Annotated[bool, Field(description="Only the games awaiting your decision now (implies "
                                                                "mine).")] = False,
                   status: Annotated[Literal["active", "finished"] | None,
                                     Field(description="Only active or only finished games.")] = None,
                   limit: Annotated[int, Field(ge=1, le=MAX_LISTED, description="At most this many.")] = 20,
                   token: Token = None) -> dict[str, Any]:
        """Games: by default yours (with your seat and whether it is your turn); with mine=false the service's
        index, newest first. Bounded by `limit`."""
        try:
            if not (mine or my_turn):
                return {"games": [asdict(g) for g in registry.client(token).games(status, most=limit)]}
            client = registry.client(token)
            found = []
            for game_id in registry.mine(token):
                view = client.view(game_id)
                if (status and view.status != status) or (my_turn and not view.awaited):
                    continue
                found.append({"game_id": view.id, "game": view.game, "version": view.version, "seat": view.seat,
                              "status": view.status, "your_turn": view.awaited, "to_act": list(view.to_act)})
                if len(found) >= limit:
                    break
            return {"games": found}
        except BazaarError as error:
            raise answers.failed(error) from error

    @server.tool()
    def create_game(game: Annotated[GameName, Field(description=game_help)],
                    seats: Annotated[int, Field(ge=lowest, le=highest,
                                                description="How many seats (each game's range is in `game`).")] = 2,
                    options: Annotated[dict[str, Any] | None, WithJsonSchema(options_schema),
                                       Field(description="The options of the game named by `game` (its schema is the "
                                                         "alternative titled with its name); `bots` seats a bot: one "
                                                         f"entry per seat, null for a player.{bots}")] = None,
                    seed: Annotated[str | None, Field(description="Entropy mixed into the deal.")] = None,
                    open: Annotated[bool, Field(description="Deal from `seed` as given and publish it: "
                                                 "the game can be replayed and analysed by anyone, so it is no fair "
                                                 "game (tests, studies).")] = False,
                    token: Annotated[str | None, Field(description="An organiser's or a player's token, to make the "
                                                                   "game theirs (a seat's token makes nothing).")] = None
                    ) -> dict[str, Any]:
        """Create a game. Returns its id and one token per seat (shown only now): pass a token as `token` to the
        other tools to act as that seat."""
        try:
            # the server refuses a token that speaks for nobody, and BAZAAR_TOKEN is a seat's: only an explicit one
            created = registry.base.as_seat(token).create(game, seats, options, seed, open=open)
        except BazaarError as error:
            raise answers.failed(error) from error
        for seat in created.seats:
            registry.met(seat.token, created.id)
        return asdict(created)

    lobby.register(server, registry, GameName, game_help, options_schema, (lowest, highest))

    @server.tool()
    def view_game(game_id: GameId = None, token: Token = None, json: WithJson = False, full: Full = False
                  ) -> dict[str, Any]:
        """The game as your seat sees it, in words: `position` (a line each: in a few lines, what you need to choose
        your move; with full=true all of it), `turn` (whose, and what to call), `your_turn`, `finished`, `result`
        (who won, by how much, how) once it is over."""
        try:
            return game_view(registry.client(token), token, registry.game(token, game_id), json, full)
        except BazaarError as error:
            raise answers.failed(error) from error

    @server.tool()
    def wait_for_turn(game_id: GameId = None, token: Token = None,
                      timeout_s: Annotated[int, Field(ge=1, le=MAX_WAIT_S, description="Give up after this many "
                                                                                       "seconds.")] = 60,
                      json: WithJson = False, full: Full = False) -> dict[str, Any]:
        """Wait until your decision is awaited or the game is over, following the game live (the other seats'
        turns, the dealer's rolls); then the game as view_game says it. After `timeout_s`, the game as it stands
        with `timed_out` true: call again to go on waiting."""
        client = registry.client(token, need_seat=True)
        try:
            game_id = registry.game(token, game_id)
            try:
                client.wait_for_turn(game_id, timeout=timeout_s)
                timed_out = False
            except TimeoutError:
                timed_out = True
            except ValueError as error:  # a spectator: this token holds no seat of the game
                raise ToolError(f"bad_token: {error}") from error
            return {**game_view(client, token, game_id, json, full), "timed_out": timed_out}
        except BazaarError as error:
            raise answers.failed(error) from error

    @server.tool()
    def legal_moves(game_id: GameId = None, token: Token = None, json: WithJson = False) -> dict[str, Any]:
        """Your legal moves now, numbered from 1: each with its `notation` (the line to type) and `words` (what it
        does, with what it costs and yields). Empty when nothing is awaited from your seat."""
        client = registry.client(token, need_seat=True)
        game_id = registry.game(token, game_id)
        try:
            legal = client.legal_moves(game_id, words=True)
        except BazaarError as error:
            raise answers.failed(error) from error
        registry.met(token, game_id)
        return answers.moves(legal, json)

    @server.tool()
    def play_move(move: Annotated[str, Field(description="The move's number from legal_moves, or a line of the "
                                                         "game's notation (`take camels`, `sell cloth x3`, "
                                                         "`move sultans-palace`, `accept undo`).")],
                  game_id: GameId = None, token: Token = None,
                  expected_version: Annotated[int | None, Field(description="The version your choice was made on "
                                                                            "(legal_moves gives it): the move is "
                                                                            "refused if the game moved on since. "
                                                                            "Default: the last version you saw.")]
                  = None, json: WithJson = False, full: Full = False) -> dict[str, Any]:
        """Play one move. Returns what was played in words (the log's lines for it), the new version and the game
        as view_game says it (when `your_turn` is still true, your next decision is awaited at once). A refused
        move is an error naming its code; a move that counted never is."""
        client = registry.client(token, need_seat=True)
        game_id = registry.game(token, game_id)
        text = move.strip()
        try:
            if text.isdigit():
                legal = client.legal_moves(game_id, words=True)
                number = int(text)
                if not legal.moves:
                    raise ToolError("not_your_turn: no move is awaited from your seat now (see wait_for_turn)")
                if not 1 <= number <= len(legal.moves):
                    raise ToolError(f"no_such_move: the moves are numbered 1 to {len(legal.moves)} (see legal_moves)")
                typed = legal.said[number - 1].notation
                result = client.play(game_id, legal.moves[number - 1],
                                     expected_version=legal.version if expected_version is None else expected_version)
            else:
                typed = text
                result = client.play_notation(game_id, text,
                                              expected_version=AUTO if expected_version is None else expected_version)
        except BazaarError as error:
            raise answers.failed(error) from error
        registry.met(token, game_id)
        # the move counted: from here on, nothing is an error (an agent would play it again)
        played: dict[str, Any] = {"played": typed, "version": result.version,
                                  "events": [e.type for e in result.events]}
        try:
            first = result.version - len(result.events)
            played["said"] = [line.text for line in client.log(game_id, after=first).lines
                              if line.version <= result.version]
            played.update(game_view(client, token, game_id, json, full))
        except Exception as error:  # noqa: BLE001 - see above: the answer stays the move's
            played["note"] = (f"The move counted (version {result.version}); reading the game after it failed "
                              f"({getattr(error, 'code', type(error).__name__)}): call view_game.")
        return played

    @server.tool()
    def game_log(game_id: GameId = None, token: Token = None,
                 after: Annotated[int, Field(ge=0, description="Only what happened after this version.")] = 0,
                 limit: Annotated[int, Field(ge=1, le=MAX_LISTED, description="At most this many lines.")] = 30
                 ) -> dict[str, Any]:
        """What happened in the game, in words, a line per event worth one (as your seat may know it), oldest
        first; with `after`, only since that version. `next` is the `after` that reads on from the last line."""
        try:
            log = registry.client(token).log(registry.game(token, game_id), after=after, limit=limit)
        except BazaarError as error:
            raise answers.failed(error) from error
        return {"version": log.version, "next": log.next,
                "lines": [{"version": line.version, "text": line.text} for line in log.lines]}

    @server.tool()
    def request_undo(to_version: Annotated[int, Field(ge=0, description="The version to take the game back to.")],
                     game_id: GameId = None, token: Token = None) -> dict[str, Any]:
        """Take moves back to `to_version`: your own moves within your turn (the game's undo option `turn`), or ask
        the other seats to agree (`consent`: they answer with answer_undo). Never across a roll, a shuffle or a
        card shown."""
        client = registry.client(token, need_seat=True)
        game_id = registry.game(token, game_id)
        return undone(client, token, game_id, lambda: client.undo(game_id, to_version))

    @server.tool()
    def answer_undo(accept: Annotated[bool, Field(description="true: take the moves back; false: refuse.")],
                    game_id: GameId = None, token: Token = None) -> dict[str, Any]:
        """Answer another seat's request to take moves back (view_game shows it as `undo_request`)."""
        client = registry.client(token, need_seat=True)
        game_id = registry.game(token, game_id)
        return undone(client, token, game_id, lambda: client.answer_undo(game_id, accept))

    def undone(client: Client, token: str | None, game_id: str, post) -> dict[str, Any]:
        """An undo request's or answer's result, then the game after it (an error only if it was refused)."""
        try:
            result = post()
        except BazaarError as error:
            raise answers.failed(error) from error
        return {"version": result.version, "events": [e.type for e in result.events],
                **after_move(client, token, game_id)}

    def after_move(client: Client, token: str | None, game_id: str) -> dict:
        """The game after an accepted command, or a note: never an error once it counted."""
        try:
            return game_view(client, token, game_id)
        except Exception as error:  # noqa: BLE001 - the command counted: its answer must not become an error
            return {"note": f"It counted; reading the game after it failed "
                            f"({getattr(error, 'code', type(error).__name__)}): call view_game."}

    return server


def main() -> None:
    token = os.environ.get("BAZAAR_TOKEN") or None
    build(Client.from_env(), token).run("stdio")


if __name__ == "__main__":
    main()
