"""The web side's composition root: `create_app` builds the Flask app on the wiring the worker shares."""

from __future__ import annotations

import importlib
from pathlib import Path

from flask import Flask
from werkzeug.routing import BaseConverter

from events import ids
from service.access.identities import Identities
from service.http import errors, hardening, limits
from service.http.command_path import CommandPath
from service.http.json_responses import JSONProvider
from service.operations import config as settings
from service.operations import connections
from service.operations.wiring import build
from service.streams.fanout import Hub

HTTP = Path(__file__).resolve().parents[1] / "http"  # the pages' templates and static files


class GameIdConverter(BaseConverter):
    """Game ids are 16 lowercase hex digits: `/v1/games/import` is never mistaken for a game's path (its
    Allow header would list GET otherwise), and nothing else reaches a lookup (events/ids.py)."""

    regex = ids.PATTERN


BLUEPRINTS = ("service.http.routes.games", "service.http.routes.events", "service.http.routes.audit", "service.http.routes.meta",
              "service.http.routes.pictures", "service.http.routes.pages", "service.http.routes.seats",
              "service.http.routes.identities", "service.http.routes.tournaments", "service.http.routes.lobby",
              "service.http.routes.me", "service.http.routes.offers")


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__, template_folder=HTTP / "templates", static_folder=HTTP / "static")
    app.config.update(settings.load(config))
    settings.check(app.config)  # before any connection: a weak configured token stops the start
    app.json = JSONProvider(app)  # orjson: service/http/json_responses.py
    app.url_map.converters["game_id"] = GameIdConverter
    app.url_map.converters["identity_id"] = GameIdConverter  # identity and token ids: 16 hex digits too
    app.url_map.converters["tournament_id"] = GameIdConverter  # and tournament ids
    wiring = build(app.config)
    app.extensions["bazaar.redis"] = wiring.redis
    app.extensions["bazaar.store"] = wiring.store
    app.extensions["bazaar.repository"] = wiring.repository
    app.extensions["bazaar.commands"] = wiring.commands
    app.extensions["bazaar.queue"] = wiring.queue
    app.extensions["bazaar.feed"] = wiring.feed
    app.extensions["bazaar.tournaments"] = wiring.tournaments
    app.extensions["bazaar.ratings"] = wiring.ratings
    app.extensions["bazaar.open_games"] = wiring.open_games
    app.extensions["bazaar.offers"] = wiring.offers
    app.extensions["bazaar.inbox"] = wiring.inbox
    app.extensions["bazaar.identities"] = Identities(wiring.redis, app.config["ADMIN_TOKENS"],
                                                     app.config["ORGANISER_TOKENS"])
    app.extensions["bazaar.hub"] = Hub(wiring.store.log, float(app.config["SSE_KEEPALIVE_S"]),
                                       int(app.config["SSE_PAGE"]), int(app.config["SSE_QUEUE"]),
                                       int(app.config["SSE_PER_CLIENT"]), on_batch=wiring.repository.advance,
                                       channels=wiring.live)
    errors.init_app(app)
    app.wsgi_app = CommandPath(app, app.wsgi_app)  # a seat's plain command without Flask's machinery; ProxyFix above
    hardening.init_app(app)
    for name in BLUEPRINTS:
        app.register_blueprint(importlib.import_module(name).bp)
    app.extensions["bazaar.limiter"] = limits.init_app(app, connections.limiter_storage(app.config))
    return app
