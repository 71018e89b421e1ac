"""Open seats in the service: who holds each seat of a game, a claim (the seat's token goes to the claimer only),
the creator's early start, expiry, and the secrets a game with open seats derives from its own key.

The table decides every claim (domain/table/seating.py); what is secret stays here. A game with open seats has
a `token_key` in its meta, drawn at creation and never shown or revealed, from which come:
- each seat's invitation code, `<game id>-<seat>-<24 hex>` (HMAC-SHA256(key, "bazaar/invite/<id>/<seat>")): the
  creator hands it out, and the claim of a "code" seat must bring it;
- the claimer's seat token, `<game id>.<seat>.` and HMAC-SHA256(key, "bazaar/seat/<id>/<seat>/<player>") in
  base64url: the same claimer always gets the same token, so a claim is idempotent without any token being
  stored; its hash is recomputed from the log's `seat_claimed` wherever a token is checked (a replaced token still
  wins, as for any seat);
- a guest: a claimer without a player token becomes a player of its own (`guest_of`), derived from its
  `Idempotency-Key` when it sends one, so a retried claim names the same player and gets the same answer.
The creator sees none of these but the codes; the seat tokens reach only their claimers.

Every seat token names its game and seat, `<game id>.<seat>.<secret>` (made at creation, by a claim, or replacing
one), so a token alone finds its game (`GET /v1/me`); the game keeps SHA-256 of the secret only, and a token is
a seat of the game and seat it names or of none. A token made before tokens named their game is its secret alone,
hashed whole: it still holds its seat, it only cannot find its game by itself.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import re
import secrets
from dataclasses import dataclass

from domain.core import Conflict, Refused, RuleViolation
from domain.table import ClaimSeat, Expire, StartEarly, waiting
from domain.table.options import BotSeat
from events.store import VersionConflict
from service.games.commands import Commands
from service.games.repository import Loaded, NotFound

log = logging.getLogger("bazaar.seating")

CODE = re.compile(r"^([0-9a-f]{16})-([0-9]{1,2})-([0-9a-f]{24})$")
# a seat token: the game and seat it names, then its secret (never an identity's `<token id>.<secret>`: two dots)
SEAT_TOKEN = re.compile(r"^([0-9a-f]{16})\.([0-9]{1,2})\.([A-Za-z0-9_-]{20,100})$")
CLAIM_ATTEMPTS = 5  # a claim that lost a race to another claim is decided again on the newer table


def new_key() -> str:
    return secrets.token_hex(32)


def _mac(meta, message: str) -> bytes:
    return hmac.new(meta.token_key.encode(), message.encode(), hashlib.sha256).digest()


def invitation_code(meta, seat: int) -> str:
    return f"{meta.id}-{seat}-{_mac(meta, f'bazaar/invite/{meta.id}/{seat}').hex()[:24]}"


def code_fits(meta, seat: int, code: str | None) -> bool:
    """True if `code` is this seat's invitation code (compared in constant time)."""
    return isinstance(code, str) and meta.token_key is not None and hmac.compare_digest(code, invitation_code(meta, seat))


def parse_code(code: str) -> tuple[str, int] | None:
    """(game id, seat) an invitation code names, or None for a string of another form."""
    match = CODE.match(code) if isinstance(code, str) else None
    return (match.group(1), int(match.group(2))) if match else None


def seat_token(meta, seat: int, player: str) -> str:
    secret = base64.urlsafe_b64encode(_mac(meta, f"bazaar/seat/{meta.id}/{seat}/{player}")).decode().rstrip("=")
    return f"{meta.id}.{seat}.{secret}"


def new_seat_token(game_id: str, seat: int) -> str:
    """A fresh random token for `seat` of `game_id` (at creation, an import, or replacing the seat's token)."""
    return f"{game_id}.{seat}.{secrets.token_urlsafe(32)}"


def named(token: str) -> tuple[str, int] | None:
    """(game id, seat) a seat token names; None for a token of another form (an identity's, an older seat token)."""
    match = SEAT_TOKEN.match(token)
    return (match.group(1), int(match.group(2))) if match else None


def token_hash(token: str) -> str:
    """What a game keeps of a seat's token (service/games/creation.py), and what a token is checked by: SHA-256 of
    its secret (of the whole of a token that names no game)."""
    match = SEAT_TOKEN.match(token)
    return hashlib.sha256((match.group(3) if match else token).encode()).hexdigest()


def names_elsewhere(token: str, game_id: str, seat: int | None = None) -> bool:
    """True if the token names another game than `game_id` (or, with `seat`, another seat of it): it is no seat
    there, whatever its secret."""
    place = named(token)
    return place is not None and (place[0] != game_id or (seat is not None and place[1] != seat))


@dataclass(frozen=True)
class Guest:
    """A claimer's own player identity, made by its claim: its id and its token's id and secret."""

    identity: str
    token_id: str
    secret: str


def guest_of(meta, seat: int, nonce: str) -> Guest:
    """The guest a claim of `seat` with this nonce (the Idempotency-Key, or a fresh one) makes."""
    mac = _mac(meta, f"bazaar/guest/{meta.id}/{seat}/{nonce}")
    return Guest(mac[:8].hex(), mac[8:16].hex(), base64.urlsafe_b64encode(mac[16:]).decode().rstrip("="))


# --- who holds a seat ----------------------------------------------------------------------------------


def players_of(loaded: Loaded) -> tuple[str | None, ...]:
    """Each seat's player: bound at creation (`Meta.players`) or, in a game with open seats, its claimer."""
    table = loaded.table
    if table is not None and table.lobby is not None:
        return tuple(c.player if c is not None else None for c in table.lobby.claims)
    bound = loaded.meta.players
    return tuple(bound) + (None,) * (loaded.meta.seats - len(bound))


def seat_of_player(loaded: Loaded, player: str) -> int | None:
    players = players_of(loaded)
    return players.index(player) if player in players else None


def claimed_token_hashes(loaded: Loaded) -> tuple[str, ...]:
    """Per seat, the hash of its claimer's token ("" for a seat not claimed, or a game without open seats)."""
    table, meta = loaded.table, loaded.meta
    if table is None or table.lobby is None or meta.token_key is None:
        return ("",) * meta.seats
    return tuple(token_hash(seat_token(meta, seat, c.player)) if c is not None else ""
                 for seat, c in enumerate(table.lobby.claims))


def open_seats(loaded: Loaded) -> tuple[int, ...]:
    """The seats still waiting for a claimer (none once the game started or expired)."""
    table = loaded.table
    if table is None or not waiting(table):
        return ()
    return tuple(s for s, (i, c) in enumerate(zip(table.lobby.invitations, table.lobby.claims))
                 if i.kind != "bot" and c is None)


def listing_entry(loaded: Loaded, options: dict, created_at: str) -> dict | None:
    """The game as `GET /v1/games?open=true` lists it while it waits (None once it does not): its title, seats
    and options (as `game_created` recorded them), and each open seat's invitation ("code" seats are listed
    to nobody: their code is the way in)."""
    seats = open_seats(loaded)
    if not seats:
        return None
    invitations = loaded.table.lobby.invitations
    return {"game": loaded.meta.name, "seats": loaded.meta.seats, "options": options,
            "open_seats": [{"seat": s, "invitation": invitations[s].kind, "player": invitations[s].player}
                           for s in seats],
            "created_at": created_at, "expires_at": loaded.table.lobby.expires_at}


def joinable(entry: dict, player: str | None) -> list[int]:
    """The open seats of a listed game that `player` (None: a caller without a player token) may claim."""
    return [s["seat"] for s in entry["open_seats"]
            if s["invitation"] == "public" or (s["invitation"] == "player" and player is not None
                                                and s["player"] == player)]


# --- claims, early starts, expiry --------------------------------------------------------------------


@dataclass(frozen=True)
class Claimed:
    loaded: Loaded  # the game after the claim
    seat: int
    token: str


def claim(commands: Commands, game_id: str, seat: int, player: str, entropy: str | None, code: str | None,
          generated: bool | None = None) -> Claimed:
    """`player` takes `seat`: its token, the same for every repeat of the claim. The invitation (a code seat's
    code) is checked here; everything else by the table, on the newest table after a lost race. Without
    `entropy` the service makes the contribution (`generated`; an offer passes on what its player brought)."""
    if entropy is None:
        generated, entropy = True, secrets.token_hex(32)
    generated = bool(generated)
    for _ in range(CLAIM_ATTEMPTS):
        loaded = commands.repository.load(game_id)
        lobby = loaded.table.lobby
        if lobby is not None and 0 <= seat < loaded.meta.seats:
            held = lobby.claims[seat]
            if lobby.invitations[seat].kind == "code" and (held is None or held.player != player) \
                    and not code_fits(loaded.meta, seat, code):
                raise Refused("bad_invitation", "this seat is claimed with its invitation code")
        try:
            after, _events = commands.execute(loaded, ClaimSeat(seat, player, entropy, generated, commands.clock()))
        except VersionConflict:
            continue  # another claim or the creator's start landed first: decide again on the newer table
        return Claimed(after, seat, seat_token(after.meta, seat, player))
    raise Conflict("seat_taken", "the seat is being claimed by others: try again")


def start(commands: Commands, game_id: str, bot: BotSeat) -> Loaded:
    """The creator's early start: `bot` in every seat still open, then the deal."""
    loaded = commands.repository.load(game_id)
    return commands.execute(loaded, StartEarly(bot, commands.clock()))[0]


def expire_due(commands: Commands, game_ids, now: str) -> int:
    """Expire the games among `game_ids` whose time for claims ran out; how many expired (a game that started,
    or that a claim or another worker's sweep changed meanwhile, is left as it is)."""
    expired = 0
    for game_id in game_ids:
        try:
            loaded = commands.repository.load(game_id)
            if loaded.table.lobby is None or not waiting(loaded.table) or now < loaded.table.lobby.expires_at:
                continue
            commands.execute(loaded, Expire(now))
            expired += 1
        except (NotFound, RuleViolation, VersionConflict) as err:
            log.info("game %s not expired: %s", game_id, err)
    return expired
