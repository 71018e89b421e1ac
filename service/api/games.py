"""Games: create, list, view, legal moves, commands."""

from __future__ import annotations

from flask import Blueprint, current_app, g, request, url_for

from service import creation, schemas, views
from service.auth import optional_seat, require_organiser, requires_seat
from service.commands import Commands, now_iso
from service.hardening import whole_body
from service.inputs import parse_json
from service.problems import BadRequest
from service.repository import Repository

bp = Blueprint("games", __name__, url_prefix="/v1/games")


def commands() -> Commands:
    return current_app.extensions["bazaar.commands"]


def repository() -> Repository:
    return current_app.extensions["bazaar.repository"]


def json_body():
    if not request.is_json:
        raise BadRequest("malformed_json", "the body must be JSON (Content-Type: application/json)")
    return parse_json(whole_body())


@bp.post("")
def create_game():
    if current_app.config["CREATE_REQUIRES_TOKEN"]:
        require_organiser()  # an operator's choice: only organisers create games
    args = schemas.load(schemas.CreateGame(), json_body())
    loaded, tokens = creation.create(commands(), args["game"], args["seats"], args["options"], args["seed"],
                                     args["open"])
    body = {
        "id": loaded.meta.id,
        "game": loaded.meta.name,
        "version": loaded.version,
        "seats": [{"seat": i, "token": t} for i, t in enumerate(tokens)],
    }
    return body, 201, {"Location": url_for("games.get_game", game_id=loaded.meta.id)}


@bp.get("")
def list_games():
    args = schemas.load(schemas.GamesQuery(), request.args.to_dict())
    games, after = repository().store.page_games(args["status"], args["after"], args["limit"])
    body = {"games": games, "next": after}
    if after is not None:
        body["next_url"] = url_for("games.list_games", after=after, limit=args["limit"],
                                   **({"status": args["status"]} if args["status"] else {}))
    return body


@bp.get("/<game_id:game_id>")
@optional_seat
def get_game(game_id: str):
    loaded = repository().load(game_id)
    return views.view(loaded, g.seat, now_iso()), 200, {"ETag": f'"{loaded.version}"'}


@bp.get("/<game_id:game_id>/legal-moves")
@requires_seat
def legal_moves(game_id: str):
    loaded = repository().load(game_id)
    return {"version": loaded.version, "seat": g.seat, "game": loaded.meta.name,
            "moves": views.legal_moves(loaded, g.seat, now_iso())}


@bp.post("/<game_id:game_id>/commands")
@requires_seat
def post_command(game_id: str):
    body = json_body()
    if not isinstance(body, dict):
        raise BadRequest("malformed_command", "the command must be a JSON object")
    expected = schemas.load(schemas.EXPECTED_VERSION, {"expected_version": body.get("expected_version")})
    expected_version = expected["expected_version"]
    if_match = request.headers.get("If-Match")
    if expected_version is None and if_match:
        try:
            expected_version = int(if_match.strip('W/"'))
        except ValueError:
            raise BadRequest("malformed_request", "If-Match must be a version ETag", "If-Match") from None
    command = {k: v for k, v in body.items() if k != "expected_version"}
    key = request.headers.get("Idempotency-Key")
    if key is not None and not (0 < len(key) <= 200):
        raise BadRequest("malformed_request", "Idempotency-Key must be 1 to 200 characters", "Idempotency-Key")
    version, events = commands().command(game_id, g.seat, command, expected_version, key)
    return {"version": version, "events": events}, 201, {"ETag": f'"{version}"'}
