"""HTTP hardening on a real server: body size limits, CORS off by default and configurable, security headers on
the pages and pictures, and error answers that are problem+json without a trace of the server's insides."""

import requests

from tests.support.databases import own_db

GAME = {"game": "tiny", "seats": 2}
PROBLEM = "application/problem+json"


def no_insides(response: requests.Response) -> None:
    assert response.headers["Content-Type"] == PROBLEM, response.headers["Content-Type"]
    for word in ("Traceback", 'File "', "werkzeug", "site-packages"):
        assert word not in response.text, response.text[:300]


def test_a_body_over_the_limit_is_refused_before_it_is_read(server):
    """Production settings: 1 MiB. A 50 MB body is refused from its Content-Length (the server answers without
    reading it); a chunked body without a length is cut off once it passes the limit."""
    big = b'{"game": "tiny", "seats": 2, "name": "' + b"x" * (50 << 20) + b'"}'
    refused = requests.post(f"{server}/v1/games", data=big, headers={"Content-Type": "application/json"},
                            timeout=60)
    assert refused.status_code == 413 and refused.json()["code"] == "request_entity_too_large"
    no_insides(refused)

    def chunks():
        yield b'{"game": "tiny", "seats": 2, "name": "'
        for _ in range(40):
            yield b"y" * 65536
        yield b'"}'

    chunked = requests.post(f"{server}/v1/games", data=chunks(), headers={"Content-Type": "application/json"},
                            timeout=60)
    assert chunked.status_code == 413, chunked.text
    no_insides(chunked)
    assert requests.post(f"{server}/v1/games", json=GAME, timeout=10).status_code == 201  # the worker is fine


def test_the_import_has_its_own_larger_limit(own_server):
    token = "organiser-body-limits-4a8e2c6f1b9d3"
    with own_server(own_db("body_limits"), MAX_BODY_BYTES=1000, IMPORT_MAX_BYTES=5000, ORGANISER_TOKENS=token) as base:
        organiser = {"Authorization": f"Bearer {token}", "Content-Type": "application/x-ndjson"}
        over_body = requests.post(f"{base}/v1/games", json={**GAME, "name": "n" * 2000}, timeout=10)
        assert over_body.status_code == 413
        # 3,000 bytes pass the import's limit and reach the import, which refuses them as a log, not as a size
        within = requests.post(f"{base}/v1/games/import", data=b"{}\n" * 1000, headers=organiser, timeout=10)
        assert within.status_code == 422, within.text
        over = requests.post(f"{base}/v1/games/import", data=b"{}\n" * 2000, headers=organiser, timeout=10)
        assert over.status_code == 413
        no_insides(over)


def test_cors_is_off_unless_an_operator_names_origins(server, own_server):
    origin = {"Origin": "https://app.example"}
    assert "Access-Control-Allow-Origin" not in requests.get(f"{server}/v1/games", headers=origin,
                                                            timeout=10).headers
    with own_server(own_db("cors"), CORS_ORIGINS="https://app.example, https://other.example") as base:
        preflight = requests.options(f"{base}/v1/games", timeout=10, headers={
            **origin, "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "Authorization, Idempotency-Key, Content-Type"})
        assert preflight.status_code == 200
        assert preflight.headers["Access-Control-Allow-Origin"] == "https://app.example"
        allowed = preflight.headers["Access-Control-Allow-Headers"].lower()
        assert "authorization" in allowed and "idempotency-key" in allowed
        created = requests.post(f"{base}/v1/games", json=GAME, headers=origin, timeout=10)
        assert created.headers["Access-Control-Allow-Origin"] == "https://app.example"
        assert "retry-after" in created.headers["Access-Control-Expose-Headers"].lower()
        stranger = requests.get(f"{base}/v1/games", headers={"Origin": "https://evil.example"}, timeout=10)
        assert "Access-Control-Allow-Origin" not in stranger.headers


def test_pages_and_pictures_carry_security_headers(server):
    game = requests.post(f"{server}/v1/games", json={"game": "jaipur", "seats": 2}, timeout=10).json()
    for path in ("/", f"/play/{game['id']}"):
        page = requests.get(server + path, timeout=10)
        assert page.status_code == 200 and page.headers["Content-Type"].startswith("text/html")
        policy = page.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy and "unsafe" not in policy
        assert page.headers["X-Frame-Options"] == "DENY"
        assert page.headers["X-Content-Type-Options"] == "nosniff"
        assert page.headers["Referrer-Policy"] == "no-referrer"
    picture = requests.get(f"{server}/v1/games/{game['id']}/board.svg", timeout=10)
    assert picture.headers["Content-Type"].startswith("image/svg+xml")
    assert picture.headers["Content-Security-Policy"].startswith("default-src 'none'")
    missing = requests.get(f"{server}/play/{'0' * 16}", timeout=10)
    assert missing.status_code == 404
    no_insides(missing)
