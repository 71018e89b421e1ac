"""Typed results of open seats, a player's own stream and games, challenges and rematches (lobby.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Invitation:
    """One seat of a game created with open seats: its invitation, a `code` seat's code, the link that claims it."""

    seat: int
    invitation: str  # "public", "code", "player" or "bot"
    code: str | None = None
    player: str | None = None
    url: str | None = None


@dataclass(frozen=True)
class OpenGame:
    """A game created with open seats: no seat token, an invitation per seat."""

    id: str
    game: str
    version: int
    seats: tuple[Invitation, ...]
    expires_at: str

    @classmethod
    def from_json(cls, doc: dict) -> OpenGame:
        return cls(doc["id"], doc["game"], doc["version"],
                   tuple(Invitation(s["seat"], s["invitation"], s.get("code"), s.get("player"), s.get("url"))
                         for s in doc["seats"]), doc["expires_at"])

    def code(self, seat: int) -> str | None:
        return next(s.code for s in self.seats if s.seat == seat)


@dataclass(frozen=True)
class ClaimedSeat:
    """A claimed seat: its token (the claimer's only), the claimer's player id and, for a guest (a claim made
    without a token), its player token: keep it to come back (its own stream and games)."""

    game_id: str
    seat: int
    token: str
    version: int
    status: str
    player_id: str
    player_token: str | None = None

    @classmethod
    def from_json(cls, doc: dict) -> ClaimedSeat:
        return cls(doc["game_id"], doc["seat"], doc["token"], doc["version"], doc["status"], doc["player"]["id"],
                   doc["player"].get("token"))


@dataclass(frozen=True)
class OpenSeat:
    seat: int
    invitation: str
    player: str | None


@dataclass(frozen=True)
class ListedGame:
    """A game waiting for claimers, as `GET /v1/games?open=true` lists it: `joinable` are the seats this caller
    may claim."""

    id: str
    game: str
    seats: int
    options: dict
    joinable: tuple[int, ...]
    open_seats: tuple[OpenSeat, ...]
    created_at: str
    expires_at: str

    @classmethod
    def from_json(cls, doc: dict) -> ListedGame:
        return cls(doc["id"], doc["game"], doc["seats"], doc["options"], tuple(doc["joinable"]),
                   tuple(OpenSeat(s["seat"], s["invitation"], s["player"]) for s in doc["open_seats"]),
                   doc["created_at"], doc["expires_at"])


@dataclass(frozen=True)
class Notice:
    """One notice of a player's own stream: `type` (`game_started`, `your_turn`, `game_finished`, `game_expired`,
    `round_paired`, `challenge_offered`, `rematch_offered`, `offer_accepted`, `offer_declined`, `offer_settled`)
    and its fields as sent (`game_id`, `seat`, `version`, `offer_id`, ...)."""

    id: str
    type: str
    fields: dict

    @classmethod
    def from_json(cls, doc: dict) -> Notice:
        return cls(doc["id"], doc["type"], {k: v for k, v in doc.items() if k not in ("id", "type")})

    @property
    def game_id(self) -> str | None:
        return self.fields.get("game_id")

    @property
    def seat(self) -> int | None:
        return self.fields.get("seat")


@dataclass(frozen=True)
class MyGame:
    id: str
    game: str
    status: str
    version: int
    seat: int | None
    my_turn: bool

    @classmethod
    def from_json(cls, doc: dict) -> MyGame:
        return cls(doc["id"], doc["game"], doc["status"], doc["version"], doc["seat"], doc["my_turn"])


@dataclass(frozen=True)
class Offer:
    """A challenge or rematch: once `status` is "settled", `game_id` is the game it opened, and `seat` and `token`
    the caller's seat there."""

    id: str
    kind: str
    game: str
    options: dict
    players: tuple[str, ...]
    by: str
    status: str
    accepted: tuple[str, ...]
    declined_by: str | None
    expires_at: str
    game_id: str | None
    seat: int | None = None
    token: str | None = None
    source_game: str | None = None

    @classmethod
    def from_json(cls, doc: dict) -> Offer:
        return cls(doc["id"], doc["kind"], doc["game"], doc["options"], tuple(doc["players"]), doc["by"],
                   doc["status"], tuple(doc["accepted"]), doc["declined_by"], doc["expires_at"], doc["game_id"],
                   doc.get("seat"), doc.get("token"), doc.get("source_game"))
