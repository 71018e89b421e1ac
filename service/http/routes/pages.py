"""Pages for people: `/` lists live and recent games and the games waiting for players, and creates a game to
share (service/http/static/lobby.js); `/play/{id}` shows one game, lets a seat play it, and takes the seat a
shared link names.

Plain HTML from templates plus one static script (service/http/static/play.js): no build step, nothing from a CDN.
A seat's token stays in the URL fragment (`/play/{id}#token=...`), which browsers never send to a server, so
it cannot reach a query string, an access log or a Referer; the script sends it as `Authorization: Bearer`.
"""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, request

from domain import registry
from service.games.problems import BadRequest
from service.games.seating import joinable
from service.http.routes.games import repository

bp = Blueprint("pages", __name__)

PAGE_SIZE = 50  # games per page of `/`: the index hash holds every game ever played
OPEN_SHOWN = 20  # the newest games waiting for players that `/` offers to join (the API lists them all)


@bp.get("/")
def index():
    text = request.args.get("page", "0")
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise BadRequest("malformed_request", "page must be a page number (0, 1, ...)", "page")
    page = int(text)
    entries = repository().store.index.list_games()
    # live games first, then the most recently updated: what a visitor is looking for
    ordered = sorted(entries.items(), key=lambda item: (item[1].get("status") != "active",
                                                        _newest_first(item[1].get("updated_at", ""))))
    shown = ordered[page * PAGE_SIZE:(page + 1) * PAGE_SIZE]
    more = len(ordered) > (page + 1) * PAGE_SIZE
    # the index keeps a game's status (written when it starts and ends, not every move): each shown game's
    # version and last move come from its log, all in one round trip; an archived one keeps its index entry's
    heads = repository().store.log.heads([gid for gid, _entry in shown])
    games = [{"id": gid, **entry, **({"version": version, "updated_at": at} if version else {})}
             for (gid, entry), (version, at) in zip(shown, heads)]
    waiting = [{**e, "joinable": joinable(e, None)} for e in current_app.extensions["bazaar.open_games"].newest(OPEN_SHOWN)]
    return render_template("index.html", games=games, page=page, more=more, total=len(ordered), titles=registry.names(),
                           open_games=[e for e in waiting if e["joinable"]])


def _newest_first(stamp: str) -> tuple:
    # ISO-8601 UTC stamps sort as text; negate each character to sort descending inside an ascending sort
    return tuple(-ord(c) for c in stamp)


@bp.get("/play/<game_id:game_id>")
def play(game_id: str):
    meta = repository().meta(game_id)  # an unknown game is 404 here, not a page that fails later
    return render_template("play.html", game_id=game_id, game=meta.name, provenance=meta.provenance)
