"""What happens after an append: never part of the command's success, never able to undo it.

A failing reaction is logged; the sweep (`reconcile_index`) repairs what it missed, since on a Redis Cluster
these cross-game writes cannot sit in the game's own append script.
"""

from __future__ import annotations

import logging
import threading
import time

from service.games import Games, NotFound

log = logging.getLogger("bazaar.reactions")


class IndexWriter:
    """Writes index entries from a background thread, off the command's path; per game the newest wins.

    Entries carry the version and the index script ignores older ones, so order and repeats do not matter;
    an entry lost to a crash is rebuilt by `reconcile_index` at start.
    """

    def __init__(self, games: Games):
        self.games = games
        self._pending: dict[str, dict] = {}
        self._wake = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="bazaar-index", daemon=True)
        self._thread.start()

    def __call__(self, loaded, sealed) -> None:
        # only creation and a change of status are indexed: the list is of games and their status
        if sealed[0]["version"] != 1 and not any(e["type"] == "seed_revealed" for e in sealed):
            return
        entry = self.games.index_entry(loaded)
        with self._wake:
            self._pending[loaded.meta.id] = entry
            self._wake.notify()

    def flush(self, timeout: float = 5.0) -> None:
        """Wait until every queued entry is written (tests and shutdown)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._wake:
                if not self._pending and not self._busy:
                    return
            time.sleep(0.005)

    _busy = False

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._pending:
                    self._wake.wait()
                batch, self._pending = self._pending, {}
                self._busy = True
            for game_id, entry in batch.items():
                try:
                    self.games.store.index(game_id, entry)
                except Exception:  # noqa: BLE001 - a reaction must not fail anything; the sweep repairs
                    log.exception("index update failed for game %s", game_id)
            with self._wake:
                self._busy = False


def reconcile_index(games: Games) -> int:
    """Rebuild every game's index entry from its stream; returns how many games were seen."""
    seen = 0
    for game_id in games.game_ids():
        try:
            loaded = games.load(game_id)
        except NotFound:
            continue
        games.store.index(game_id, games.index_entry(loaded))
        seen += 1
    return seen
