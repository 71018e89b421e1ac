"""The archive: finished games moved out of Redis, one compressed record each, read back verified.

A record is gzip'd NDJSON: a first line `{"meta": {...}}` (the game's fixed facts as Redis held them, seed
included: the game is over, so the seed is public anyway) and then every envelope, complete, in version
order, as the store's `read` gives them. Nothing in a record is trusted: `unpack_game` checks the numbering,
the game id, the hash chain and every `sealed` commitment against the seed before anything is served, and
refuses a record that fails any of them (`ArchiveCorrupt`).

Two places to keep records: a directory (the default) and an S3-compatible object store (`s3://bucket/prefix`,
through boto3 in events/s3_archive.py, with an endpoint URL for stores other than AWS). Writes are whole-object
(a directory write goes through a temporary file and a rename), so a reader sees a whole record or none.
"""

from __future__ import annotations

import gzip
import importlib
import json
import os
import tempfile
from pathlib import Path

from events.envelope import check_sealed, is_private, verify_chain

SUFFIX = ".ndjson.gz"


class ArchiveCorrupt(Exception):
    """An archived record that does not verify: refused, never served."""

    def __init__(self, game_id: str, detail: str):
        super().__init__(f"archived game {game_id}: {detail}")
        self.game_id, self.detail = game_id, detail


class DirectoryArchive:
    def __init__(self, root: str | Path):
        self.root = Path(root)

    def __repr__(self) -> str:
        return f"DirectoryArchive({str(self.root)!r})"

    def _path(self, game_id: str) -> Path:
        return self.root / f"{game_id}{SUFFIX}"

    def put(self, game_id: str, record: bytes) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        handle, scratch = tempfile.mkstemp(dir=self.root, prefix=f".{game_id}.")
        with os.fdopen(handle, "wb") as out:
            out.write(record)
            out.flush()
            os.fsync(out.fileno())  # on disk before Redis lets go of the game
        os.replace(scratch, self._path(game_id))

    def get(self, game_id: str) -> bytes | None:
        try:
            return self._path(game_id).read_bytes()
        except FileNotFoundError:
            return None


def open_archive(url: str, endpoint_url: str = ""):
    """`s3://bucket/prefix` (endpoint_url for an S3-compatible store), else a directory (`file://` optional)."""
    if url.startswith("s3://"):
        bucket, _, prefix = url[len("s3://"):].partition("/")
        # by name, as games are: boto3 costs every process that imports it ~0.4 s of CPU at start, and only a
        # deployment that archives to S3 needs it
        return importlib.import_module("events.s3_archive").S3Archive(bucket, prefix, endpoint_url)
    return DirectoryArchive(url.removeprefix("file://"))


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
