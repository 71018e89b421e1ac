"""Identities and their tokens: admins create organisers, organisers create players; tokens are issued,
listed once, and revoked. Who may manage whom: an admin anyone, an organiser itself and the players it
created, a player itself."""

from __future__ import annotations

from flask import Blueprint, current_app, g, request

from service.access import ownership
from service.access.identities import Issued, Principal
from service.games import seating, views
from service.games.problems import Missing
from service.games.repository import NotFound
from service.http import schemas
from service.http.auth import bearer_token, identities, load_seat, principal, request_game, require_scope, requires_scope
from service.http.errors import Forbidden, Unauthorized
from service.http.routes.games import json_body

bp = Blueprint("identities", __name__, url_prefix="/v1")


def ttl(args: dict) -> int:
    asked = args["expires_in_s"]
    default = int(current_app.config["TOKEN_TTL_S"])
    return min(asked, int(current_app.config["TOKEN_MAX_TTL_S"])) if asked is not None else default


def issued_body(kind: str, issued: Issued) -> dict:
    return {"id": issued.identity, "kind": kind, "name": issued.name, "token": issued.token,
            "token_id": issued.token_id, "expires_at": issued.expires_at}


def managed(identity: str) -> dict[str, str]:
    """The identity's record, if the caller speaks for it (service/access/ownership.py): itself, or whoever manages what
    its creator owns (a player's organiser; an admin, who created every organiser)."""
    record = identities().identity(identity)
    if record is None:
        raise Missing("identity_not_found", f"there is no identity {identity}")
    if not ownership.speaks_for(g.principal, identity, record.get("created_by")):
        raise Forbidden("scope_forbidden", "this token may not manage that identity")
    return record


@bp.post("/organisers")
@requires_scope("admin")
def create_organiser():
    args = schemas.load(schemas.CreateIdentity(), json_body())
    issued = identities().create("organiser", args["name"], g.principal.identity, ttl(args))
    return issued_body("organiser", issued), 201


@bp.post("/players")
@requires_scope("organiser", "admin")
def create_player():
    args = schemas.load(schemas.CreateIdentity(), json_body())
    issued = identities().create("player", args["name"], g.principal.identity, ttl(args))
    return issued_body("player", issued), 201


@bp.post("/identities/<identity_id:identity_id>/tokens")
@requires_scope("player", "organiser", "admin")
def issue_token(identity_id: str):
    record = managed(identity_id)
    args = schemas.load(schemas.IssueToken(), json_body() if request.get_data() else {})
    return issued_body(record["kind"], identities().issue(identity_id, ttl(args))), 201


@bp.delete("/identities/<identity_id:identity_id>")
@requires_scope("organiser", "admin")
def revoke_identity(identity_id: str):
    managed(identity_id)
    identities().revoke_identity(identity_id)
    return "", 204


@bp.delete("/tokens/<identity_id:token_id>")
@requires_scope("player", "organiser", "admin")
def revoke_token(token_id: str):
    record = identities().token(token_id)
    if record is None:
        raise Missing("token_not_found", f"there is no live token {token_id}")
    managed(record["identity"])
    identities().revoke_token(token_id)
    return "", 204


@bp.get("/me")
def me():
    """Who the token speaks for: a player, organiser or admin (its identity), or a seat: its game, which the token
    names, and whether the game awaits the seat's decision (an agent given a seat's token alone finds its game)."""
    token = bearer_token()
    if token is not None and principal() is None and seating.named(token) is not None:
        return seat_of(token)
    who: Principal = require_scope("player", "organiser", "admin")
    record = identities().identity(who.identity) or {}
    return {"id": who.identity, "scope": who.scope, "name": record.get("name"), "token_id": who.token_id,
            "expires_at": who.expires_at}


def seat_of(token: str) -> dict:
    game_id, _ = seating.named(token)
    try:
        seat = load_seat(game_id)  # the token is a seat of the game and seat it names, or 401 `bad_token`
    except NotFound:
        raise Unauthorized("bad_token", "this seat token's game does not exist") from None
    loaded = request_game(game_id)
    return {"scope": "seat", "game_id": game_id, "game": loaded.meta.name, "seat": seat,
            "status": views.status(loaded.table), "version": loaded.version,
            "my_turn": seat in views.awaited(loaded)}
