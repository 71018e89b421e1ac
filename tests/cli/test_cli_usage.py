"""The `bazaar` command as people type it: its own options (`--json`, `--url`, `--token`) wherever they are
typed, and a server that is down said in one line a person reads, with the exit code scripts branch on."""

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bazaar_client.cli.main import main

BAZAAR = Path(sys.executable).parent / "bazaar"
SERVER_FAULT = 4  # client/bazaar_client/cli/app.py's table of exit codes


@pytest.fixture
def run(server):
    runner = CliRunner()

    def invoke(*args, token=""):
        return runner.invoke(main, list(args), env={"BAZAAR_URL": server, "BAZAAR_TOKEN": token},
                             catch_exceptions=False)

    return invoke


def test_the_groups_options_are_taken_before_or_after_the_subcommand(run, server):
    created = json.loads(run("create", "jaipur", "--json").output)
    token = created["seats"][0]["token"]
    before = run("--json", "show", created["id"], token=token)
    assert before.exit_code == 0, before.output
    seen = json.loads(before.output)
    assert seen["seat"] == 0
    # after the subcommand, after its arguments, with `=`, and the token given on the line rather than from the env
    for args in (("show", created["id"], "--json", "--token", token),
                 ("show", "--json", created["id"], f"--token={token}"),
                 ("show", created["id"], "--token", token, "--json", f"--url={server}")):
        answer = run(*args)
        assert answer.exit_code == 0, (args, answer.output)
        assert json.loads(answer.output) == seen, args
    moves = run("moves", created["id"], "--json", token=token)
    assert moves.exit_code == 0 and json.loads(moves.output)["seat"] == 0
    # a word after `--` is an argument, never the group's option
    assert run("play", created["id"], "--", "--json", token=token).exit_code == 2


@pytest.fixture
def closed_port():
    """A loopback port bound but not listening: a connection to it is refused at once."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield held.getsockname()[1]


def test_a_server_that_is_down_is_one_readable_line_and_exit_4(closed_port):
    env = {**os.environ, "BAZAAR_URL": f"http://127.0.0.1:{closed_port}", "BAZAAR_TOKEN": ""}
    done = subprocess.run([str(BAZAAR), "list"], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == SERVER_FAULT and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0] == f"error: unreachable: cannot reach http://127.0.0.1:{closed_port}: connection refused"
    as_json = subprocess.run([str(BAZAAR), "show", "0123456789abcdef", "--json"], env=env, capture_output=True,
                             text=True, timeout=60)
    assert as_json.returncode == SERVER_FAULT
    problem = json.loads(as_json.stdout)
    assert problem["code"] == "unreachable" and problem["status"] is None
    assert "\n" not in problem["detail"] and problem["detail"].endswith("connection refused")
