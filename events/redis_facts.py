"""A game's fixed facts on Redis (events/store.py `GameFacts`): the meta hash written with the game's first events
(events/create.lua), and the seats hash of tokens replaced since (events/keys.py). An archived game's facts are
read from its verified record (events/archive.py `ArchivedGames`)."""

from __future__ import annotations

from collections.abc import Iterable

import redis

from events.archive import ArchivedGames
from events.ids import is_id
from events.keys import key


class RedisGameFacts:
    def __init__(self, client: redis.Redis, archived: ArchivedGames | None = None):
        self.redis = client
        self.archived = archived

    def meta(self, game_id: str) -> dict[str, str]:
        raw = self.redis.hgetall(key(game_id, "meta"))
        if not raw and self.archived is not None:
            archived = self.archived.get(game_id)
            return dict(archived[0]) if archived else {}
        return {k.decode(): v.decode() for k, v in raw.items()}

    def replaced_seat_tokens(self, game_id: str) -> dict[int, str]:
        return replaced_tokens(self.redis.hgetall(key(game_id, "seats")))

    def replace_seat_token(self, game_id: str, seat: int, digest: str) -> None:
        self.redis.hset(key(game_id, "seats"), str(seat), digest)

    def game_ids(self) -> Iterable[str]:
        """A SCAN of the meta keys, but those whose id is not of the service's form (imported under a file's id by
        an earlier release): no key of theirs can be named."""
        for raw in self.redis.scan_iter(match="game:{game:*}:meta", count=500):
            name = raw.decode(errors="replace")
            game_id = name[len("game:{game:") : -len("}:meta")]
            if is_id(game_id):
                yield game_id


def replaced_tokens(raw: dict) -> dict[int, str]:
    """The seats hash as stored (seat -> hash of its current token), read here and by the log's windows."""
    return {int(seat): digest.decode() for seat, digest in raw.items()}
