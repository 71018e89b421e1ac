"""The event log of one game, redacted for the caller: a JSON page, or a live Server-Sent Events stream."""

from __future__ import annotations

import json

from flask import Blueprint, Response, current_app, g, request, stream_with_context

from service import schemas
from service.api.games import repository
from service.auth import optional_seat
from service.inputs import version_number
from service.redaction import redact_all

bp = Blueprint("events", __name__, url_prefix="/v1/games")


@bp.get("/<game_id:game_id>/events")
@optional_seat
def list_events(game_id: str):
    args = schemas.load(schemas.EventsQuery(), request.args.to_dict())
    after = resume_point(args["after"])  # a JSON page honours Last-Event-ID too, and refuses a bad one alike
    if request.accept_mimetypes.best_match(["application/json", "text/event-stream"]) == "text/event-stream":
        return live(game_id, g.seat, after)
    loaded = repository().load(game_id)
    envelopes = repository().store.read(game_id, after, limit=args["limit"])
    return {"version": loaded.version, "events": redact_all(loaded.game, loaded.finished, g.seat, envelopes)}


def resume_point(after: int) -> int:
    last_id = request.headers.get("Last-Event-ID")
    return after if last_id is None else version_number(last_id.strip(), "Last-Event-ID")


def live(game_id: str, seat: int | None, after: int) -> Response:
    """Every event after `after`, then each new one as it is appended, for as long as the client stays.

    A `: keep-alive` comment goes out after each SSE_KEEPALIVE_S quiet seconds (proxies and browsers drop
    silent connections). Once the game is over and its last event has been sent, the stream ends.
    """
    service = repository()
    at_start = service.load(game_id)  # 404 now, not inside the stream
    keepalive_ms = int(float(current_app.config["SSE_KEEPALIVE_S"]) * 1000)
    page = int(current_app.config["SSE_PAGE"])

    def stream():
        position = after
        yield "retry: 1000\n\n"
        if at_start.finished and position >= at_start.version:
            return  # nothing is left to send, and nothing will come
        while True:
            envelopes = service.store.tail(game_id, position, keepalive_ms, page)
            if not envelopes:
                yield ": keep-alive\n\n"
                continue
            loaded = service.load(game_id)
            for env in redact_all(loaded.game, loaded.finished, seat, envelopes):
                position = env["version"]
                yield f"id: {position}\nevent: {env['type']}\ndata: {json.dumps(env)}\n\n"
            if loaded.finished and position >= loaded.version:
                return  # the game is over and everything has been sent

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return Response(stream_with_context(stream()), mimetype="text/event-stream", headers=headers)
