"""The ACL user the README recommends for Bazaar, set up on a test's own redis-server: the ACL and TLS tests run
the service and a worker as that user, and nobody else gets in."""

from __future__ import annotations

import redis

# Bazaar's keys (games, index, RQ, rate windows), every command but the dangerous ones, plus the two CLIENT
# subcommands with which RQ's worker names itself (tests/integration/test_redis_acl.py checks the README says so).
RULES = ("resetkeys ~game:* ~bazaar:* ~rq:* ~LIMITS:* resetchannels &rq:* &game:* "
         "+@all -@dangerous +client|setname +client|info")
# The rules of releases before the games' live channels (no `&game:*`): a deployment that kept them still runs.
RULES_WITHOUT_CHANNELS = RULES.replace(" &game:*", "")


def lock_down(port: int, password: str, rules: str = RULES) -> redis.Redis:
    """User `bazaar` with `password` and RULES, an `admin` user for the test (password `admin-pw`), and the
    `default` user off: no anonymous access at all. Returns the admin's client."""
    admin = redis.Redis(port=port)
    admin.execute_command("ACL", "SETUSER", "admin", "on", ">admin-pw", "~*", "&*", "+@all")
    admin.execute_command("ACL", "SETUSER", "bazaar", "on", f">{password}", *rules.split())
    admin.execute_command("ACL", "SETUSER", "default", "off")
    return redis.Redis(port=port, username="admin", password="admin-pw")
