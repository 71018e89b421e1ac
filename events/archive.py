"""The archive: finished games moved out of Redis, one compressed record each, read back verified.

A record is gzip'd NDJSON: a first line `{"meta": {...}}` (the game's fixed facts as Redis held them, seed
included: the game is over, so the seed is public anyway) and then every envelope, complete, in version
order, as the store's `read` gives them. Nothing in a record is trusted: `unpack_game` checks the numbering,
the game id, the hash chain and every `sealed` commitment against the seed before anything is served, and
refuses a record that fails any of them (`ArchiveCorrupt`).

Two places to keep records: a directory (the default) and an S3-compatible object store (`s3://bucket/prefix`,
through boto3 in events/s3_archive.py, with an endpoint URL for stores other than AWS). Writes are whole-object
(a directory write goes through a temporary file, then a hard link to the record's name), so a reader sees a
whole record or none.

A record is named by its game's id alone, which must have the service's form (events/ids.py): a directory
record is `<root>/<id>.ndjson.gz` and nothing else (`DirectoryArchive.path`, also checked once resolved), so no
id can place a file outside the root. A record is written once and never replaced (`ArchiveExists`): the link
fails if the name is taken, as the S3 put does with `If-None-Match: *`. An archived log can therefore not be
overwritten by another game's, whatever its id claims.
"""

from __future__ import annotations

import gzip
import importlib
import json
import os
import tempfile
from pathlib import Path

from events.envelope import check_sealed, is_private, verify_chain
from events.ids import checked

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


class DirectoryArchive:
    def __init__(self, root: str | Path):
        self.root = Path(root)

    def __repr__(self) -> str:
        return f"DirectoryArchive({str(self.root)!r})"

    def path(self, game_id: str) -> Path:
        """The one way from a game to a file: `<root>/<id>.ndjson.gz` for an id of the service's form (BadId
        otherwise). Resolved, it must still sit right in the root (ArchiveCorrupt otherwise): a record's name that
        is a link to elsewhere is refused too."""
        path = self.root / f"{checked(game_id)}{SUFFIX}"
        if path.resolve().parent != self.root.resolve():
            raise ArchiveCorrupt(game_id, "its record's name leads out of the archive")
        return path

    def put(self, game_id: str, record: bytes) -> None:
        """Write the record whole under its name, or raise ArchiveExists if the name is taken (never replaced)."""
        path = self.path(game_id)
        self.root.mkdir(parents=True, exist_ok=True)
        handle, scratch = tempfile.mkstemp(dir=self.root, prefix=".incoming-", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(record)
                out.flush()
                os.fsync(out.fileno())  # on disk before Redis lets go of the game
            try:
                os.link(scratch, path)  # atomic and exclusive, where a rename would replace what is there
            except FileExistsError:
                raise ArchiveExists(game_id) from None
            directory = os.open(self.root, os.O_RDONLY)
            try:
                os.fsync(directory)  # the new name too
            finally:
                os.close(directory)
        finally:
            os.unlink(scratch)

    def get(self, game_id: str) -> bytes | None:
        try:
            return self.path(game_id).read_bytes()
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
