"""A TCP relay in front of a server that a test can shut and open again: while shut it forwards nothing, either way,
and holds what it receives, so a process talking through it waits as on a stalled network. A test freezes a
worker in the middle of a job this way (its next request to Redis never arrives) and kills it there; nothing the
worker sent after the gate shut ever reaches Redis."""

from __future__ import annotations

import socket
import threading


class Gate:
    def __init__(self, target_port: int):
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self._open = threading.Event()
        self._open.set()
        self._sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, name=f"gate-{self.port}", daemon=True).start()

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def shut(self) -> None:
        self._open.clear()

    def open(self) -> None:
        self._open.set()

    def close(self) -> None:
        """Close every connection first, then release the held pumps: what they held goes nowhere."""
        self.listener.close()
        for sock in self._sockets:
            sock.close()
        self._open.set()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:  # closed
                return
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
            self._sockets += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                self._open.wait()  # shut: held here until opened (for ever if the sender died meanwhile)
                sink.sendall(data)
        except OSError:
            pass
        finally:
            try:
                sink.shutdown(socket.SHUT_WR)
            except OSError:
                pass
