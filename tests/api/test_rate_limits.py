"""Rate limits on a real server: a flood of creations from one client is cut off with 429 problem+json and
Retry-After at the production limits; limits are configurable; an operator can require a token to create."""

import threading
import time

import requests

from service.serving import WORKERS
from tests.support.databases import own_db

GAME = {"game": "tiny", "seats": 2}


def flood(base: str, seconds: float, threads: int = 8, headers: dict | None = None) -> list[requests.Response]:
    """Every thread names another client in X-Forwarded-For: at the production setting (no trusted proxy) that
    header counts nothing, so the flood is still one client's."""
    answers, stop = [], time.monotonic() + seconds

    def run(n: int):
        session = requests.Session()
        spoofed = {"X-Forwarded-For": f"198.51.100.{n}", **(headers or {})}
        while time.monotonic() < stop:
            answers.append(session.post(f"{base}/v1/games", json=GAME, headers=spoofed, timeout=30))

    workers = [threading.Thread(target=run, args=(n,)) for n in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return answers


def test_a_creation_flood_is_cut_off_at_the_production_limit(own_server):
    """Rate windows live in Redis and are keyed by client address: a server on a database of its own keeps
    this flood from slowing the suite's other tests (all from 127.0.0.1). Production settings (nothing
    overridden): 50 creations a second per client at most."""
    with own_server(own_db("creation_flood"), workers=WORKERS) as server:  # as many workers as production
        flooded(server)


def flooded(server: str) -> None:
    requests.post(f"{server}/v1/games", json=GAME, timeout=10)  # warm the server's workers
    time.sleep(1.1)
    started = time.monotonic()
    answers = flood(server, 3.0, threads=32)
    elapsed = time.monotonic() - started
    created = [r for r in answers if r.status_code == 201]
    refused = [r for r in answers if r.status_code == 429]
    print(f"{len(answers)} creations tried in {elapsed:.1f} s: {len(created)} created, {len(refused)} refused")
    assert created and len(created) + len(refused) == len(answers), {r.status_code for r in answers}
    assert len(created) <= 50 * (elapsed + 1) + 2, (len(created), elapsed)
    if not refused:  # a machine too busy to try more than the limit allows: nothing to refuse, nothing to show
        assert len(answers) <= 50 * (elapsed + 1) + 2, "over the limit, yet nothing refused"
        return
    problem = refused[0]
    assert problem.headers["Content-Type"] == "application/problem+json"
    assert problem.json()["code"] == "rate_limited" and problem.json()["status"] == 429
    assert 1 <= int(problem.headers["Retry-After"]) <= 2
    time.sleep(int(problem.headers["Retry-After"]) + 0.2)
    assert requests.post(f"{server}/v1/games", json=GAME, timeout=10).status_code == 201  # the window moved on


def test_limits_are_configurable_and_commands_are_limited_per_seat_token(own_server):
    with own_server(own_db("configured_limits"), RATE_CREATE="3/minute", RATE_COMMANDS="2/minute") as base:
        game = requests.post(f"{base}/v1/games", json=GAME, timeout=10).json()
        seat = requests.get(f"{base}/v1/games/{game['id']}", timeout=10).json()["to_act"][0]
        other = 1 - seat
        by_seat = {s: {"Authorization": f"Bearer {game['seats'][s]['token']}"} for s in (0, 1)}
        add = {"type": "add", "amount": 1}
        moves = [requests.post(f"{base}/v1/games/{game['id']}/commands", json=add, headers=by_seat[seat],
                               timeout=10) for _ in range(3)]
        assert [m.status_code for m in moves] == [201, 201, 429]
        assert 1 <= int(moves[2].headers["Retry-After"]) <= 60  # when the minute's window frees a slot
        assert not [h for h in moves[0].headers if h.lower().startswith("x-ratelimit")]  # no second round trip
        # the other seat's token has its own window: its refusal is the rules', not the limiter's
        assert requests.post(f"{base}/v1/games/{game['id']}/commands", json=add, headers=by_seat[other],
                             timeout=10).json()["code"] == "not_your_turn"
        codes = [requests.post(f"{base}/v1/games", json=GAME, timeout=10).status_code for _ in range(3)]
        assert codes == [201, 201, 429]
        # a third party sharing nothing with the flood still gets a fair answer elsewhere
        assert requests.get(f"{base}/healthz", timeout=10).status_code == 200


def test_limits_can_be_left_to_a_gateway(own_server):
    """RATE_LIMITS=false: a deployment whose gateway limits every route already pays no Redis round trip here."""
    with own_server(own_db("limits_at_gateway"), RATE_LIMITS="false", RATE_CREATE="1/minute") as base:
        codes = [requests.post(f"{base}/v1/games", json=GAME, timeout=10).status_code for _ in range(3)]
        assert codes == [201, 201, 201]


def test_an_operator_can_require_an_organiser_token_to_create(own_server):
    token = "org-secret-create-requires-token-7b3d"
    with own_server(own_db("create_requires_token"), CREATE_REQUIRES_TOKEN="true", ORGANISER_TOKENS=token) as base:
        anonymous = requests.post(f"{base}/v1/games", json=GAME, timeout=10)
        assert anonymous.status_code == 401 and anonymous.json()["code"] == "organiser_required"
        organiser = requests.post(f"{base}/v1/games", json=GAME, timeout=10,
                                  headers={"Authorization": f"Bearer {token}"})
        assert organiser.status_code == 201


def test_behind_a_trusted_proxy_the_limit_is_per_forwarded_client_and_otherwise_the_header_is_ignored(own_server):
    """TRUSTED_PROXIES=1: each client the load balancer names has its own window. Without it (production's
    default) X-Forwarded-For is ignored: a flood cannot escape its limit by naming other addresses."""
    def creations(base: str, client: str, count: int) -> list[int]:
        return [requests.post(f"{base}/v1/games", json=GAME, timeout=10,
                              headers={"X-Forwarded-For": client}).status_code for _ in range(count)]

    with own_server(own_db("trusted_proxy"), RATE_CREATE="2/minute", TRUSTED_PROXIES=1) as base:
        assert creations(base, "203.0.113.7", 3) == [201, 201, 429]
        assert creations(base, "203.0.113.8", 2) == [201, 201]  # another client behind the same proxy
    with own_server(own_db("trusted_proxy"), RATE_CREATE="2/minute") as base:
        assert creations(base, "203.0.113.7", 2) == [201, 201]
        assert creations(base, "203.0.113.9", 1) == [429]  # the same connection's address: the same window
