"""Health and the API description."""

from __future__ import annotations

from pathlib import Path

import redis
from flask import Blueprint, Response, current_app

bp = Blueprint("meta", __name__)

SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"


@bp.get("/healthz")
def healthz():
    try:
        current_app.extensions["bazaar.redis"].ping()
    except redis.RedisError as err:
        return {"status": "unavailable", "redis": str(err)}, 503
    return {"status": "ok", "redis": "ok"}


@bp.get("/openapi.yaml")
def openapi():
    return Response(SPEC.read_text(), mimetype="application/yaml")
