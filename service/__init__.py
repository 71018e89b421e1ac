"""Bazaar's HTTP service: `create_app` is the one composition root."""

from __future__ import annotations

import redis
from flask import Flask

from events.store import EventStore
from service import config as settings
from service import errors
from service.games import Games
from service.reactions import IndexWriter

BLUEPRINTS = ("service.api.games", "service.api.events", "service.api.audit", "service.api.meta")


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(settings.load(config))
    app.json.sort_keys = False
    client = redis.Redis.from_url(app.config["REDIS_URL"])
    store = EventStore(client)
    games = Games(store, cache_size=int(app.config["STATE_CACHE_SIZE"]),
                  inline_dealer=bool(app.config["INLINE_DEALER"]),
                  snapshot_every=int(app.config["SNAPSHOT_EVERY"]))
    index_writer = IndexWriter(games)
    games.after_append.append(index_writer)
    app.extensions["bazaar.index"] = index_writer
    app.extensions["bazaar.redis"] = client
    app.extensions["bazaar.store"] = store
    app.extensions["bazaar.games"] = games
    errors.init_app(app)
    import importlib

    for name in BLUEPRINTS:
        app.register_blueprint(importlib.import_module(name).bp)
    return app
