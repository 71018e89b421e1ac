"""A game's seats: its owner hands one to a bot or back to its player (PUT …/seats/{seat}/bot); a seat's token
is replaced by the seat itself or the game's owner (POST …/seats/{seat}/token), e.g. when it leaked. Owners:
service/access/ownership.py (a game made without a token, or by a player, is managed by admins only)."""

from __future__ import annotations

from flask import Blueprint, g

from domain.core import RuleViolation
from domain.table import SeatBot
from domain.table.options import bot_seat
from service.access.ownership import MANAGERS
from service.games.creation import check_bots
from service.games.seating import new_seat_token, token_hash
from service.http.auth import bearer_token, load_seat, principal, require_manager
from service.http.errors import Forbidden, Unauthorized
from service.http.routes.games import commands, json_body, repository

bp = Blueprint("seats", __name__, url_prefix="/v1/games")


@bp.put("/<game_id:game_id>/seats/<int:seat>/bot")
def seat_bot(game_id: str, seat: int):
    """{"bot": NAME, "budget_ms": N}: the bot plays the seat from the next move on (the seat's token can no
    longer move); {"bot": null}: the player gets the seat back. The log records it (`bot_seated`,
    `bot_unseated`) and names the bot in each move it makes (`bot_move`). Only the game's owner (or an admin):
    a bot in another host's seat would play, and lose, in its player's name."""
    require_manager(repository().meta(game_id).owner, "game")  # 404 for an unknown game before any token
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
    current token, or by the game's owner or an admin: whoever holds the new token holds the seat, so an
    organiser that does not own the game may not. The log is not touched: a token is not a fact of the game."""
    meta = repository().meta(game_id)
    if not 0 <= seat < meta.seats:
        raise RuleViolation("invalid_seat", f"seats are 0 to {meta.seats - 1}")  # as the bot route answers
    if bearer_token() is None:
        raise Unauthorized("unauthorized", "the seat's token or the game owner's token is required")
    who = principal()
    if who is not None and who.scope in MANAGERS:
        require_manager(meta.owner, "game")
    elif load_seat(game_id) != seat or g.seat_token is None:  # a player's token acting for the seat may not
        raise Forbidden("scope_forbidden", "only the seat's own token or the game's owner may replace it")
    token = new_seat_token(game_id, seat)
    repository().store.facts.replace_seat_token(game_id, seat, token_hash(token))
    return {"seat": seat, "token": token}, 201
