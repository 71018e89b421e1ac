"""Redis databases of the tests that need one of their own (their rate windows, index or feed must not meet
the rest of the suite's), by name: one table, so two tests never pick the same number by accident. The
suite's redis-server has DATABASES of them (tests/conftest.py)."""

from __future__ import annotations

DATABASES = 64

_OWN = {
    "creation_flood": 1,
    "configured_limits": 2,
    "create_requires_token": 3,
    "schemathesis": 4,
    "slow_reader": 5,
    "stream_cap": 6,
    "idle_streams": 7,
    "limits_at_gateway": 8,
    "body_limits": 9,
    "cors": 10,
    "identities": 11,
    "archive_worker": 12,
    "trusted_proxy": 13,
    "sdk_routes": 14,
    "feed": 16,
    "bot_seats": 17,
    "sweep": 18,
    "startup_sweep": 19,
    "stream_reconnects": 20,
    "outside_game": 23,
    "tenancy_matrix": 41,
    "job_records": 21,
    "worker_loops": 22,
    "body_encodings": 30,
    "standings_csv": 31,
    "verified_limits": 32,
    "create_schema": 33,
    "archive_untrusted": 34,
    "import_malformed": 35,
    "imports": 36,
    "import_fuzz": 37,
    "dealer_wait": 50,
    "live_unpublished": 51,
    "stream_refused": 52,
}
assert len(set(_OWN.values())) == len(_OWN) and 0 not in _OWN.values() and max(_OWN.values()) < DATABASES


def own_db(name: str) -> int:
    """The database number of the test (or module) `name`."""
    return _OWN[name]


def url_of(redis_url: str, name: str) -> str:
    """The suite's Redis URL with that test's database."""
    return redis_url.rsplit("/", 1)[0] + f"/{own_db(name)}"
