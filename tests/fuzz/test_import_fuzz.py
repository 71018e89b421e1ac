"""Mutated exports against the offline verifier and the import route (hypothesis).

A valid export (a fair tiny game, a Jaipur match, a tournament's log) is mutated: any field of any line (the
envelope's own, or one inside its payload or command) set to a list, a dict, an int, null, a float, a long
string, an id of another form, a lone surrogate, deep nesting; a field dropped or added; a whole line replaced by
something that is not an envelope or not JSON; then, half the time, the hash chain recomputed as a forger would.

Whatever the file, `python -m service.operations.verify` (its `main`, in process) prints exactly one line, never a traceback
nor its last-resort line, and exits 1 unless the file is valid; the import route (production settings, in
process, a Redis database of its own) answers 201 or 422 problem+json, never a 500, stores nothing when it
refuses, and accepts exactly the files the verifier passes."""

from __future__ import annotations

import contextlib
import io
import json
import re
import tempfile
from pathlib import Path

import pytest
import redis
from hypothesis import currently_in_test_context, event, given, settings
from hypothesis import strategies as st

from service import create_app
from service.operations.verify import main
from service.tournaments.loop import Loop
from tests.conftest import sized
from tests.support.databases import url_of
from tests.support.exports import finished_export, lines, rechained
from tests.support.service import InProcess

ORGANISER = "import-fuzz-organiser-9b3e7a1c5d2f4068"
REPORT = re.compile(r"\Aline [0-9]+: ([^ ]+: )?.+ \([a-z_.]+\)\Z")  # `line N: [field: ]why (code)`
LAST_RESORT = "please report this as a bug"

NOT_IDS = ["../x", "/../../../../tmp/pwned", "<script>", "x}:meta", "0123456789abcdef\n", "0123456789ABCDEF"]
VALUES = st.one_of(
    st.sampled_from([None, True, False, 0, -1, 7, 2**64, 10**5000 if False else 2**200, 1.5, float("inf"), "", "x",
                     "a" * 5000, "\udc80", [], ["x"], {}, {"type": "x"}, {"type": ["x"]}, [[[[[[[[[[[]]]]]]]]]]]]),
    st.sampled_from(NOT_IDS),
    st.integers(), st.text(max_size=20),
)
BAD_LINES = ["{", "[1, 2]", "null", '"x"', "42", "{}", "\x00", '{"game": ', "[" * 200 + "]" * 200, "garbage",
             '{"a": NaN}', '{"a": 1e999}', '{"a": "' + "\\ud800" + '"}', "{" * 40 + "}" * 40, '{"' + "k" * 300 + '": 1}']


@st.composite
def mutated(draw, envelopes: list[dict]) -> list[str]:
    """The export's lines with one thing changed (sometimes two), the chain recomputed or not."""
    envelopes = [json.loads(json.dumps(env)) for env in envelopes]
    for _ in range(draw(st.integers(1, 2))):
        at = draw(st.integers(0, len(envelopes) - 1))
        env = envelopes[at]
        kind = draw(st.sampled_from(["set", "set", "drop", "add", "inner", "inner", "line", "swap"]))
        if not isinstance(env, dict) or not env:  # a line replaced already
            kind = "line"
        if kind == "set":
            env[draw(st.sampled_from(sorted(env)))] = draw(VALUES)
        elif kind == "drop":
            env.pop(draw(st.sampled_from(sorted(env))))
        elif kind == "add":
            env[draw(st.sampled_from(["owner", "redacted", "provenance", "x" * 50, "sealed", "auto", "game"]))] = draw(VALUES)
        elif kind == "inner":
            inner = next((env[k] for k in ("payload", "command", "auto") if isinstance(env.get(k), dict)), None)
            if inner:
                inner[draw(st.sampled_from([*sorted(inner), "extra"]))] = draw(VALUES)
        elif kind == "swap" and len(envelopes) > 1:
            other = draw(st.integers(0, len(envelopes) - 1))
            envelopes[at], envelopes[other] = envelopes[other], envelopes[at]
        elif kind == "line":
            envelopes[at] = draw(st.sampled_from(BAD_LINES))
    if draw(st.booleans()) and all(isinstance(e, dict) and isinstance(e.get("prev_hash", ""), str) for e in envelopes):
        with contextlib.suppress(Exception):  # a forger's rechaining needs what it rechains to be encodable
            envelopes = rechained(envelopes)
    return [e if isinstance(e, str) else json.dumps(e, separators=(",", ":")) for e in envelopes]


@pytest.fixture(scope="module")
def target(redis_url):
    """(Flask client, its Redis) of an app with production settings on a database of the module's own."""
    url = url_of(redis_url, "import_fuzz")
    client = redis.Redis.from_url(url)
    client.flushdb()
    yield create_app({"REDIS_URL": url, "ORGANISER_TOKENS": ORGANISER}).test_client(), client
    client.flushdb()


def stored(client) -> set:
    return set(client.scan_iter(match="game:*")) | set(client.scan_iter(match="bazaar:*"))


def verifier(text: list[str]) -> tuple[int, list[str]]:
    """`python -m service.operations.verify FILE`'s exit status and output, in process."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "export.ndjson"
        path.write_text("\n".join(text) + "\n", encoding="utf-8", errors="surrogatepass")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main([str(path)])
    return status, out.getvalue().splitlines() + err.getvalue().splitlines()


def check(target, text: list[str], importable: bool = True) -> None:
    status, output = verifier(text)
    assert status in (0, 1) and len(output) == 1, output
    assert "Traceback" not in output[0] and LAST_RESORT not in output[0], output
    assert status == 0 or REPORT.match(output[0]), output
    if not importable:
        return
    client, db = target
    before = stored(db)
    body = ("\n".join(text) + "\n").encode("utf-8", errors="surrogatepass")
    r = client.post("/v1/games/import", data=body, content_type="application/x-ndjson",
                    headers={"Authorization": f"Bearer {ORGANISER}"})
    assert r.status_code in (201, 422), (r.status_code, r.get_data(as_text=True))
    if currently_in_test_context():  # how deep the mutations reach: --hypothesis-show-statistics
        event(f"{r.status_code} {r.json.get('code', '')}")
    if r.status_code == 422:
        assert r.mimetype == "application/problem+json" and r.json["code"].startswith("import_")
        assert stored(db) == before
        assert status == 1 and output[0].startswith(f"line {r.json['line']}: ")  # the same line named
    else:
        assert status == 0 and output[0].startswith("OK:")  # the verifier passes exactly what is imported
        assert client.get(f"/v1/games/{r.json['id']}").json["imported"] is True


@pytest.fixture(scope="module")
def tiny(app):
    return [json.loads(line) for line in finished_export(InProcess.of(app), "import-fuzz-tiny")]


@pytest.fixture(scope="module")
def jaipur(app):
    return [json.loads(line) for line in finished_export(InProcess.of(app), "import-fuzz-jaipur", "jaipur")]


@pytest.fixture(scope="module")
def tournament_log(app):
    """A tournament's exported log: created, players registered, started, its first round paired and assigned."""
    organiser = "import-fuzz-tournament-organiser-5c1e8a3f"
    local = create_app({"REDIS_URL": app.config["REDIS_URL"], "TESTING": True, "INLINE_DEALER": True,
                        "ORGANISER_TOKENS": organiser})
    client, auth = local.test_client(), {"Authorization": f"Bearer {organiser}"}
    tid = client.post("/v1/tournaments", json={"game": "tiny", "format": "swiss", "table_size": 2, "rounds": 1},
                      headers=auth).json["id"]
    for name in ("Ada", "Bo", "Cy", "Di"):
        assert client.post(f"/v1/tournaments/{tid}/players", json={"name": name}, headers=auth).status_code == 201
    assert client.post(f"/v1/tournaments/{tid}/start", headers=auth).status_code == 200
    ext = local.extensions
    Loop(ext["bazaar.tournaments"], ext["bazaar.commands"], ext["bazaar.ratings"]).advance(tid)
    text = client.get(f"/v1/tournaments/{tid}/events?format=ndjson").get_data(as_text=True)
    return [json.loads(line) for line in text.splitlines() if line]


def test_the_unmutated_exports_pass(target, tiny, jaipur, tournament_log):
    for export in (tiny, jaipur):
        check(target, lines(export))
    assert verifier(lines(tournament_log)) == (0, [verifier(lines(tournament_log))[1][0]])


@settings(max_examples=sized(1000, 10000))
@given(data=st.data())
def test_a_mutated_tiny_export(target, tiny, data):
    check(target, data.draw(mutated(tiny)))


@settings(max_examples=sized(150, 1500))
@given(data=st.data())
def test_a_mutated_jaipur_export(target, jaipur, data):
    check(target, data.draw(mutated(jaipur)))


@settings(max_examples=sized(500, 5000))
@given(data=st.data())
def test_a_mutated_tournament_log_meets_the_verifier(target, tournament_log, data):
    check(target, data.draw(mutated(tournament_log)), importable=False)
