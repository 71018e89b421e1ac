"""A game's connections served by one web worker: a connection whose first request names a game is handed, once,
to the sibling worker that owns that game.

Why: each worker caches the games it served (service/games/repository.py), and the cache is optimistic. gunicorn's
workers accept from one shared socket, so which worker a client's connection lands on is chance: when a game's
seats post through different workers, every move finds that worker's cache one move behind (about half of the
moves under the peer benchmark's Jaipur load). The rules refuse the move on it, the worker reads the missed
entries, decodes and folds them, and decides again: about 240 us of CPU more than a move on a fresh cache, and
a read more for Redis. The spread of the benchmark's rounds (server + Redis 757-996 us a move) followed it.

How: every worker binds an abstract Unix socket named by the master's pid and a slot, 0 to workers - 1, the first
free one (a dead worker's name goes with it, and its successor takes it over). A game's slot is the CRC-32 of
its id modulo the workers. A worker peeks (MSG_PEEK: nothing is consumed) at a new connection's first bytes; if
they ask for `/v1/games/<id>...` of another slot, the connection's descriptor goes to that slot's worker over
its socket (SCM_RIGHTS), which serves it from its first byte as if it had accepted it itself.

Only siblings: an abstract socket has no file permissions, so any process on the host could bind a free slot's
name (and be handed clients' connections, tokens and all) or connect to a worker's (and hand it a connection with
a made-up client address). Both ends check the other's credentials (SO_PEERCRED): the same user, and a child of
the same gunicorn master; anything else is closed unused.

Never more than a shortcut: a connection handed in is never handed on, and anything amiss (no worker in that slot
yet, a failed send, a first request that names no game or is slow to come) leaves the connection with the worker
that accepted it, served as before. The log is the truth and the cache only a cache: a connection that later asks
for another game is served where it is.
"""

from __future__ import annotations

import json
import os
import re
import socket
import struct
import zlib

import gevent
from gevent.lock import Semaphore
from gevent.pool import Pool

from service.scheduling.liveness import stat_fields

# A request for one game: its API or its play page, and its events when a token asks for them (a seat's or a
# player's live stream, or page). A spectator's stream stays where it landed, so that a game watched by many is
# not one process's load alone (1,000 spectators of one game ran out of one process's Redis connections), and the
# streams of a game share one read per process. A seat's stream goes where the game's moves are appended: each
# process holding a stream of the game reads every move from Redis, decodes it and folds it into its cached game,
# and under the peer bench's load with both seats following their streams, keeping those in the game's worker
# took a move from about 800 to 640 us of server and Redis CPU.
GAME_PATH = re.compile(rb"[A-Z]{3,7} /(?:v1/games|play)/([A-Za-z0-9_-]{1,64})(/events)?(?:[/? ])")
AUTHORIZED = re.compile(rb"\r\nauthorization:", re.IGNORECASE)  # a header of the request's head (never its line)
PEEK_BYTES = 1024  # the request line, and the head's headers as a client sends them together
PEEK_S = 2.0  # a client slower than this to send its first request is served where it landed
CLAIM_EVERY_S = 1.0


def game_of(first: bytes) -> bytes | None:
    """The game whose worker should serve a connection, from the first bytes it sent; None: served where it is."""
    found = GAME_PATH.match(first)
    if found is None:
        return None
    if found.group(2) is not None:  # its events: only a token's, read up to the head's end
        head = first.split(b"\r\n\r\n", 1)[0]
        if AUTHORIZED.search(head) is None:
            return None
    return found.group(1)


def slot_of(game_id: bytes, slots: int) -> int:
    return zlib.crc32(game_id) % slots


def parent_of(pid: int) -> int | None:
    try:
        fields = stat_fields(pid)
        return int(fields[1]) if fields else None
    except (OSError, ValueError, IndexError):
        return None


class Affinity:
    def __init__(self, master_pid: int, slots: int, connections: int):
        self.master_pid = master_pid
        self.prefix = f"\0bazaar-affinity-{master_pid}-"
        self.slots = slots
        self.slot: int | None = None
        self._listener: socket.socket | None = None
        self._peers: dict[int, socket.socket] = {}  # slot -> our connection to its worker
        # one send at a time to each sibling: a full queue makes a send wait, and only one greenlet may wait on it
        self._sending: dict[int, Semaphore] = {}
        self._handed_in: list[socket.socket] = []  # siblings' connections to us
        self.pool = Pool(connections)  # the connections handed in, served (and awaited at shutdown) here

    def claim(self, serve) -> None:
        """Take the first free slot, and serve what siblings hand in with `serve(listener_index, client, addr)`.
        While every slot is held (workers started by a reload, beside the old ones still finishing), look again
        each second: until then this worker hands nothing on and is handed nothing."""
        gevent.spawn(self._claim, serve)

    def _claim(self, serve) -> None:
        while True:
            for slot in range(self.slots):
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
                try:
                    sock.bind(f"{self.prefix}{slot}")
                except OSError:  # another worker's
                    sock.close()
                    continue
                sock.listen(64)
                self.slot, self._listener = slot, sock
                self._accept(sock, serve)
                return
            gevent.sleep(CLAIM_EVERY_S)

    def hand(self, client: socket.socket, listener_index: int, addr) -> bool:
        """True if `client` went to its game's worker (the caller then closes its own descriptor)."""
        if self.slot is None or not isinstance(addr, tuple):
            return False
        first = None
        with gevent.Timeout(PEEK_S, False):
            try:
                first = client.recv(PEEK_BYTES, socket.MSG_PEEK)
            except OSError:
                return False
        game = game_of(first or b"")
        if game is None:
            return False
        slot = slot_of(game, self.slots)
        if slot == self.slot:
            return False
        peer = self._peer(slot)
        if peer is None:
            return False
        try:
            with self._sending.setdefault(slot, Semaphore()):
                socket.send_fds(peer, [json.dumps([listener_index, *addr[:2]]).encode()], [client.fileno()])
        except Exception:  # noqa: BLE001 - not sent (that worker is gone, say): this worker serves it
            if self._peers.get(slot) is peer:
                del self._peers[slot]
            peer.close()
            return False
        return True

    def stop(self) -> None:
        """The worker is going: siblings' sends fail from now on (they serve those connections themselves), and
        what they handed in before is still served. Closing the sockets at once would drop every descriptor
        still queued in them, and with each a client's connection."""
        self.slot = None
        if self._listener is not None:
            self._listener.close()
        for conn in self._handed_in:
            try:
                conn.shutdown(socket.SHUT_RD)  # a sibling's next send fails (EPIPE); what is queued stays readable
            except OSError:
                pass
        for peer in self._peers.values():
            peer.close()

    def close(self, timeout: float) -> None:
        """At the worker's end: what was handed in finishes (within `timeout`)."""
        self.stop()
        self.pool.join(timeout=timeout)
        for conn in list(self._handed_in):
            conn.close()

    def _peer(self, slot: int) -> socket.socket | None:
        peer = self._peers.get(slot)
        if peer is not None:
            return peer
        peer = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            peer.connect(f"{self.prefix}{slot}")
        except OSError:  # no worker holds that slot yet
            peer.close()
            return None
        if not self.sibling(peer):  # a stranger holds the name: hand it nothing
            peer.close()
            return None
        return self._peers.setdefault(slot, peer)  # another greenlet's, if it connected first

    def sibling(self, sock: socket.socket) -> bool:
        """Whether the process at the other end of `sock` is another worker of our master, run by our user."""
        try:
            pid, uid, _gid = struct.unpack("3i", sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED,
                                                                 struct.calcsize("3i")))
        except OSError:
            return False
        return uid == os.getuid() and pid != os.getpid() and parent_of(pid) == self.master_pid

    def _accept(self, listener: socket.socket, serve) -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return  # closed at shutdown
            if not self.sibling(conn):
                conn.close()
                continue
            self._handed_in.append(conn)
            gevent.spawn(self._receive, conn, serve)

    def _receive(self, conn: socket.socket, serve) -> None:
        try:
            while True:
                try:
                    message, fds, _flags, _addr = socket.recv_fds(conn, 1024, 1)
                except OSError:
                    return
                if not message:
                    return  # the sibling closed its end, or this worker stopped and read all that was queued
                for fd in fds[1:]:
                    socket.close(fd)
                if not fds:
                    continue
                client = socket.socket(fileno=fds[0])
                try:
                    index, host, port = json.loads(message)
                except (ValueError, TypeError):
                    client.close()
                    continue
                self.pool.spawn(serve, index, client, (host, port))
        finally:
            conn.close()  # a sibling that went (its successor connects anew)
            if conn in self._handed_in:
                self._handed_in.remove(conn)
