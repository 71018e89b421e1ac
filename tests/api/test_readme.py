"""The README's walkthrough, run as written against a live server: every command works whoever starts, and
each sample reply shown in a comment matches what the service prints ("…" stands for any value; a key "…"
allows more keys; a list ending in "…" allows more items)."""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
ANY = "…"


def walkthrough() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("<!-- walkthrough")
    block = text[text.index("```sh", start) + len("```sh"):]
    return block[:block.index("```")]


def script_and_samples(block: str) -> tuple[str, list]:
    lines, samples = [], []
    for line in block.splitlines():
        sample = re.match(r"^# ([\[{0-9\"].*)$", line)
        if sample:
            samples.append(json.loads(sample.group(1)))
            lines.append(f'echo "@@{len(samples)}@@"')
        else:
            lines.append(line)
    return "\n".join(lines) + "\n", samples


def matches(sample, actual) -> bool:
    if sample == ANY:
        return True
    if isinstance(sample, dict):
        if not isinstance(actual, dict):
            return False
        keys = [k for k in sample if k != ANY]
        if ANY not in sample and set(keys) != set(actual):
            return False
        return all(k in actual and matches(sample[k], actual[k]) for k in keys)
    if isinstance(sample, list):
        if not isinstance(actual, list):
            return False
        open_ended = bool(sample) and sample[-1] == ANY
        fixed = sample[:-1] if open_ended else sample
        if len(actual) < len(fixed) or (not open_ended and len(actual) != len(fixed)):
            return False
        return all(matches(s, a) for s, a in zip(fixed, actual))
    return sample == actual


@pytest.mark.parametrize("run", range(4))  # the first seat is drawn by lot: both cases come up
def test_the_readme_walkthrough_runs_as_written(server, run):
    if shutil.which("curl") is None:
        pytest.skip("curl is not installed")
    script, samples = script_and_samples(walkthrough())
    script = script.replace("BAZAAR=http://127.0.0.1:8000", f"BAZAAR={server}")
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], capture_output=True, text=True, timeout=120,
                          env={**os.environ})
    assert done.returncode == 0, done.stderr + done.stdout
    outputs = re.split(r"@@\d+@@\n", done.stdout)[:-1]
    assert len(outputs) == len(samples) and samples
    for number, (sample, output) in enumerate(zip(samples, outputs), start=1):
        printed = [line for line in output.splitlines() if line.strip()]
        assert printed, f"sample {number}: the command printed nothing"
        assert matches(sample, json.loads(printed[-1])), f"sample {number}: {sample} vs {printed[-1]}"
