"""The event log of one game, redacted for the caller: a JSON page, or a live Server-Sent Events stream."""

from __future__ import annotations

import socket

from flask import Blueprint, Response, current_app, g, request, stream_with_context

from events.envelope import compact_json
from service.games.inputs import version_number
from service.games.problems import BadRequest, StreamLimit
from service.games.redaction import redact_all
from service.games.repository import Loaded
from service.http import schemas
from service.http.auth import load_seat, request_game, request_page
from service.http.limits import client_address
from service.http.routes.games import repository
from service.streams.fanout import DROPPED, KEEPALIVE, Batch, TooManyStreams

bp = Blueprint("events", __name__, url_prefix="/v1/games")


@bp.get("/<game_id:game_id>/events")
def list_events(game_id: str):
    # The seat is checked here, not by @optional_seat: a page is read with the game and its tokens, in one round
    # trip. A bad query still answers 404 or 401 first when the game or the token is wrong, as every route does.
    try:
        args = schemas.load(schemas.EventsQuery(), request.args.to_dict())
        after = resume_point(args["after"])  # a JSON page honours Last-Event-ID too, and refuses a bad one alike
    except BadRequest:
        load_seat(game_id)
        raise
    if request.accept_mimetypes.best_match(["application/json", "text/event-stream"]) == "text/event-stream":
        g.seat = load_seat(game_id)
        return live(game_id, g.seat, after)
    g.seat = load_seat(game_id, page=(after, args["limit"]))
    loaded, envelopes = request_page(game_id, after, args["limit"])
    return {"version": loaded.version, "events": redact_all(loaded.game, loaded.finished, g.seat, envelopes)}


def resume_point(after: int) -> int:
    last_id = request.headers.get("Last-Event-ID")
    return after if last_id is None else version_number(last_id.strip(), "Last-Event-ID")


def live(game_id: str, seat: int | None, after: int) -> Response:
    """Every event after `after`, then each new one as it is appended, for as long as the client stays.

    New events come from the process's fan-out hub (service/streams/fanout.py: one feed per game, which hears of each
    append on the game's live channel, whatever the number of streams). A `: keep-alive` comment goes out after each
    SSE_KEEPALIVE_S quiet seconds (proxies and browsers drop silent connections), when the process's one heartbeat
    says so (service/streams/heartbeat.py). Once the game is over and its last event has been sent, the stream ends;
    a stream that falls too far behind is ended too, and its client resumes with Last-Event-ID.
    """
    service, hub = repository(), current_app.extensions["bazaar.hub"]
    # 404 now, not inside the stream. The game as this process last knew it will do: it only spares a stream of a
    # finished game its subscription, and the stream catches up to the log's end whatever it says. So a crowd of
    # clients resuming their streams of a watched game reads nothing here (the seat check may have read it anyway).
    at_start = service.cached(game_id) or request_game(game_id)
    page_size = int(current_app.config["SSE_PAGE"])
    if told_all(at_start, after):
        return Response("retry: 1000\n\n", mimetype="text/event-stream")  # nothing is left, nothing will come
    client_socket = request.environ.get("gunicorn.socket")
    if client_socket is not None:
        # a write timeout: a client that stops reading blocks its own send, and after this long the server
        # closes the connection instead of holding it (and what it queued) for ever
        client_socket.settimeout(float(current_app.config["SSE_WRITE_TIMEOUT_S"]))
        # and a bounded kernel send buffer: left to autotuning, each idle stream of a slow client may pin
        # megabytes, and it is the full buffer that makes a client that stops reading visible at all
        client_socket.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, int(current_app.config["SSE_SEND_BUFFER"]))
    try:
        subscription = hub.subscribe(game_id, client_address(), client_socket)
    except TooManyStreams as err:
        raise StreamLimit(str(err)) from None

    def current(at_least: int) -> Loaded:
        # The game as of the envelopes at least (their redaction depends on whether the game is over): the feed
        # brought the process's cached game up to each batch (Repository.advance); a stream reads it only if the
        # cache lost it. A read per stream and batch would undo the one feed per game and process of the hub.
        loaded = service.cached(game_id)
        return loaded if loaded is not None and loaded.version >= at_least else service.load(game_id)

    def frames(batch: Batch, position: int) -> tuple[list[str], int, Loaded]:
        """The frames of the batch's envelopes after `position`, the position after them, and the game they were
        redacted against."""
        loaded = current(batch[-1]["version"] if batch else 0)
        # A batch (a feed's, or a full page of the log) keeps the frames its streams made: what a seat is sent
        # depends on the seat, where its stream stands and whether the game is over, and nothing else, so a hundred
        # spectators redact and encode it once.
        key = (seat, position, loaded.finished)
        if key in batch.made:
            out, position = batch.made[key]
        else:
            out = []
            fresh = [e for e in batch if e["version"] > position]
            for env in redact_all(loaded.game, loaded.finished, seat, fresh):
                position = env["version"]
                # written as the store writes an entry's JSON (orjson when it holds no float: a tenth of the stdlib's
                # time, on every seat's frame of every move), in UTF-8 as SSE is
                out.append(f"id: {position}\nevent: {env['type']}\ndata: {compact_json(env).decode()}\n\n")
            batch.made[key] = (out, position)
        return out, position, loaded

    def stream():
        try:
            position = after
            yield "retry: 1000\n\n"
            # catch up from Redis, a page at a time (bounded memory whatever the game's length), up to where the
            # feed's recent batches begin: a client resuming a few moves behind reads nothing
            while position < subscription.recent_from:
                page = hub.pages.get(game_id, position)  # a full page another stream of this process read
                if page is None:
                    page = Batch(service.store.log.read(game_id, position, limit=page_size))
                    if not page:
                        break
                    if len(page) == page_size:
                        hub.pages.put(game_id, position, page)
                out, position, loaded = frames(page, position)
                yield "".join(out)
                if told_all(loaded, position):
                    return
            recent = subscription.take_recent()
            for batch in recent:  # then the feed's recent batches, and the frames made of them
                out, position, _loaded = frames(batch, position)
                if out:
                    yield "".join(out)
            # Everything up to where the feed stood at the subscription is sent. A game over by then sends nothing
            # more, so its stream ends here; the game is read only if this process knew an older one.
            if told_all(current(recent[-1][-1]["version"] if recent else subscription.recent_from), position):
                return
            while True:  # then live, from the hub; the process's heartbeat says when a keep-alive is owed
                batch = subscription.next()
                if batch is KEEPALIVE:
                    yield ": keep-alive\n\n"
                    continue
                if batch is DROPPED:
                    return  # too far behind: the client resumes from its Last-Event-ID
                out, position, loaded = frames(batch, position)
                if out:
                    yield "".join(out)
                    subscription.sent()
                if told_all(loaded, position):
                    return
        finally:
            hub.unsubscribe(subscription)

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    response = Response(stream_with_context(stream()), mimetype="text/event-stream", headers=headers)
    response.call_on_close(lambda: hub.unsubscribe(subscription))  # also when the stream never started
    return response


def told_all(loaded: Loaded, position: int) -> bool:
    """A stream that has sent up to `position` has nothing more to send: the game is over and that was its end."""
    return loaded.finished and position >= loaded.version
