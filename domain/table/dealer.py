"""The dealer: turns a chance request into an outcome drawn from the game's committed seed.

Construction (documented for the verifier): for the game's d-th draw, a stream of 64-bit words is
HMAC-SHA256(key=seed, msg="bazaar/draw/<d>/<block>") for block = 0, 1, ..., each digest read as four
big-endian unsigned 64-bit words. A uniform integer below n takes the next word x and rejects it while
x >= 2**64 - (2**64 % n) (no modulo bias), else answers x % n. A shuffle of `size` items is Fisher-Yates
from the last position down (j = uniform(i + 1), swap i and j) over range(size); a roll is `dice`
values uniform(sides) + 1; a pick is (uniform(choices),). Same seed and draw index, same outcome: replays,
retried jobs and the verifier all agree without storing any generator state.

Pure: the randomness is all in the seed, which the service draws from the operating system and keeps secret
until the game ends.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from domain.core import ChanceDrawn, ChanceRequest, chance_kind

_SPAN = 1 << 64


class _Words:
    def __init__(self, seed: bytes, draw: int):
        self._seed, self._draw, self._block, self._words = seed, draw, 0, []

    def next(self) -> int:
        if not self._words:
            msg = f"bazaar/draw/{self._draw}/{self._block}".encode()
            digest = hmac.new(self._seed, msg, hashlib.sha256).digest()
            self._words = [int.from_bytes(digest[i : i + 8], "big") for i in range(0, 32, 8)]
            self._block += 1
        return self._words.pop(0)

    def below(self, n: int) -> int:
        limit = _SPAN - (_SPAN % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def outcome(seed: bytes, draw: int, kind: str, size: int, dice: int) -> tuple[int, ...]:
    words = _Words(seed, draw)
    if kind == "shuffle":
        order = list(range(size))
        for i in range(size - 1, 0, -1):
            j = words.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return tuple(order)
    if kind == "roll":
        return tuple(words.below(size) + 1 for _ in range(dice))
    if kind == "pick":
        return (words.below(size),)
    raise ValueError(f"unknown chance kind {kind!r}")


def draw(seed: bytes, index: int, request: ChanceRequest) -> ChanceDrawn:
    kind, size, dice = chance_kind(request)
    return ChanceDrawn(
        draw=index,
        kind=kind,
        label=request.label,
        size=size,
        dice=dice,
        secret=request.secret,
        outcome=outcome(seed, index, kind, size, dice),
    )


@dataclass(frozen=True)
class Dealer:
    """A game's dealer: its seed, and the draws it dictates."""

    seed: str

    def draw(self, index: int, request: ChanceRequest) -> ChanceDrawn:
        return draw(self.seed.encode(), index, request)
