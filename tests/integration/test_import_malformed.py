"""A malformed export is named, never a crash: the import route answers 422 problem+json naming the line and the
field, and stores nothing; `python -m service.operations.verify` prints one line naming the same, and exits 1. The cases are
the findings of issue 27 (ids of every type: a list or dict crashed the verifier and made the import a 500, an int
or null was stored and then answered 500) and their neighbours; each expected answer is written in the table.

The import runs on a real server of this module's own (production settings, an organiser token) on a Redis
database of its own; the exports come from games played in process on the suite's Redis, as from another
deployment."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import redis
import requests

from service.operations.verify import main, verify
from tests.conftest import EXTRA_GAMES, ROOT
from tests.support.databases import url_of
from tests.support.exports import finished_export, lines, rechained
from tests.support.processes import gunicorn
from tests.support.service import InProcess

ORGANISER = "import-malformed-organiser-7c2e9a4b1f6d3058"


@pytest.fixture(scope="module")
def importing(redis_url, tmp_path_factory):
    """(base URL, the Redis it stores in) of a server of the module's own."""
    url = url_of(redis_url, "import_malformed")
    client = redis.Redis.from_url(url)
    client.flushdb()
    with gunicorn(url, tmp_path_factory.mktemp("imports"), {"BAZAAR_EXTRA_GAMES": EXTRA_GAMES,
                                                            "BAZAAR_ORGANISER_TOKENS": ORGANISER}) as base:
        yield base, client
    client.flushdb()


@pytest.fixture(scope="module")
def export(app):
    return [json.loads(line) for line in finished_export(InProcess.of(app), "import-malformed")]


def post(base: str, body: bytes):
    return requests.post(f"{base}/v1/games/import", data=body, timeout=60,
                         headers={"Authorization": f"Bearer {ORGANISER}", "Content-Type": "application/x-ndjson"})


def every(field, value):
    """Set `field` on every line and chain the log again (a forger's file: only the checks after the chain see it)."""
    return lambda envs: rechained([{**env, field: value} for env in envs])


def on_line(number, field, value):
    def edit(envs):
        envs = [dict(env) for env in envs]
        envs[number - 1][field] = value
        return rechained(envs)
    return edit


def lone_surrogate(envs):
    text = lines(envs)
    text[1] = text[1].replace('"payload":{', '"payload":{"x":"\\udc80",', 1)
    return text


# (name, edit of the export's envelopes (or lines), code, line, field): the expected answer of each
CASES = [
    ("id a list", every("game", ["0123456789abcdef"]), "import_malformed", 1, "game"),
    ("id a dict", every("game", {"id": "0123456789abcdef"}), "import_malformed", 1, "game"),
    ("id an int", every("game", 123), "import_malformed", 1, "game"),
    ("id null", every("game", None), "import_malformed", 1, "game"),
    ("id a path", every("game", "/../../../../tmp/pwned"), "import_malformed", 1, "game"),
    ("id markup", every("game", "<script>"), "import_malformed", 1, "game"),
    ("id a key separator", every("game", "x}:meta"), "import_malformed", 1, "game"),
    ("id of 5,000 characters", every("game", "a" * 5000), "import_malformed", 1, "game"),
    ("id of two games", on_line(3, "game", "0123456789abcdef"), "import_malformed", 3, "game"),
    ("version a string", on_line(2, "version", "2"), "import_malformed", 2, "version"),
    ("version true", on_line(2, "version", True), "import_malformed", 2, "version"),
    ("type a list", on_line(4, "type", ["x"]), "import_malformed", 4, "type"),
    ("type unknown", on_line(4, "type", "cards_burnt"), "import_malformed", 4, "type"),
    ("v from the future", on_line(4, "v", 99), "import_malformed", 4, "v"),
    ("at not a time", on_line(2, "at", "yesterday"), "import_malformed", 2, "at"),
    ("seat a string", on_line(2, "seat", "0"), "import_malformed", 2, "seat"),
    ("visibility unknown", on_line(2, "visibility", "everyone"), "import_malformed", 2, "visibility"),
    ("payload a list", on_line(2, "payload", []), "import_malformed", 2, "payload"),
    ("command a string", on_line(1, "command", "create_game"), "import_malformed", 1, "command"),
    ("hash upper case", lambda envs: lines([envs[0], {**envs[1], "hash": envs[1]["hash"].upper()}, *envs[2:]]),
     "import_malformed", 2, "hash"),
    ("a field of no event", on_line(2, "owner", "me"), "import_malformed", 2, "owner"),
    ("a field missing", lambda envs: rechained([envs[0], {k: v for k, v in envs[1].items() if k != "at"},
                                                *envs[2:]]), "import_malformed", 2, "at"),
    ("the first command missing", lambda envs: rechained([{k: v for k, v in envs[0].items() if k != "command"},
                                                         *envs[1:]]), "import_malformed", 1, "command"),
    ("seats not a number", lambda envs: rechained([{**envs[0], "payload": {**envs[0]["payload"], "seats": "2"}},
                                                   *envs[1:]]), "import_malformed", 1, "payload.seats"),
    ("game unknown", lambda envs: rechained([{**envs[0], "payload": {**envs[0]["payload"], "game": ["tiny"]}},
                                             *envs[1:]]), "import_unknown_game", 1, "payload.game"),
    ("a line not JSON", lambda envs: [*lines(envs[:2]), '{"game": ', *lines(envs[3:])], "import_malformed", 3, None),
    ("a blank line inside", lambda envs: [*lines(envs[:3]), "", *lines(envs[3:])], "import_malformed", 4, None),
    ("a line a list", lambda envs: [*lines(envs[:4]), "[1, 2]", *lines(envs[5:])], "import_malformed", 5, None),
    ("a lone surrogate", lone_surrogate, "import_malformed", 2, None),
    ("nested deeply", lambda envs: [*lines(envs[:1]), "[" * 100 + "]" * 100], "import_malformed", 2, None),
    ("a hash altered", lambda envs: lines([*envs[:5], {**envs[5], "at": "2020-01-01T00:00:00.000Z"}, *envs[6:]]),
     "import_chain_broken", 6, "hash"),
]


def stored(client) -> set:
    """Every key of a game, the index or the feed (not the rate limits' windows, which any request moves)."""
    return set(client.scan_iter(match="game:*")) | set(client.scan_iter(match="bazaar:*"))


def body_of(edited) -> bytes:
    text = edited if edited and isinstance(edited[0], str) else lines(edited)
    return ("\n".join(text) + "\n").encode()


@pytest.mark.parametrize("name,edit,code,line,field", CASES, ids=[c[0] for c in CASES])
def test_the_import_names_the_line_and_field_and_stores_nothing(importing, export, name, edit, code, line, field):
    base, client = importing
    before = stored(client)
    r = post(base, body_of(edit(export)))
    assert r.status_code == 422 and r.headers["Content-Type"].startswith("application/problem+json"), r.text
    assert (r.json()["code"], r.json()["line"], r.json().get("field")) == (code, line, field)
    assert stored(client) == before


@pytest.mark.parametrize("name,edit,code,line,field", CASES, ids=[c[0] for c in CASES])
def test_the_verifier_says_the_same_in_one_line(tmp_path, capsys, export, name, edit, code, line, field):
    path = tmp_path / "export.ndjson"
    path.write_bytes(body_of(edit(export)))
    assert main([str(path)]) == 1
    out, err = capsys.readouterr()
    assert err == "" and len(out.splitlines()) == 1
    prefix = f"line {line}: {field}: " if field else f"line {line}: "
    assert out.startswith(prefix) and out.rstrip().endswith(f"({code})"), out


def test_the_verifier_command_prints_one_line_for_a_list_id(tmp_path, export):
    """The finding as reported: `python -m service.operations.verify` on a file whose id is a list printed a traceback."""
    path = tmp_path / "export.ndjson"
    path.write_bytes(body_of(every("game", ["x"])(export)))
    run = subprocess.run([sys.executable, "-m", "service.operations.verify", str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 1 and run.stderr == "" and "Traceback" not in run.stdout
    assert run.stdout.splitlines() == [run.stdout.strip()] and run.stdout.startswith("line 1: game: ")


def test_bytes_that_are_not_utf8_are_named_by_line(importing, tmp_path, export):
    body = body_of(export).split(b"\n")
    body[3] = body[3].replace(b'"type"', b'"ty\xffpe"', 1)
    r = post(importing[0], b"\n".join(body))
    assert r.status_code == 422 and (r.json()["code"], r.json()["line"]) == ("import_malformed", 4)
    path = tmp_path / "export.ndjson"
    path.write_bytes(b"\n".join(body))
    assert main([str(path)]) == 1


def test_the_untouched_export_passes_both(importing, export):
    """The other side of the table: the export the cases edit is itself valid."""
    assert verify(lines(export))[0]
    r = post(importing[0], body_of(export))
    assert r.status_code == 201, r.text
