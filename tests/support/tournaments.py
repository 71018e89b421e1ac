"""Driving tournaments through the HTTP API in tests: an organiser's calls, waiting for the worker to finish
one, and the checks every finished tournament must pass (every table one game, every result once)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from service.tournaments import audit as tournament_audit
from tests.api.client import Api
from tests.support.processes import redis_server, wait_for


def own_redis(data_dir: Path):
    """A redis-server of the module's own (its feed, consumer groups and games meet no other test's, and it
    needs no database number from the suite's); a context manager yielding its URL."""
    return redis_server(data_dir)


def create(api: Api, organiser: str, **settings) -> str:
    r = api.call("POST", "/v1/tournaments", organiser, json=settings)
    assert r.status_code == 201, r.text
    return r.json()["id"]


def register(api: Api, organiser: str, tid: str, **player) -> dict:
    r = api.call("POST", f"/v1/tournaments/{tid}/players", organiser, json=player)
    assert r.status_code == 201, r.text
    return r.json()


def start(api: Api, organiser: str, tid: str) -> dict:
    r = api.call("POST", f"/v1/tournaments/{tid}/start", organiser)
    assert r.status_code == 200, r.text
    return r.json()


def view(api: Api, tid: str) -> dict:
    r = api.call("GET", f"/v1/tournaments/{tid}")
    assert r.status_code == 200, r.text
    return r.json()


def finished(api: Api, tid: str, timeout: float) -> dict:
    return wait_for(lambda: (v := view(api, tid))["phase"] == "finished" and v, timeout=timeout, interval=0.5)


def check_finished(api: Api, organiser: str, tid: str) -> dict:
    """Every table of every round played one game of its own (a player's listed games are exactly their
    tables), every result is recorded once, the standings' points add up, the CSV says the same as the JSON,
    and the exported log verifies."""
    final = view(api, tid)
    tables = [t for r in final["rounds"] for t in r["tables"]]
    games = [t["game_id"] for t in tables if t["game_id"]]
    assert len(games) == len(set(games)) and all(t["result"] for t in tables)
    for player in final["players"]:
        listed = api.call("GET", f"/v1/games?player={player['player']}&limit=500", organiser).json()["games"]
        sat_at = sorted(t["game_id"] for t in tables if player["player"] in t["players"] and t["game_id"])
        assert sorted(g["id"] for g in listed) == sat_at, player  # no second game was ever made for a table
    logged = [e for e in events(api, tid) if e["type"] == "result_recorded"]
    assert sorted(e["payload"]["table"] + 1000 * e["payload"]["round"] for e in logged) == sorted(
        t["table"] + 1000 * r["round"] for r in final["rounds"] for t in r["tables"])  # each result exactly once
    rows = list(csv.DictReader(io.StringIO(api.call("GET", f"/v1/tournaments/{tid}/standings?format=csv").text)))
    assert [(r["player"], float(r["points"])) for r in rows] == [(s["player"], s["points"]) for s in final["standings"]]
    return final


def events(api: Api, tid: str) -> list[dict]:
    r = api.call("GET", f"/v1/tournaments/{tid}/events?format=ndjson")
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("application/x-ndjson")
    envelopes = tournament_audit.parse(r.text)
    assert tournament_audit.verify(envelopes) is None
    assert envelopes[-1]["hash"] == r.headers["Bazaar-Head-Hash"]
    return envelopes
