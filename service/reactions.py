"""What happens after an append: never part of the command's success, never able to undo it.

A failing reaction is logged; the sweep (`reconcile_index`) repairs what it missed, since on a Redis Cluster
these cross-game writes cannot sit in the game's own append script.
"""

from __future__ import annotations

import logging

from events.store import EventStore
from service.commands import now_iso
from service.repository import NotFound, Repository
from service.views import index_entry

log = logging.getLogger("bazaar.reactions")


def update_index(store: EventStore):
    """Index a game when it is created and when its status changes; the list is of games and their status.

    Written after the game's own append (it cannot share that script on a Redis Cluster); entries carry
    the version and older ones are ignored, so repeats and races are harmless, and `reconcile_index`
    repairs what a crash between the two writes missed.
    """

    def react(loaded, sealed):
        if sealed[0]["version"] != 1 and not any(e["type"] == "seed_revealed" for e in sealed):
            return
        try:
            store.index(loaded.meta.id, index_entry(loaded, now_iso()))
        except Exception:  # noqa: BLE001 - a reaction must not fail the move; the sweep repairs
            log.exception("index update failed for game %s", loaded.meta.id)

    return react


def reconcile_index(repository: Repository) -> tuple[int, list[str]]:
    """Rebuild every game's index entry from its stream; (games indexed, ids of unreadable games).

    An unreadable game (a damaged record, a log this code cannot fold) is logged and skipped: one bad key
    must never stop the service from starting."""
    seen, unreadable = 0, []
    for game_id in repository.game_ids():
        try:
            loaded = repository.load(game_id)
        except NotFound:
            continue
        except Exception as err:  # noqa: BLE001 - report it and go on with the others
            log.error("game %s cannot be loaded and is left out of the index: %s", game_id, err)
            unreadable.append(game_id)
            continue
        repository.store.index(game_id, index_entry(loaded, now_iso()))
        seen += 1
    return seen, unreadable
