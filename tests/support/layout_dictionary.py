"""How the stream entries' dictionary 2 (events/layout-dictionary-2.zstd, layout 3) was made.

`python -m tests.support.layout_dictionary OUT` trains a Zstandard dictionary on the compact entries (events/layout.py
`_compact`) of seeded random games of every box: Jaipur, and Istanbul's base game at 2-5 seats on its layouts,
Mocha & Baksheesh, Letters & Seals (both bonus decks), the Great Bazaar, and the variants (neutral assistants, the
caravan leader). Jaipur's entries are fewer and less alike than Istanbul's, so it plays thirty matches for each
Istanbul game. The training is deterministic: the same samples, parameters and dictionary id give the same bytes.

The committed dictionary is frozen data: entries written with it can only be read with it. A better one is a new
marker and a new file, never a new training into this one.
"""

from __future__ import annotations

import random
import sys

import zstandard

from domain import registry
from events import layout
from events.envelope import GENESIS
from events.store import seal_all
from tests.support.playthrough import playthrough

DICTIONARY_ID = 2  # the layout's number for it; never written into an entry (they carry no dictionary id)
SIZE = 65536  # 32 KB made entries 1% larger; the digested dictionary is loaded once a process
K, D = 1511, 8  # the COVER parameters the optimiser chose for these samples (fixed here: the same bytes each time)
LEVEL = 3  # events/layout.py compresses at this level

FIRST_MILLIS = 1_798_761_600_000  # 2027-01-01: games are played at any time of the years after the training
YEAR_MILLIS = 365 * 86_400_000
ISTANBUL_GAMES = 2  # per box below
JAIPUR_MATCHES = 60


def boxes() -> list[tuple[str, dict, int]]:
    out: list[tuple[str, dict, int]] = [("jaipur", {}, 2)]
    for seats in (2, 3, 4, 5):
        out += [("istanbul", {"layout": ("short_paths", "long_paths", "ordered", "random")[seats - 2]}, seats),
                ("istanbul", {"expansions": ["mocha_baksheesh"]}, seats),
                ("istanbul", {"expansions": ["letters_seals"], "bonus_deck": "letters_seals" if seats % 2 else "mixed"},
                 seats),
                ("istanbul", {"expansions": ["mocha_baksheesh", "letters_seals"], "layout": "random"}, seats)]
    for seats in (2, 3, 4):  # the neutral assistants need a spare colour
        out += [("istanbul", {"neutral_assistants": True, "caravan_leader": True}, seats),
                ("istanbul", {"expansions": ["mocha_baksheesh"], "neutral_assistants": True, "caravan_leader": True},
                 seats)]
    return out


def entries(name: str, options: dict, seats: int, seed: str) -> list[bytes]:
    """The compact entries of one random game, sealed as the store seals them, at the times a game is played: each
    command's events share the millisecond it was recorded at, a few seconds after the one before (a dictionary
    trained on one fixed time learns that time, and real entries never hold it)."""
    *_, (played, _, _) = playthrough(registry.get(name), options, seats, seed, curious=True)
    rng = random.Random(seed)
    millis = FIRST_MILLIS + rng.randrange(YEAR_MILLIS)
    docs = []
    for doc in played.envelopes:
        if doc.get("command") is not None:  # the first event of a command's batch
            millis += rng.randrange(300, 60_000)
        docs.append({**{k: v for k, v in doc.items() if k != "version"}, "at": layout.timestamp(millis)})
    sealed = seal_all("0123456789abcdef", docs, 0, GENESIS, f"dictionary-{seed}")
    return [compact for compact in map(layout._compact, sealed) if compact is not None]


def samples(prefix: str = "train") -> list[bytes]:
    out: list[bytes] = []
    for number, (name, options, seats) in enumerate(boxes()):
        games = JAIPUR_MATCHES if name == "jaipur" else ISTANBUL_GAMES
        for game in range(games):
            out += entries(name, options, seats, f"{prefix}-{number}-{game}")
    random.Random(prefix).shuffle(out)  # the trainer's split of the samples must not follow the boxes' order
    return out


def train(training: list[bytes]) -> bytes:
    trained = zstandard.train_dictionary(SIZE, training, k=K, d=D, dict_id=DICTIONARY_ID, level=LEVEL, threads=0)
    return trained.as_bytes()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m tests.support.layout_dictionary OUT")
    with open(sys.argv[1], "wb") as out:
        out.write(train(samples()))
