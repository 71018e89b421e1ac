"""The offline verifier re-executes every move (one implementation with import) and fails politely."""

import json
import subprocess
import sys

import pytest

from events.envelope import expected_hash
from service.games import audit
from service.operations.verify import verify
from tests.support.play import play_randomly
from tests.support.service import InProcess

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def finished_jaipur():
    """A finished match's complete export, played on a store in memory (the verifier reads a file, not a store)."""
    games = InProcess.in_memory()
    gid, _ = play_randomly(games, "jaipur", 2, "verifier")
    return [line.rstrip("\n") for line in audit.export_lines(games.repository, games.load(gid), None)]


def rehashed(lines: list[str], at: int, edit) -> list[str]:
    """A forger's edit: change one event and recompute the whole chain after it, so only the rules can tell."""
    envelopes = [json.loads(line) for line in lines]
    edit(envelopes[at]["payload"])
    for i in range(at, len(envelopes)):
        if i > at:
            envelopes[i]["prev_hash"] = envelopes[i - 1]["hash"]
        envelopes[i]["hash"] = expected_hash(envelopes[i])
    return [json.dumps(e) for e in envelopes]


def test_an_honest_game_verifies(finished_jaipur):
    ok, report = verify(finished_jaipur)
    assert ok, report


def test_edited_sale_tokens_with_a_rehashed_chain_are_caught(finished_jaipur):
    at = next(i for i, line in enumerate(finished_jaipur) if '"type":"goods_sold"' in line)

    def richer(payload):
        payload["tokens"] = [t + 1 for t in payload["tokens"]]

    ok, report = verify(rehashed(finished_jaipur, at, richer))
    assert not ok and report.startswith(f"line {at + 1}:"), report


def test_a_crafted_line_is_named_not_a_crash(finished_jaipur):
    at = next(i for i, line in enumerate(finished_jaipur) if '"type":"goods_sold"' in line)
    ok, report = verify(rehashed(finished_jaipur, at, lambda payload: payload.clear()))
    assert not ok and report.startswith(f"line {at + 1}:"), report


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "service.operations.verify", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def test_cli_help_missing_file_and_garbage(tmp_path, finished_jaipur):
    helped = run("--help")
    assert helped.returncode == 0 and "usage" in helped.stdout.lower()
    missing = run(str(tmp_path / "nope.ndjson"))
    assert missing.returncode == 2 and "Traceback" not in missing.stderr and len(missing.stderr.splitlines()) == 1
    garbage = tmp_path / "garbage.ndjson"
    garbage.write_bytes(b"\x89PNG not json at all\n")
    bad = run(str(garbage))
    assert bad.returncode == 1 and "Traceback" not in bad.stderr + bad.stdout
    assert len((bad.stdout + bad.stderr).strip().splitlines()) == 1
    text = tmp_path / "text.ndjson"
    text.write_text("hello\n")
    assert run(str(text)).returncode == 1
    usage = run()
    assert usage.returncode == 2 and "Traceback" not in usage.stderr
    good = tmp_path / "game.ndjson"
    good.write_text("\n".join(finished_jaipur) + "\n")
    ok = run(str(good))
    assert ok.returncode == 0 and ok.stdout.startswith("OK:")
