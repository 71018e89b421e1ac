"""What a client can check of an export on its own, without the rules: the numbering and the SHA-256 hash
chain (each `hash` over the canonical JSON of the envelope without `hash` and `redacted`, private fields stood
in for by `sealed`), and that the chain ends at the head the server announced. This holds for redacted
exports too. Re-executing every move against the rules is `bazaar verify` (the service's verifier)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from bazaar_client.sdk.types import Export, Verification

GENESIS = "0" * 64
PRIVATE = ("payload", "command", "auto")
NOT_HASHED = ("hash", "redacted")


def canonical(doc) -> bytes:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def expected_hash(envelope: dict) -> str:
    sealed = "sealed" in envelope
    body = {k: v for k, v in envelope.items() if k not in NOT_HASHED and not (sealed and k in PRIVATE)}
    return hashlib.sha256(canonical(body)).hexdigest()


def first_break(envelopes: Iterable[dict]) -> int | None:
    """The version at which the numbering or the chain first breaks; None if intact."""
    prev, version = GENESIS, 0
    for envelope in envelopes:
        version += 1
        if (envelope.get("version") != version or envelope.get("prev_hash") != prev
                or envelope.get("hash") != expected_hash(envelope)):
            return version
        prev = envelope["hash"]
    return None


def verify_export(export: Export | str, head_hash: str | None = None) -> Verification:
    if isinstance(export, Export):
        text, head_hash = export.text, head_hash or export.head_hash
    else:
        text = export
    try:
        envelopes = [json.loads(line) for line in text.splitlines() if line.strip()]
    except ValueError as err:
        return Verification(False, f"not NDJSON: {err}", 1)
    if not envelopes:
        return Verification(False, "empty export", 1)
    broken = first_break(envelopes)
    if broken is not None:
        return Verification(False, f"the hash chain breaks at version {broken}", broken)
    if head_hash is not None and envelopes[-1]["hash"] != head_hash:
        return Verification(False, "the chain does not end at the server's head hash", len(envelopes))
    redacted = sum(1 for e in envelopes if e.get("redacted"))
    return Verification(True, f"chain intact: {len(envelopes)} events" + (f", {redacted} redacted" if redacted else ""))
