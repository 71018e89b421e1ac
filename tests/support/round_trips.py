"""Counting a process's Redis round trips: every command, pipeline or script call redis-py sends goes through
one `send_packed_command` per connection it uses (a cluster pipeline: one per node it reaches)."""

from __future__ import annotations

import re
import threading

import redis

# redis-py's cluster client asks the server which keys an XREAD names (COMMAND GETKEYS) before it routes it: its
# own lookup, not a read of ours, and made on a cluster only
CLUSTER_KEY_LOOKUP = b"COMMAND"
# what a connection sends as it connects (redis-py's handshake): a connection another test left closed in the shared
# pool connects again when it is next handed out, and that is not a round trip of the code under test
HANDSHAKE = {b"HELLO", b"AUTH", b"SELECT", b"CLIENT", b"READONLY"}
OTHERS = HANDSHAKE | {CLUSTER_KEY_LOOKUP}
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
        if threading.get_ident() == caller and (name is None or name.group(1).upper() not in OTHERS):
            sent.append(1)
        return real(self, command, *args, **kwargs)

    monkeypatch.setattr(redis.connection.AbstractConnection, "send_packed_command", counted)
    return sent


class KeyCommands:
    """The commands a Redis server runs on one game's keys, from every client (the servers, the worker, scripts'
    own calls), counted by name: MONITOR sees each with its arguments, so commands on other games' keys (another
    test's, a worker's sweep) never count, as they would in the server's global command statistics.
    Use as a context manager; `count(name)` after the block."""

    def __init__(self, redis_url: str, key_part: str):
        self.client = redis.Redis.from_url(redis_url)
        self.key_part = key_part
        self.names: list[str] = []
        self._thread: threading.Thread | None = None
        self._marker = f"end-of-watch:{key_part}:{id(self)}"
        self._ended = threading.Event()

    def __enter__(self) -> KeyCommands:
        self._monitor = self.client.monitor().__enter__()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()
        return self

    def _read(self) -> None:
        try:
            while True:
                entry = self._monitor.next_command()
                command = entry["command"]
                if self._marker in command:
                    self._ended.set()
                elif self.key_part in command:
                    self.names.append(command.split(" ", 1)[0].upper())
        except (redis.ConnectionError, AttributeError, ValueError, OSError):  # closed by __exit__
            return

    def __exit__(self, *exc) -> None:
        self.client.echo(self._marker)  # the monitor sees it after every command that ran before it
        self._ended.wait(30)
        self._monitor.connection.disconnect()
        self._thread.join(5)

    def count(self, name: str) -> int:
        return self.names.count(name.upper())
