"""Archive records in an S3-compatible object store (`ARCHIVE_URL=s3://bucket/prefix`), through boto3; see
events/archive.py for what a record is and how it is checked. A module of its own so that only deployments
archiving to S3 import boto3."""

from __future__ import annotations

import boto3
from botocore.exceptions import ClientError

from events.archive import SUFFIX


class S3Archive:
    def __init__(self, bucket: str, prefix: str = "", endpoint_url: str | None = None, client=None):
        self.bucket, self.prefix = bucket, prefix.strip("/")
        self.client = client or boto3.client("s3", endpoint_url=endpoint_url or None)

    def __repr__(self) -> str:
        return f"S3Archive({self.bucket!r}, {self.prefix!r})"

    def _key(self, game_id: str) -> str:
        return f"{self.prefix}/{game_id}{SUFFIX}" if self.prefix else f"{game_id}{SUFFIX}"

    def put(self, game_id: str, record: bytes) -> None:
        self.client.put_object(Bucket=self.bucket, Key=self._key(game_id), Body=record,
                               ContentType="application/x-ndjson", ContentEncoding="gzip")

    def get(self, game_id: str) -> bytes | None:
        try:
            return self.client.get_object(Bucket=self.bucket, Key=self._key(game_id))["Body"].read()
        except ClientError as err:
            if err.response.get("Error", {}).get("Code") in ("NoSuchKey", "404"):
                return None
            raise
