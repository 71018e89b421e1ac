"""The ACL user the README recommends for Bazaar, set up on a test's own redis-server: the ACL and TLS tests run
the service and a worker as that user, and nobody else gets in."""

from __future__ import annotations

import redis

# Bazaar's keys (games, index, RQ, rate windows), every command but the dangerous ones, plus the two CLIENT
# subcommands with which RQ's worker names itself (tests/integration/test_redis_acl.py checks the README says so).
RULES = ("resetkeys ~game:* ~bazaar:* ~rq:* ~LIMITS:* resetchannels &rq:* "
         "+@all -@dangerous +client|setname +client|info")


def lock_down(port: int, password: str) -> redis.Redis:
    """User `bazaar` with `password` and RULES, an `admin` user for the test (password `admin-pw`), and the
    `default` user off: no anonymous access at all. Returns the admin's client."""
    admin = redis.Redis(port=port)
    admin.execute_command("ACL", "SETUSER", "admin", "on", ">admin-pw", "~*", "&*", "+@all")
    admin.execute_command("ACL", "SETUSER", "bazaar", "on", f">{password}", *RULES.split())
    admin.execute_command("ACL", "SETUSER", "default", "off")
    return redis.Redis(port=port, username="admin", password="admin-pw")
