"""Idle spectators for `make load`: thousands of live streams (SSE) held open by one plain `selectors` loop.

`python -m tests.bench.spectators BASE COUNT GAME...` opens COUNT streams spread over the games, prints
`opened refused` once they are settled, then answers each line on standard input with
`held keepalives cpu_seconds` (streams still open, keep-alive comments read so far, this process's CPU time)
until standard input closes. Why a process of its own with no gevent: the players' generator (locust) runs on
gevent, and 5,000 more sockets on its loop slowed it; a greenlet per stream also cost a switch per keep-alive.
Here a keep-alive costs one `epoll_wait` result and one `recv`.

Why SCHED_IDLE once the streams are open: the spectators stand for browsers on other machines, so reading
their keep-alives must not take CPU from the service on this one. SCHED_IDLE runs this process only when a
core would otherwise idle (a late read is harmless: a keep-alive waits in the socket's buffer), so the paced
phases compare the service with and without its streams, not with and without a second load generator.
Opening runs at normal priority (a busy machine would otherwise starve the opening itself).
"""

from __future__ import annotations

import errno
import os
import selectors
import socket
import sys
import time

IN_FLIGHT = 128  # connections being opened at once: a page of spectators arriving, not 5,000 in one instant
OPEN_TIMEOUT_S = 120
KEEPALIVE = b"\n: keep-alive\n"  # the SSE comment (chunked: a line of its own), not "Connection: keep-alive"


class Stream:
    def __init__(self, sock: socket.socket, request: bytes):
        self.sock, self.request = sock, request
        self.head = b""
        self.open = False  # its response's head was 200 and it is being read


class Spectators:
    def __init__(self, address: tuple[str, int], games: list[str]):
        self.address, self.games = address, games
        self.selector = selectors.DefaultSelector()
        self.opened = self.refused = self.ended = self.keepalives = 0
        self.errors: dict[str, int] = {}

    def open(self, count: int) -> None:
        """Open `count` streams, IN_FLIGHT at a time; returns when each is open or refused."""
        started = pending = 0
        deadline = time.monotonic() + OPEN_TIMEOUT_S
        while (started < count or pending) and time.monotonic() < deadline:
            while started < count and pending < IN_FLIGHT:
                self._connect(self.games[started % len(self.games)])
                started += 1
                pending += 1
            for key, _events in self.selector.select(timeout=1):
                stream = key.data
                if stream.open:
                    self._read(stream)
                elif self._progress(stream):
                    pending -= 1
        self.refused += count - self.opened - self.refused  # still pending at the deadline

    def _connect(self, game_id: str) -> None:
        sock = socket.socket()
        sock.setblocking(False)
        request = (f"GET /v1/games/{game_id}/events?after=1 HTTP/1.1\r\nHost: load\r\n"
                   f"Accept: text/event-stream\r\n\r\n").encode()
        code = sock.connect_ex(self.address)
        if code not in (0, errno.EINPROGRESS):
            self._refuse(sock, errno.errorcode.get(code, str(code)))
            return
        self.selector.register(sock, selectors.EVENT_WRITE, Stream(sock, request))

    def _progress(self, stream: Stream) -> bool:
        """One step of opening (send the request, then read the head); True once it is settled either way."""
        sock = stream.sock
        if stream.request:
            code = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            if code:
                self.selector.unregister(sock)
                self._refuse(sock, errno.errorcode.get(code, str(code)))
                return True
            sock.sendall(stream.request)  # a few dozen bytes: a fresh socket's buffer takes them at once
            stream.request = b""
            self.selector.modify(sock, selectors.EVENT_READ, stream)
            return False
        try:
            data = sock.recv(4096)
        except OSError as err:
            data, reason = b"", type(err).__name__
        else:
            reason = "closed before answering"
        stream.head += data
        if b"\r\n" not in stream.head and data:
            return False
        if not stream.head.startswith(b"HTTP/1.1 200"):
            self.selector.unregister(sock)
            self._refuse(sock, stream.head.split(b"\r\n", 1)[0].decode("latin-1") or reason)
            return True
        stream.open = True
        self.opened += 1
        self.keepalives += stream.head.count(KEEPALIVE)
        return True

    def _refuse(self, sock: socket.socket, reason: str) -> None:
        self.refused += 1
        self.errors[reason] = self.errors.get(reason, 0) + 1
        sock.close()

    def _read(self, stream: Stream) -> None:
        try:
            data = stream.sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # the server ended it
            self.ended += 1
            self.selector.unregister(stream.sock)
            stream.sock.close()
            return
        self.keepalives += data.count(KEEPALIVE)

    def read_for(self, seconds: float) -> None:
        """Read whatever arrives for `seconds` (standard input is watched by the caller's selector too)."""
        for key, _events in self.selector.select(timeout=seconds):
            if isinstance(key.data, Stream):
                self._read(key.data)
            else:
                key.data()

    def held(self) -> int:
        return self.opened - self.ended

    def close(self) -> None:
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()
        self.selector.close()


def serve(base: str, count: int, games: list[str]) -> None:
    host, port = base.split("://", 1)[1].rsplit(":", 1)
    spectators = Spectators((host, int(port)), games)
    spectators.open(count)
    print(spectators.opened, spectators.refused, flush=True)
    if spectators.errors:
        print(f"spectators refused: {spectators.errors}", file=sys.stderr, flush=True)
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):  # not Linux: the lowest ordinary priority instead
        os.nice(19)
    done = []

    def answer() -> None:
        if not sys.stdin.readline():
            done.append(True)
            return
        cpu = time.process_time()
        print(spectators.held(), spectators.keepalives, f"{cpu:.3f}", flush=True)

    spectators.selector.register(sys.stdin, selectors.EVENT_READ, answer)
    while not done:
        spectators.read_for(3600)
    spectators.close()


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]), sys.argv[3:])
