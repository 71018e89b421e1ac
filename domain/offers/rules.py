"""An offer's commands, events, state and rules (see domain/offers/__init__.py). Every command carries its time."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from domain.core import Conflict, Refused, RuleViolation
from domain.table.seating import ENTROPY

KINDS = ("challenge", "rematch")

# --- commands ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Make:
    kind: str
    game: str
    options: dict
    players: tuple[str, ...]  # in seat order
    by: str
    entropy: str
    generated: bool
    expires_at: str
    at: str
    source_game: str | None = None  # a rematch's finished game


@dataclass(frozen=True)
class Accept:
    player: str
    entropy: str
    generated: bool
    at: str


@dataclass(frozen=True)
class Decline:
    player: str
    at: str


@dataclass(frozen=True)
class Settle:
    """The service opened the game and claimed every seat."""

    game_id: str
    at: str


# --- events --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OfferMade:
    TYPE = "offer_made"
    V = 1

    kind: str
    game: str
    options: dict
    players: tuple[str, ...]
    by: str
    expires_at: str
    source_game: str | None = None


@dataclass(frozen=True)
class OfferAccepted:
    """`player` accepted, bringing `entropy` for its seat's claim (`generated`: the service made it)."""

    TYPE = "offer_accepted"
    V = 1

    player: str
    entropy: str
    generated: bool


@dataclass(frozen=True)
class OfferDeclined:
    TYPE = "offer_declined"
    V = 1

    player: str


@dataclass(frozen=True)
class OfferSettled:
    """The game is open, every seat claimed by its player: the offer is done."""

    TYPE = "offer_settled"
    V = 1

    game_id: str


EVENTS = {cls.TYPE: cls for cls in (OfferMade, OfferAccepted, OfferDeclined, OfferSettled)}

# --- state ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Offer:
    made: OfferMade
    accepted: tuple[OfferAccepted, ...] = ()
    declined_by: str | None = None
    game_id: str | None = None


def status(offer: Offer, now: str) -> str:
    """"open", "accepted" (every player did: the game is being opened), "settled", "declined" or "expired"."""
    if offer.game_id is not None:
        return "settled"
    if offer.declined_by is not None:
        return "declined"
    if len(offer.accepted) == len(offer.made.players):
        return "accepted"
    return "expired" if now >= offer.made.expires_at else "open"


# --- decide and evolve ---------------------------------------------------------------------------------


def decide(state: Offer | None, command) -> list:
    if isinstance(command, Make):
        return decide_make(state, command)
    if state is None:
        raise RuleViolation("no_offer", "there is no such offer")
    if isinstance(command, Accept):
        return decide_accept(state, command)
    if isinstance(command, Decline):
        return decide_decline(state, command)
    if isinstance(command, Settle):
        if state.game_id == command.game_id:
            return []
        if status(state, command.at) != "accepted":
            raise Conflict("offer_not_accepted", "the game opens once every player has accepted")
        return [OfferSettled(command.game_id)]
    raise RuleViolation("unknown_command", f"an offer has no command {type(command).__name__}")


def decide_make(state: Offer | None, command: Make) -> list:
    if state is not None:
        raise Conflict("offer_exists", "this offer was made already")
    players = tuple(command.players)
    if command.kind not in KINDS:
        raise RuleViolation("invalid_offer", f"an offer is a {' or a '.join(KINDS)}")
    if len(set(players)) != len(players) or command.by not in players:
        raise RuleViolation("invalid_offer", "the players are different, and the maker is one of them")
    if command.kind == "challenge" and len(players) != 2:
        raise RuleViolation("invalid_offer", "a challenge is between two players")
    _check_entropy(command.entropy)
    made = OfferMade(command.kind, command.game, dict(command.options), players, command.by, command.expires_at,
                     command.source_game)
    return [made, OfferAccepted(command.by, command.entropy, command.generated)]


def decide_accept(state: Offer, command: Accept) -> list:
    _check_player(state, command.player)
    if any(a.player == command.player for a in state.accepted):
        return []  # accepted before: nothing changes (and the first entropy stays)
    _check_open(state, command.at)
    _check_entropy(command.entropy)
    return [OfferAccepted(command.player, command.entropy, command.generated)]


def decide_decline(state: Offer, command: Decline) -> list:
    _check_player(state, command.player)
    if state.declined_by == command.player:
        return []
    _check_open(state, command.at)
    return [OfferDeclined(command.player)]


def _check_player(state: Offer, player: str) -> None:
    if player not in state.made.players:
        raise Refused("not_offered", "this offer names other players")


def _check_open(state: Offer, at: str) -> None:
    now = status(state, at)
    if now != "open":
        raise Conflict(f"offer_{now}", f"the offer is {now}")


def _check_entropy(entropy) -> None:
    if not isinstance(entropy, str) or not ENTROPY.match(entropy):
        raise RuleViolation("invalid_entropy", "entropy: 16 to 128 characters of A-Z, a-z, 0-9, _ and -")


def evolve(state: Offer | None, event) -> Offer | None:
    if isinstance(event, OfferMade):
        return Offer(event)
    if state is None:
        return state
    if isinstance(event, OfferAccepted):
        return replace(state, accepted=(*state.accepted, event))
    if isinstance(event, OfferDeclined):
        return replace(state, declined_by=event.player)
    if isinstance(event, OfferSettled):
        return replace(state, game_id=event.game_id)
    return state


def replay(state: Offer | None, events: Iterable) -> Offer | None:
    for event in events:
        state = evolve(state, event)
    return state
