"""One HTTP exchange with the service: base URL, bearer token, timeouts, retries, and problem+json turned
into `BazaarError`. Everything above this module speaks in paths and JSON."""

from __future__ import annotations

import os
import time

import requests

from bazaar_client.sdk.errors import UNREACHABLE, BazaarError, from_response
from bazaar_client.sdk.retry import RetryPolicy

AWAITING_CHANCE = "awaiting_chance"
VERSION_CONFLICT = "version_conflict"
# (connect, read) seconds; a long read for exports of long games
TIMEOUT = (5, 60)


def environment_session(base_url: str) -> requests.Session:
    """A session that honours the environment's proxies (HTTP(S)_PROXY, NO_PROXY) and CA bundle
    (REQUESTS_CA_BUNDLE, CURL_CA_BUNDLE) as read once, now: requests would read them again on every request,
    walking the whole environment each time (about half a millisecond a request, a bot's whole think budget
    in a long game). Bearer tokens only, so no netrc."""
    session = requests.Session()
    session.proxies = requests.utils.get_environ_proxies(base_url)
    session.verify = os.environ.get("REQUESTS_CA_BUNDLE") or os.environ.get("CURL_CA_BUNDLE") or True
    session.trust_env = False
    return session


def cause(err: requests.RequestException, timeout) -> str:
    """Why a request got no answer, in a few words a person reads on one line: the operating system's reason
    ("connection refused", "name or service not known") or the timeout that ran out, not requests' and urllib3's
    nested reprs (a 300-character line naming connection pools and retry counts)."""
    connect_s, read_s = timeout if isinstance(timeout, tuple) else (timeout, timeout)
    if isinstance(err, requests.ConnectTimeout):
        return f"no connection within {connect_s:g} s"
    if isinstance(err, requests.ReadTimeout):
        return f"no answer within {read_s:g} s"
    found: BaseException = err
    for link in chain(err):
        if isinstance(link, OSError) and link.strerror:  # requests' and urllib3's own errors carry none
            return link.strerror[:1].lower() + link.strerror[1:]
        found = link
    return str(found).splitlines()[0][:200] if str(found) else type(found).__name__


def chain(err: BaseException):
    """`err` and what caused it, outermost first (urllib3 keeps the cause in `reason`, requests in `args[0]`)."""
    seen: set[int] = set()
    link: BaseException | None = err
    while link is not None and id(link) not in seen:
        seen.add(id(link))
        yield link
        reason = getattr(link, "reason", None)
        first = link.args[0] if link.args else None
        link = next((c for c in (reason, first, link.__cause__, link.__context__) if isinstance(c, BaseException)),
                    None)


class Transport:
    def __init__(self, base_url: str, token: str | None = None, retry: RetryPolicy | None = None,
                 session: requests.Session | None = None):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.retry = retry or RetryPolicy()
        self.session = session or environment_session(self.base_url)
        # how many times a request was retried (awaiting_chance, Retry-After, dropped connection): for callers
        # that report or test it
        self.retries = 0

    def with_token(self, token: str | None) -> Transport:
        """The same server and connection pool, acting as another seat (or as a spectator with None)."""
        return Transport(self.base_url, token, self.retry, self.session)

    def headers(self, extra: dict | None = None, token: str | None = None) -> dict:
        headers = dict(extra or {})
        token = token or self.token
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return headers

    def open(self, method: str, path: str, *, token: str | None = None, headers: dict | None = None,
             stream: bool = False, timeout=TIMEOUT, **kwargs) -> requests.Response:
        """Send once; a refused connection or a timeout is `BazaarError(unreachable)`."""
        try:
            return self.session.request(method, self.base_url + path, headers=self.headers(headers, token),
                                        stream=stream, timeout=timeout, **kwargs)
        except requests.RequestException as err:
            raise BazaarError(UNREACHABLE, None, f"cannot reach {self.base_url}: {cause(err, timeout)}") from err

    def request(self, method: str, path: str, *, repeatable: bool = True, **kwargs) -> requests.Response:
        """Send, retrying while the server asks for quiet (`Retry-After` on `429`/`503`) and, if the request is
        `repeatable` (a read, or a command with an `Idempotency-Key`), after a dropped connection. Returns a
        2xx response or raises `BazaarError`. `409 awaiting_chance` is raised, not retried here: the command's
        expected version must move past the dealer's draw first, which only the command path knows
        (`bazaar_client.sdk.commands`)."""
        started = time.monotonic()
        attempt = 0
        failed_connections = 0
        while True:
            try:
                response = self.open(method, path, **kwargs)
            except BazaarError:
                failed_connections += 1
                if not repeatable or failed_connections >= self.retry.connection_attempts:
                    raise
                attempt += 1
                self.wait(self.retry.backoff(attempt))
                continue
            if response.ok:
                return response
            error = from_response(response)
            if error.code == AWAITING_CHANCE or error.retry_after is None:
                raise error
            attempt += 1
            delay = self.retry.delay(attempt, error.retry_after, awaiting_chance=False)
            if time.monotonic() - started + delay > self.retry.budget_s:
                raise error
            self.wait(delay)

    def wait(self, delay: float) -> None:
        self.retries += 1
        time.sleep(delay)
