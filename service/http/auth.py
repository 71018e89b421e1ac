"""Bearer tokens -> who is calling: a seat of one game (`g.seat`, None = spectator), or a principal with a
scope (player, organiser, admin: service/access/identities.py). Every route's accepted scopes are stated in
openapi.yaml (`x-scopes`) and a test holds the routes to them; who among a scope's callers may manage a given
game, player or tournament is service/access/ownership.py's rule, asked through `require_manager`."""

from __future__ import annotations

import secrets
from functools import wraps

from flask import current_app, g, request

from service.access import ownership
from service.access.identities import Identities, Principal
from service.games import seating
from service.games.repository import Loaded, Meta
from service.games.seating import token_hash
from service.http.errors import Forbidden, Unauthorized

_UNREAD = object()


def bearer_token() -> str | None:
    return bearer(request.headers.get("Authorization"))


def bearer(header: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header; None without one (401 for any other form)."""
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("bad_authorization", "use 'Authorization: Bearer <seat token>'")
    return token.strip()


def identities() -> Identities:
    return current_app.extensions["bazaar.identities"]


def principal() -> Principal | None:
    """The player, organiser or admin the bearer token speaks for; None without a token or for a token that
    is not one (a seat token, an unknown, expired or revoked one). Verified once per request (a stored token
    costs a Redis read, and creation asks up to three times)."""
    found = g.get("verified_principal", _UNREAD)
    if found is _UNREAD:
        token = bearer_token()
        found = g.verified_principal = identities().verify(token) if token is not None else None
    return found


def load_seat(game_id: str, appending: bool = False, page: tuple[int, int | None] | None = None) -> int | None:
    """The caller's seat in this game: by its seat token (issued at creation, or derived for a seat's claimer),
    or by a player token whose player the game bound to a seat or who claimed one. A token that fits no seat is
    refused, no token is a spectator.

    A seat token can be replaced (`POST …/seats/{seat}/token`); the replaced one must stop working in every
    process at once. `appending`: the request will append, and the append script itself refuses a replaced
    token (`g.seat_token` goes with the command), so a token issued at creation costs no read here; every
    other request reads the game's replaced tokens together with the game itself (one round trip), and the
    route takes that game from `request_game`. `page` (after, limit): the route serves a page of the game's
    events, read in that same round trip too (`request_page`)."""
    repository = current_app.extensions["bazaar.repository"]
    meta = repository.meta(game_id)  # 404 before 401: the game must exist
    g.seat_token, g.loaded, g.page = None, None, None
    token = bearer_token()
    if token is None:
        return None
    issued, digest = issued_seat(token, game_id, meta)
    if issued is not None and appending:
        g.seat_token = (issued, digest)
        return issued
    if page is None:
        g.loaded, replaced = repository.load_with_seats(game_id)  # the route reads the game too: one round trip
    else:
        g.loaded, g.page, replaced = repository.load_with_page(game_id, *page, seats=True)
    # a claimed seat's token is derived from the game's key and its claimer (service/games/seating.py)
    claimed = seating.claimed_token_hashes(g.loaded)
    seat = named_seat(token, game_id, matching(digest, [replaced.get(i, expected or claimed[i])
                                                        for i, expected in enumerate(meta.token_hashes)]))
    if seat is not None:
        g.seat_token = (seat, digest)
        return seat
    who = identities().verify(token)
    held = seating.seat_of_player(g.loaded, who.identity) if who is not None and who.scope == "player" else None
    if held is not None:  # a player bound to a seat at creation, or its claimer
        return held
    if who is not None:
        # an organiser, admin or player with no seat here reads the game as anyone may, as a spectator (its
        # owner included: the owner manages seats, it does not see their hands); routes that need a seat refuse it
        return None
    raise Unauthorized("bad_token", "this token is not a seat of this game (or it was replaced)")


def issued_seat(token: str, game_id: str, meta: Meta) -> tuple[int | None, str]:
    """(the seat whose token the game was created with, if `token` is one; the token's hash). Needs no read
    beyond the game's meta, which a process keeps for any game it served."""
    digest = token_hash(token)  # of its secret: a token names its game and seat, and is a seat of no other
    return named_seat(token, game_id, matching(digest, meta.token_hashes)), digest


def request_game(game_id: str) -> Loaded:
    """The latest game for this request: as the seat check read it with the seat tokens, else loaded now (a
    spectator's request reads no tokens)."""
    loaded = g.get("loaded")
    if loaded is not None and loaded.meta.id == game_id:
        return loaded
    return current_app.extensions["bazaar.repository"].load(game_id)


def request_page(game_id: str, after: int, limit: int | None) -> tuple[Loaded, list[dict]]:
    """The latest game and a page of its envelopes, as the seat check read them (`load_seat(page=...)`), else
    both read now, in one round trip for a cached game."""
    page = g.get("page")
    if page is not None and g.loaded.meta.id == game_id:
        return g.loaded, page
    loaded, page, _replaced = current_app.extensions["bazaar.repository"].load_with_page(game_id, after, limit)
    return loaded, page


def named_seat(token: str, game_id: str, seat: int | None) -> int | None:
    """The seat a token's secret matched, if the token names that seat of this game (or names none: an older
    token); None otherwise."""
    return None if seat is None or seating.names_elsewhere(token, game_id, seat) else seat


def matching(digest: str, hashes) -> int | None:
    """The index of `digest` among `hashes`, comparing every one in constant time (no early exit either)."""
    found = None
    for index, expected in enumerate(hashes):
        if secrets.compare_digest(digest, expected) and found is None:
            found = index
    return found


def requires_seat(view):
    @wraps(view)
    def wrapper(game_id: str, *args, **kwargs):
        g.seat = load_seat(game_id)
        if g.seat is None:
            raise Unauthorized()
        return view(game_id, *args, **kwargs)

    return wrapper


def requires_seat_to_append(view):
    """As `requires_seat`, for the command route: the append checks that the token was not replaced."""

    @wraps(view)
    def wrapper(game_id: str, *args, **kwargs):
        g.seat = load_seat(game_id, appending=True)
        if g.seat is None:
            raise Unauthorized()
        return view(game_id, *args, **kwargs)

    return wrapper


def optional_seat(view):
    @wraps(view)
    def wrapper(game_id: str, *args, **kwargs):
        g.seat = load_seat(game_id)
        return view(game_id, *args, **kwargs)

    return wrapper


def require_scope(*scopes: str) -> Principal:
    """The caller's principal if its scope is one of `scopes`: 401 without a valid token (code
    `<first scope>_required`), 403 `scope_forbidden` for a valid token of another scope."""
    found = principal()
    if found is None:
        raise Unauthorized(f"{scopes[0]}_required", f"a token of scope {' or '.join(scopes)} is required")
    if found.scope not in scopes:
        raise Forbidden("scope_forbidden", f"a {found.scope} token may not do this ({' or '.join(scopes)} only)")
    return found


def requires_scope(*scopes: str):
    """Decorator: the route needs a token of one of `scopes`; the principal is in `g.principal`."""

    def decorate(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            g.principal = require_scope(*scopes)
            return view(*args, **kwargs)

        return wrapper

    return decorate


def require_organiser() -> Principal:
    """Organisers, and admins (who may do whatever an organiser may)."""
    return require_scope("organiser", "admin")


def requires_organiser(view):
    return requires_scope("organiser", "admin")(view)


def require_manager(owner: str | None, what: str) -> Principal:
    """The caller, if it manages a thing (`what`: "game", "tournament") owned by `owner`: 401
    `organiser_required` without an organiser's or admin's token, 403 `scope_forbidden` for an organiser that
    does not own it (service/access/ownership.py)."""
    who = require_organiser()
    if not ownership.manages(who, owner):
        raise Forbidden("scope_forbidden", f"only the {what}'s owner (or an admin) may do this")
    return who
