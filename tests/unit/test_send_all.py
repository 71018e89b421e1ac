"""The worker's one-send write of an answer (service/operations/gunicorn_worker.py `send_all`): every byte arrives,
in order, however little the socket takes at once, and an answer that fits the socket's buffer is one send."""

import gevent
from gevent import socket

from service.operations.gunicorn_worker import send_all


class Counting:
    """A socket that records its sends (and lets through at most `most` bytes a send)."""

    def __init__(self, sock, most=None):
        self.sock, self.most, self.sends = sock, most, []

    def send(self, data):
        data = bytes(data[: self.most]) if self.most else bytes(data)
        self.sends.append(("send", len(data)))
        return self.sock.send(data)

    def sendall(self, data):
        self.sends.append(("sendall", len(data)))
        self.sock.sendall(data)


def _received(reader, size):
    got = bytearray()
    while len(got) < size:
        chunk = reader.recv(65536)
        if not chunk:
            break
        got += chunk
    return bytes(got)


def test_an_answer_that_fits_the_buffer_leaves_in_one_send():
    writer, reader = socket.socketpair()
    counting = Counting(writer)
    send_all(counting, b'{"version": 12}')
    assert counting.sends == [("send", 15)] and reader.recv(100) == b'{"version": 12}'


def test_what_a_send_did_not_take_follows_until_every_byte_arrived_in_order():
    writer, reader = socket.socketpair()
    writer.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    data = bytes(range(256)) * 16_384  # 4 MiB: far more than the socket takes at once
    receiving = gevent.spawn(_received, reader, len(data))
    counting = Counting(writer, most=1000)  # a send that takes only part of the answer
    send_all(counting, data)
    assert receiving.get(timeout=10) == data
    assert counting.sends == [("send", 1000), ("sendall", len(data) - 1000)]
