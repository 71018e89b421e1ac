"""`make bench`: throughput and rebuild figures, each a ratio against a baseline measured in this run.

Figures are printed, never asserted: timings belong here, not in tests.
"""

from __future__ import annotations

import sys

from tests.bench import platform_bench, storage_bench


def main() -> int:
    sections = [platform_bench.commands_vs_xadd, platform_bench.jaipur_rebuild, platform_bench.snapshot_rebuild,
                *storage_bench.SECTIONS]
    try:
        from tests.bench import istanbul_bench

        sections += istanbul_bench.SECTIONS
    except ImportError as err:
        print(f"(istanbul benchmarks skipped: {err})")
    try:
        from tests.bench import dealer_bench

        sections += dealer_bench.SECTIONS
    except ImportError as err:
        print(f"(dealer benchmarks skipped: {err})")
    try:
        from tests.bench import bots_bench

        sections += bots_bench.SECTIONS
    except ImportError as err:
        print(f"(bot benchmarks skipped: {err})")
    for section in sections:
        section()
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
