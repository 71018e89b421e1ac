"""Loopback ports for the servers the tests start (Redis, gunicorn, whole stacks).

Not from the kernel's ephemeral range: a port handed out there (bind to port 0) may be taken, between that check
and the server's own bind, by the source port of any client socket the suite opens meanwhile, and a server
restarted on its port finds it the same way (a stack's web server once retried such a port until its test gave
up). Above 29999: the cluster pass takes 10000-29999 (tests/support/cluster.py)."""

from __future__ import annotations

import random
import socket
from functools import cache
from pathlib import Path

FIRST = 30000  # the cluster pass's nodes and buses lie below


def bindable(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@cache
def _candidates() -> tuple[int, ...]:
    try:
        low, high = map(int, Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split())
    except (OSError, ValueError):
        low, high = 32768, 60999  # Linux's default
    return tuple(p for p in range(FIRST, 65536) if not low <= p <= high)


def free_port() -> int:
    """A port nothing listens on now, outside the ephemeral range; random, so xdist workers rarely pick alike."""
    candidates = _candidates()
    for _ in range(500):
        port = random.choice(candidates)
        if bindable(port):
            return port
    raise RuntimeError("no free loopback port outside the ephemeral range")
