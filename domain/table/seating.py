"""Open seats: a table whose seats are claimed, each with a contribution to the deal, before anything is dealt.

A game created with `invitations` (one per seat: "public", "code" or "player"; a seat the options give a bot is a
bot's, "bot" in the log) records `seats_opened`
after `game_created` and waits: no chance step is drawn, nobody is awaited, no clock runs. Each claim
(`ClaimSeat`) records `seat_claimed` with the claimer's entropy; the claim that fills the last open seat also
records `game_started`, and the runner then draws the deal from the seed `mixed` below: the server's secret
(committed to in `game_created` before any claim) keyed over every contribution in seat order. The creator may
start early (`StartEarly`: a bot in every seat still open, then `game_started`); a game still waiting at
`expires_at` may be expired (`Expire`: `game_expired`, and the game is over without a deal).

Who may claim a "code" seat (the holder of its invitation code) is the service's check: the code is a secret
and never recorded. Everything else about a claim is decided here.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from dataclasses import replace

from domain.core import Conflict, GameOver, InvalidOptions, Refused, RuleViolation
from domain.table.commands import ClaimSeat, Create, Expire, StartEarly
from domain.table.events import BotSeated, GameExpired, GameStarted, Invitation, Recorded, SeatClaimed, SeatsOpened
from domain.table.options import PlatformOptions
from domain.table.state import Claim, Lobby, TableState, waiting

INVITED = ("public", "code", "player")  # what a creator may invite with; "bot" is recorded for a bot's seat
KINDS = (*INVITED, "bot")
# A contribution: 16 to 128 URL-safe characters (hex or base64url of 8 to 96 random bytes). It is mixed in as
# text, so its form only bounds what a log may hold.
ENTROPY = re.compile(r"^[A-Za-z0-9_-]{16,128}$")


def mixed(secret: str, contributions: tuple[str | None, ...]) -> str:
    """The seed a game with open seats is dealt from: HMAC-SHA256 keyed by the server's secret (the seed
    `game_created` commits to) over the JSON array of the seats' contributions in seat order (null for a seat a
    bot holds), compact, as hex. Anyone with the revealed secret and the log recomputes it."""
    message = json.dumps(list(contributions), separators=(",", ":")).encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def contributions(lobby: Lobby) -> tuple[str | None, ...]:
    return tuple(claim.entropy if claim is not None else None for claim in lobby.claims)


def opened(command: Create, platform: PlatformOptions) -> list:
    """The events a creation with invitations records after `game_created`: `seats_opened`, where a seat the
    options give a bot is recorded as a bot's whatever its invitation said (nobody claims it); and
    `game_started` at once when no seat is left open. InvalidOptions for invitations that do not fit."""
    if command.seed is not None:
        raise InvalidOptions("open: a game dealt from a published seed cannot have open seats")
    if len(command.invitations) != command.seats:
        raise InvalidOptions(f"invitations: one per seat ({command.seats})")
    for seat, invitation in enumerate(command.invitations):
        if invitation.kind not in INVITED or (invitation.kind == "player") != (invitation.player is not None):
            raise InvalidOptions(f"invitations[{seat}]: public, code, or a player's id")
    invitations = tuple(Invitation("bot") if seat < len(platform.bots) and platform.bots[seat] is not None
                        else invitation for seat, invitation in enumerate(command.invitations))
    reserved = [i.player for i in invitations if i.kind == "player"]
    if len(reserved) != len(set(reserved)):
        raise RuleViolation("player_seated_twice", "invitations: a player may hold one seat of a game")
    if not isinstance(command.expires_at, str):
        raise InvalidOptions("invitations: a game with open seats needs the time it expires")
    events = [SeatsOpened(invitations, command.expires_at)]
    if all(i.kind == "bot" for i in invitations):
        events.append(GameStarted(False))  # nobody to wait for: dealt at once, from the server's secret alone
    return events


def lobby_of(event: SeatsOpened) -> Lobby:
    return Lobby(tuple(event.invitations), event.expires_at, (None,) * len(event.invitations))


def decide_claim(state: TableState, command: ClaimSeat) -> list[Recorded]:
    lobby = _open_lobby(state)
    seat, player = command.seat, command.player
    if not 0 <= seat < state.seats:
        raise RuleViolation("invalid_seat", f"seats are 0 to {state.seats - 1}")
    claim = lobby.claims[seat]
    if claim is not None and claim.player == player:
        return []  # the same claimer again: it holds the seat already, nothing changes
    invitation = lobby.invitations[seat]
    if invitation.kind == "bot":
        raise RuleViolation("seat_not_open", "a bot plays this seat")
    if claim is not None:
        raise Conflict("seat_taken", "another player claimed this seat first")
    if lobby.started:
        raise Conflict("game_started", "the game has started: a bot took this seat")
    if invitation.kind == "player" and invitation.player != player:
        raise Refused("seat_reserved", "this seat is reserved for another player")
    if any(c is not None and c.player == player for c in lobby.claims):
        raise Conflict("already_seated", "a player may hold one seat of a game")
    if not isinstance(command.entropy, str) or not ENTROPY.match(command.entropy):
        raise RuleViolation("invalid_entropy", "entropy: 16 to 128 characters of A-Z, a-z, 0-9, _ and -")
    events = [Recorded(SeatClaimed(seat, player, command.entropy, command.generated), None, command.at)]
    still_open = [s for s, (i, c) in enumerate(zip(lobby.invitations, lobby.claims))
                  if i.kind != "bot" and c is None and s != seat]
    if not still_open:
        events.append(Recorded(GameStarted(False), None, command.at))
    return events


def decide_start(state: TableState, command: StartEarly) -> list[Recorded]:
    lobby = _open_lobby(state)
    if lobby.started:
        raise Conflict("game_started", "the game has started")
    if not any(lobby.claims):
        raise Conflict("nobody_seated", "start once at least one player has claimed a seat")
    bot = command.bot
    events = [Recorded(BotSeated(seat, bot.bot, bot.budget_ms, "start"), None, command.at)
              for seat, (invitation, claim) in enumerate(zip(lobby.invitations, lobby.claims))
              if invitation.kind != "bot" and claim is None]
    return [*events, Recorded(GameStarted(True), None, command.at)]


def decide_expire(state: TableState, command: Expire) -> list[Recorded]:
    lobby = _open_lobby(state)
    if lobby.started:
        raise Conflict("game_started", "the game has started")
    if command.at < lobby.expires_at:
        raise Conflict("not_expired_yet", f"the game waits for its seats until {lobby.expires_at}")
    return [Recorded(GameExpired(), None, command.at)]


def _open_lobby(state: TableState) -> Lobby:
    if state.lobby is None:
        raise RuleViolation("not_an_open_game", "this game's seats were all handed out at its creation")
    if state.lobby.expired:
        raise Conflict("game_expired", "nobody claimed the open seats in time: the game expired")
    if state.over:
        raise GameOver()
    return state.lobby


def refuse_while_waiting(state: TableState) -> None:
    """Play, chance, clocks, undo and bot changes begin with the deal."""
    if waiting(state):
        raise Conflict("game_not_started", "the game waits for its open seats to be claimed: nothing is dealt yet")


def evolve_lobby(state: TableState, event, version: int) -> TableState:
    """The table after one of the events above (BotSeated is the table's own)."""
    lobby = state.lobby
    if isinstance(event, SeatsOpened):
        return replace(state, version=version, lobby=lobby_of(event))
    if isinstance(event, SeatClaimed):
        claims = tuple(Claim(event.player, event.entropy) if s == event.seat else c for s, c in enumerate(lobby.claims))
        return replace(state, version=version, lobby=replace(lobby, claims=claims))
    if isinstance(event, GameStarted):
        return replace(state, version=version, lobby=replace(lobby, started=True))
    return replace(state, version=version, lobby=replace(lobby, expired=True), over=True)  # GameExpired


LOBBY_EVENTS = (SeatsOpened, SeatClaimed, GameStarted, GameExpired)
__all__ = ["Invitation", "KINDS", "LOBBY_EVENTS", "contributions", "decide_claim", "decide_expire", "decide_start",
           "evolve_lobby", "mixed", "opened", "refuse_while_waiting"]
