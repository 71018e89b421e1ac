"""The worker's archive sweep: finished games whose last event is older than ARCHIVE_AFTER_S move out of
Redis into the archive (events/archive.py), and the index marks them `archived`. Safe to run in every worker
at once: a copy is whole before anything is deleted, and a game that moved on is left where it is."""

from __future__ import annotations

import logging
from datetime import datetime

from events.store import EventStore

log = logging.getLogger("bazaar.archiving")


def due(entry: dict, now: datetime, after_s: float) -> bool:
    try:
        finished = datetime.fromisoformat(entry["updated_at"])
    except (KeyError, TypeError, ValueError):
        return False
    return (now - finished).total_seconds() >= after_s


def sweep(store: EventStore, now: datetime, after_s: float) -> int:
    """Move every due finished game; the number moved."""
    if after_s <= 0 or store.archive is None:
        return 0
    moved, after = 0, None
    while True:
        page, after = store.page_games("finished", after, limit=500)
        for entry in page:
            if entry.get("archived") or not due(entry, now, after_s):
                continue
            game_id = entry.pop("id")
            try:
                if store.move_to_archive(game_id):
                    store.index(game_id, {**entry, "archived": True})
                    moved += 1
            except Exception:  # noqa: BLE001 - one game that cannot move must not stop the others
                log.exception("game %s could not be moved to the archive (it stays in Redis)", game_id)
        if after is None:
            return moved
