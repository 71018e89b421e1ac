"""`make mutation` and `make mutation-domain`: run a target's mutants with mutmut and print its score.

`python -m tests.support.mutation run TARGET` runs `mutmut run` on the target's mutants (pyproject.toml,
`[tool.bazaar.mutation.targets]`: mutmut's names, with globs), then prints the score; `score TARGET` prints the
score of what mutmut recorded last. Per module: killed, survived, timeout, equivalent (survivors listed with a
reason in `[tool.bazaar.mutation.equivalent]`) and the rest (no test reached the function, not run yet), then
each survivor without a reason (`mutmut show NAME` shows its change) and each listed equivalent that a test
kills now (its reason is stale). Exits 1 while any survivor has no reason.
"""

from __future__ import annotations

import fnmatch
import os
import re
import signal
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MUTMUT = str(Path(sys.executable).with_name("mutmut"))
COLUMNS = ("killed", "survived", "timeout", "equivalent", "other")
MODULE = re.compile(r"^(.*)\.x[_ǁ]")  # mutmut names a function's mutants module.x_name__mutmut_N, a method's xǁClassǁ


def settings() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["bazaar"]["mutation"]


def recorded() -> dict[str, str]:
    """Every mutant's status as mutmut recorded it (`mutmut results --all true`: "    name: status" lines)."""
    out = subprocess.run([MUTMUT, "results", "--all", "true"], cwd=ROOT, capture_output=True, text=True, check=True)
    return dict(line.strip().rsplit(": ", 1) for line in out.stdout.splitlines() if ": " in line)


def score(globs: list[str], statuses: dict[str, str], equivalent: dict[str, str]) -> tuple[str, list[str], list[str]]:
    """(the table, survivors without a reason, listed equivalents that were killed) of the mutants `globs` name."""
    counts: dict[str, Counter] = {}
    unexplained, stale = [], []
    for name, status in sorted(statuses.items()):
        if not any(fnmatch.fnmatchcase(name, g) for g in globs):
            continue
        column = status if status in ("killed", "survived", "timeout") else "other"
        if name in equivalent:
            if status == "killed":
                stale.append(name)
            elif status == "survived":
                column = "equivalent"
        elif status == "survived":
            unexplained.append(name)
        module = MODULE.match(name)
        counts.setdefault(module.group(1) if module else name, Counter())[column] += 1
    total = sum(counts.values(), Counter())
    rows = [f"{'module':<28}" + "".join(f"{c:>11}" for c in (*COLUMNS, "total"))]
    for module, row in [*sorted(counts.items()), ("all", total)]:
        rows.append(f"{module:<28}" + "".join(f"{row[c]:>11}" for c in COLUMNS) + f"{sum(row.values()):>11}")
    return "\n".join(rows), unexplained, stale


def run(globs: list[str]) -> None:
    """`mutmut run` in a process group of its own. A mutant stopped for taking too long is killed with its
    test session, and the redis-server that session started lives on, in that group: it is stopped at the end.

    Which tests reach which function is collected afresh each run (a minute): mutmut keeps it from run to run
    and profiles only tests that are new, so a test that changed since would go on judging the functions it used
    to reach, and miss the mutants of those it reaches now."""
    (ROOT / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    mutmut = subprocess.Popen([MUTMUT, "run", *globs], cwd=ROOT, start_new_session=True)
    try:
        code = mutmut.wait()
    finally:
        try:
            os.killpg(mutmut.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass  # nothing was left behind
    if code:
        raise SystemExit(code)


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] not in ("run", "score"):
        print("usage: python -m tests.support.mutation run|score TARGET", file=sys.stderr)
        return 2
    config = settings()
    globs = config["targets"][argv[2]]
    if argv[1] == "run":
        run(globs)
    table, unexplained, stale = score(globs, recorded(), config.get("equivalent", {}))
    print(table)
    for name in unexplained:
        print(f"survived, no reason given: {name}")
    for name in stale:
        print(f"listed as equivalent, but a test kills it: {name}")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
