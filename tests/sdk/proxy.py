"""A TCP relay between a client and the real server whose connections the test can cut at will: a dropped
connection, as a flaky network or a restarting proxy would drop it (no mock of HTTP involved). It can also turn
away new connections for anything but a live stream while the open ones carry on, as a server being replaced
behind a balancer does while its streams drain (`refusing_requests`); or let nothing more through once a POST
has been answered, as a server that dies just after a command (`seal_after_post`)."""

from __future__ import annotations

import re
import socket
import threading
from collections import deque

REQUEST_LINE = re.compile(rb"(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS) /")  # the start of a request
STREAM = b"text/event-stream"  # in the first bytes of a request for a live stream (its Accept header)


class CuttableProxy:
    def __init__(self, upstream_host: str, upstream_port: int):
        self.upstream = (upstream_host, upstream_port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.sockets: list[socket.socket] = []
        self.requests: list[socket.socket] = []  # the connections that opened with anything but a live stream
        self.lock = threading.Lock()
        self.cuts = 0
        self.refusing_requests = False
        self.seal_after_post = False
        self.sealed = False  # nothing goes through any more
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return  # closed
            threading.Thread(target=self._open, args=(client,), daemon=True).start()

    def _open(self, client: socket.socket) -> None:
        try:
            first = client.recv(65536)  # the request's first bytes: what it asks for
        except OSError:
            client.close()
            return
        stream = STREAM in first
        if self.sealed or (self.refusing_requests and not stream):
            client.close()
            return
        upstream = socket.create_connection(self.upstream)
        # the methods of the requests on this connection not yet answered, oldest first: each response takes its
        # own request's, so a response cannot be mistaken for the POST's when the client's next request (sent
        # the moment it has read the previous response) is seen before that response's last bytes are relayed
        posted = deque([first[:first.find(b" ")]])
        upstream.sendall(first)
        with self.lock:
            self.sockets += [client, upstream]
            if not stream:
                self.requests += [client, upstream]
        threading.Thread(target=self._pump, args=(client, upstream, posted, True), daemon=True).start()
        threading.Thread(target=self._pump, args=(upstream, client, posted, False), daemon=True).start()

    def _pump(self, source: socket.socket, target: socket.socket, posted: deque, upward: bool) -> None:
        """Bytes from `source` to `target` (`upward`: a client's request) until either end closes."""
        answering = b""  # downward: the method of the request whose response is being relayed
        try:
            while data := source.recv(65536):
                if upward:
                    if self.sealed:
                        break
                    if REQUEST_LINE.match(data):  # a new request on the connection (a body's chunk is not one)
                        posted.append(data[:data.find(b" ")])
                elif data.startswith(b"HTTP/1.1 ") and posted:  # a response begins (no pipelining: at a chunk's start)
                    answering = posted.popleft()
                target.sendall(data)
                # the POST's answer is out (a larger one would still follow): nothing more. A command's answer is
                # known by its 201 too, in case the request's mark was missed (the test that seals once failed so)
                if not upward and self.seal_after_post and (answering == b"POST" or data.startswith(b"HTTP/1.1 201 ")):
                    self.sealed = True
        except OSError:
            pass
        for sock in (source, target):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        """Drop every open connection mid-stream."""
        self.cuts += 1
        self._drop_all()

    def cut_requests(self) -> None:
        """Drop the open connections of everything but live streams (a client's kept-alive ones)."""
        with self.lock:
            sockets, self.requests = self.requests, []
            self.sockets = [s for s in self.sockets if s not in sockets]
        _drop(sockets)

    def _drop_all(self) -> None:
        with self.lock:
            sockets, self.sockets, self.requests = self.sockets, [], []
        _drop(sockets)

    def close(self) -> None:
        self.listener.close()
        self._drop_all()


def _drop(sockets: list[socket.socket]) -> None:
    for sock in sockets:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        sock.close()
