"""Moving a finished game out of Redis into the archive (events/store.py `Archiving`; the records: events/archive.py).

A record is never replaced (ArchiveExists): one found under the id must hold exactly this game (a sweep that died
before letting go wrote it, or another worker's sweep is here too); anything else raises ArchiveCorrupt, and the
game stays in Redis, served from there, with the record left as it is. The game's keys go only once the copy reads
back verified, in one script that first checks that no event came meanwhile.
"""

from __future__ import annotations

import redis

from events.archive import ArchivedGames
from events.archive_record import ArchiveCorrupt, ArchiveExists, pack_game, unpack_game
from events.keys import PARTS, key
from events.redis_log import RedisGameLog
from events.redis_scripts import run_script


class RedisArchiving:
    def __init__(self, client: redis.Redis, log: RedisGameLog, archived: ArchivedGames):
        self.redis, self.log = client, log
        self.archive = archived.archive
        self._drop = client.register_script(_DROP_LUA)

    def move_to_archive(self, game_id: str) -> bool:
        meta = {k.decode(): v.decode() for k, v in self.redis.hgetall(key(game_id, "meta")).items()}
        if not meta:
            return False
        envelopes = self.log.read(game_id)
        try:
            self.archive.put(game_id, pack_game(meta, envelopes))
        except ArchiveExists:
            pass  # compared below, as our own copy is
        copy = unpack_game(game_id, self.archive.get(game_id) or b"")  # whole and verifying, or we stop here
        if copy != (meta, envelopes):
            raise ArchiveCorrupt(game_id, "the archive holds another record under this id")
        if not run_script(self._drop, [key(game_id, part) for part in PARTS], [len(envelopes)]):
            return False
        self.log.forget(game_id)
        return True


# Delete a game moved to the archive, unless its log grew after the copy was taken.
# KEYS[1] the game's stream, KEYS[2..] its other keys; ARGV[1] the version archived. Returns 1 if deleted.
_DROP_LUA = """
if redis.call("XLEN", KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
redis.call("DEL", unpack(KEYS))
return 1
"""
