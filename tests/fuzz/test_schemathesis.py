"""schemathesis (its CLI, every check; every phase under the long profile) against a live server with production
settings and openapi.yaml: no server errors, every response as documented, schema-valid requests never refused
as malformed (and creations created), schema-violating ones refused.

Every operation is reached: before the run the test makes what the routes name (an organiser, players, a spare
token, games, a running and a registering tournament), schemathesis.toml puts their ids into the paths, and
schemathesis_hooks.py gives each operation the token of a caller it serves. The run's report (NDJSON) is read
back: each operation must have had an answer other than 401, 403 and 404, and the summary printed says how each
answered. Bounded examples and no coverage phase keep it to ~20 s of CPU by default; the `long` profile runs
every phase with five times as many examples per operation."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pytest
import requests
import yaml

from tests.conftest import sized
from tests.support.databases import own_db

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
EXAMPLES = sized(ci=10, long=50)
# The coverage phase (boundary and just-outside values of every parameter; not bounded by --max-examples) was
# two thirds of this test's ~45 CPU-s: by default the fuzzing phase's negative cases stand in for it, and the long
# profile runs every phase.
PHASES = "examples,fuzzing,stateful" if EXAMPLES < 50 else "examples,coverage,fuzzing,stateful"
ADMIN = "admin-of-the-schemathesis-run-6f1c8a2e9d4b"
UNREACHED = {401, 403, 404}


def made(base: str, path: str, token: str, body: dict | None = None, status: int = 201) -> dict:
    answer = requests.post(base + path, json=body, headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert answer.status_code == status, (path, answer.text)
    return answer.json()


def world(base: str) -> dict[str, str]:
    """What the routes name, made through the API; BAZAAR_FUZZ_* for schemathesis.toml and the hooks."""
    organiser = made(base, "/v1/organisers", ADMIN, {"name": "Fuzzing club"})["token"]
    player = made(base, "/v1/players", organiser, {"name": "Ada"})
    spare = made(base, f"/v1/identities/{player['id']}/tokens", organiser, {})
    doomed = made(base, "/v1/players", organiser, {"name": "Bo"})
    game = made(base, "/v1/games", organiser, {"game": "jaipur", "seats": 2})
    seats_game = made(base, "/v1/games", organiser, {"game": "jaipur", "seats": 2})
    running = made(base, "/v1/tournaments", organiser, {"game": "jaipur", "format": "round_robin", "table_size": 2})
    entrants = [made(base, f"/v1/tournaments/{running['id']}/players", organiser, body)["player"]
                for body in ({"player": player["id"]}, {"name": "Cy"}, {"name": "Di"})]
    made(base, f"/v1/tournaments/{running['id']}/start", organiser, status=200)
    registering = made(base, "/v1/tournaments", organiser, {"game": "jaipur", "format": "swiss", "table_size": 2,
                                                            "rounds": 2})
    made(base, f"/v1/tournaments/{registering['id']}/players", organiser, {"name": "Ed"})
    # open seats, offers: a game open to anyone, one where a player sat down, a finished game of the run's player
    # with a rematch offered to it, and a challenge made to it
    rival = made(base, "/v1/players", organiser, {"name": "Fay"})
    open_game = made(base, "/v1/games", organiser, {"game": "jaipur", "seats": 2, "invitations": ["public", "public"]})
    seated = made(base, "/v1/games", organiser, {"game": "jaipur", "seats": 2, "invitations": ["public", "public"]})
    made(base, f"/v1/games/{seated['id']}/seats/0/claim", rival["token"], {})
    finished = made(base, "/v1/games", organiser, {"game": "tiny", "seats": 2, "options": {"goal": 1},
                                                   "players": [player["id"], rival["id"]]})
    first = requests.get(f"{base}/v1/games/{finished['id']}", timeout=10).json()["to_act"][0]
    made(base, f"/v1/games/{finished['id']}/commands", finished["seats"][first]["token"], {"type": "add", "amount": 1})
    made(base, f"/v1/games/{finished['id']}/rematch", rival["token"], {}, status=200)
    challenge = made(base, "/v1/challenges", rival["token"], {"player": player["id"], "game": "jaipur"})
    return {"ADMIN": ADMIN, "ORGANISER": organiser, "PLAYER": player["token"], "PLAYER_ID": player["id"],
            "SPARE_TOKEN_ID": spare["token_id"], "DOOMED_ID": doomed["id"], "SEAT": game["seats"][0]["token"],
            "GAME": game["id"], "SEATS_GAME": seats_game["id"], "TOURNAMENT": running["id"],
            "OPEN_TOURNAMENT": registering["id"], "ENTRANT": entrants[1], "OPEN_GAME": open_game["id"],
            "SEATED_GAME": seated["id"], "FINISHED_GAME": finished["id"], "CHALLENGE": challenge["id"]}


def answers(report: Path) -> dict[str, Counter]:
    """Operation ("GET /v1/me") -> how often each status came back, from the run's NDJSON events: each finished
    scenario records its cases (method and path template) and, by case id, what was sent and answered."""
    counts: dict[str, Counter] = defaultdict(Counter)
    for line in report.read_text().splitlines():
        finished = json.loads(line).get("ScenarioFinished")
        if finished is None:
            continue
        recorder = finished["recorder"]
        for case_id, interaction in recorder.get("interactions", {}).items():
            case = recorder["cases"][case_id]["value"]
            if interaction.get("response"):
                counts[f"{case['method']} {case['path']}"][interaction["response"]["status_code"]] += 1
    return counts


@pytest.mark.slow(seconds=20)
def test_schemathesis_finds_nothing_and_reaches_every_operation(own_server, tmp_path):
    # a Redis database of its own: the thousands of games it creates stay out of the other tests' lists
    with own_server(own_db("schemathesis"), ADMIN_TOKENS=ADMIN) as base:
        env = {**os.environ, **{f"BAZAAR_FUZZ_{k}": v for k, v in world(base).items()},
               "SCHEMATHESIS_HOOKS": str(HERE / "schemathesis_hooks.py")}
        run = subprocess.run(
            [str(Path(sys.executable).parent / "schemathesis"), "--config-file", str(HERE / "schemathesis.toml"),
             "run", f"{base}/openapi.yaml", "--checks", "all", "--max-examples", str(EXAMPLES), "--phases", PHASES,
             "--generation-deterministic", "--request-timeout", "30", "--continue-on-failure",
             "--report", "ndjson", "--report-ndjson-path", str(tmp_path / "run.ndjson")],
            capture_output=True, text=True, timeout=600, env=env, cwd=ROOT)
    report = run.stdout + run.stderr
    summary = report[report.rfind("SUMMARY"):] if "SUMMARY" in report else report[-3000:]
    counts = answers(tmp_path / "run.ndjson")
    print(summary)
    print(table(counts))
    assert run.returncode == 0, report[-12000:]
    counts["GET /openapi.yaml"][200] += 1  # where schemathesis read the document: it never calls it again
    unreached = [operation for operation in operations() if not set(counts[operation]) - UNREACHED]
    assert not unreached, f"answered only 401, 403 or 404 (or not called): {unreached}"


def operations() -> list[str]:
    """Every operation openapi.yaml publishes, as the report names them."""
    document = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    return [f"{method.upper()} {path}" for path, item in document["paths"].items() for method in item
            if method in ("get", "put", "post", "delete", "patch")]


def table(counts: dict[str, Counter]) -> str:
    lines = ["operation: answers (status x count)"]
    for operation in sorted(counts):
        statuses = ", ".join(f"{status} x{n}" for status, n in sorted(counts[operation].items()))
        lines.append(f"  {operation}: {statuses}")
    return "\n".join(lines)
