"""Typed results: small frozen dataclasses built from the API's JSON. Each keeps the fields clients use by
name; game-specific parts (`state`, `payload`, a move) stay plain JSON, as the API describes them per game."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class SeatToken:
    """A seat's bearer token. Left out of `repr`: a game printed, logged or shown in a traceback must not hand
    its seats to whoever reads the output (the token is read by name, `created.token(seat)`)."""

    seat: int
    token: str = field(repr=False)


@dataclass(frozen=True)
class CreatedGame:
    id: str
    game: str
    version: int
    seats: tuple[SeatToken, ...]

    @classmethod
    def from_json(cls, doc: dict) -> CreatedGame:
        return cls(doc["id"], doc["game"], doc["version"], tuple(SeatToken(s["seat"], s["token"]) for s in doc["seats"]))

    def token(self, seat: int) -> str:
        return next(s.token for s in self.seats if s.seat == seat)


@dataclass(frozen=True)
class GameSummary:
    """One entry of the cross-game index (its `version` may lag the game's own)."""

    id: str
    game: str
    version: int
    seats: int
    status: str
    updated_at: str

    @classmethod
    def from_json(cls, doc: dict) -> GameSummary:
        return cls(doc["id"], doc["game"], doc["version"], doc["seats"], doc["status"], doc["updated_at"])


@dataclass(frozen=True)
class Words:
    """A view in words (`view(..., words=True)`): the position as its reader sees it, a line each, and the result
    once the game is over (who won, by how much, how). `form` "short" (`view(..., words="short")`): the position
    in a few lines, what the reader needs to choose its next move; "full": all of it."""

    position: tuple[str, ...]
    result: str | None
    form: str = "full"

    @classmethod
    def from_json(cls, doc: dict) -> Words:
        return cls(tuple(doc.get("position") or ()), doc.get("result"), doc.get("form", "full"))


@dataclass(frozen=True)
class Said:
    """A legal move as a player says it: `notation`, the line one types (`sell cloth x3`), and `words`, what it
    does with what it costs and yields ("Sell 3 cloth for 13 rupees")."""

    notation: str
    words: str

    @classmethod
    def from_json(cls, doc: dict) -> Said:
        return cls(doc["notation"], doc["words"])


@dataclass(frozen=True)
class LogLine:
    """One event of the game log in words, as its reader may see it (`seat` None: the dealer or the table)."""

    version: int
    seat: int | None
    type: str
    text: str

    @classmethod
    def from_json(cls, doc: dict) -> LogLine:
        return cls(doc["version"], doc.get("seat"), doc["type"], doc["text"])


@dataclass(frozen=True)
class GameLog:
    """`version` is the game's current version; `lines` the first lines after the `after` asked for (at most
    `limit`); `next` the `after` of the next page (the last line's version on a full page, else `version`)."""

    version: int
    lines: tuple[LogLine, ...]
    next: int = 0

    @classmethod
    def from_json(cls, doc: dict) -> GameLog:
        return cls(doc["version"], tuple(LogLine.from_json(line) for line in doc["lines"]),
                   doc.get("next", doc["version"]))


@dataclass(frozen=True)
class GameView:
    """The caller's view: `seat` is None for a spectator; `state` is the game's own view (see the game's
    `<Game>View` schema); `result` is set once `finished`."""

    id: str
    game: str
    status: str
    version: int
    seat: int | None
    seats: int
    to_act: tuple[int, ...]
    awaiting_chance: dict | None
    head_hash: str
    open: bool
    state: dict
    result: dict | None = None
    undo_request: dict | None = None
    clock: dict | None = None
    bots: tuple[dict | None, ...] | None = None  # per seat, the bot that plays it (None: its player); None: no bots
    words: Words | None = None  # asked for with `view(..., words=True)` or "short", where the service says them

    @classmethod
    def from_json(cls, doc: dict) -> GameView:
        return cls(doc["id"], doc["game"], doc["status"], doc["version"], doc["seat"], doc["seats"],
                   tuple(doc["to_act"]), doc["awaiting_chance"], doc["head_hash"], doc["open"], doc["state"],
                   doc.get("result"), doc.get("undo_request"), doc.get("clock"),
                   tuple(doc["bots"]) if "bots" in doc else None,
                   Words.from_json(doc["words"]) if doc.get("words") else None)

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_act

    @property
    def asks_me(self) -> bool:
        """Another seat's request to take moves back (option undo "consent") waits for this seat's answer
        (`accept_undo` / `decline_undo` among its legal moves), on its turn or not."""
        request = self.undo_request
        return (bool(request) and self.seat is not None and self.seat != request.get("by")
                and self.seat not in request.get("accepted", ()))

    @property
    def awaited(self) -> bool:
        """A decision of this seat is awaited: its turn, or its answer to an undo request."""
        return self.my_turn or self.asks_me


@dataclass(frozen=True)
class LegalMoves:
    """`moves`: complete command bodies; `said` (with `legal_moves(..., words=True)`, where the service says
    them): each move's notation and words, in the same order."""

    version: int
    seat: int
    game: str
    moves: tuple[dict, ...]
    said: tuple[Said, ...] | None = None

    @classmethod
    def from_json(cls, doc: dict) -> LegalMoves:
        said = tuple(Said.from_json(s) for s in doc["said"]) if doc.get("said") is not None else None
        return cls(doc["version"], doc["seat"], doc["game"], tuple(doc["moves"]), said)


@dataclass(frozen=True)
class Envelope:
    """One event of the log as the caller may see it (`payload` is None or reduced when `redacted`)."""

    game: str
    version: int
    type: str
    seat: int | None
    payload: dict | None
    at: str
    visibility: str
    command: dict | None
    redacted: bool
    prev_hash: str
    hash: str
    raw: dict

    @classmethod
    def from_json(cls, doc: dict) -> Envelope:
        return cls(doc["game"], doc["version"], doc["type"], doc["seat"], doc["payload"], doc["at"],
                   doc["visibility"], doc.get("command"), bool(doc.get("redacted")), doc["prev_hash"], doc["hash"],
                   doc)


@dataclass(frozen=True)
class CommandResult:
    """`version` after the command; `events` as the acting seat may see them."""

    version: int
    events: tuple[Envelope, ...]

    @classmethod
    def from_json(cls, doc: dict) -> CommandResult:
        return cls(doc["version"], tuple(Envelope.from_json(e) for e in doc["events"]))


@dataclass(frozen=True)
class EventPage:
    """`version` is the game's current version, not the last of the page."""

    version: int
    events: tuple[Envelope, ...]

    @classmethod
    def from_json(cls, doc: dict) -> EventPage:
        return cls(doc["version"], tuple(Envelope.from_json(e) for e in doc["events"]))


@dataclass(frozen=True)
class Export:
    """The NDJSON log as served (redacted while the game runs), with the server's head hash and version."""

    text: str
    version: int
    head_hash: str

    def envelopes(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.text.splitlines() if line.strip()]


@dataclass(frozen=True)
class Health:
    status: str
    redis: str


@dataclass(frozen=True)
class Verification:
    """`ok`, a one-line `report`, and the first version that breaks the chain (None when intact)."""

    ok: bool
    report: str
    first_bad_version: int | None = None


@dataclass(frozen=True)
class IssuedToken:
    """A new identity's or a new token's answer: `token` is shown this once (only its hash is stored)."""

    id: str  # the identity
    kind: str  # "player" | "organiser" | "admin"
    name: str | None
    token: str = field(repr=False)  # as a seat's: never in a printed or logged repr
    token_id: str | None
    expires_at: str | None

    @classmethod
    def from_json(cls, doc: dict) -> IssuedToken:
        return cls(doc["id"], doc["kind"], doc.get("name"), doc["token"], doc.get("token_id"), doc.get("expires_at"))


@dataclass(frozen=True)
class Me:
    """Who a player's, organiser's or admin's token speaks for (a seat's token: `SeatMe`)."""

    id: str
    scope: str
    name: str | None
    token_id: str | None
    expires_at: int | None

    @classmethod
    def from_json(cls, doc: dict) -> Me:
        return cls(doc["id"], doc["scope"], doc.get("name"), doc.get("token_id"), doc.get("expires_at"))


@dataclass(frozen=True)
class SeatMe:
    """The seat a seat's token holds (`Client.me()` with a seat's token): the game the token names, its name,
    status and version, and whether the game awaits this seat's decision (`my_turn`)."""

    game_id: str
    game: str
    seat: int
    status: str
    version: int
    my_turn: bool
    scope: str = "seat"

    @classmethod
    def from_json(cls, doc: dict) -> SeatMe:
        return cls(doc["game_id"], doc["game"], doc["seat"], doc["status"], doc["version"], doc["my_turn"])


@dataclass(frozen=True)
class BotSeat:
    """A seat handed to a bot (`bot` None: given back to its player) at `version`."""

    version: int
    seat: int
    bot: str | None
    budget_ms: int | None

    @classmethod
    def from_json(cls, doc: dict) -> BotSeat:
        return cls(doc["version"], doc["seat"], doc["bot"], doc["budget_ms"])
