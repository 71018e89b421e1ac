"""`shuffle(rng, items)`: `rng.shuffle(items)`, the same permutation from the same draws, faster.

A determinisation shuffles every hidden pile (an Istanbul one: the bonus cards, two demand stacks, the letters,
the kiosk tiles), so a search shuffles a few hundred times a decision. random.Random.shuffle makes a Python call
(`_randbelow`) per element; this draws in the loop itself, in half the time. The draws are CPython's own
(shuffle: from the end, a j <= i for each i, by `_randbelow_with_getrandbits`: getrandbits(bit_length(i + 1))
until below i + 1), so a seeded search deals exactly what it dealt with random.shuffle; tests/bots check the two
agree, and any other generator than random.Random is passed to its own shuffle."""

from __future__ import annotations

import random


def shuffle(rng: random.Random, items: list) -> None:
    if type(rng) is not random.Random:  # a subclass may draw otherwise (SystemRandom, a random() override)
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
