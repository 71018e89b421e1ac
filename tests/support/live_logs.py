"""The logs of the servers and workers the suite has running, so that a failing test's report carries what they
said (CI keeps the report, not the temporary directories): `tests/conftest.py` appends the last lines of each to
the report of a test that failed while they ran."""

from __future__ import annotations

from pathlib import Path

TAIL_LINES = 30
_running: dict[Path, str] = {}  # log file -> what wrote it


def running(log: Path, what: str) -> None:
    _running[log] = what


def stopped(log: Path) -> None:
    _running.pop(log, None)


def tails() -> list[tuple[str, str]]:
    """(a section title, the last lines) for every log of a process still running."""
    sections = []
    for log, what in list(_running.items()):
        try:
            lines = log.read_text(errors="replace").splitlines()[-TAIL_LINES:]
        except OSError:
            continue
        if lines:
            sections.append((f"{what} ({log.name}), its last lines", "\n".join(lines)))
    return sections
