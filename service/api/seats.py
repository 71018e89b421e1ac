"""Organisers hand a seat to a bot, or back to its player: PUT /v1/games/{id}/seats/{seat}/bot."""

from __future__ import annotations

from flask import Blueprint

from domain.table import SeatBot
from domain.table.options import bot_seat
from service.api.games import commands, json_body, repository
from service.auth import requires_organiser
from service.creation import check_bots

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
