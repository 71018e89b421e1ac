"""Open seats: claim one (its token goes to the claimer only), and the creator's early start with bots. The
rules of a claim are the table's (domain/table/seating.py); the secrets are service/games/seating.py's."""

from __future__ import annotations

import secrets

from flask import Blueprint, request

from domain.table.options import bot_seat
from service.access import ownership
from service.games import seating, views
from service.games.creation import check_bots
from service.games.problems import BadRequest
from service.http import lobby_schemas, schemas
from service.http.auth import bearer_token, identities, principal, require_scope
from service.http.errors import Forbidden, Unauthorized
from service.http.routes.games import commands, json_body, repository
from service.http.routes.identities import ttl

bp = Blueprint("lobby", __name__, url_prefix="/v1/games")

GUEST_NAME = "guest"


def body_or_empty() -> dict:
    return json_body() if request.get_data() else {}


def idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not (0 < len(key) <= 200):
        raise BadRequest("malformed_request", "Idempotency-Key must be 1 to 200 characters", "Idempotency-Key")
    return key


@bp.post("/<game_id:game_id>/seats/<int:seat>/claim")
def claim_seat(game_id: str, seat: int):
    """A player's token claims as that player; without a token the claimer becomes a player of its own (a
    guest), whose token comes back with the seat's, so it can come back (its own stream, its games). A repeated
    claim of the same claimer answers the same: a player's, or a guest's sent with the same Idempotency-Key."""
    meta = repository().meta(game_id)  # 404 before anything else
    args = schemas.load(lobby_schemas.Claim(), body_or_empty())
    key = idempotency_key()
    who = principal()
    if who is None and bearer_token() is not None:
        raise Unauthorized("bad_token", "this token is no player's (expired or revoked?); claim with none as a guest")
    if who is not None and who.scope != "player":
        raise Forbidden("scope_forbidden", "seats are claimed by players (or by guests, with no token)")
    guest = None
    if who is None and meta.token_key is not None:
        guest = seating.guest_of(meta, seat, key or secrets.token_hex(16))
    player = who.identity if who is not None else guest.identity if guest is not None else ""
    claimed = seating.claim(commands(), game_id, seat, player, args["entropy"], args["code"])
    body = {"game_id": game_id, "seat": seat, "token": claimed.token, "version": claimed.loaded.version,
            "status": views.status(claimed.loaded.table), "player": {"id": player}}
    if guest is not None:
        issued = identities().create_guest(guest.identity, args["name"] or GUEST_NAME, guest.token_id, guest.secret,
                                           ttl({"expires_in_s": None}))
        if issued is not None:
            body["player"].update(token=issued.token, token_id=issued.token_id, expires_at=issued.expires_at)
    return body, 201


@bp.post("/<game_id:game_id>/start")
def start_game(game_id: str):
    """The creator (or whoever manages the game) starts it before every seat is claimed: a bot in each open seat
    (greedy unless the body names one), then the deal."""
    meta = repository().meta(game_id)  # 404 before 401
    who = require_scope("player", "organiser", "admin")
    if not ownership.hosts(who, meta.owner, meta.creator):
        raise Forbidden("scope_forbidden", "only the game's creator or its owner (or an admin) may start it early")
    args = schemas.load(lobby_schemas.Start(), body_or_empty())
    entry = {"bot": args["bot"]} if args["budget_ms"] is None else {"bot": args["bot"], "budget_ms": args["budget_ms"]}
    check_bots({"bots": [entry]})
    after = seating.start(commands(), game_id, bot_seat(entry, "body"))
    return {"version": after.version, "status": views.status(after.table),
            "bots": [None if b is None else {"bot": b.bot, "budget_ms": b.budget_ms} for b in after.table.bots]}, 200
