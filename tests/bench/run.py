"""`make bench`: throughput and rebuild figures, each a ratio against a baseline measured in this run.

Figures are printed, never asserted: timings belong here, not in tests.
"""

from __future__ import annotations

import sys

from tests.bench import (
    bots_bench,
    dealer_bench,
    feed_bench,
    istanbul_bench,
    peer_bench,
    platform_bench,
    storage_bench,
    tournament_bench,
    watched_bench,
)


def main() -> int:
    sections = [*peer_bench.SECTIONS, platform_bench.commands_vs_xadd, platform_bench.command_stages,
                platform_bench.jaipur_rebuild, platform_bench.snapshot_rebuild, *storage_bench.SECTIONS]
    sections += istanbul_bench.SECTIONS + dealer_bench.SECTIONS + bots_bench.SECTIONS
    sections += feed_bench.SECTIONS + watched_bench.SECTIONS
    sections += tournament_bench.SECTIONS
    for section in sections:
        section()
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
