"""The one exception a client sees: every problem+json answer, and a server it cannot reach, become a
`BazaarError` carrying the problem's stable `code` (clients branch on codes, never on messages)."""

from __future__ import annotations

from typing import Any

# Codes the client itself uses when there is no problem document to read.
UNREACHABLE = "unreachable"
NOT_PROBLEM = "unexpected_response"
# Codes of the service's the SDK itself branches on.
NOT_FOUND = "not_found"  # no route matched (a game id not of the service's form, or a route this service lacks)
BAD_NOTATION = "bad_notation"  # a line the game's notation cannot read (400)


class BazaarError(Exception):
    """`code` is the problem's stable code; `status` the HTTP status (None when the server was not reached);
    `detail` is for people; `problem` the whole document (e.g. `current_version`, `line`, `field`)."""

    def __init__(self, code: str, status: int | None, detail: str = "", problem: dict[str, Any] | None = None,
                 retry_after: float | None = None):
        super().__init__(f"{code} ({status}): {detail}" if status else f"{code}: {detail}")
        self.code = code
        self.status = status
        self.detail = detail
        self.problem = problem or {}
        self.retry_after = retry_after

    @property
    def is_rule_violation(self) -> bool:
        """The request was well formed but the game refused it now (turn, rules, version, pending chance)."""
        return self.status in (403, 409, 422)

    @property
    def is_server_fault(self) -> bool:
        """Not the caller's fault: the server failed or could not be reached."""
        return self.status is None or self.status >= 500


def parse_retry_after(value: str | None) -> float | None:
    # the API sends delta-seconds only (openapi: `^[0-9]+$`); an HTTP date is not worth a parser here
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None


def from_response(response) -> BazaarError:
    """The error for a non-2xx `requests.Response`: its problem document when it has one."""
    retry_after = parse_retry_after(response.headers.get("Retry-After"))
    try:
        body = response.json()
    except ValueError:
        body = None
    if isinstance(body, dict) and isinstance(body.get("code"), str):
        return BazaarError(body["code"], response.status_code, str(body.get("detail") or body.get("title") or ""),
                           body, retry_after)
    return BazaarError(NOT_PROBLEM, response.status_code, response.text[:200], None, retry_after)
