"""One archived game's record: its name and its bytes, and the checks that make it trustworthy when read back.

A record is gzip'd NDJSON: a first line `{"meta": {...}}` (the game's fixed facts as Redis held them, seed
included: the game is over, so the seed is public anyway) and then every envelope, complete, in version
order, as the store's `read` gives them. Nothing in a record is trusted: `unpack_game` checks the numbering,
the game id, the hash chain and every `sealed` commitment against the seed before anything is served, and
refuses a record that fails any of them (`ArchiveCorrupt`). Both stores (events/archive.py's directory,
events/s3_archive.py's object store) name a record `<id>` + SUFFIX and never replace one (`ArchiveExists`).
"""

from __future__ import annotations

import gzip
import json

from events.envelope import check_sealed, is_private, verify_chain

SUFFIX = ".ndjson.gz"


class ArchiveCorrupt(Exception):
    """An archived record that does not verify: refused, never served."""

    def __init__(self, game_id: str, detail: str):
        super().__init__(f"archived game {game_id}: {detail}")
        self.game_id, self.detail = game_id, detail


class ArchiveExists(Exception):
    """The archive holds a record of that game already: it is never replaced."""

    def __init__(self, game_id: str):
        super().__init__(f"archived game {game_id}: a record exists already")
        self.game_id = game_id


def pack_game(meta: dict[str, str], envelopes: list[dict]) -> bytes:
    lines = [json.dumps({"meta": meta}, separators=(",", ":"))]
    lines += [json.dumps(env, separators=(",", ":")) for env in envelopes]
    return gzip.compress(("\n".join(lines) + "\n").encode(), compresslevel=9, mtime=0)


def unpack_game(game_id: str, record: bytes) -> tuple[dict[str, str], list[dict]]:
    """The meta record and the envelopes of an archived game, once every check has passed."""
    try:
        lines = gzip.decompress(record).decode().splitlines()
        meta = json.loads(lines[0])["meta"]
        envelopes = [json.loads(line) for line in lines[1:]]
    except (OSError, EOFError, ValueError, KeyError, IndexError, TypeError) as err:
        raise ArchiveCorrupt(game_id, f"unreadable ({type(err).__name__})") from None
    if not isinstance(meta, dict) or not all(isinstance(v, str) for v in meta.values()) or not envelopes:
        raise ArchiveCorrupt(game_id, "no meta record or no events")
    if not all(isinstance(env, dict) and env.get("game") == game_id for env in envelopes):
        raise ArchiveCorrupt(game_id, "an event of another game")
    broken = verify_chain(envelopes)
    if broken is not None:
        raise ArchiveCorrupt(game_id, f"the hash chain breaks at version {broken}")
    seed = meta.get("seed")
    for env in envelopes:
        if is_private(env) and (seed is None or not check_sealed(env, seed)):
            raise ArchiveCorrupt(game_id, f"the sealed commitment of version {env['version']} does not match")
    return meta, envelopes
