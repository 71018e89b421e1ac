"""gunicorn's gevent worker, with gunicorn's own error answers as problem+json like every other error.

gunicorn refuses some requests before the app sees them: a request line longer than `--limit-request-line`
(414), too many or too large header fields (431), a request it cannot parse (400). Its answer is an HTML
page, which no API client expects. The limits stay gunicorn's (it reads no more than them, so they are the
cheap defence); only the answer's form changes: gunicorn still chooses the status and logs the refusal,
into a buffer, and this worker sends the same status as problem+json (`service/operations/serving.py` names it).

Garbage collection, tuned once the app is loaded: an idle live stream holds ~120 objects the collector tracks,
and a full collection walks them all while every greenlet waits (416 ms with 2,500 streams a process, against
105 ms without). With CPython's thresholds (700, 10, 10) those pauses landed in the commands' p99: paced at half
of capacity, 5,000 idle spectators made it 2.75 times what it was without them (`make load`). What the app
loaded is frozen out of every collection (it lives as long as the process), and the young generations are
collected after more allocations, so the old one is walked rarely. Nearly everything is freed by reference
counting; only cycles wait longer.

One send per answer: gunicorn writes an answer's head (status line and headers) and its body in two sends, and on
loopback each send costs the sender the receiver's wake-up as well (a send was a third of a move's samples under
load). `OneSendResponse` holds the head back and sends it with the first body bytes: every JSON answer, a command's
included, leaves in one send (strace, peer bench's Jaipur matches: sendto per move 4.76 -> 3.76), by `send_all`
(not gevent's sendall, which asks the socket its buffer size on every call). What is sent and when the answer is
complete are unchanged; a streamed (chunked) body, a file, or an answer without body sends the head first, as
before.

gunicorn's own bookkeeping per request, made once per worker: it reads its settings through `Config.__getattr__`
(a dictionary lookup and a method call, 17 times a request) and parses the peer's address with `ipaddress` on every
request to decide whether the peer may set forwarding and scheme headers. `SettledConfig` holds each setting as a
plain attribute, read once when the worker starts (a worker's settings never change: a reload starts new
workers); `PeerTrustRequest` decides a peer address's trust once. Parsing a command's request and building its
environ went from 28.6 to 15.5 µs of CPU in process; what either decides is unchanged. `SettledEnviron` makes the
environ's constant part once and copies it for each request (gunicorn made it anew, its `wsgi.errors` wrapper
included, which takes the logging lock to find the error log's streams): 28.2 -> 25.0 µs for a request and its
answer. Reopening the logs (SIGUSR1) renews it, as the streams change then.

A game's connections go to one worker (service/operations/affinity.py): with several workers, a connection whose
first request names a game is handed to the worker that owns it, so that worker's cached game is never a move
behind because the other seat's moves went through another worker.
"""

from __future__ import annotations

import atexit
import gc
import json
import signal
import time

import gevent
from gunicorn import util
from gunicorn.http import message, wsgi
from gunicorn.http.parser import RequestParser
from gunicorn.workers.base import Worker
from gunicorn.workers.ggevent import GeventWorker

# The master imports this module to find the worker class: importing the app's modules here too means they are
# loaded once, before the fork, and every worker starts with them (about a second of CPU per worker otherwise).
import service.operations.app  # noqa: F401
from service.operations.affinity import Affinity

GC_THRESHOLDS = (50_000, 50, 1000)  # CPython's: (700, 10, 10)

# status -> (stable code, title); a status gunicorn may answer that is not listed here is a `malformed_request`
PROBLEMS = {
    400: ("malformed_request", "Malformed request"),
    403: ("forbidden", "Forbidden"),
    414: ("request_line_too_long", "Request line too long"),
    417: ("expectation_failed", "Expectation failed"),
    431: ("request_headers_too_large", "Request header fields too large"),
    500: ("internal_error", "Internal server error"),
    501: ("not_implemented", "Not implemented"),
}
DETAILS = {
    414: "the request line (method, path and query) is longer than the server reads",
    431: "the request has more header fields, or a longer one, than the server reads",
}


class _Captured:
    """Stands in for the client's socket while gunicorn writes its HTML answer (util.write_nonblock)."""

    def __init__(self):
        self.data = b""

    def gettimeout(self) -> float:
        return 0.0

    def sendall(self, data: bytes) -> None:
        self.data += data


def problem_response(status: int, reason: str) -> bytes:
    code, title = PROBLEMS.get(status, ("malformed_request", reason))
    body = {"type": f"urn:bazaar:problem:{code}", "title": title, "status": status, "code": code}
    if status in DETAILS:
        body["detail"] = DETAILS[status]
    payload = json.dumps(body).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
            f"Content-Length: {len(payload)}\r\n\r\n")
    return head.encode("latin-1") + payload


class OneSendResponse(wsgi.Response):
    """gunicorn's response, whose head goes out with the first body bytes (see the module's docstring)."""

    _head = b""
    _file = False  # a file is sent (sendfile): its head goes first, as gunicorn sends it

    def send_headers(self):
        if self.headers_sent or self._file:
            super().send_headers()
            return
        sock, captured = self.sock, _Captured()
        self.sock = captured  # gunicorn renders the head as it always does, into the buffer
        try:
            super().send_headers()
        finally:
            self.sock = sock
        self._head = captured.data

    def _flush_head(self) -> None:
        head, self._head = self._head, b""
        if head:
            util.write(self.sock, head)

    def _emit_body(self, data):
        if self.chunked:
            self._flush_head()
            super()._emit_body(data)
            return
        head, self._head = self._head, b""
        send_all(self.sock, head + data if head else data)

    def sendfile(self, respiter):
        self._flush_head()
        self._file = True
        return super().sendfile(respiter)

    def close(self):
        if not self.headers_sent:
            self.send_headers()
        self._flush_head()  # an answer without body (204, 304, HEAD): its head alone
        super().close()


def send_all(sock, data: bytes) -> None:
    """`sock.sendall(data)`, in one send when the socket takes it all (every JSON answer fits its buffer): gevent's
    sendall first asks the socket for its buffer size (a getsockopt, a system call of its own) to cut the data in
    chunks, through a memoryview and three Python calls, on every answer. What the socket did not take goes
    through sendall, which waits for room as before."""
    sent = sock.send(data)
    if sent < len(data):
        sock.sendall(memoryview(data)[sent:])


class DateEachSecond:
    """gunicorn's `util.http_date`, formatted once a second: every answer's Date header is the same text for a
    second, and formatting it anew (email.utils) cost 2% of a move's CPU."""

    def __init__(self, http_date):
        self.http_date = http_date
        self.second, self.text = None, ""

    def __call__(self, timestamp=None):
        if timestamp is not None:
            return self.http_date(timestamp)
        second = int(time.time())
        if second != self.second:
            self.second, self.text = second, self.http_date(second)
        return self.text


class SettledConfig:
    """gunicorn's `Config` as a worker reads it: every setting a plain attribute with the value `Config` answers,
    read once. What `Config` itself defines (properties such as `is_ssl`, `env`, `uid`, `worker_class`, and its
    methods) is asked of it, except `is_ssl`, which gunicorn asks on every request and which is settled too."""

    def __init__(self, cfg):
        kind = type(cfg)
        values = {name: setting.get() for name, setting in cfg.settings.items() if not hasattr(kind, name)}
        self.__dict__.update(values, is_ssl=cfg.is_ssl, _config=cfg)

    def __getattr__(self, name):  # only what is not settled above
        return getattr(self._config, name)


class PeerTrustRequest(message.Request):
    """gunicorn's request, whose peer address's trust (may it set X-Forwarded-* and the scheme headers, by
    `forwarded_allow_ips`) is decided once per address in this worker, not parsed anew on every request."""

    _trusted: dict[str, bool] = {}
    # addresses remembered; past them the memory starts again (a flood of addresses costs CPU, never memory)
    TRUSTED_KEPT = 4096

    def _peer_is_trusted_proxy(self):
        peer = self.peer_addr
        if not isinstance(peer, tuple):  # a Unix socket: gunicorn trusts it
            return super()._peer_is_trusted_proxy()
        trusted = self._trusted.get(peer[0])
        if trusted is None:
            trusted = super()._peer_is_trusted_proxy()
            if len(self._trusted) >= self.TRUSTED_KEPT:
                self._trusted.clear()
            self._trusted[peer[0]] = trusted
        return trusted


class SettledEnviron:
    """gunicorn's `wsgi.base_environ` for this worker's configuration, made once (and again by `renew`) and copied
    for each request; for any other configuration, gunicorn's own."""

    def __init__(self, make, cfg):
        self.make, self.cfg = make, cfg
        self.renew()

    def renew(self) -> None:
        self.environ = self.make(self.cfg)

    def __call__(self, cfg) -> dict:
        return dict(self.environ) if cfg is self.cfg else self.make(cfg)


class ProblemGeventWorker(GeventWorker):
    affinity: Affinity | None = None  # with several workers: a game's connections go to one of them

    def init_process(self):
        wsgi.Response = OneSendResponse  # what gunicorn's wsgi.create answers with, in this worker process
        RequestParser.mesg_class = PeerTrustRequest  # what gunicorn's parser makes of each request, likewise
        self.cfg = SettledConfig(self.cfg)
        if not isinstance(util.http_date, DateEachSecond):
            util.http_date = DateEachSecond(util.http_date)
        super().init_process()

    def handle_usr1(self, sig, frame):
        gevent.spawn(self._reopen_logs)  # in a greenlet, as gunicorn's gevent worker defers it (gunicorn issue 1645)

    def _reopen_logs(self) -> None:
        Worker.handle_usr1(self, signal.SIGUSR1, None)  # gunicorn's own: the log files reopened
        if isinstance(wsgi.base_environ, SettledEnviron):
            wsgi.base_environ.renew()  # its wsgi.errors writes to the streams of the reopened files

    def handle_error(self, req, client, addr, exc):
        captured = _Captured()
        super().handle_error(req, captured, addr, exc)
        status_line = captured.data.split(b"\r\n", 1)[0].decode("latin-1").split(" ", 2)
        if len(status_line) < 3 or not status_line[1].isdigit():
            return
        try:
            util.write_nonblock(client, problem_response(int(status_line[1]), status_line[2]))
        except Exception:  # noqa: BLE001 - the client is gone: nothing more to tell it (as gunicorn does)
            self.log.debug("Failed to send error message.")

    def run(self):
        if self.cfg.workers > 1 and not self.cfg.is_ssl:  # a TLS connection's state cannot change process
            self.affinity = Affinity(self.ppid, self.cfg.workers, self.worker_connections)
            self.affinity.claim(self._serve_handed_in)
            gevent.spawn(self._stop_affinity_when_going)
        try:
            super().run()
        finally:
            if self.affinity is not None:
                self.affinity.close(self.cfg.graceful_timeout)

    def _stop_affinity_when_going(self) -> None:
        while self.alive:  # as gunicorn's own loop looks (signals only set the flag)
            gevent.sleep(0.2)
        self.affinity.stop()

    def handle(self, listener, client, addr):
        if self.affinity is not None and self.affinity.hand(client, self.sockets.index(listener), addr):
            client.close()  # ours only: the connection lives on in the worker it was handed to
            return
        super().handle(listener, client, addr)

    def _serve_handed_in(self, listener_index: int, client, addr) -> None:
        GeventWorker.handle(self, self.sockets[listener_index], client, addr)  # never handed on

    def load_wsgi(self):
        super().load_wsgi()
        # made once the app is loaded: whatever logging the app set up is in the environ's wsgi.errors
        wsgi.base_environ = SettledEnviron(getattr(wsgi.base_environ, "make", wsgi.base_environ), self.cfg)
        gc.collect()
        gc.freeze()  # the app, its modules and tables: never garbage, never walked again
        gc.set_threshold(*GC_THRESHOLDS)
        # frozen objects escape the collection at exit too, and would be torn down with the modules, after gevent's
        # (logging's weakref callbacks then fail in gevent.thread): thawed first, they go as they did before
        atexit.register(gc.unfreeze)
