"""The archive: finished games moved out of Redis, one compressed record each, read back verified.

A record's format and its checks are events/archive_record.py (both stores below share them; nothing in a record
is trusted until `unpack_game` has checked it).

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

import importlib
import os
import tempfile
import threading
from collections import OrderedDict
from pathlib import Path

from events.archive_record import SUFFIX, ArchiveCorrupt, ArchiveExists, unpack_game
from events.ids import checked

ARCHIVED_CACHE = 64  # archived games whose verified log a process keeps


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


class ArchivedGames:
    """The archive as the store reads it: a game's record, verified once (`unpack_game`), then kept for the next
    reads (the newest ARCHIVED_CACHE games): a finished game's page after page must not unzip it every time."""

    def __init__(self, archive):
        self.archive = archive  # a DirectoryArchive or an S3Archive
        self._verified: OrderedDict[str, tuple[dict[str, str], list[dict]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> tuple[dict[str, str], list[dict]] | None:
        """(meta, envelopes) of an archived game, verified (ArchiveCorrupt if it does not verify), or None."""
        with self._lock:
            found = self._verified.get(game_id)
        if found is not None:
            return found
        record = self.archive.get(game_id)
        if record is None:
            return None
        found = unpack_game(game_id, record)
        with self._lock:
            self._verified[game_id] = found
            while len(self._verified) > ARCHIVED_CACHE:
                self._verified.popitem(last=False)
        return found
