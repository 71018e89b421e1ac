"""Typed tournament results (issue 13), in the style of client/bazaar_client/sdk/types.py: small frozen dataclasses built from the
API's JSON (openapi.yaml's `TournamentView`, `TournamentRound`, `Standing`, `PlayerRatings`, ...). A standing's
tie-breaks differ by format, so they are kept by name, in the order they apply; the game's own options stay plain
JSON."""

from __future__ import annotations

from dataclasses import dataclass

# the fields of a standing row that are not tie-breaks (everything else in the row is one, in order)
_STANDING_FIELDS = ("rank", "player", "name", "points", "games", "byes", "withdrawn")


@dataclass(frozen=True)
class TournamentPlayer:
    player: str
    name: str
    rating: int
    withdrawn: bool
    bot: str | None = None  # the bot the service seats for this player (None: a person plays)

    @classmethod
    def from_json(cls, doc: dict) -> TournamentPlayer:
        return cls(doc["player"], doc["name"], doc["rating"], doc["withdrawn"], doc.get("bot"))


@dataclass(frozen=True)
class TableResult:
    """How a table ended, per seat: `places` (1 = first; equal places share), `scores` (seals or rubies),
    `lira`, `forfeited` (a clock forfeit or a withdrawal); `by` is "game" or "withdrawal"."""

    places: tuple[int, ...]
    scores: tuple[int, ...]
    lira: tuple[int, ...]
    forfeited: tuple[bool, ...]
    by: str

    @classmethod
    def from_json(cls, doc: dict) -> TableResult:
        return cls(tuple(doc["places"]), tuple(doc["scores"]), tuple(doc["lira"]), tuple(doc["forfeited"]), doc["by"])


@dataclass(frozen=True)
class TournamentTable:
    """One game of a round: `players` in seat order, its `game_id` once created, its `result` once ended."""

    table: int
    players: tuple[str, ...]
    game_id: str | None
    result: TableResult | None

    @classmethod
    def from_json(cls, doc: dict) -> TournamentTable:
        result = doc.get("result")
        return cls(doc["table"], tuple(doc["players"]), doc.get("game_id"),
                   TableResult.from_json(result) if result is not None else None)


@dataclass(frozen=True)
class TournamentRound:
    round: int
    tables: tuple[TournamentTable, ...]
    byes: tuple[str, ...]

    @classmethod
    def from_json(cls, doc: dict) -> TournamentRound:
        return cls(doc["round"], tuple(TournamentTable.from_json(t) for t in doc["tables"]), tuple(doc["byes"]))

    @property
    def complete(self) -> bool:
        return all(t.result is not None for t in self.tables)


@dataclass(frozen=True)
class Standing:
    """One row of the standings; `tie_breaks` by name in the order they apply (`buchholz`, `sonneborn_berger`;
    `rubies`, `lira`; `round_reached`, `place`), as the format has them."""

    rank: int
    player: str
    name: str
    points: float
    tie_breaks: tuple[tuple[str, float], ...]
    games: int
    byes: int
    withdrawn: bool

    @classmethod
    def from_json(cls, doc: dict) -> Standing:
        return cls(doc["rank"], doc["player"], doc["name"], doc["points"],
                   tuple((k, v) for k, v in doc.items() if k not in _STANDING_FIELDS), doc["games"], doc["byes"],
                   doc["withdrawn"])

    def tie_break(self, name: str) -> float:
        return dict(self.tie_breaks)[name]


@dataclass(frozen=True)
class Tournament:
    """A tournament's view. `seeding` is empty until drawn or started; `rounds` and `standings` until started."""

    id: str
    version: int
    phase: str  # "registering" | "running" | "finished"
    game: str
    format: str  # "round_robin" | "swiss" | "elimination"
    table_size: int
    rounds_planned: int | None
    options: dict
    clock: dict | None
    timeout_policy: str
    advance: int
    players: tuple[TournamentPlayer, ...]
    seeding: tuple[str, ...] = ()
    rounds: tuple[TournamentRound, ...] = ()
    standings: tuple[Standing, ...] = ()

    @classmethod
    def from_json(cls, doc: dict) -> Tournament:
        return cls(doc["id"], doc["version"], doc["phase"], doc["game"], doc["format"], doc["table_size"],
                   doc.get("rounds_planned"), doc.get("options") or {}, doc.get("clock"), doc["timeout_policy"],
                   doc["advance"], tuple(TournamentPlayer.from_json(p) for p in doc.get("players", ())),
                   tuple(doc.get("seeding", ())), tuple(TournamentRound.from_json(r) for r in doc.get("rounds", ())),
                   tuple(Standing.from_json(s) for s in doc.get("standings", ())))

    @property
    def finished(self) -> bool:
        return self.phase == "finished"


@dataclass(frozen=True)
class TournamentSummary:
    """One entry of the tournament list."""

    id: str
    game: str
    format: str
    table_size: int
    phase: str
    players: int
    rounds_played: int

    @classmethod
    def from_json(cls, doc: dict) -> TournamentSummary:
        return cls(doc["id"], doc["game"], doc["format"], doc["table_size"], doc["phase"], doc["players"],
                   doc["rounds_played"])


@dataclass(frozen=True)
class Registration:
    """A registered player; `token` (shown once) only for a player the registration created."""

    player: str
    name: str
    rating: int
    bot: str | None
    version: int
    token: str | None = None
    token_id: str | None = None
    expires_at: int | None = None  # epoch seconds

    @classmethod
    def from_json(cls, doc: dict) -> Registration:
        return cls(doc["player"], doc["name"], doc["rating"], doc.get("bot"), doc["version"], doc.get("token"),
                   doc.get("token_id"), doc.get("expires_at"))


@dataclass(frozen=True)
class Withdrawal:
    player: str
    withdrawn: bool
    version: int

    @classmethod
    def from_json(cls, doc: dict) -> Withdrawal:
        return cls(doc["player"], doc["withdrawn"], doc["version"])


@dataclass(frozen=True)
class Rounds:
    rounds_planned: int | None
    rounds: tuple[TournamentRound, ...]

    @classmethod
    def from_json(cls, doc: dict) -> Rounds:
        return cls(doc["rounds_planned"], tuple(TournamentRound.from_json(r) for r in doc["rounds"]))


@dataclass(frozen=True)
class Standings:
    game: str
    format: str
    rounds_played: int
    standings: tuple[Standing, ...]

    @classmethod
    def from_json(cls, doc: dict) -> Standings:
        return cls(doc["game"], doc["format"], doc["rounds_played"], tuple(Standing.from_json(s) for s in doc["standings"]))


@dataclass(frozen=True)
class RatingChange:
    """One rated game of a player's history: `source` is a tournament id or "casual"; `owner` the organiser that
    owns the game (None for a game rated before owners were recorded)."""

    game_id: str
    source: str
    owner: str | None
    place: int
    before: float
    after: float

    @classmethod
    def from_json(cls, doc: dict) -> RatingChange:
        return cls(doc["game_id"], doc["source"], doc.get("owner"), doc["place"], doc["before"], doc["after"])


@dataclass(frozen=True)
class Rating:
    """A player's rating in one title: `system` "elo" (Jaipur) or "weng_lin" (Istanbul; `rating` is the ordinal
    mu - 3 sigma), and every rated game."""

    system: str
    rating: float
    mu: float
    sigma: float
    games: int
    history: tuple[RatingChange, ...]

    @classmethod
    def from_json(cls, doc: dict) -> Rating:
        return cls(doc["system"], doc["rating"], doc["mu"], doc["sigma"], doc["games"],
                   tuple(RatingChange.from_json(c) for c in doc["history"]))


@dataclass(frozen=True)
class PlayerRatings:
    player: str
    ratings: dict[str, Rating]  # by game

    @classmethod
    def from_json(cls, doc: dict) -> PlayerRatings:
        return cls(doc["player"], {game: Rating.from_json(r) for game, r in doc["ratings"].items()})


@dataclass(frozen=True)
class TournamentEventPage:
    """`version` is the tournament's current version; `events` are the log's envelopes as served."""

    version: int
    events: tuple[dict, ...]

    @classmethod
    def from_json(cls, doc: dict) -> TournamentEventPage:
        return cls(doc["version"], tuple(doc["events"]))
