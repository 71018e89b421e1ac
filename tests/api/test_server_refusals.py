"""What gunicorn refuses before the app sees it is problem+json too, on the real server (its own answers were
HTML pages)."""

import socket
from urllib.parse import urlsplit

import requests

PROBLEM = "application/problem+json"


def test_a_request_line_too_long_is_a_414_problem(server):
    r = requests.get(f"{server}/v1/games?after={'a' * 9000}", timeout=10)
    assert r.status_code == 414 and r.headers["Content-Type"] == PROBLEM
    assert r.json()["code"] == "request_line_too_long" and r.json()["status"] == 414


def test_a_header_too_large_or_too_many_headers_is_a_431_problem(server):
    big = requests.get(f"{server}/healthz", headers={"X-Big": "b" * 9000}, timeout=10)
    many = requests.get(f"{server}/healthz", headers={f"X-H{n}": "v" for n in range(120)}, timeout=10)
    for r in (big, many):
        assert r.status_code == 431 and r.headers["Content-Type"] == PROBLEM
        assert r.json()["code"] == "request_headers_too_large"


def test_an_unparsable_request_is_a_400_problem(server):
    address = urlsplit(server)
    with socket.create_connection((address.hostname, address.port), timeout=10) as s:
        s.sendall(b"GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n")
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
    head, body = reply.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 400 ") and b"Content-Type: application/problem+json" in head
    assert b'"code": "malformed_request"' in body
