"""Time travel, export and import, and undo: all derived from the event log."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, g, request, stream_with_context

from service.access import ownership
from service.feed import lifecycle
from service.games import audit, views
from service.games.commands import now_iso
from service.games.problems import VersionNotFound
from service.http import schemas
from service.http.auth import optional_seat, request_game, requires_organiser, requires_seat
from service.http.errors import problem
from service.http.hardening import whole_body
from service.http.routes.games import commands, json_body, repository

bp = Blueprint("audit", __name__, url_prefix="/v1/games")


@bp.get("/<game_id:game_id>/state")
@optional_seat
def state_at(game_id: str):
    args = schemas.load(schemas.StateQuery(), request.args.to_dict())
    current = request_game(game_id)
    version = current.version if args["version"] is None else args["version"]
    if version > current.version:
        raise VersionNotFound(version, current.version)
    # the latest version is the game this request has already read: no second load (3 round trips more)
    past = current if version == current.version else repository().load(game_id, until=version)
    # always the view (the shape of GET /v1/games/{id}); once the game is over nothing is secret any more:
    # the complete view at that moment, for everyone
    return views.view(past, g.seat, now_iso(), complete=current.finished)


@bp.get("/<game_id:game_id>/export")
@optional_seat
def export(game_id: str):
    loaded = request_game(game_id)
    lines = audit.export_lines(repository(), loaded, g.seat)
    headers = {"Bazaar-Head-Hash": loaded.head_hash, "Bazaar-Version": str(loaded.version),
               "Content-Disposition": f'attachment; filename="{game_id}.ndjson"'}
    return Response(stream_with_context(lines), mimetype="application/x-ndjson", headers=headers)


@bp.post("/import")
@requires_organiser
def import_game():
    try:
        lines = audit.lines_of(audit.decoded_text(whole_body()))
        loaded, tokens = audit.import_log(repository(), lines, now_iso(), g.principal.identity,
                                          ownership.owner_of(g.principal))
    except audit.ImportRejected as err:
        return problem(422, err.code, "Import refused", err.detail, line=err.line,
                       **({"field": err.field} if err.field else {}))
    except audit.GameExists as err:
        return problem(409, "game_exists", "Game exists", f"a game with id {err} exists already")
    repository().store.index.record(loaded.meta.id, views.index_entry(loaded, now_iso()))
    lifecycle.republish(current_app.extensions["bazaar.feed"], repository(), loaded)  # its facts, as for any game
    body = {"id": loaded.meta.id, "game": loaded.meta.name, "version": loaded.version,
            "seats": [{"seat": i, "token": t} for i, t in enumerate(tokens)]}
    return body, 201


@bp.post("/<game_id:game_id>/undo")
@requires_seat
def undo(game_id: str):
    args = schemas.load(schemas.Undo(), json_body())
    version, events = commands().undo(game_id, g.seat, args["to_version"], args["expected_version"])
    return {"version": version, "events": events}, 201
