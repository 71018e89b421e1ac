"""Counting a process's Redis round trips: every command, pipeline or script call redis-py sends goes through
one `send_packed_command` per connection it uses (a cluster pipeline: one per node it reaches)."""

from __future__ import annotations

import re
import threading

import redis

# redis-py's cluster client asks the server which keys an XREAD names (COMMAND GETKEYS) before it routes it: its
# own lookup, not a read of ours, and made on a cluster only
CLUSTER_KEY_LOOKUP = b"COMMAND"
_NAME = re.compile(rb"\*\d+\r\n\$\d+\r\n([A-Za-z]+)")


def count_round_trips(monkeypatch) -> list:
    """A list that grows by one per round trip the calling thread makes from now until the test ends (clear it
    between steps). Other threads are not counted: a live stream left by an earlier test of the same process
    reads Redis in a thread of its own."""
    sent, caller = [], threading.get_ident()
    real = redis.connection.AbstractConnection.send_packed_command

    def counted(self, command, *args, **kwargs):
        first = command if isinstance(command, bytes) else command[0] if command else b""
        name = _NAME.match(bytes(first))
        if threading.get_ident() == caller and (name is None or name.group(1).upper() != CLUSTER_KEY_LOOKUP):
            sent.append(1)
        return real(self, command, *args, **kwargs)

    monkeypatch.setattr(redis.connection.AbstractConnection, "send_packed_command", counted)
    return sent
