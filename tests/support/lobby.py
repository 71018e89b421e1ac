"""Games with open seats made in process (the service's own creation and claims, a real Redis), and an
independent reading of the fair deal's construction for tests to compare the service with."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets

from domain.table.events import Invitation
from service.games import creation, seating
from service.games.commands import Commands
from service.games.repository import Loaded

DAY_S = 86400


def open_game(commands: Commands, name: str = "tiny", seats: int = 2, kinds: tuple[str, ...] = ("public", "public"),
              options: dict | None = None, seed: str | None = None, creator: str | None = None) -> Loaded:
    loaded, tokens = creation.create(commands, name, seats, dict(options or {}), seed,
                                     invitations=tuple(Invitation(k) for k in kinds), open_for_s=DAY_S,
                                     creator=creator)
    assert tokens == []  # the creator holds no seat
    return loaded


def claim_every_seat(commands: Commands, game_id: str, entropies: list[str] | None = None) -> list[str]:
    """Each seat claimed by a player of its own, with the given entropy (or one of its own); the seats' tokens."""
    loaded = commands.repository.load(game_id)
    tokens = []
    for seat in range(loaded.meta.seats):
        entropy = entropies[seat] if entropies else secrets.token_hex(16)
        code = seating.invitation_code(loaded.meta, seat)
        tokens.append(seating.claim(commands, game_id, seat, f"{seat:016x}", entropy, code).token)
    return tokens


# --- the documented construction, written again here (domain/table/seating.py, domain/table/dealer.py) ----------


def dealt_seed(secret: str, contributions: list[str | None]) -> str:
    """HMAC-SHA256 keyed by the revealed secret over the compact JSON array of the contributions, as hex."""
    return hmac.new(secret.encode(), json.dumps(contributions, separators=(",", ":")).encode(),
                    hashlib.sha256).hexdigest()


def shuffle(seed: str, draw: int, size: int) -> tuple[int, ...]:
    """The dealer's shuffle for the draw-th chance step: Fisher-Yates from the last position down, each position
    from unbiased 64-bit words of HMAC-SHA256(seed, "bazaar/draw/<draw>/<block>")."""
    words: list[int] = []
    block = 0

    def below(n: int) -> int:
        nonlocal block
        limit = 2 ** 64 - 2 ** 64 % n
        while True:
            if not words:
                digest = hmac.new(seed.encode(), f"bazaar/draw/{draw}/{block}".encode(), hashlib.sha256).digest()
                words.extend(int.from_bytes(digest[i:i + 8], "big") for i in range(0, 32, 8))
                block += 1
            x = words.pop(0)
            if x < limit:
                return x % n

    order = list(range(size))
    for i in range(size - 1, 0, -1):
        j = below(i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)
