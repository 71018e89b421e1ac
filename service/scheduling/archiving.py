"""The worker's archive sweep: finished games whose last event is older than ARCHIVE_AFTER_S move out of
Redis into the archive (events/archive.py), and the index marks them `archived`. Safe to run in every worker
at once: a copy is whole before anything is deleted, and a game that moved on is left where it is. A record is
never replaced (events/archive.py), so a game whose id names another game's record stays in Redis."""

from __future__ import annotations

import logging
from datetime import datetime

from events.archive_record import ArchiveCorrupt
from events.ids import described, is_id
from events.store import Store

log = logging.getLogger("bazaar.archiving")


def sweep(store: Store, now: datetime, after_s: float) -> int:
    """Move every due finished game; the number moved. Reads only the games that are due (the index keeps
    finished, unarchived games in a set scored by when they finished), not every finished game."""
    if after_s <= 0 or store.archiving is None:
        return 0
    moved, failed = 0, set()
    while True:
        due = [(i, e) for i, e in store.index.due_for_archive(now.timestamp() - after_s, limit=500 + len(failed))
               if i not in failed]
        if not due:
            return moved
        for game_id, entry in due:
            if not is_id(game_id):  # imported under its file's id by an earlier release: no key or file of it is named
                log.warning("an index entry whose id is not of the service's form (%s) is never archived",
                            described(game_id))
                store.index.not_due_for_archive(game_id)
                continue
            if entry is None or entry.get("status") != "finished" or entry.get("archived"):
                store.index.not_due_for_archive(game_id)  # the index says otherwise now: nothing to move
                continue
            entry = {k: v for k, v in entry.items() if k != "id"}
            try:
                if store.archiving.move_to_archive(game_id):
                    store.index.record(game_id, {**entry, "archived": True})
                    moved += 1
                    continue
            except ArchiveCorrupt as err:
                # a record of another log under this id (never replaced), or our copy does not read back: no later
                # sweep will do better, so the game stays in Redis, due again only once its index entry is
                # rewritten (the reconciling sweep at start), and says so once, not every few seconds
                log.error("game %s stays in Redis: %s", game_id, err.detail)
                store.index.not_due_for_archive(game_id)
                continue
            except Exception:  # noqa: BLE001 - one game that cannot move must not stop the others
                log.exception("game %s could not be moved to the archive (it stays in Redis)", game_id)
            failed.add(game_id)  # tried again at the next sweep, not again in this one
