"""Tournaments: an organiser creates one, registers and withdraws players, starts it; anyone reads its state,
rounds, standings (JSON or CSV) and its whole log (JSON pages or NDJSON, hash-chained). The worker does the
rest (service/tournaments/loop.py). Nothing here is hidden: a tournament serves no game's secret state."""

from __future__ import annotations

import json
import secrets

from flask import Blueprint, Response, current_app, g, request, url_for

from bazaar_client.bots import seated
from domain import tournament
from domain.core import RuleViolation
from domain.tournament import commands as tc
from domain.tournament import violations
from domain.tournament.state import Finished, Running
from service.access import ownership
from service.games.problems import Unprocessable
from service.http import schemas
from service.http import tournament_schemas as ts
from service.http.auth import identities, require_manager, requires_scope
from service.http.errors import Forbidden
from service.http.routes.games import json_body
from service.http.routes.identities import ttl
from service.tournaments.ratings import RatingBooks
from service.tournaments.repository import Folded, Tournaments

bp = Blueprint("tournaments", __name__, url_prefix="/v1")

ADVANCE_JOB = "service.operations.jobs.advance_tournament"


def tournaments() -> Tournaments:
    return current_app.extensions["bazaar.tournaments"]


def books() -> RatingBooks:
    return current_app.extensions["bazaar.ratings"]


def body_of(folded: Folded) -> dict:
    return {"id": folded.id, "version": folded.version, **tournament.view(folded.state)}


def managed(tournament_id: str) -> Folded:
    """The tournament, if the caller is its organiser (or an admin): 403 `scope_forbidden` otherwise, as for
    anything an organiser does not own (service/access/ownership.py)."""
    folded = tournaments().load(tournament_id)
    require_manager(folded.organiser, "tournament")
    return folded


def advance_soon(tournament_id: str) -> None:
    """Queue the worker's next steps (if the queue is away, the worker's sweep takes them within SWEEP_S)."""
    try:
        current_app.extensions["bazaar.queue"].enqueue(ADVANCE_JOB, tournament_id)
    except Exception:  # noqa: BLE001 - the sweep is the backstop
        current_app.logger.exception("queueing tournament %s failed", tournament_id)


@bp.post("/tournaments")
@requires_scope("organiser", "admin")
def create_tournament():
    args = schemas.load(ts.CreateTournament(), json_body())
    folded = tournaments().create(tc.CreateTournament(**args), g.principal.identity)
    return body_of(folded), 201, {"Location": url_for("tournaments.get_tournament", tournament_id=folded.id)}


@bp.get("/tournaments")
def list_tournaments():
    args = schemas.load(ts.Page(), request.args.to_dict())
    ids, after = tournaments().store.page(args["after"], args["limit"])
    rows = []
    for tid in ids:
        try:
            view = body_of(tournaments().load(tid))
        except LookupError:
            continue  # listed just before its first append, which failed
        rows.append({k: view.get(k) for k in ("id", "game", "format", "table_size", "phase")}
                    | {"players": len(view.get("players", ())), "rounds_played": len(view.get("rounds", ()))})
    body = {"tournaments": rows, "next": after}
    if after is not None:
        body["next_url"] = url_for("tournaments.list_tournaments", after=after, limit=args["limit"])
    return body


@bp.get("/tournaments/<tournament_id:tournament_id>")
def get_tournament(tournament_id: str):
    folded = tournaments().load(tournament_id)
    return body_of(folded), 200, {"ETag": f'"{folded.version}"'}


@bp.post("/tournaments/<tournament_id:tournament_id>/players")
@requires_scope("organiser", "admin")
def register_player(tournament_id: str):
    folded = managed(tournament_id)
    args = schemas.load(ts.RegisterPlayer(), json_body())
    if (args["player"] is None) == (args["name"] is None):
        raise Unprocessable("invalid_player", "name an existing player (`player`) or a new one (`name`)", "player")
    if args["bot"] is not None and not seated.known(args["bot"]):
        raise Unprocessable("invalid_options", f"unknown bot {args['bot']!r}: one of {', '.join(sorted(seated.BOTS))}",
                            "bot")
    issued = None
    if args["player"] is not None:
        record = identities().identity(args["player"])
        if record is None or record["kind"] != "player":
            raise Unprocessable("unknown_player", f"there is no player {args['player']}", "player")
        if not ownership.speaks_for(g.principal, args["player"], record.get("created_by")):
            # its games would bind, and rate, another organiser's player
            raise Forbidden("scope_forbidden", "an organiser registers only the players it created")
        player, name = args["player"], record["name"]
    else:  # the tournament's organiser's player, even when an admin registers it: its games rate it
        issued = identities().create("player", args["name"], folded.organiser or g.principal.identity, ttl(args))
        player, name = issued.identity, issued.name
    rating = args["rating"] if args["rating"] is not None else rated(player, getattr(folded.state, "settings", None))
    folded, _ = tournaments().execute(tournament_id, [tc.RegisterPlayer(player, name, rating, args["bot"])],
                                      g.principal.identity)
    body = {"player": player, "name": name, "rating": rating, "bot": args["bot"], "version": folded.version}
    if issued is not None:  # the new player's token: shown once, it acts in every game of the tournament
        body |= {"token": issued.token, "token_id": issued.token_id, "expires_at": issued.expires_at}
    return body, 201


def rated(player: str, settings) -> int:
    """The player's published rating in the tournament's game (rounded, at least 0), so that seeding by rating
    (the default: an elimination bracket needs it) follows play; 0 for a player with no rated game."""
    if settings is None:
        return 0
    known = books().of_player(player).get(settings.game)
    return max(0, min(10_000, round(known["rating"]))) if known else 0


@bp.delete("/tournaments/<tournament_id:tournament_id>/players/<identity_id:player_id>")
@requires_scope("player", "organiser", "admin")
def withdraw_player(tournament_id: str, player_id: str):
    """The organiser withdraws a player, or a player withdraws itself; their open games go on with a bot in
    their seat and count as lost, their later rounds are not paired (or are walkovers in a round robin)."""
    if g.principal.scope == "player":
        if g.principal.identity != player_id:
            raise Forbidden("scope_forbidden", "a player may withdraw only itself")
        tournaments().load(tournament_id)
    else:
        managed(tournament_id)
    folded, _ = tournaments().execute(tournament_id, [tc.WithdrawPlayer(player_id)], g.principal.identity)
    if isinstance(folded.state, Running):
        advance_soon(tournament_id)
    return {"player": player_id, "withdrawn": True, "version": folded.version}


@bp.post("/tournaments/<tournament_id:tournament_id>/seeding")
@requires_scope("organiser", "admin")
def draw_seeding(tournament_id: str):
    """Draw the seeding by lot, once, before the start: the service draws a seed (nobody chooses it) and the
    Decider shuffles the players with it by the dealer's construction; the event keeps the seed, so the exported
    log re-verifies the draw. Registration closes."""
    managed(tournament_id)
    folded, _ = tournaments().execute(tournament_id, [tc.DrawSeeding(secrets.token_hex(32))], g.principal.identity)
    return body_of(folded)


@bp.post("/tournaments/<tournament_id:tournament_id>/start")
@requires_scope("organiser", "admin")
def start_tournament(tournament_id: str):
    managed(tournament_id)
    args = schemas.load(ts.StartTournament(), json_body() if request.get_data() else {})
    # listed as running first: a crash after the start then still leaves it to the worker's sweep (which drops a
    # tournament that did not start after all)
    tournaments().store.running(tournament_id, True)
    folded, _ = tournaments().execute(tournament_id, [tc.StartTournament(tuple(args["order"]))],
                                      g.principal.identity)
    advance_soon(tournament_id)
    return body_of(folded)


def started(tournament_id: str) -> Running | Finished:
    state = tournaments().load(tournament_id).state
    if not isinstance(state, (Running, Finished)):
        raise RuleViolation(violations.NOT_RUNNING, "the tournament has not started")
    return state


@bp.get("/tournaments/<tournament_id:tournament_id>/standings")
def standings(tournament_id: str):
    args = schemas.load(ts.StandingsQuery(), request.args.to_dict())
    state = started(tournament_id)
    wanted = args["format"] or ("csv" if request.accept_mimetypes.best_match(["application/json", "text/csv"])
                                == "text/csv" else "json")
    if wanted == "csv":
        return Response(tournament.standings_csv(state), mimetype="text/csv",
                        headers={"Content-Disposition": f'attachment; filename="{tournament_id}-standings.csv"'})
    return Response(tournament.standings_json(state), mimetype="application/json")


@bp.get("/tournaments/<tournament_id:tournament_id>/rounds")
def rounds(tournament_id: str):
    view = tournament.view(started(tournament_id))
    return {"rounds_planned": view["rounds_planned"], "rounds": view["rounds"]}


@bp.get("/tournaments/<tournament_id:tournament_id>/events")
def events(tournament_id: str):
    """The log, hash-chained like a game's: a JSON page, or all of it as NDJSON (`format=ndjson`) to keep and
    check offline (service/tournaments/audit.py)."""
    args = schemas.load(ts.EventsQuery(), request.args.to_dict())
    folded = tournaments().load(tournament_id)
    store = tournaments().store
    if args["format"] == "ndjson":
        lines = "".join(json.dumps(env, separators=(",", ":")) + "\n" for env in store.read(tournament_id))
        return Response(lines, mimetype="application/x-ndjson",
                        headers={"Bazaar-Head-Hash": folded.head_hash, "Bazaar-Version": str(folded.version),
                                 "Content-Disposition": f'attachment; filename="{tournament_id}.ndjson"'})
    return {"version": folded.version, "events": store.read(tournament_id, args["after"], args["limit"])}


@bp.get("/players/<identity_id:player_id>/ratings")
def player_ratings(player_id: str):
    """Rating and history in every title: Elo for Jaipur, Weng-Lin (openskill) for Istanbul; tournament and
    casual games alike, each game once."""
    return {"player": player_id, "ratings": books().of_player(player_id)}
