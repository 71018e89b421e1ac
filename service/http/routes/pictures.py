"""A game as a picture: `GET /v1/games/{id}/board.svg`, the caller's view drawn (PNG when asked for)."""

from __future__ import annotations

from flask import Blueprint, Response, g, request
from werkzeug.exceptions import NotAcceptable

from service.games import views
from service.games.commands import now_iso
from service.http.auth import optional_seat, request_game
from service.pictures import board, png

bp = Blueprint("pictures", __name__, url_prefix="/v1/games")

SVG = "image/svg+xml"
PNG = "image/png"


@bp.get("/<game_id:game_id>/board.svg")
@optional_seat
def board_picture(game_id: str):
    offered = [SVG, PNG] if png.available() else [SVG]
    # a request without Accept takes any type (RFC 9110, 12.5.1): the first offered, not 406
    wanted = request.accept_mimetypes.best_match(offered) if request.accept_mimetypes else offered[0]
    if wanted is None:
        raise NotAcceptable(f"the picture is available as {' or '.join(offered)}")
    loaded = request_game(game_id)
    # drawn from exactly the body GET /v1/games/{id} returns to this caller: nothing hidden can reach the picture
    picture = board.render(views.view(loaded, g.seat, now_iso()))
    body = png.convert(picture) if wanted == PNG else picture
    headers = {"ETag": f'"{loaded.version}"', "Vary": "Accept, Authorization", "Cache-Control": "no-cache"}
    return Response(body, mimetype=wanted, headers=headers)
