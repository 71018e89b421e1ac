"""`Client`: every route of the API as a method. A client acts as one seat (its token) or as a spectator
(no token); `as_seat(token)` gives a twin on the same connection pool for another seat.

Commands carry an automatic `expected_version`: the version of the last view, legal moves or command result
this client saw for that game, i.e. the position the caller decided on. If the game moved on since, the server
answers `409 version_conflict` instead of applying a move to a position nobody looked at."""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable

from bazaar_client.sdk.commands import post_command
from bazaar_client.sdk.errors import NOT_FOUND, BazaarError
from bazaar_client.sdk.lobby import LobbyMethods
from bazaar_client.sdk.retry import RetryPolicy
from bazaar_client.sdk.stream import EventStream
from bazaar_client.sdk.tournaments import TournamentMethods
from bazaar_client.sdk.transport import Transport
from bazaar_client.sdk.types import (
    BotSeat,
    CommandResult,
    CreatedGame,
    EventPage,
    Export,
    GameLog,
    GameSummary,
    GameView,
    Health,
    IssuedToken,
    LegalMoves,
    Me,
    SeatMe,
    SeatToken,
    Verification,
)
from bazaar_client.sdk.verify import verify_export

DEFAULT_URL = "http://127.0.0.1:8000"
AUTO = object()  # expected_version: the last version this client saw
LOG_PAGE = 200  # lines of the log a page holds unless asked otherwise (the service's default)


def names_game(method):
    """A method whose first argument is a game's id: the service's `404 not_found` (no route matched: the id is
    not of the service's form) is said plainly, naming the id, instead of the web framework's stock sentence about
    URLs typed by hand. The code stays the service's."""
    @functools.wraps(method)
    def said_plainly(self, game_id, *args, **kwargs):
        try:
            return method(self, game_id, *args, **kwargs)
        except BazaarError as error:
            if error.code != NOT_FOUND:
                raise
            raise BazaarError(error.code, error.status, f"there is no game {game_id!r} (a game's id is the one its "
                              "creation returned, as the list of games shows it)", error.problem) from None
    return said_plainly


def _flag(on: bool) -> str | None:
    return "true" if on else None


def _words(words: bool | str) -> str | None:
    """A view's `words`: False (none), True (the whole position) or "short" (the position in a few lines)."""
    if words in (False, None):
        return None
    if words is True or words == "short":
        return "true" if words is True else "short"
    raise ValueError(f"words: True, False or 'short', not {words!r}")


class Client(TournamentMethods, LobbyMethods):
    def __init__(self, base_url: str = DEFAULT_URL, token: str | None = None, retry: RetryPolicy | None = None,
                 transport: Transport | None = None):
        self.transport = transport or Transport(base_url, token, retry)
        self._seen: dict[str, int] = {}

    @classmethod
    def from_env(cls, base_url: str | None = None, token: str | None = None) -> Client:
        """`BAZAAR_URL` and `BAZAAR_TOKEN` unless given."""
        return cls(base_url or os.environ.get("BAZAAR_URL") or DEFAULT_URL, token or os.environ.get("BAZAAR_TOKEN"))

    def as_seat(self, token: str | None) -> Client:
        return Client(transport=self.transport.with_token(token))

    @property
    def token(self) -> str | None:
        return self.transport.token

    def _get(self, path: str, **params):
        return self.transport.request("GET", path, params={k: v for k, v in params.items() if v is not None})

    def _saw(self, game_id: str, version: int) -> None:
        self._seen[game_id] = version

    # --- meta ---------------------------------------------------------------------------------------------
    def health(self) -> Health:
        try:
            doc = self._get("/healthz").json()
        except BazaarError as error:
            if error.status == 503:  # plain JSON, not a problem document
                return Health("unavailable", str(error.detail))
            raise
        return Health(doc["status"], doc["redis"])

    def openapi(self) -> str:
        return self._get("/openapi.yaml").text

    def catalogue(self) -> dict:
        """The games the service hosts (`games`: name, title, seats, commands, options' JSON Schema, picture) and the
        bots that may hold a seat (`bots`): what to offer without knowing the games."""
        return self._get("/v1/catalogue").json()

    # --- games --------------------------------------------------------------------------------------------
    def create(self, game: str, seats: int = 2, options: dict | None = None, seed: str | None = None,
               open: bool = False) -> CreatedGame:
        body: dict = {"game": game, "seats": seats, "options": options or {}}
        if seed is not None:
            body["seed"] = seed
        if open:
            body["open"] = True
        # not repeatable: a retried creation after a dropped connection could make a second game
        return CreatedGame.from_json(self.transport.request("POST", "/v1/games", json=body, repeatable=False).json())

    def games(self, status: str | None = None, player: str | None = None, limit: int | None = None,
              most: int | None = None) -> tuple[GameSummary, ...]:
        """Every game listed for this caller (`status` "active"/"finished", `player` an id), page by page (`limit`
        a page), or the first `most` of them."""
        found, after = [], None
        while True:
            page = self._get("/v1/games", status=status, player=player, limit=limit, after=after).json()
            found += [GameSummary.from_json(g) for g in page["games"]]
            after = page.get("next")
            if after is None or (most is not None and len(found) >= most):
                return tuple(found[:most])

    @names_game
    def view(self, game_id: str, words: bool | str = False) -> GameView:
        """The game as this seat (or a spectator) sees it; `words`: with the position and the result in words
        (`GameView.words`, None where the service does not say them): True the whole position, "short" the
        position in a few lines (what the seat needs to choose its next move)."""
        view = GameView.from_json(self._get(f"/v1/games/{game_id}", words=_words(words)).json())
        self._saw(game_id, view.version)
        return view

    @names_game
    def state(self, game_id: str, version: int | None = None) -> GameView:
        """Time travel: the game as it stood after event `version` (default: now), as this seat saw it then."""
        view = GameView.from_json(self._get(f"/v1/games/{game_id}/state", version=version).json())
        if version is None:
            self._saw(game_id, view.version)
        return view

    @names_game
    def legal_moves(self, game_id: str, words: bool = False) -> LegalMoves:
        """This seat's legal moves now, complete bodies; `words`: with each one's notation and words (`said`)."""
        moves = LegalMoves.from_json(self._get(f"/v1/games/{game_id}/legal-moves", words=_flag(words)).json())
        self._saw(game_id, moves.version)
        return moves

    @names_game
    def log(self, game_id: str, after: int = 0, limit: int | None = None) -> GameLog:
        """A page of the game log in words: the first `limit` lines (default 200) after version `after`, redacted
        for this caller exactly as its events are; `GameLog.next` is the next page's `after`."""
        return GameLog.from_json(self._get(f"/v1/games/{game_id}/log", after=after, limit=limit).json())

    @names_game
    def log_lines(self, game_id: str, after: int = 0, limit: int = LOG_PAGE) -> GameLog:
        """Every line of the game log after version `after`, page by page (`limit` lines a page, until a page
        holds fewer): a `GameLog` of them all, whose `next` is where to read on from later."""
        lines: list = []
        while True:
            page = self.log(game_id, after, limit)
            lines += page.lines
            if len(page.lines) < limit:
                return GameLog(page.version, tuple(lines), page.next)
            after = page.next

    @names_game
    def play(self, game_id: str, command: dict, expected_version=AUTO, idempotency_key: str | None = None
             ) -> CommandResult:
        """Post one command (a body from `legal_moves`; `play_notation` for a line of the game's notation).
        `expected_version`: AUTO (the last version seen, fetched if none), an int, or None to post without a
        check."""
        if expected_version is AUTO:
            expected_version = self._seen.get(game_id)
            if expected_version is None:
                expected_version = self.view(game_id).version
        result = post_command(self.transport, game_id, command, expected_version, idempotency_key)
        self._saw(game_id, result.version)
        return result

    def play_notation(self, game_id: str, text: str, expected_version=AUTO, idempotency_key: str | None = None
                      ) -> CommandResult:
        """Play the move a line of the game's notation names (`sell cloth x3`, `move sultans-palace`,
        `accept undo`), read by the service as it reads every client's; a line it cannot read is
        `BazaarError("bad_notation")` (400) whose detail says what it expected. `expected_version` as for `play`."""
        if expected_version is AUTO:
            expected_version = self._seen.get(game_id, AUTO)
        return self.play(game_id, {"notation": text}, expected_version, idempotency_key)

    @names_game
    def undo(self, game_id: str, to_version: int, expected_version=AUTO) -> CommandResult:
        """Take moves back to `to_version` (option `undo` "turn"), or ask the others to (option "consent")."""
        body: dict = {"to_version": to_version}
        if expected_version is AUTO:
            expected_version = self._seen.get(game_id)
        if expected_version is not None:
            body["expected_version"] = expected_version
        result = CommandResult.from_json(self.transport.request(
            "POST", f"/v1/games/{game_id}/undo", json=body, repeatable=False).json())
        self._saw(game_id, result.version)
        return result

    @names_game
    def picture(self, game_id: str, png: bool = False) -> bytes:
        """The board as this seat (or a spectator) sees it: SVG, or PNG when the server can draw one."""
        accept = "image/png" if png else "image/svg+xml"
        return self.transport.request("GET", f"/v1/games/{game_id}/board.svg", headers={"Accept": accept}).content

    # --- seats --------------------------------------------------------------------------------------------
    @names_game
    def seat_bot(self, game_id: str, seat: int, bot: str | None, budget_ms: int | None = None) -> BotSeat:
        """Hand `seat` to a bot (`bot` None: back to its player); this client's token must be the game owner's (the
        organiser that created it) or an admin's."""
        body: dict = {"bot": bot}
        if budget_ms is not None:
            body["budget_ms"] = budget_ms
        return BotSeat.from_json(self.transport.request("PUT", f"/v1/games/{game_id}/seats/{seat}/bot", json=body,
                                                        repeatable=False).json())

    @names_game
    def replace_seat_token(self, game_id: str, seat: int) -> SeatToken:
        """A new token for `seat` (asked with the seat's own token, the game owner's or an admin's); the old one stops
        at once."""
        doc = self.transport.request("POST", f"/v1/games/{game_id}/seats/{seat}/token", repeatable=False).json()
        return SeatToken(doc["seat"], doc["token"])

    @names_game
    def answer_undo(self, game_id: str, accept: bool) -> CommandResult:
        """Answer another seat's consent undo request."""
        return self.play(game_id, {"type": "accept_undo" if accept else "decline_undo"}, expected_version=None)

    # --- identities ---------------------------------------------------------------------------------------
    def create_organiser(self, name: str, expires_in_s: int | None = None) -> IssuedToken:
        """An admin creates an organiser (and its first token)."""
        return self._issue("/v1/organisers", {"name": name, "expires_in_s": expires_in_s})

    def create_player(self, name: str, expires_in_s: int | None = None) -> IssuedToken:
        """An organiser (or admin) creates a player (and its first token)."""
        return self._issue("/v1/players", {"name": name, "expires_in_s": expires_in_s})

    def issue_token(self, identity_id: str, expires_in_s: int | None = None) -> IssuedToken:
        return self._issue(f"/v1/identities/{identity_id}/tokens", {"expires_in_s": expires_in_s})

    def _issue(self, path: str, body: dict) -> IssuedToken:
        body = {k: v for k, v in body.items() if v is not None}
        return IssuedToken.from_json(self.transport.request("POST", path, json=body, repeatable=False).json())

    def revoke_identity(self, identity_id: str) -> None:
        """The identity and every token of it stop working."""
        self.transport.request("DELETE", f"/v1/identities/{identity_id}")

    def revoke_token(self, token_id: str) -> None:
        self.transport.request("DELETE", f"/v1/tokens/{token_id}")

    def me(self) -> Me | SeatMe:
        """Who this client's token speaks for: a player's, organiser's or admin's identity (`Me`), or for a seat's
        token the seat it holds (`SeatMe`: its game, found from the token alone, and whether it is its turn)."""
        doc = self._get("/v1/me").json()
        return SeatMe.from_json(doc) if doc.get("scope") == "seat" else Me.from_json(doc)

    def my_seat(self) -> SeatMe:
        """The game and seat this client's seat token holds (ValueError for a token that is no seat's)."""
        found = self.me()
        if not isinstance(found, SeatMe):
            raise ValueError(f"this token is a {found.scope}'s, not a seat's: it holds no seat by itself")
        return found

    # --- events and audit ---------------------------------------------------------------------------------
    @names_game
    def events(self, game_id: str, after: int = 0, limit: int | None = None) -> EventPage:
        return EventPage.from_json(self._get(f"/v1/games/{game_id}/events", after=after, limit=limit).json())

    def stream(self, game_id: str, after: int = 0) -> EventStream:
        """Live envelopes after version `after`, resuming by itself after a dropped connection."""
        return EventStream(self.transport, game_id, after)

    def wait_for_turn(self, game_id: str, timeout: float | None = None, words: bool | str = False,
                      on_view: Callable[[GameView], None] | None = None) -> GameView:
        """This seat's view as soon as a decision of its is awaited (`awaited`: its turn, or its answer to another
        seat's undo request) or the game is over (`finished`); at once if it already is. `to_act` is empty while
        the dealer owes a roll or a shuffle, and names other seats on their turns: this follows the live event
        stream through both (no polling: one read of the view per batch of events) and survives a dropped
        connection as the stream does. `on_view` is told each view read on the way that still waits (the first
        one included): whose turn it is now, for a caller that shows the game as it goes. The view returned (in
        words with `words`, as for `view`) is the position `play` then checks its move against. Raises
        TimeoutError after `timeout` seconds; ValueError for a spectator, whose decision is never awaited."""
        view = self.view(game_id, words)
        if view.seat is None:
            raise ValueError(f"a spectator has no turn in game {game_id}: act with a seat's token")
        if view.awaited or view.finished:
            return view
        if on_view is not None:
            on_view(view)
        stream = self.stream(game_id, after=view.version)
        deadline = threading.Timer(timeout, stream.close) if timeout is not None else None
        if deadline is not None:
            deadline.daemon = True
            deadline.start()
        try:
            for envelope in stream:
                if envelope.version <= view.version:
                    continue  # this batch was read with the view already
                view = self.view(game_id, words)
                if view.awaited or view.finished:
                    return view
                if on_view is not None:
                    on_view(view)
        finally:
            if deadline is not None:
                deadline.cancel()
            stream.close()
        view = self.view(game_id, words)  # the stream ended: with the game, or at the deadline
        if view.awaited or view.finished:
            return view
        within = f" within {timeout:g} s" if timeout is not None else ""
        raise TimeoutError(f"seat {view.seat} was not awaited in game {game_id}{within}")

    @names_game
    def export(self, game_id: str) -> Export:
        response = self._get(f"/v1/games/{game_id}/export")
        return Export(response.text, int(response.headers["Bazaar-Version"]), response.headers["Bazaar-Head-Hash"])

    def import_game(self, ndjson: str) -> CreatedGame:
        """Re-create a game from a complete export; this client's token must be an organiser's."""
        response = self.transport.request("POST", "/v1/games/import", data=ndjson.encode(),
                                          headers={"Content-Type": "application/x-ndjson"}, repeatable=False)
        return CreatedGame.from_json(response.json())

    @names_game
    def verify(self, game_id: str) -> Verification:
        """Export the game and check its hash chain locally (see `bazaar_client.sdk.verify`)."""
        return verify_export(self.export(game_id))
