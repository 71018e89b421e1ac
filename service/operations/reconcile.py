"""`python -m service.operations.reconcile`: rebuild the cross-game index (the list of games, by status) from the games'
own streams, as `make run` does at every start.

The index is written after each game's own append (on a Redis Cluster it cannot share that script), so a crash
between the two leaves a game out of it: out of `GET /v1/games`, and out of the workers' sweep, which re-arms
only the active games the index lists. A deployment runs this once per release (the Procfile's `release`) and
after any crash of Redis or the web tier it suspects. It reads every game: minutes for millions of games.
Exit status: 0, or 1 when some game could not be read (they are named; the others are indexed).
"""

from __future__ import annotations

import argparse
import sys

from service.feed.reactions import reconcile
from service.operations import config as settings
from service.operations.wiring import build


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(prog="python -m service.operations.reconcile",
                            description="Rebuild the cross-game index from the games' streams. Settings come from "
                                        "the environment (REDIS_URL, BAZAAR_*).").parse_args(argv)
    wiring = build(settings.load())
    seen, unreadable, _republished = reconcile(wiring.repository, wiring.feed)
    print(f"index reconciled over {seen} games", flush=True)
    if unreadable:
        print(f"{len(unreadable)} unreadable games left out: {', '.join(unreadable[:10])}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
