"""The Procfile a process manager runs: every command's entry point exists and answers `--help` (the web
process's command line is service/serving.py's, which the suite's own servers use)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def procfile() -> dict[str, str]:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line.strip() and not line.startswith("#"))


def shell_env(**extra) -> dict[str, str]:
    # process managers run each line through a shell with the app's environment: `python` is the venv's
    return {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}", **extra}


def test_every_procfile_command_answers_help():
    processes = procfile()
    assert {"web", "worker"} <= set(processes)
    for name, command in processes.items():
        done = subprocess.run(["bash", "-c", f"{command} --help"], cwd=ROOT, env=shell_env(), capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0 and "usage:" in done.stdout, (name, done.stderr)

