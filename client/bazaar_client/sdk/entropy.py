"""A claimer's contribution to a fair deal: 32 random bytes from the operating system, as hex. Sent with every
claim, challenge and answer the SDK makes, so the claimer never has to trust the server with its share."""

from __future__ import annotations

import secrets


def fresh() -> str:
    return secrets.token_hex(32)
