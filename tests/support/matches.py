"""A Jaipur match played over HTTP against a running server, for the tests and benchmarks of live streams."""

from __future__ import annotations

import time

import requests


class Match:
    """A Jaipur match moved on by posting whichever legal move comes first (events to stream, cheaply)."""

    def __init__(self, base: str):
        self.base, self.http = base, requests.Session()
        body = self.http.post(f"{base}/v1/games", json={"game": "jaipur", "seats": 2}, timeout=30).json()
        self.gid, self.tokens = body["id"], [s["token"] for s in body["seats"]]

    def move(self) -> float:
        """Post one move; the seconds the POST took (0 once the match is over)."""
        view = self.http.get(f"{self.base}/v1/games/{self.gid}", timeout=30).json()
        if view["status"] == "finished":
            return 0.0
        auth = {"Authorization": f"Bearer {self.tokens[view['to_act'][0]]}"}
        moves = self.http.get(f"{self.base}/v1/games/{self.gid}/legal-moves", headers=auth, timeout=30).json()
        started = time.perf_counter()
        r = self.http.post(f"{self.base}/v1/games/{self.gid}/commands", json=moves["moves"][0], headers=auth,
                           timeout=30)
        assert r.status_code == 201, r.text
        return time.perf_counter() - started

    def version(self) -> int:
        return self.http.get(f"{self.base}/v1/games/{self.gid}", timeout=30).json()["version"]
