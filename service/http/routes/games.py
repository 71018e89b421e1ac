"""Games: create, list, view, legal moves, commands."""

from __future__ import annotations

from flask import Blueprint, current_app, g, request, url_for

from service.access import ownership
from service.access.identities import Principal
from service.games import creation, views
from service.games.commands import Commands, now_iso
from service.games.inputs import parse_json
from service.games.problems import BadRequest, Unprocessable
from service.games.repository import Repository
from service.http import schemas
from service.http.auth import (
    bearer_token,
    identities,
    optional_seat,
    principal,
    request_game,
    require_organiser,
    require_scope,
    requires_seat,
    requires_seat_to_append,
)
from service.http.errors import Forbidden, Unauthorized
from service.http.hardening import whole_body

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
    """The game is owned by the organiser or admin whose token makes it, and by nobody when made without a
    token or by a player (service/access/ownership.py). A token that speaks for nobody is refused rather than taken for
    no token: a game its organiser then could not manage would be made in its name."""
    who = principal()
    if who is None and bearer_token() is not None:
        raise Unauthorized("bad_token", "this token is no organiser's, admin's or player's (expired or revoked?)")
    if current_app.config["CREATE_REQUIRES_TOKEN"]:
        require_organiser()  # an operator's choice: only organisers create games
    args = schemas.load(schemas.CreateGame(), json_body())
    players = bound_players(args["players"], args["seats"])
    loaded, tokens = creation.create(commands(), args["game"], args["seats"], args["options"], args["seed"],
                                     args["open"], players, owner=ownership.owner_of(who))
    body = {
        "id": loaded.meta.id,
        "game": loaded.meta.name,
        "version": loaded.version,
        "seats": [{"seat": i, "token": t} for i, t in enumerate(tokens)],
    }
    return body, 201, {"Location": url_for("games.get_game", game_id=loaded.meta.id)}


def bound_players(players: list | None, seats: int) -> tuple[str | None, ...]:
    """Seats bound to players at creation, naming players that exist. A player is seated only by someone who
    speaks for it (service/access/ownership.py): the organiser that created it, an admin, or the player itself (its
    consent: a player's token creating a game that binds it); anyone else's binding is refused, since it would
    act, and be rated, in that player's name."""
    if not players:
        return ()
    who = require_scope("organiser", "admin", "player")
    if len(players) != seats:
        raise Unprocessable("invalid_players", f"players: one entry (a player id or null) per seat ({seats})",
                            "players")
    named = [p for p in players if p is not None]
    if len(named) != len(set(named)):
        raise Unprocessable("player_seated_twice", "a player may hold one seat of a game", "players")
    for pid in named:
        record = identities().identity(pid)
        if record is None or record["kind"] != "player":
            raise Unprocessable("unknown_player", f"there is no player {pid}", "players")
        if not ownership.speaks_for(who, pid, record.get("created_by")):
            raise Forbidden("scope_forbidden", f"player {pid} is seated only by its organiser, an admin or itself")
    return tuple(players)


def may_list_player(who: Principal | None, player: str) -> bool:
    """A player's own games are listed to those who speak for it: the player, its organiser, and admins."""
    if who is None:
        return False
    record = identities().identity(player)
    return ownership.speaks_for(who, player, record.get("created_by") if record is not None else None)


@bp.get("")
def list_games():
    """Every game is public to spectators, so every caller sees every game; `player=<id>` narrows the list
    to the games with a seat bound to that player, for those who may know them (see may_list_player)."""
    args = schemas.load(schemas.GamesQuery(), request.args.to_dict())
    if args["player"] is not None and not may_list_player(principal(), args["player"]):
        raise Forbidden("scope_forbidden", "only the player, its organiser or an admin may list a player's games")
    games, after = repository().store.index.page_games(args["status"], args["after"], args["limit"], args["player"])
    body = {"games": games, "next": after}
    if after is not None:
        query = {k: args[k] for k in ("status", "player") if args[k]}
        body["next_url"] = url_for("games.list_games", after=after, limit=args["limit"], **query)
    return body


@bp.get("/<game_id:game_id>")
@optional_seat
def get_game(game_id: str):
    loaded = request_game(game_id)
    return views.view(loaded, g.seat, now_iso()), 200, {"ETag": f'"{loaded.version}"'}


@bp.get("/<game_id:game_id>/legal-moves")
@requires_seat
def legal_moves(game_id: str):
    loaded = request_game(game_id)
    return {"version": loaded.version, "seat": g.seat, "game": loaded.meta.name,
            "moves": views.legal_moves(loaded, g.seat, now_iso())}


@bp.post("/<game_id:game_id>/commands")
@requires_seat_to_append
def post_command(game_id: str):
    body = json_body()
    if not isinstance(body, dict):
        raise BadRequest("malformed_command", "the command must be a JSON object")
    expected_version = None
    if "expected_version" in body:  # most commands carry none: marshmallow is skipped on the hot path
        checked = schemas.load(schemas.EXPECTED_VERSION, {"expected_version": body["expected_version"]})
        expected_version = checked["expected_version"]
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
    version, events = commands().command(game_id, g.seat, command, expected_version, key, g.seat_token)
    return {"version": version, "events": events}, 201, {"ETag": f'"{version}"'}
