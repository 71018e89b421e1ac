"""Noticing that a live stream's client has gone, while its stream has nothing to send.

A live stream is mostly idle: the server writes to it only when its game moves or a keep-alive is owed (up to
SSE_KEEPALIVE_S later), and only a write fails on a connection its client closed. Until then the stream held its
place under the per-client cap, so a client on a flaky network that reconnected a few times in a row was refused
its new streams (429) because of old ones that were already gone.

Two ways out, both asking the kernel about the connection, never reading or writing it:
- `gone(sock)`: the connection's TCP state (Linux's TCP_INFO) is no longer "established": the client closed its end
  (its FIN came in) or reset it. No read, so nothing is taken from under the server's socket object (gevent's
  would wait on a read that finds nothing). The hub asks it about a client's streams before refusing that client
  another one, so a reconnect is never refused for streams that are gone, whatever the watcher's thread is doing.
- `Departures` watches every live stream's socket for readability on one thread of the process (a greenlet under
  gevent, whose selector it then is) and ends the stream whose client has gone at once. A client of a live stream
  sends nothing after its request, so a socket that turns readable while its connection is still established holds
  bytes the client sent: it is not watched any more (no busy loop); the write timeout and the cap's check still hold.
A socket whose state cannot be read (not TCP) is never taken for gone: its stream ends at its next write, as before.
"""

from __future__ import annotations

import logging
import selectors
import socket
import threading
from collections.abc import Callable

log = logging.getLogger("bazaar.departures")


TCP_ESTABLISHED = 1  # tcpi_state, the first byte of Linux's struct tcp_info


def gone(sock: socket.socket) -> bool:
    """True if the connection of `sock` is no longer established: its peer closed its end, or reset it."""
    try:
        return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0] != TCP_ESTABLISHED
    except (OSError, AttributeError, ValueError):  # not TCP, not Linux, or closed here already: not known gone
        return False


class Watch:
    """One watched socket and what to call when its client has gone (once, on the watcher's thread)."""

    __slots__ = ("sock", "on_gone", "done")

    def __init__(self, sock: socket.socket, on_gone: Callable[[], None]):
        self.sock, self.on_gone, self.done = sock, on_gone, False


class Departures:
    def __init__(self):
        self._lock = threading.Lock()
        self._changes: list[tuple[bool, Watch]] = []  # (add?, watch), applied in order by the watcher's thread
        self._thread: threading.Thread | None = None
        self._wake_r = self._wake_w = None

    def watch(self, sock: socket.socket, on_gone: Callable[[], None]) -> Watch:
        entry = Watch(sock, on_gone)
        self._change(True, entry)
        return entry

    def forget(self, entry: Watch) -> None:
        """Idempotent. Called before the stream's socket is given back to the server (which may close it and reuse
        its number for another connection): changes are applied in order, so the old one is never mistaken for it."""
        if not entry.done:
            entry.done = True
            self._change(False, entry)

    def _change(self, add: bool, entry: Watch) -> None:
        with self._lock:
            self._changes.append((add, entry))
            if self._thread is None:
                self._wake_r, self._wake_w = socket.socketpair()
                self._wake_r.setblocking(False)
                self._thread = threading.Thread(target=self._run, name="departures", daemon=True)
                self._thread.start()
        try:
            self._wake_w.send(b"x")
        except BlockingIOError:  # the wake-up pipe is full: the thread is woken anyway
            pass

    def _apply(self, selector: selectors.BaseSelector) -> None:
        with self._lock:
            changes, self._changes = self._changes, []
        for add, entry in changes:
            try:
                if add and not entry.done:
                    selector.register(entry.sock, selectors.EVENT_READ, entry)
                elif not add:
                    selector.unregister(entry.sock)
            except (KeyError, ValueError, OSError):  # already closed or never registered: nothing to watch
                pass

    def _run(self) -> None:
        selector = selectors.DefaultSelector()
        selector.register(self._wake_r, selectors.EVENT_READ, None)
        while True:
            try:
                ready = selector.select()
            except OSError:  # a socket closed under the selector: drop what is closed, go on
                for key in list(selector.get_map().values()):
                    if key.data is not None and key.data.sock.fileno() < 0:
                        selector.unregister(key.fileobj)
                continue
            for key, _events in ready:
                if key.data is None:
                    try:
                        while self._wake_r.recv(4096):
                            pass
                    except BlockingIOError:
                        pass
                    continue
                entry: Watch = key.data
                selector.unregister(key.fileobj)  # gone or talking: either way it is not watched any more
                if not entry.done and gone(entry.sock):
                    entry.done = True
                    try:
                        entry.on_gone()
                    except Exception:  # noqa: BLE001 - one stream's end must not stop the watcher of all
                        log.exception("ending a live stream whose client left failed")
            self._apply(selector)
