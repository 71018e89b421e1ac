"""Identities that outlive one game (admins, organisers, players) and their scoped bearer tokens.

A token is `<token id>.<secret>`; Redis keeps only SHA-256 of the secret, under the token id, and the check
compares digests in constant time (the id only finds the record, so a lookup's timing says nothing about the
secret). Every stored token expires (`expires_at`) and can be revoked one by one or with its identity.
Admin and organiser tokens may also come from configuration (BAZAAR_ADMIN_TOKENS, BAZAAR_ORGANISER_TOKENS):
hashed when loaded, never expiring, revoked by removing them from the configuration. Each configured token is an
identity of its own (`configured_identity`), the same in every process and after a restart, so two clubs given
one configured token each cannot manage each other's tournaments. The identity is derived from the token: it
shows in public logs (a tournament's `by`), which is harmless for the long random tokens configuration must hold
(128 bits or more: `config.check` refuses to start with one shorter than 32 characters) and is why a
guessable configured token is doubly wrong.

Seat tokens stay per game (service/games/creation.py, the game's meta); a game's seat may also be bound to a player
id at creation (`Meta.players`), and the player's token then acts for that seat.

Keys share the hash tag `{ids}` (one Redis Cluster slot; each write below is one MULTI on it):
  bazaar:{ids}:identity:<id>          hash: kind, name, created_by, created_at
  bazaar:{ids}:identity:<id>:tokens   set of the identity's token ids
  bazaar:{ids}:token:<token id>       hash: digest, scope, identity, expires_at (epoch s); expires with it
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from dataclasses import dataclass

import redis

SCOPES = ("seat", "player", "organiser", "admin")
KINDS = ("player", "organiser", "admin")  # identity kinds: an identity's tokens carry its kind as their scope
CONFIGURED = "configured"  # the prefix of the identities of tokens that come from configuration
GUEST = "guest"  # `created_by` of a player that made itself by claiming a seat: nobody manages it but admins
_STORED = re.compile(r"^([0-9a-f]{16})\.([A-Za-z0-9_-]{20,100})$")


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class Principal:
    """Who a non-seat token speaks for."""

    scope: str  # "player", "organiser" or "admin"
    identity: str  # identity id, or a configured token's (configured_identity)
    token_id: str | None = None  # None for a configured token
    expires_at: int | None = None
    created_by: str | None = None  # the identity that created this one (an organiser for a player)


@dataclass(frozen=True)
class Issued:
    identity: str
    name: str
    token: str
    token_id: str
    expires_at: int


class Identities:
    def __init__(self, client: redis.Redis, admin_tokens: str = "", organiser_tokens: str = "",
                 prefix: str = "bazaar:{ids}"):
        self.redis = client
        self.prefix = prefix
        # configured tokens are hashed at load: the process keeps no bearer secret it was not sent
        self.configured = [(digest(t), "admin", configured_identity("admin", t)) for t in _split(admin_tokens)]
        self.configured += [(digest(t), "organiser", configured_identity("organiser", t))
                            for t in _split(organiser_tokens)]

    def _identity(self, identity: str) -> str:
        return f"{self.prefix}:identity:{identity}"

    def _token(self, token_id: str) -> str:
        return f"{self.prefix}:token:{token_id}"

    # --- identities and tokens ---------------------------------------------------------------------

    def create(self, kind: str, name: str, created_by: str, ttl_s: int, now: float | None = None) -> Issued:
        """A new identity of `kind` with its first token (shown once)."""
        identity = secrets.token_hex(8)
        now = time.time() if now is None else now
        pipe = self.redis.pipeline(transaction=True)
        pipe.hset(self._identity(identity), mapping={"kind": kind, "name": name, "created_by": created_by,
                                                     "created_at": int(now)})
        issued = self._issue(pipe, identity, name, kind, created_by, ttl_s, now)
        pipe.execute()
        return issued

    def issue(self, identity: str, ttl_s: int, now: float | None = None) -> Issued:
        """Another token for an existing identity; KeyError if there is none."""
        record = self.identity(identity)
        if record is None:
            raise KeyError(identity)
        pipe = self.redis.pipeline(transaction=True)
        issued = self._issue(pipe, identity, record["name"], record["kind"], record["created_by"], ttl_s,
                             time.time() if now is None else now)
        pipe.execute()
        return issued

    def _issue(self, pipe, identity: str, name: str, scope: str, created_by: str, ttl_s: int, now: float):
        token_id, secret = secrets.token_hex(8), secrets.token_urlsafe(32)
        expires_at = int(now) + ttl_s
        key = self._token(token_id)
        pipe.hset(key, mapping={"digest": digest(secret), "scope": scope, "identity": identity,
                                "created_by": created_by, "expires_at": expires_at})
        pipe.expireat(key, expires_at)
        pipe.sadd(self._identity(identity) + ":tokens", token_id)
        return Issued(identity, name, f"{token_id}.{secret}", token_id, expires_at)

    def create_guest(self, identity: str, name: str, token_id: str, secret: str, ttl_s: int,
                     now: float | None = None) -> Issued | None:
        """A player that made itself by claiming a seat (`created_by` GUEST), with the token the claim derived
        (service/games/seating.py `guest_of`). A retried claim derives the same ids: the identity and its token
        are written once, and the answer repeats (with the first token's expiry); None if that token has since
        expired or been revoked (a retry never brings it back)."""
        known = self.token(token_id)
        if known is not None and known.get("identity") == identity:
            return Issued(identity, (self.identity(identity) or {}).get("name", name), f"{token_id}.{secret}", token_id,
                          int(known["expires_at"]))
        if self.identity(identity) is not None:
            return None
        now = time.time() if now is None else now
        pipe = self.redis.pipeline(transaction=True)
        pipe.hsetnx(self._identity(identity), "kind", "player")
        pipe.hsetnx(self._identity(identity), "name", name)
        pipe.hsetnx(self._identity(identity), "created_by", GUEST)
        pipe.hsetnx(self._identity(identity), "created_at", int(now))
        expires_at = int(now) + ttl_s
        key = self._token(token_id)
        pipe.hset(key, mapping={"digest": digest(secret), "scope": "player", "identity": identity,
                                "created_by": GUEST, "expires_at": expires_at})
        pipe.expireat(key, expires_at)
        pipe.sadd(self._identity(identity) + ":tokens", token_id)
        pipe.execute()
        return Issued(identity, name, f"{token_id}.{secret}", token_id, expires_at)

    def identity(self, identity: str) -> dict[str, str] | None:
        raw = self.redis.hgetall(self._identity(identity))
        return {k.decode(): v.decode() for k, v in raw.items()} or None

    def token(self, token_id: str) -> dict[str, str] | None:
        raw = self.redis.hgetall(self._token(token_id))
        return {k.decode(): v.decode() for k, v in raw.items()} or None

    def revoke_token(self, token_id: str) -> bool:
        record = self.token(token_id)
        if record is None:
            return False
        pipe = self.redis.pipeline(transaction=True)
        pipe.delete(self._token(token_id))
        pipe.srem(self._identity(record["identity"]) + ":tokens", token_id)
        pipe.execute()
        return True

    def revoke_identity(self, identity: str) -> bool:
        """The identity and every token it holds; False if there was none."""
        tokens = [t.decode() for t in self.redis.smembers(self._identity(identity) + ":tokens")]
        pipe = self.redis.pipeline(transaction=True)
        for token_id in tokens:
            pipe.delete(self._token(token_id))
        pipe.delete(self._identity(identity) + ":tokens")
        pipe.delete(self._identity(identity))
        return bool(pipe.execute()[-1])

    # --- checking a bearer token -------------------------------------------------------------------

    def verify(self, token: str, now: float | None = None) -> Principal | None:
        """The principal a token speaks for; None if it is unknown, revoked or expired."""
        found = None
        offered = digest(token)
        for expected, scope, identity in self.configured:  # every configured digest is compared: constant time
            if secrets.compare_digest(offered, expected) and found is None:
                found = Principal(scope, identity)
        if found is not None:
            return found
        match = _STORED.match(token)
        if match is None:
            return None
        record = self.token(match.group(1))
        if record is None or not secrets.compare_digest(digest(match.group(2)), record["digest"]):
            return None
        expires_at = int(record["expires_at"])
        if expires_at <= (time.time() if now is None else now):
            return None
        return Principal(record["scope"], record["identity"], match.group(1), expires_at, record["created_by"])


def configured_identity(scope: str, token: str) -> str:
    """A configured token's identity: `configured-` and 16 hex digits of SHA-256 over the scope and the token
    (domain-separated from the stored digests, which hash the secret alone)."""
    return f"{CONFIGURED}-" + hashlib.sha256(f"bazaar/configured/{scope}/{token}".encode()).hexdigest()[:16]


def _split(tokens: str) -> list[str]:
    return [t for t in str(tokens).split(",") if t]
