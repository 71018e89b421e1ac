"""Health and the API description."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import redis
from flask import Blueprint, Response, current_app

from bazaar_client.bots import seated
from domain import registry
from service.http import contract
from service.http.errors import problem

bp = Blueprint("meta", __name__)

SPEC = Path(__file__).resolve().parents[3] / "openapi.yaml"


@bp.get("/healthz")
def healthz():
    try:
        current_app.extensions["bazaar.redis"].ping()
    except redis.RedisError as err:
        return problem(503, "unavailable", "Service unavailable", f"Redis does not answer: {err}")
    return {"status": "ok", "redis": "ok"}


@cache
def catalogue_body() -> dict:
    """What this service hosts, from the registry and each game's own declarations (built once per process)."""
    games = []
    for name in registry.names():
        game = registry.get(name)
        games.append({"name": name, "title": getattr(game, "TITLE", name.replace("_", " ").title()),
                      "min_seats": game.MIN_SEATS, "max_seats": game.MAX_SEATS,
                      "commands": sorted(game.COMMANDS), "options": getattr(game, "OPTIONS_SCHEMA", {"type": "object"}),
                      "picture": hasattr(game, "picture")})
    return {"games": games, "bots": sorted(seated.BOTS)}


@bp.get("/v1/catalogue")
def catalogue():
    """The games this service hosts (the product's and a deployment's own), with their seats, commands and options,
    and the bots that may hold a seat: what a client needs to offer a choice without knowing the games."""
    return catalogue_body()


@cache
def served() -> str:
    """The file, or with a deployment's extra games documented too (built once per process)."""
    return contract.served_text(SPEC.read_text())


@bp.get("/openapi.yaml")
def openapi():
    return Response(served(), mimetype="application/yaml")
