"""The Procfile a process manager runs: every command's entry point exists and answers `--help` (the web
process's command line is service/operations/serving.py's, which the suite's own servers use)."""

import os
import subprocess
import sys
from pathlib import Path

from events.store import STATUSES
from service.operations import reconcile
from tests.support.service import InProcess

ROOT = Path(__file__).resolve().parents[2]


def procfile() -> dict[str, str]:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line.strip() and not line.startswith("#"))


def shell_env(**extra) -> dict[str, str]:
    # process managers run each line through a shell with the app's environment: `python` is the venv's
    return {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}", **extra}


def test_every_procfile_command_answers_help():
    processes = procfile()
    assert {"release", "web", "streams", "worker"} <= set(processes)
    for name, command in processes.items():
        done = subprocess.run(["bash", "-c", f"{command} --help"], cwd=ROOT, env=shell_env(), capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0 and "usage:" in done.stdout, (name, done.stderr)



def test_the_release_step_puts_a_game_missing_from_the_index_back(app, redis_url, monkeypatch):
    loaded, _tokens = InProcess.of(app).create("tiny", 2)
    index, gid = app.extensions["bazaar.store"].index, loaded.meta.id
    index.redis.hdel(index.index_key, gid)  # as if the process died between the game's append and the index
    for status in (None, *STATUSES):
        index.redis.zrem(index.ids(status), gid)
    assert gid not in index.list_games()
    monkeypatch.setenv("REDIS_URL", redis_url)
    reconcile.main([])  # its exit status also counts other tests' damaged games: only this one matters here
    assert index.list_games()[gid]["status"] == "active"
    assert gid in [entry["id"] for entry in index.page_games("active", limit=10**6)[0]]
