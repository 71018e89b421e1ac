"""Health and the API description."""

from __future__ import annotations

from pathlib import Path

import redis
from flask import Blueprint, Response, current_app

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


@bp.get("/openapi.yaml")
def openapi():
    return Response(SPEC.read_text(), mimetype="application/yaml")
