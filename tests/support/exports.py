"""Complete exports of finished games, made in process on a real Redis, for the import and verifier tests."""

from __future__ import annotations

import json
import random

from events.envelope import expected_hash
from service.games import audit
from tests.support.play import play_on
from tests.support.service import InProcess


def finished_export(games: InProcess, seed: str, name: str = "tiny", seats: int = 2, open_game: bool = False
                    ) -> list[str]:
    """The NDJSON lines of a game played to its end with random legal moves (a fair game by default: its seed is
    revealed at the end, so the export is complete and every sealed commitment opens)."""
    loaded, _tokens = games.create(name, seats, {}, seed, open_game)
    play_on(games, loaded.meta.id, random.Random(seed))
    loaded = games.load(loaded.meta.id)
    assert loaded.finished
    return [line.rstrip("\n") for line in audit.export_lines(games.repository, loaded, None)]


def rechained(envelopes: list[dict]) -> list[dict]:
    """The envelopes with every `prev_hash` and `hash` recomputed in order, as a forger who edited them would."""
    prev = "0" * 64
    out = []
    for env in envelopes:
        env = {**env, "prev_hash": prev}
        env["hash"] = expected_hash(env)
        prev = env["hash"]
        out.append(env)
    return out


def lines(envelopes: list[dict]) -> list[str]:
    return [json.dumps(env, separators=(",", ":")) for env in envelopes]
