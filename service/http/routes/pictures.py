"""A game as a picture: `GET /v1/games/{id}/board.svg`, the caller's view drawn (PNG when asked for)."""

from __future__ import annotations

from flask import Blueprint, Response, g, request
from werkzeug.exceptions import NotAcceptable

from service.games import views
from service.games.commands import now_iso
from service.games.problems import VersionNotFound
from service.http import schemas
from service.http.auth import optional_seat, request_game
from service.http.routes.games import repository
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
    version = schemas.load(schemas.StateQuery(), request.args.to_dict())["version"]
    loaded = request_game(game_id)
    if version is None or version == loaded.version:
        # drawn from exactly the body GET /v1/games/{id} returns to this caller: nothing hidden can reach it
        picture = board.render(views.view(loaded, g.seat, now_iso()))
    else:  # a past version (the page's replay): exactly the body of GET .../state?version=N, drawn
        if version > loaded.version:
            raise VersionNotFound(version, loaded.version)
        past = repository().load(game_id, until=version)
        picture = board.render(views.view(past, g.seat, now_iso(), complete=loaded.finished))
    body = png.convert(picture) if wanted == PNG else picture
    drawn = loaded.version if version is None else version
    headers = {"ETag": f'"{drawn}"', "Vary": "Accept, Authorization", "Cache-Control": "no-cache"}
    return Response(body, mimetype=wanted, headers=headers)
