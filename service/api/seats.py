"""A game's seats: organisers hand one to a bot or back to its player (PUT …/seats/{seat}/bot); a seat's token
is replaced by the seat itself or an organiser (POST …/seats/{seat}/token), e.g. when it leaked."""

from __future__ import annotations

import secrets

from flask import Blueprint, g

from domain.table import SeatBot
from domain.table.options import bot_seat
from service.api.games import commands, json_body, repository
from service.auth import bearer_token, load_seat, principal, requires_organiser
from service.creation import check_bots, token_hash
from service.errors import Forbidden, Unauthorized
from service.problems import BadRequest

bp = Blueprint("seats", __name__, url_prefix="/v1/games")


@bp.put("/<game_id:game_id>/seats/<int:seat>/bot")
@requires_organiser
def seat_bot(game_id: str, seat: int):
    """{"bot": NAME, "budget_ms": N}: the bot plays the seat from the next move on (the seat's token can no
    longer move); {"bot": null}: the player gets the seat back. The log records it (`bot_seated`,
    `bot_unseated`) and names the bot in each move it makes (`bot_move`)."""
    body = json_body()
    if not isinstance(body, dict):
        body = {"bot": body}
    bot = None if body.get("bot", "") is None and set(body) == {"bot"} else bot_seat(body, "body")
    if bot is not None:
        check_bots({"bots": [body]})
    loaded = repository().load(game_id)
    after = commands().execute(loaded, SeatBot(seat, bot, commands().clock()))[0]
    return {"version": after.version, "seat": seat, "bot": body.get("bot"),
            "budget_ms": bot.budget_ms if bot else None}, 200, {"ETag": f'"{after.version}"'}


@bp.post("/<game_id:game_id>/seats/<int:seat>/token")
def replace_seat_token(game_id: str, seat: int):
    """A new token for the seat; the one it replaces stops working at once in every process (reads check the
    game's replaced tokens, and the append script refuses a replaced token's command). Asked by the seat's
    current token or by an organiser or admin. The log is not touched: a token is not a fact of the game."""
    meta = repository().meta(game_id)
    if not 0 <= seat < meta.seats:
        raise BadRequest("malformed_request", f"seat must be 0 to {meta.seats - 1}", "seat")
    if bearer_token() is None:
        raise Unauthorized("unauthorized", "the seat's token or an organiser's token is required")
    who = principal()
    if who is None or who.scope not in ("organiser", "admin"):
        if load_seat(game_id) != seat or g.seat_token is None:  # a player's token acting for the seat may not
            raise Forbidden("scope_forbidden", "only the seat's own token or an organiser may replace it")
    token = secrets.token_urlsafe(32)
    repository().store.replace_seat_token(game_id, seat, token_hash(token))
    return {"seat": seat, "token": token}, 201
