"""Whether a process named in Redis (an RQ worker, its scheduler, a feed consumer) is still alive. Only on this
host can a pid be checked: elsewhere the callers fall back on heartbeats and timeouts."""

from __future__ import annotations

import os
import socket


def stat_fields(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the process's name (state, parent pid, ...); None when there is no
    such process. The name, in parentheses, may itself hold spaces and parentheses: the fields follow its last
    closing one."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return None


def alive(pid: int) -> bool:
    """A process that exists and is not a zombie (an orphan nobody reaped still has a pid)."""
    if pid <= 0:
        return False
    try:
        fields = stat_fields(pid)
        return fields is not None and fields[0] != "Z"
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True


def dead_here(hostname: str, pid: int) -> bool:
    """True only when the process is known to be gone: it ran on this host and its pid is not alive."""
    return hostname == socket.gethostname() and not alive(pid)


def record_gone(hostname: bytes | None, pid: bytes | None) -> bool:
    """The process a Redis record names (an RQ worker's or scheduler's hash: its `hostname` and `pid` fields) is
    known to be gone: the record itself is gone (a live process refreshes it; it deregistered or expired), or
    the process ran on this host and is not alive."""
    if hostname is None or pid is None:
        return True
    return dead_here(hostname.decode(), int(pid))
