"""schemathesis (its CLI, every check; every phase under the long profile) against a live server
with production settings and openapi.yaml: no server errors, every response as documented, schema-valid
requests never refused as malformed, schema-violating ones refused. Bounded examples and no coverage phase keep
it to ~20 s of CPU by default; the `long` profile runs every phase with five times as many examples per operation."""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import sized
from tests.support.databases import own_db

HERE = Path(__file__).resolve().parent
EXAMPLES = sized(ci=10, long=50)
# The coverage phase (boundary and just-outside values of every parameter; not bounded by --max-examples) was
# two thirds of this test's ~45 CPU-s: by default the fuzzing phase's negative cases stand in for it, and the long
# profile runs every phase.
PHASES = "examples,fuzzing,stateful" if EXAMPLES < 50 else "examples,coverage,fuzzing,stateful"


@pytest.mark.slow(seconds=20)
def test_schemathesis_finds_nothing(own_server):
    # a Redis database of its own: the thousands of games it creates stay out of the other tests' lists
    with own_server(own_db("schemathesis")) as base:
        run = subprocess.run(
            [str(Path(sys.executable).parent / "schemathesis"), "--config-file", str(HERE / "schemathesis.toml"),
             "run", f"{base}/openapi.yaml", "--checks", "all", "--max-examples", str(EXAMPLES), "--phases", PHASES,
             "--generation-deterministic", "--request-timeout", "30", "--continue-on-failure",
             "--exclude-path", "/v1/games/import"],
            capture_output=True, text=True, timeout=600)
    report = run.stdout + run.stderr
    summary = report[report.rfind("SUMMARY"):] if "SUMMARY" in report else report[-3000:]
    print(summary)
    assert run.returncode == 0, report[-12000:]
