"""Challenges (a player offers another a game) and rematches (a seat of a finished game offers it again, seats
rotated): made, read, accepted and declined by the players they name. The rules are the offer's Decider's
(domain/offers/); opening the game is service/games/offers.py's."""

from __future__ import annotations

from flask import Blueprint, current_app, g, url_for

from domain import offers as rules
from events.offers import rematch_id
from service.games import seating
from service.games.offers import Folded, Offers
from service.games.problems import Missing, Unprocessable
from service.games.repository import Loaded
from service.http import lobby_schemas, schemas
from service.http.auth import identities, load_seat, principal, require_scope
from service.http.errors import Forbidden, Unauthorized
from service.http.routes.games import commands, repository
from service.http.routes.lobby import body_or_empty

bp = Blueprint("offers", __name__, url_prefix="/v1")


def offers() -> Offers:
    return current_app.extensions["bazaar.offers"]


def body_of(folded: Folded, caller: str | None = None) -> dict:
    """The offer as its players (and admins) read it; once settled, the game it opened and, for a player of it,
    its seat and that seat's token (the same its claim would give)."""
    offer = folded.offer
    made = offer.made
    body = {"id": folded.id, "kind": made.kind, "game": made.game, "options": made.options,
            "players": list(made.players), "by": made.by, "status": rules.status(offer, commands().clock()),
            "accepted": [a.player for a in offer.accepted], "declined_by": offer.declined_by,
            "expires_at": made.expires_at, "game_id": offer.game_id, "version": folded.version}
    if made.source_game is not None:
        body["source_game"] = made.source_game
    if offer.game_id is not None and caller in made.players:
        loaded = repository().load(offer.game_id)
        seat = seating.seat_of_player(loaded, caller)
        if seat is not None:
            body["seat"], body["token"] = seat, seating.seat_token(loaded.meta, seat, caller)
    return body


def named(folded: Folded) -> str:
    """The caller, if the offer names it (a player's token), or an admin's identity: 403 for anyone else."""
    who = require_scope("player", "admin")  # asked before: a token is needed whether or not the offer exists
    if who.scope != "admin" and who.identity not in folded.offer.made.players:
        raise Forbidden("scope_forbidden", "an offer is its players' business")
    return who.identity


# --- challenges --------------------------------------------------------------------------------------------


@bp.post("/challenges")
def challenge():
    who = require_scope("player")
    args = schemas.load(lobby_schemas.Challenge(), body_or_empty())
    opponent = identities().identity(args["player"])
    if opponent is None or opponent.get("kind") != "player":
        raise Unprocessable("unknown_player", f"there is no player {args['player']}", "player")
    folded = offers().challenge(who.identity, args["player"], args["game"], args["options"], args["entropy"])
    return body_of(folded, who.identity), 201, {"Location": url_for("offers.get_challenge", challenge_id=folded.id)}


def challenge_of(challenge_id: str) -> Folded:
    folded = offers().load(challenge_id)
    if folded.offer.made.kind != "challenge":
        raise Missing("offer_not_found", f"there is no challenge {challenge_id}")
    return folded


@bp.get("/challenges/<identity_id:challenge_id>")
def get_challenge(challenge_id: str):
    require_scope("player", "admin")  # a challenge is not public: who may ask comes before whether it exists
    folded = challenge_of(challenge_id)
    return body_of(folded, named(folded))


@bp.post("/challenges/<identity_id:challenge_id>/accept")
def accept_challenge(challenge_id: str):
    require_scope("player")
    caller = named_player(challenge_of(challenge_id))
    args = schemas.load(lobby_schemas.Answer(), body_or_empty())
    return body_of(offers().accept(challenge_id, caller, args["entropy"]), caller)


@bp.post("/challenges/<identity_id:challenge_id>/decline")
def decline_challenge(challenge_id: str):
    require_scope("player")
    caller = named_player(challenge_of(challenge_id))
    return body_of(offers().decline(challenge_id, caller), caller)


def named_player(folded: Folded) -> str:
    """Answers come from the players named, by their own tokens (an admin reads, it does not answer for them)."""
    who = require_scope("player")
    if who.identity not in folded.offer.made.players:
        raise Forbidden("scope_forbidden", "only the players it names answer an offer")
    return who.identity


# --- rematches ---------------------------------------------------------------------------------------------


def seat_player(game_id: str) -> tuple[Loaded, str]:
    """The finished game and the player of the caller's seat (by the seat's token or the player's own)."""
    g.seat = load_seat(game_id)
    loaded = repository().load(game_id)
    if g.seat is None:
        if principal() is None:
            raise Unauthorized()
        raise Forbidden("scope_forbidden", "a rematch is offered and answered by the game's seats")
    player = seating.players_of(loaded)[g.seat]
    if player is None:
        raise Forbidden("scope_forbidden", "this seat has no player to play a rematch (it was handed out by token)")
    return loaded, player


@bp.get("/games/<game_id:game_id>/rematch")
def get_rematch(game_id: str):
    repository().meta(game_id)  # 404 for an unknown game first
    require_scope("player", "admin")
    folded = offers().load(rematch_id(game_id))
    return body_of(folded, named(folded))


@bp.post("/games/<game_id:game_id>/rematch")
def rematch(game_id: str):
    """Offer a rematch, or accept the one another seat offered: the same options, each player one seat on."""
    loaded, player = seat_player(game_id)
    args = schemas.load(lobby_schemas.Answer(), body_or_empty())
    first = repository().store.log.read(game_id, 0, 1)
    options = first[0]["payload"].get("options", {}) if first else {}
    return body_of(offers().rematch(loaded, options, player, args["entropy"]), player)


@bp.post("/games/<game_id:game_id>/rematch/decline")
def decline_rematch(game_id: str):
    _loaded, player = seat_player(game_id)
    return body_of(offers().decline(rematch_id(game_id), player), player)
