"""Rate limits (the `limits` library's sliding-window counters on the game's Redis): no client can flood the service.

Three limits, each configurable (BAZAAR_RATE_*, in the library's notation "N/second;M/minute"):
- every request but commands, per client address (RATE_PER_ADDRESS): the ceiling for anyone;
- game creation, per organiser token or else per address (RATE_CREATE), on top of the address's ceiling:
  creation writes a whole new game;
- commands, per seat token only (RATE_COMMANDS): one seat cannot monopolise the command path.
A refused request is `429 rate_limited` problem+json with `Retry-After`. Liveness and the API description
are never limited. Why a library: sliding windows that are atomic across processes on Redis are exactly
what `limits` maintains. Why not its Flask extension (Flask-Limiter, used before): one `before_request` hook
that names the limit of each route is all we need, and the extension's per-request bookkeeping (resolving
decorated and default limits twice per request, and a second Redis read for X-RateLimit headers) cost the
command path a fifth of its time.

Behind a load balancer, the client address is the proxy's unless the deployment adds werkzeug's ProxyFix.
"""

from __future__ import annotations

import hashlib
import math
import time

from flask import Flask, current_app, request
from limits import RateLimitItem, parse_many
from limits.storage import storage_from_string
from limits.strategies import SlidingWindowCounterRateLimiter

from service import connections
from service.auth import bearer_token
from service.errors import problem

UNLIMITED = ("meta.healthz", "meta.openapi")
PREFIX = "bazaar-rate"


class RateLimited(Exception):
    def __init__(self, item: RateLimitItem, keys: tuple[str, ...]):
        super().__init__(str(item))
        self.item, self.keys = item, keys


class Limits:
    def __init__(self, config: dict):
        uri, options = connections.limiter_storage(config)  # the games' Redis, a cluster or not
        self.strategy = SlidingWindowCounterRateLimiter(storage_from_string(uri, **options))
        self.per_address = parse_many(config["RATE_PER_ADDRESS"])
        self.create = parse_many(config["RATE_CREATE"])
        self.commands = parse_many(config["RATE_COMMANDS"])

    def check(self) -> None:
        """Count this request against each limit of its route; raise RateLimited at the first one exceeded."""
        endpoint = request.endpoint
        if endpoint is None or endpoint in UNLIMITED:
            return  # a 404 or 405 costs no Redis round trip
        if endpoint == "games.post_command":
            token = bearer_token()
            if token is not None:  # without a seat token the command is refused before it costs anything
                self._hit(self.commands, "commands", "token:" + _digest(token))
            return
        self._hit(self.per_address, "address", client_address())
        if endpoint == "games.create_game":
            self._hit(self.create, "create", caller())

    def _hit(self, items: list[RateLimitItem], scope: str, who: str) -> None:
        keys = (PREFIX, scope, who)
        for item in items:
            if not self.strategy.hit(item, *keys):
                raise RateLimited(item, keys)

    def retry_after(self, err: RateLimited) -> int:
        """Seconds until the breached window frees a slot: at least 1 (the sliding window may free one within
        the current second, and a client told 0 would spin). Read from Redis only here, on a refusal."""
        reset, _remaining = self.strategy.get_window_stats(err.item, *err.keys)
        return max(1, math.ceil(reset - time.time()))


def client_address() -> str:
    return request.remote_addr or "unknown"


def caller() -> str:
    """The token when there is one (a token's holder may use many addresses), else the address."""
    token = bearer_token()
    return f"address:{client_address()}" if token is None else "token:" + _digest(token)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:32]


def init_app(app: Flask) -> Limits:
    limits = Limits(app.config)
    if app.config["RATE_LIMITS"]:
        app.before_request(limits.check)
    app.register_error_handler(RateLimited, _too_many)
    return limits


def _too_many(err: RateLimited):
    response = problem(429, "rate_limited", "Too many requests", f"rate limit {err.item} exceeded; retry later")
    response.headers["Retry-After"] = str(current_app.extensions["bazaar.limiter"].retry_after(err))
    return response
