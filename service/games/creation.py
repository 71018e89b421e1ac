"""Opening a game: draw its seed and seat tokens, run the table's Create, store facts and first events at once."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from bazaar_client.bots import seated
from domain import registry
from domain import table as tables
from domain.core import InvalidOptions
from domain.table import Create, Dealer
from domain.table.clock import later
from domain.table.events import Invitation
from events.envelope import GENESIS
from events.store import seal_all
from service.games import seating
from service.games.commands import Commands
from service.games.problems import BadRequest
from service.games.redaction import documents
from service.games.repository import Loaded, Meta
from service.games.seating import token_hash


def effective_seed(client_seed: str | None, open_game: bool) -> str:
    """The seed behind every draw. Open games use the client's seed as given (or a fresh one, published);
    otherwise a client's seed only adds to the server's secret entropy, so no creator can search for a deal."""
    server = secrets.token_hex(32)
    if client_seed is None:
        return server
    if open_game:
        return client_seed
    return hmac.new(server.encode(), client_seed.encode(), hashlib.sha256).hexdigest()


def check_bots(options) -> None:
    """Bots named in the options (bot seats, timeout policy "bot") must be bots this service runs: the table
    checks their shape only, since it knows no bot."""
    if not isinstance(options, dict):
        return  # the table refuses it
    named = [entry.get("bot") for entry in options.get("bots") or () if isinstance(entry, dict) and entry]
    policy = options.get("timeout_policy")
    if isinstance(policy, dict) and "bot" in policy:
        named.append(policy["bot"])
    for name in named:
        if isinstance(name, str) and not seated.known(name):
            raise InvalidOptions(f"unknown bot {name!r}: one of {', '.join(sorted(seated.BOTS))}")


def create(commands: Commands, name: str, seats: int, options: dict, seed: str | None = None,
           open_game: bool = False, players: tuple[str | None, ...] = (), game_id: str | None = None,
           owner: str | None = None, invitations: tuple[Invitation, ...] | None = None, open_for_s: int = 0,
           creator: str | None = None) -> tuple[Loaded, list[str]]:
    """A new game, stored atomically (its facts and first events in one script, or nothing); the seat tokens
    are returned once and only their hashes are kept. `players` binds seats to player ids (checked by the
    caller): their player tokens act for those seats too. `owner`: the organiser or admin that makes it and
    manages it from then on (service/access/ownership.py; None: only admins do). `game_id` (16 hex digits) names the
    game instead of a fresh random id: a tournament derives its tables' ids, so a retry finds the game made
    before (events.store.GameExists) instead of making a second one.

    `invitations` (one per seat) opens the seats instead: no seat token is made (the list returned is empty), each
    seat is claimed by a player (service/games/seating.py), and the game waits `open_for_s` seconds for its last
    claim. `creator` is the identity that made it (it may start it early)."""
    try:
        game = registry.get(name)
    except registry.UnknownGame:
        raise BadRequest("unknown_game", f"no game named {name!r}", "game") from None
    check_bots(options)
    seed = effective_seed(seed, open_game)
    at = commands.clock()
    game_id = game_id or secrets.token_hex(8)
    if invitations is None:  # each names its game and seat (service/games/seating.py)
        tokens = [seating.new_seat_token(game_id, seat) for seat in range(seats)]
        hashes, token_key, expires_at = tuple(token_hash(t) for t in tokens), None, None
    else:  # a claimer's token is derived from the game's key when it claims (service/games/seating.py)
        tokens, hashes, token_key, expires_at = [], ("",) * seats, seating.new_key(), later(at, open_for_s)
    meta = Meta(game_id, name, seats, seed, hashes, open_game, tuple(players), owner, token_key=token_key,
                creator=creator)
    create_table = Create(name, seats, options, hashlib.sha256(seed.encode()).hexdigest(),
                          seed if open_game else None, at, getattr(game, "DEFAULT_UNDO", "turn"), invitations,
                          expires_at)
    batch, table = tables.execute(game, None, create_table, Dealer(seed), commands.inline_dealer)
    sealed = seal_all(meta.id, documents(game, batch), 0, GENESIS, seed)
    commands.store.log.create(meta.id, meta.record(at), sealed)  # GameExists on an id collision: nothing written
    loaded = Loaded(meta, table, sealed[-1]["hash"])
    commands.repository.committed(0, loaded)
    for react in commands.after_append:
        react(loaded, sealed)
    return loaded, tokens
