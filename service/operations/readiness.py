"""redis-py's check of a pooled connection before each command, without a trip through gevent's hub.

Before it hands out a connection, redis-py asks whether the connection already holds unread bytes (a reply left
behind would be read as the next command's answer): a readiness poll with a zero timeout. Under gunicorn's
gevent workers `select.poll` is gevent's, which registers a watcher with the hub for every call: that check
alone was 6-7% of a move's CPU in the web workers (py-spy under the peer benchmark's Jaipur load), more than the
rules of the move. A zero timeout never blocks, so the operating system's own poll answers it without yielding
to other greenlets, exactly as it does in a process gevent never patched (the RQ worker, the tools).

Only the common answer takes the short way: no bytes buffered, nothing pending in TLS, the socket not readable.
Anything else (data, a closed socket, a TLS record) goes to redis-py's own check, which decides as before.
"""

from __future__ import annotations

import select

from gevent.monkey import get_original
from redis.utils import HIREDIS_AVAILABLE

_os_poll = get_original("select", "poll")  # the unpatched poll, whether or not gevent patched `select`


def _nothing_to_read(sock) -> bool:
    # a TLS socket's class has `pending`: asked of the class, as gevent's socket answers a missing attribute through
    # __getattr__ and an exception (0.7 against 0.1 µs)
    if sock is None or (hasattr(type(sock), "pending") and sock.pending()):
        return False
    poller = _os_poll()
    poller.register(sock, select.POLLIN)
    return not poller.poll(0)


if HIREDIS_AVAILABLE:
    from redis._parsers import _HiredisParser

    class Parser(_HiredisParser):
        """hiredis's reply parser, whose zero-timeout readiness check asks the operating system directly."""

        def can_read(self, timeout: float = 0) -> bool:
            reader = self._reader
            if timeout == 0 and reader and not reader.has_data() and _nothing_to_read(self._sock):
                return False
            return super().can_read(timeout)

    OPTIONS: dict = {"parser_class": Parser}
else:  # hiredis is a dependency; without it redis-py picks its own parser for the protocol, and so do we
    OPTIONS = {}
