"""Archive records in an S3-compatible object store (`ARCHIVE_URL=s3://bucket/prefix`), through boto3; see
events/archive.py for what a record is and how it is checked. A module of its own so that only deployments
archiving to S3 import boto3.

A record is written with `If-None-Match: *` (S3's conditional put, August 2024; boto3 1.35 and moto 5 know it),
so the store itself refuses to replace an object that exists (412): no check-then-write race between two
workers, and no id can overwrite another game's record. A store that ignores the header would overwrite; the
sweep reads every copy back and compares it with the game before it lets go of anything (events/store.py)."""

from __future__ import annotations

import boto3
from botocore.exceptions import ClientError

from events.archive_record import SUFFIX, ArchiveExists
from events.ids import checked


class S3Archive:
    def __init__(self, bucket: str, prefix: str = "", endpoint_url: str | None = None, client=None):
        self.bucket, self.prefix = bucket, prefix.strip("/")
        self.client = client or boto3.client("s3", endpoint_url=endpoint_url or None)

    def __repr__(self) -> str:
        return f"S3Archive({self.bucket!r}, {self.prefix!r})"

    def _key(self, game_id: str) -> str:
        """`<prefix>/<id>.ndjson.gz` for an id of the service's form (BadId otherwise)."""
        name = f"{checked(game_id)}{SUFFIX}"
        return f"{self.prefix}/{name}" if self.prefix else name

    def put(self, game_id: str, record: bytes) -> None:
        """Write the record, or raise ArchiveExists if an object has that key (never replaced)."""
        try:
            self.client.put_object(Bucket=self.bucket, Key=self._key(game_id), Body=record, IfNoneMatch="*",
                                   ContentType="application/x-ndjson", ContentEncoding="gzip")
        except ClientError as err:
            # 412: the key exists; 409: another conditional write of that key is under way
            if err.response.get("Error", {}).get("Code") in ("PreconditionFailed", "ConditionalRequestConflict"):
                raise ArchiveExists(game_id) from None
            raise

    def get(self, game_id: str) -> bytes | None:
        try:
            return self.client.get_object(Bucket=self.bucket, Key=self._key(game_id))["Body"].read()
        except ClientError as err:
            if err.response.get("Error", {}).get("Code") in ("NoSuchKey", "404"):
                return None
            raise
