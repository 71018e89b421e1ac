"""Games: create, list, view, legal moves, commands."""

from __future__ import annotations

from flask import Blueprint, current_app, g, request, url_for

from events.lobby import OpenGames
from service.access import ownership
from service.access.identities import Principal
from service.games import creation, language, seating, views
from service.games.commands import Commands, now_iso
from service.games.inputs import parse_json
from service.games.problems import BadRequest, Unprocessable
from service.games.repository import Repository
from service.http import lobby_schemas, schemas
from service.http.auth import (
    bearer_token,
    identities,
    optional_seat,
    principal,
    request_game,
    request_page,
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
    if args["invitations"] is not None:
        return create_open_game(args, who)
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


def create_open_game(args: dict, who: Principal | None):
    """Seats left open, each with its invitation: the creator gets each "code" seat's invitation code to hand out
    and a link per seat, never a seat's token (its claimer gets that, service/games/seating.py). A seat reserved
    for a player names one that exists (the player consents by claiming it)."""
    if args["players"]:
        raise Unprocessable("invalid_players", "bind players at creation or open the seats to claimers, not both",
                            "players")
    invitations = tuple(args["invitations"])
    for invitation in invitations:
        record = identities().identity(invitation.player) if invitation.kind == "player" else {"kind": "player"}
        if record is None or record["kind"] != "player":
            raise Unprocessable("unknown_player", f"there is no player {invitation.player}", "invitations")
    loaded, _ = creation.create(commands(), args["game"], args["seats"], args["options"], args["seed"], args["open"],
                                owner=ownership.owner_of(who), invitations=invitations,
                                open_for_s=int(current_app.config["OPEN_FOR_S"]),
                                creator=who.identity if who is not None else None)
    seats = []
    for seat, invitation in enumerate(invitations):
        entry: dict = {"seat": seat, "invitation": invitation.kind}
        if invitation.kind == "code":
            entry["code"] = seating.invitation_code(loaded.meta, seat)
        if invitation.kind == "player":
            entry["player"] = invitation.player
        if invitation.kind != "bot":
            entry["url"] = join_url(loaded.meta.id, seat, entry.get("code"))
        seats.append(entry)
    body = {"id": loaded.meta.id, "game": loaded.meta.name, "version": loaded.version, "seating": "claims",
            "seats": seats, "expires_at": loaded.table.lobby.expires_at}
    return body, 201, {"Location": url_for("games.get_game", game_id=loaded.meta.id)}


def join_url(game_id: str, seat: int, code: str | None) -> str:
    """The page a claimer opens: the play page with the seat (and its code) in the fragment, never sent to us."""
    return url_for("pages.play", game_id=game_id) + (f"#invite={code}" if code else f"#join={seat}")


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
    to the games with a seat bound to that player, for those who may know them (see may_list_player).
    `open=true` lists instead the games waiting for claimers that the caller may join (list_open_games)."""
    args = schemas.load(schemas.GamesQuery(), request.args.to_dict())
    if args["open"]:
        return list_open_games(args)
    if args["options"] is not None:
        raise Unprocessable("invalid_filter", "options: a filter of the games waiting for claimers (open=true)",
                            "options")
    if args["player"] is not None and not may_list_player(principal(), args["player"]):
        raise Forbidden("scope_forbidden", "only the player, its organiser or an admin may list a player's games")
    games, after = repository().store.index.page_games(args["status"], args["after"], args["limit"], args["player"])
    # narrowed within the page, as `player` with `status` is (follow `next`)
    games = [e for e in games if args["game"] in (None, e.get("game")) and args["seats"] in (None, e.get("seats"))]
    body = {"games": games, "next": after}
    if after is not None:
        query = {k: args[k] for k in ("status", "player", "game", "seats") if args[k]}
        body["next_url"] = url_for("games.list_games", after=after, limit=args["limit"], **query)
    return body


def list_open_games(args: dict):
    """Games waiting for claimers with a seat the caller may claim: a public seat for anyone, a seat reserved for
    the caller's player; "code" seats are joined with their code, never listed. Narrowed by title, seats and
    options (a JSON object whose every key the game's options hold with that value), in id order, a page at a
    time."""
    for name in ("status", "player"):
        if args[name] is not None:
            raise Unprocessable("invalid_filter", f"{name}: not a filter of the games waiting for claimers", name)
    wanted = lobby_schemas.options_filter(args["options"])
    if bearer_token() is not None and principal() is None:
        raise Unauthorized("bad_token", "this token is no organiser's, admin's or player's (expired or revoked?)")
    who = principal()
    player = who.identity if who is not None and who.scope == "player" else None

    def keep(entry: dict) -> bool:
        options = entry.get("options") or {}
        return ((args["game"] is None or entry["game"] == args["game"])
                and (args["seats"] is None or entry["seats"] == args["seats"])
                and all(k in options and options[k] == v for k, v in (wanted or {}).items())
                and bool(seating.joinable(entry, player)))

    found, after = open_games().page(args["after"], args["limit"], keep)
    games = [{"id": e["id"], "game": e["game"], "seats": e["seats"], "options": e["options"],
              "joinable": seating.joinable(e, player), "open_seats": e["open_seats"], "created_at": e["created_at"],
              "expires_at": e["expires_at"], "version": e["version"]} for e in found]
    body = {"games": games, "next": after}
    if after is not None:
        query = {k: args[k] for k in ("game", "seats", "options") if args[k] is not None}
        body["next_url"] = url_for("games.list_games", open="true", after=after, limit=args["limit"], **query)
    return body


def open_games() -> OpenGames:
    return current_app.extensions["bazaar.open_games"]


@bp.get("/<game_id:game_id>")
@optional_seat
def get_game(game_id: str):
    form = schemas.load(schemas.VIEW_WORDS, request.args.to_dict())["words"] if request.args else "false"
    loaded = request_game(game_id)
    body = views.view(loaded, g.seat, now_iso())
    if form != "false":  # the position in words: whole (`true`) or in a few lines (`short`)
        body["words"] = language.position(loaded.game, body["state"], short=form == "short")
    return body, 200, {"ETag": f'"{loaded.version}"'}


def said_in_words() -> bool:
    """`words=true` asks for the game in its words too; a query with anything else is refused (400)."""
    return bool(request.args) and schemas.load(schemas.WORDS, request.args.to_dict())["words"]


@bp.get("/<game_id:game_id>/legal-moves")
@requires_seat
def legal_moves(game_id: str):
    in_words = said_in_words()
    loaded = request_game(game_id)
    moves = views.legal_moves(loaded, g.seat, now_iso())
    body = {"version": loaded.version, "seat": g.seat, "game": loaded.meta.name, "moves": moves}
    if in_words:  # each move as the line a player types and in words, in the same order (the seat's own view)
        body["said"] = language.moves(loaded, g.seat, loaded.game.view(loaded.table.game_state, g.seat), moves)
    return body


@bp.get("/<game_id:game_id>/log")
@optional_seat
def game_log(game_id: str):
    """The log in the game's words, each line as this caller may read it (the envelopes redacted for its seat): a
    page of `limit` lines and the `next` page's `after` (service/games/language.py `log_page`)."""
    args = schemas.load(schemas.LogQuery(), request.args.to_dict())
    after, limit = args["after"], args["limit"]
    loaded, envelopes = request_page(game_id, after, limit)
    log = repository().store.log
    return language.log_page(loaded, g.seat, after, limit, envelopes,
                             lambda since, count: log.read(game_id, since, loaded.version, count))


@bp.post("/<game_id:game_id>/commands")
@requires_seat_to_append
def post_command(game_id: str):
    """Served by service/http/command_path.py whenever the request is a seat token's plain command; here
    otherwise (a line of notation, a player's token, CORS, anything unusual), with the same steps."""
    command, expected_version = command_request(json_body(), request.headers.get("If-Match"))
    if "notation" in command:  # a line of the game's notation (`sell cloth x3`), read for this seat
        if set(command) != {"notation"}:
            raise BadRequest("malformed_command", "a command is either a line of notation or a body, not both",
                             "notation")
        loaded = request_game(game_id)
        view = loaded.game.view(loaded.table.game_state, g.seat)
        command = language.parse(loaded, g.seat, command["notation"], view)
    key = idempotency_key(request.headers.get("Idempotency-Key"))
    version, events = commands().command(game_id, g.seat, command, expected_version, key, g.seat_token)
    document, headers = command_answer(version, events)
    return document, 201, headers


def command_request(body, if_match: str | None) -> tuple[dict, int | None]:
    """(the command, the version it expects) of a command request's body and If-Match header."""
    if not isinstance(body, dict):
        raise BadRequest("malformed_command", "the command must be a JSON object")
    expected_version = None
    if "expected_version" in body:  # most commands carry none: marshmallow is skipped on the hot path
        checked = schemas.load(schemas.EXPECTED_VERSION, {"expected_version": body["expected_version"]})
        expected_version = checked["expected_version"]
    if expected_version is None and if_match:
        try:
            expected_version = int(if_match.strip('W/"'))
        except ValueError:
            raise BadRequest("malformed_request", "If-Match must be a version ETag", "If-Match") from None
    return {k: v for k, v in body.items() if k != "expected_version"}, expected_version


def idempotency_key(header: str | None) -> str | None:
    if header is not None and not (0 < len(header) <= 200):
        raise BadRequest("malformed_request", "Idempotency-Key must be 1 to 200 characters", "Idempotency-Key")
    return header


def command_answer(version: int, events: list[dict]) -> tuple[dict, dict]:
    """The body and headers of a command's 201 Created."""
    return {"version": version, "events": events}, {"ETag": f'"{version}"'}
