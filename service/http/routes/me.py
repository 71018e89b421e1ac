"""A player's own routes: its stream of notices (a JSON page, or live Server-Sent Events resumable with
Last-Event-ID) and its games, its turn first. Both for the player's own token only: they are its business."""

from __future__ import annotations

import json

from flask import Blueprint, Response, current_app, request, stream_with_context

from events.inbox import Inbox
from service.games import seating, views
from service.games.repository import NotFound
from service.http import lobby_schemas, schemas
from service.http.auth import bearer_token, identities, require_scope
from service.http.routes.games import repository

bp = Blueprint("me", __name__, url_prefix="/v1/me")

STREAM_LIMIT = 100  # notices one read of a live stream sends at most (a resuming client catches up in pages)


def inbox() -> Inbox:
    return current_app.extensions["bazaar.inbox"]


@bp.get("/events")
def my_events():
    """The notices after `after` (or `Last-Event-ID`): a game of the player's started, its turn began, a game
    ended or expired, a tournament round paired it, a challenge or rematch offer came or was answered."""
    who = require_scope("player")
    args = schemas.load(lobby_schemas.NoticesQuery(), request.args.to_dict())
    last = request.headers.get("Last-Event-ID")
    after = args["after"] if last is None else schemas.load(lobby_schemas.NoticesQuery(), {"after": last.strip()})["after"]
    if request.accept_mimetypes.best_match(["application/json", "text/event-stream"]) == "text/event-stream":
        return live(who.identity, after, bearer_token())
    notices = inbox().read(who.identity, after, args["limit"])
    return {"events": [{"id": i, **n} for i, n in notices], "last_id": notices[-1][0] if notices else after}


def live(player: str, after: str, token: str) -> Response:
    """Every notice after `after`, then each new one as it comes, for as long as the client stays: one blocking
    read of the player's stream at a time (a player has one stream, not a crowd of spectators). A keep-alive
    comment after each quiet SSE_KEEPALIVE_S; the stream ends when the player's token stops being valid."""
    block_ms = int(float(current_app.config["SSE_KEEPALIVE_S"]) * 1000)
    box, known = inbox(), identities()

    def stream():
        position = after
        yield "retry: 1000\n\n"
        while True:
            notices = box.wait(player, position, block_ms, STREAM_LIMIT)
            if not notices:
                if known.verify(token) is None:
                    return  # revoked or expired while it listened
                yield ": keep-alive\n\n"
                continue
            out = []
            for notice_id, notice in notices:
                out.append(f"id: {notice_id}\nevent: {notice['type']}\ndata: {json.dumps({'id': notice_id, **notice})}\n\n")
                position = notice_id
            yield "".join(out)

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return Response(stream_with_context(stream()), mimetype="text/event-stream", headers=headers)


@bp.get("/games")
def my_games():
    """The player's games (bound to it at creation, or claimed), a page at a time in id order, each page with the
    games where its decision is awaited first, then those running or waiting for seats, then the finished."""
    who = require_scope("player")
    args = schemas.load(lobby_schemas.MyGamesQuery(), request.args.to_dict())
    entries, after = repository().store.index.page_games(args["status"], args["after"], args["limit"], who.identity)
    games = [mine(entry, who.identity) for entry in entries]
    rank = {"active": 1, "waiting": 1}
    games.sort(key=lambda e: (not e["my_turn"], rank.get(e["status"], 2)))
    return {"games": games, "next": after}


def mine(entry: dict, player: str) -> dict:
    """An index entry as the player's: its seat, and whether its decision is awaited (read from the game while it
    runs; a finished game's entry says enough)."""
    out = {"id": entry["id"], "game": entry["game"], "status": entry.get("status"), "version": entry["version"],
           "updated_at": entry.get("updated_at"), "seat": None, "my_turn": False}
    if entry.get("status") != "active":
        return out
    try:
        loaded = repository().load(entry["id"])
    except NotFound:
        return out
    seat = seating.seat_of_player(loaded, player)
    out.update(status=views.status(loaded.table), version=loaded.version, seat=seat,
               my_turn=seat is not None and seat in views.awaited(loaded))
    return out
