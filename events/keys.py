"""Where the Redis store keeps a game: its keys, all named here.

Keys of one game share the hash tag `{game:<id>}` so a Redis Cluster places them on one node:
  game:{game:<id>}:events  stream, entry id 0-<version>, one field whose name is the entry's layout and whose
                           value is the envelope in that layout (events/layout.py: `e` whole JSON, the layout of
                           earlier releases; `z1` only what cannot be recomputed, deflated; `zs2` the same,
                           compressed by Zstandard, what is written now)
  game:{game:<id>}:idem    hash, idempotency key -> "first:last:fingerprint"
  game:{game:<id>}:seats   hash, seat -> hash of its token, for seats whose token was replaced (the meta keeps
                           the tokens issued at creation)
  game:{game:<id>}:meta    hash, the game's fixed facts (name, seats, options, secrets such as the seed)
  game:{game:<id>}:snap    string, the newest cached state; `:snaps` hash, version -> earlier ones (events/snapshots.py)
  game:{game:<id>}:live:<database>  not a key: the Pub/Sub channel each append is published on (events/redis_live.py)
Anything spanning games (the index of games, events/redis_index.py) cannot share that slot, so it is written after
the append and reconciled by a sweep at start (`service.feed.reactions.reconcile`).
"""

from __future__ import annotations

from events.ids import checked

# The cross-game index: a hash id -> entry, plus sorted sets of ids (all, one per status, one per player) and the
# finished games due for the archive; one hash tag, so the index script touches one Redis Cluster slot.
INDEX_KEY = "bazaar:{index}:games"
PARTS = ("events", "idem", "meta", "snap", "snaps", "seats")  # every key of a game (the archive lets go of them all)


def key(game_id: str, part: str) -> str:
    """The Redis key of a part of a game; BadId (events/ids.py) unless `game_id` has the form of the service's ids,
    so no id from outside can name another key (`x}:meta`) however it came in."""
    return f"game:{{game:{checked(game_id)}}}:{part}"
