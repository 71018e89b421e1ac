"""Rate limits (the `limits` library's sliding-window counters on the game's Redis): no client can flood the service.

A limit counts a caller only by what the service has verified: an unverified token says nothing about who
sends it (a random bearer token per request once bought a fresh creation window each time), so a request whose
token is not verified counts against its client address, as one without a token does. Three limits, each
configurable (BAZAAR_RATE_*, in the library's notation "N/second;M/minute"):
- per client address (RATE_PER_ADDRESS): every request, writes and reads, but a seat's own commands: the ceiling
  for anyone;
- game creation, per verified player, organiser or admin, else per address (RATE_CREATE), on top of the
  address's ceiling: creation writes a whole new game;
- commands, per verified seat (RATE_COMMANDS): one seat cannot monopolise the command path. A seat's token is
  verified here the cheap way, against the seat token hashes in the game's meta (the process has it cached
  for any game it served; the append script refuses a token replaced since, in the same step that appends).
  A command with any other token (a player's acting for a bound seat, a seat's replacement token, a wrong one)
  or none counts against its address, before any of the reads that would verify it.
A refused request is `429 rate_limited` problem+json with `Retry-After`. Liveness and the API description
are never limited. A request costs one Redis round trip per window it counts in (plus, for a creation, the
read that verifies a stored token; for a command, the game's meta if the process has not cached it). Why a
library: sliding windows that are atomic across processes on Redis are exactly what `limits` maintains. Why
not its Flask extension (Flask-Limiter, used before): one `before_request` hook that names the limit of each
route is all we need, and the extension's per-request bookkeeping (resolving decorated and default limits
twice per request, and a second Redis read for X-RateLimit headers) cost the command path a fifth of its time.

Behind a load balancer, the client address is the proxy's unless the deployment adds werkzeug's ProxyFix.
"""

from __future__ import annotations

import math
import time

from flask import Flask, current_app, request
from limits import RateLimitItem, parse_many
from limits.storage import storage_from_string
from limits.strategies import SlidingWindowCounterRateLimiter

from service.games.repository import CorruptGame, NotFound
from service.http.auth import bearer_token, issued_seat, principal
from service.http.errors import Unauthorized, problem

UNLIMITED = ("meta.healthz", "meta.openapi")
COMMAND, CREATE = "games.post_command", "games.create_game"
PREFIX = "bazaar-rate"


class RateLimited(Exception):
    def __init__(self, item: RateLimitItem, keys: tuple[str, ...]):
        super().__init__(str(item))
        self.item, self.keys = item, keys


class Limits:
    def __init__(self, config: dict, storage: tuple[str, dict]):
        """`storage`: the `limits` storage URI and options of the games' Redis, a cluster or not (the composition
        root builds it: service/operations/connections.py `limiter_storage`)."""
        uri, options = storage
        self.strategy = SlidingWindowCounterRateLimiter(storage_from_string(uri, **options))
        self.per_address = parse_many(config["RATE_PER_ADDRESS"])
        self.create = parse_many(config["RATE_CREATE"])
        self.commands = parse_many(config["RATE_COMMANDS"])

    def check(self) -> None:
        """Count this request against each limit of its route; raise RateLimited at the first one exceeded."""
        endpoint = request.endpoint
        if endpoint is None or endpoint in UNLIMITED:
            return  # a 404 or 405 costs no Redis round trip
        if endpoint == COMMAND:
            seat = counted_seat(request.view_args["game_id"])
            if seat is not None:
                self.count_command(seat)
                return
        self._hit(self.per_address, "address", client_address())
        if endpoint == CREATE:
            self._hit(self.create, "create", caller())

    def count_command(self, seat: str) -> None:
        """Count a command of a verified seat (`<game>:<seat>`) against RATE_COMMANDS."""
        self._hit(self.commands, "seat", seat)

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


def counted_seat(game_id: str) -> str | None:
    """`<game>:<seat>` when the bearer token is one of the seat tokens the game was created with; None for
    anything else: no token, a malformed header (the route refuses it), a game this process cannot read (the
    route answers 404 or 500)."""
    try:
        token = bearer_token()
    except Unauthorized:
        return None
    if token is None:
        return None
    try:
        meta = current_app.extensions["bazaar.repository"].meta(game_id)
    except (NotFound, CorruptGame):
        return None
    seat, _digest = issued_seat(token, game_id, meta)  # the seat check's own first step
    return None if seat is None else f"{game_id}:{seat}"


def caller() -> str:
    """The verified player, organiser or admin (one may use many addresses), else the address. A malformed
    Authorization header is refused here (401), as the route would."""
    who = principal()
    return f"address:{client_address()}" if who is None else f"{who.scope}:{who.identity}"


def init_app(app: Flask, storage: tuple[str, dict]) -> Limits:
    limits = Limits(app.config, storage)
    if app.config["RATE_LIMITS"]:
        app.before_request(limits.check)
    app.register_error_handler(RateLimited, _too_many)
    return limits


def _too_many(err: RateLimited):
    response = problem(429, "rate_limited", "Too many requests", f"rate limit {err.item} exceeded; retry later")
    response.headers["Retry-After"] = str(current_app.extensions["bazaar.limiter"].retry_after(err))
    return response
