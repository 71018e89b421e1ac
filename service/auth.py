"""Seat tokens: `Authorization: Bearer <token>` -> the seat in `g.seat` (None = spectator)."""

from __future__ import annotations

import secrets
from functools import wraps

from flask import current_app, g, request

from service.creation import token_hash
from service.errors import Unauthorized


def bearer_token() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("bad_authorization", "use 'Authorization: Bearer <seat token>'")
    return token.strip()


def load_seat(game_id: str) -> int | None:
    """The caller's seat in this game; a token that fits no seat is refused, no token is a spectator."""
    meta = current_app.extensions["bazaar.repository"].meta(game_id)  # 404 before 401: the game must exist
    token = bearer_token()
    if token is None:
        return None
    digest = token_hash(token)
    for seat, expected in enumerate(meta.token_hashes):
        if secrets.compare_digest(digest, expected):
            return seat
    raise Unauthorized("bad_token", "this token is not a seat of this game")


def requires_seat(view):
    @wraps(view)
    def wrapper(game_id: str, *args, **kwargs):
        g.seat = load_seat(game_id)
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


def requires_organiser(view):
    """Organiser tokens come from configuration (BAZAAR_ORGANISER_TOKENS), not from any game."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        require_organiser()
        return view(*args, **kwargs)

    return wrapper


def require_organiser() -> None:
    token = bearer_token()
    allowed = [t for t in str(current_app.config["ORGANISER_TOKENS"]).split(",") if t]
    if token is None or not any(secrets.compare_digest(token, t) for t in allowed):
        raise Unauthorized("organiser_required", "an organiser token is required")
