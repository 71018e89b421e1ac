"""Rate limits on a real server: floods from one client are cut off with 429 problem+json and Retry-After at the
production limits, whatever tokens they carry (a limit keys on a verified identity, anything else counts against
the client's address); limits are configurable; an operator can require a token to create."""

import secrets
import threading
import time

import pytest
import redis
import requests

from service.operations.serving import WORKERS
from tests.conftest import EXTRA_GAMES
from tests.support.databases import own_db, url_of
from tests.support.processes import gunicorn

GAME = {"game": "tiny", "seats": 2}
ADD = {"type": "add", "amount": 1}
# Production's limits (service/operations/config.py), stated here rather than read from the code under test.
PER_ADDRESS, CREATE = 200, 50


def unverified(n: int) -> dict:
    """Thread n's credentials: none, a fresh random bearer token per request, or one shaped like an issued
    token (its id looked up in Redis): none of them is anybody the service knows."""
    kind = n % 3
    if kind == 0:
        return {}
    if kind == 1:
        return {"Authorization": f"Bearer {secrets.token_urlsafe(24)}"}
    return {"Authorization": f"Bearer {secrets.token_hex(8)}.{secrets.token_urlsafe(24)}"}


def flood(seconds: float, threads: int, send) -> list[requests.Response]:
    """`send(session, n)` as fast as `threads` threads can for `seconds`. Every thread names another client in
    X-Forwarded-For: at the production setting (no trusted proxy) that header counts nothing, so the flood is
    still one client's."""
    answers, stop = [], time.monotonic() + seconds

    def run(n: int):
        session = requests.Session()
        session.headers["X-Forwarded-For"] = f"198.51.100.{n}"
        while time.monotonic() < stop:
            answers.append(send(session, n))

    workers = [threading.Thread(target=run, args=(n,)) for n in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return answers


@pytest.fixture(scope="module")
def production(redis_url, tmp_path_factory):
    """A server at production settings, with production's number of workers. Rate windows live in Redis and are
    keyed by client address: a database of its own keeps these floods from slowing the suite's other tests (all
    from 127.0.0.1)."""
    url = url_of(redis_url, "creation_flood")
    redis.Redis.from_url(url).flushdb()
    with gunicorn(url, tmp_path_factory.mktemp("flood"), {"BAZAAR_EXTRA_GAMES": EXTRA_GAMES}, workers=WORKERS) as base:
        requests.post(f"{base}/v1/games", json=GAME, timeout=10)  # warm the server's workers
        yield base


def test_a_creation_flood_is_cut_off_at_the_production_limit_whatever_tokens_it_sends(production):
    """50 creations a second per client at most: with no token, with a random bearer token per request (each
    once had a window of its own), or with tokens shaped like issued ones."""
    time.sleep(1.1)  # windows of earlier requests
    started = time.monotonic()
    answers = flood(3.0, 33, lambda session, n: session.post(f"{production}/v1/games", json=GAME,
                                                              headers=unverified(n), timeout=30))
    elapsed = time.monotonic() - started
    created = [r for r in answers if r.status_code == 201]
    # a token that speaks for nobody is refused (401 bad_token), but only once the address's window let it through
    passed = created + [r for r in answers if r.status_code == 401 and r.json()["code"] == "bad_token"]
    refused = [r for r in answers if r.status_code == 429]
    print(f"{len(answers)} creations tried in {elapsed:.1f} s: {len(created)} created, "
          f"{len(passed) - len(created)} refused as bad tokens, {len(refused)} refused as over the limit")
    assert created and len(passed) + len(refused) == len(answers), {r.status_code for r in answers}
    assert len(passed) <= CREATE * (elapsed + 1) + 2, (len(passed), elapsed)
    if not refused:  # a machine too busy to try more than the limit allows: nothing to refuse, nothing to show
        assert len(answers) <= CREATE * (elapsed + 1) + 2, "over the limit, yet nothing refused"
        return
    problem = refused[0]
    assert problem.headers["Content-Type"] == "application/problem+json"
    assert problem.json()["code"] == "rate_limited" and problem.json()["status"] == 429
    assert 1 <= int(problem.headers["Retry-After"]) <= 2
    time.sleep(int(problem.headers["Retry-After"]) + 0.2)
    assert requests.post(f"{production}/v1/games", json=GAME, timeout=10).status_code == 201  # the window moved on


def test_a_command_flood_without_a_seats_token_counts_against_the_address_and_the_seats_still_play(production):
    """Commands with no token, a random one or one shaped like an issued token are refused (401), and count
    against the client's address: 200 requests a second at most. A seat's own token is verified against the
    game's seat tokens and counts against the seat alone, so the seats of a game played behind that address still
    move while the flood is cut off."""
    game = requests.post(f"{production}/v1/games", json=GAME, timeout=10).json()
    tokens = [s["token"] for s in game["seats"]]
    seat = requests.get(f"{production}/v1/games/{game['id']}", timeout=10).json()["to_act"][0]
    time.sleep(1.1)
    started = time.monotonic()
    answers = flood(3.0, 24, lambda session, n: session.post(f"{production}/v1/games/{game['id']}/commands",
                                                              json=ADD, headers=unverified(n), timeout=30))
    elapsed = time.monotonic() - started
    moves = [requests.post(f"{production}/v1/games/{game['id']}/commands", json=ADD, timeout=10,
                           headers={"Authorization": f"Bearer {tokens[seat]}"})
             for _ in range(4)]  # at once, while the address's window is still full of the flood
    refused = [r for r in answers if r.status_code == 429]
    answered = [r for r in answers if r.status_code == 401]
    print(f"{len(answers)} commands without a seat's token in {elapsed:.1f} s: {len(answered)} answered 401, "
          f"{len(refused)} refused 429")
    assert len(answered) + len(refused) == len(answers), {r.status_code for r in answers}
    assert len(answered) <= PER_ADDRESS * (elapsed + 1) + 2, (len(answered), elapsed)
    assert [m.status_code for m in moves] == [201] * 4, [m.text for m in moves]
    if refused:
        assert refused[0].json()["code"] == "rate_limited" and int(refused[0].headers["Retry-After"]) >= 1


def test_limits_are_configurable_and_commands_are_limited_per_seat(own_server):
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


def test_only_verified_identities_have_windows_of_their_own(own_server):
    """Configured limits, counted request by request: random tokens share the address's creation window, an
    organiser's verified token has its own; commands without a seat's token use up the address's window (every
    one of its requests counts there), a seat's commands do not."""
    organiser = "organiser-of-the-rate-limit-tests-8c1e5a7f"
    with own_server(own_db("verified_limits"), RATE_CREATE="2/minute", RATE_PER_ADDRESS="12/minute",
                    ORGANISER_TOKENS=organiser) as base:
        def create(token: str) -> requests.Response:
            return requests.post(f"{base}/v1/games", json=GAME, headers={"Authorization": f"Bearer {token}"},
                                 timeout=10)

        # 3 of the address's 12: refused as tokens of nobody, after the address's creation window counted them
        randomly = [create(secrets.token_urlsafe(24)).status_code for _ in range(3)]
        assert randomly == [401, 401, 429]
        by_organiser = [create(organiser) for _ in range(3)]  # 6 of 12
        assert [r.status_code for r in by_organiser] == [201, 201, 429]
        game = by_organiser[0].json()
        seat = requests.get(f"{base}/v1/games/{game['id']}", timeout=10).json()["to_act"][0]  # 7 of 12
        tokens = [s["token"] for s in game["seats"]]
        unverified_commands = [
            requests.post(f"{base}/v1/games/{game['id']}/commands", json=ADD, headers=headers, timeout=10).status_code
            for headers in [{}, {"Authorization": "Basic eDp5"}] + [
                {"Authorization": f"Bearer {secrets.token_urlsafe(24)}"} for _ in range(5)]]
        assert unverified_commands == [401] * 5 + [429] * 2  # 12 of 12, then refused
        assert requests.get(f"{base}/v1/games/{game['id']}", timeout=10).status_code == 429
        for _ in range(3):  # the seat's own commands are not the address's
            move = requests.post(f"{base}/v1/games/{game['id']}/commands", json=ADD, timeout=10,
                                 headers={"Authorization": f"Bearer {tokens[seat]}"})
            assert move.status_code == 201, move.text


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
