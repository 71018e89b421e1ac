"""Rate limits (Flask-Limiter on the game's Redis, sliding-window counters): no client can flood the service.

Three limits, each configurable (BAZAAR_RATE_*, in Flask-Limiter's notation "N/second;M/minute"):
- every request but commands, per client address (RATE_PER_ADDRESS): the ceiling for anyone;
- game creation, per organiser token or else per address (RATE_CREATE): creation writes a whole new game;
- commands, per seat token only (RATE_COMMANDS): one seat cannot monopolise the command path.
A refused request is `429 rate_limited` problem+json with `Retry-After`. Liveness and the API description
are never limited. Why a library: sliding windows that are atomic across processes on Redis, and the
standard headers, are exactly what Flask-Limiter and its `limits` package maintain.

Behind a load balancer, the client address is the proxy's unless the deployment adds werkzeug's ProxyFix.
"""

from __future__ import annotations

import hashlib

from flask import Flask, current_app, request
from flask_limiter import HeaderNames, Limiter, RateLimitExceeded

from service import connections
from service.auth import bearer_token
from service.errors import problem

UNLIMITED = ("meta.healthz", "meta.openapi")


def client_address() -> str:
    return request.remote_addr or "unknown"


def caller() -> str:
    """The token when there is one (a token's holder may use many addresses), else the address."""
    token = bearer_token()
    if token is None:
        return f"address:{client_address()}"
    return "token:" + hashlib.sha256(token.encode()).hexdigest()[:32]


def init_app(app: Flask) -> Limiter:
    config = app.config
    app.after_request(_retry_after_from_the_window)  # registered first, so it runs after Flask-Limiter's
    storage_uri, storage_options = connections.limiter_storage(config)
    limiter = Limiter(
        client_address,
        app=app,
        storage_uri=storage_uri,  # the games' Redis, a cluster or not (service/connections.py)
        storage_options=storage_options,
        strategy="sliding-window-counter",
        headers_enabled=True,
        # Flask-Limiter would write its Retry-After on every response, over the dealer's on a 409
        # awaiting_chance too: it goes under its own name, and 429s get theirs from _too_many
        header_name_mapping={HeaderNames.RETRY_AFTER: "X-RateLimit-Retry-After"},
        key_prefix="bazaar-rate",
        default_limits=[lambda: current_app.config["RATE_PER_ADDRESS"]],
        default_limits_exempt_when=lambda: request.endpoint in UNLIMITED,
        swallow_errors=False,
    )
    views = app.view_functions
    views["games.create_game"] = limiter.limit(lambda: current_app.config["RATE_CREATE"], key_func=caller,
                                               override_defaults=False)(views["games.create_game"])
    # commands are limited per seat token only (each limit is a Redis round trip on the hottest path, and a
    # command without a valid seat token is refused before it costs anything)
    views["games.post_command"] = limiter.limit(lambda: current_app.config["RATE_COMMANDS"],
                                                key_func=caller)(views["games.post_command"])
    app.register_error_handler(RateLimitExceeded, _too_many)
    return limiter


def _retry_after_from_the_window(response):
    # a 429 from the limiter carries the window's reset as X-RateLimit-Retry-After: name it Retry-After, at least
    # 1 s (the sliding window may free a slot within the current second, and a client told 0 would spin); the
    # stream cap's 429 sets its own
    if response.status_code == 429 and "Retry-After" not in response.headers:
        seconds = response.headers.get("X-RateLimit-Retry-After", "1")
        response.headers["Retry-After"] = str(max(1, int(seconds))) if seconds.isdigit() else "1"
    return response


def _too_many(err: RateLimitExceeded):
    return problem(429, "rate_limited", "Too many requests", f"rate limit {err.description} exceeded; retry later")
