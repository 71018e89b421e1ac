"""Posting a command: the expected version (compare-and-set), an `Idempotency-Key` (a retry never plays twice),
and waiting out a pending chance step (`409 awaiting_chance`).

While a dealer's roll is pending nobody may act, so the only events that can land between our expected version
and the retry are the dealer's own (no seat). We move the expected version past them and retry; if anything a
seat did landed instead, we keep the old version and the server answers `version_conflict`, which is the
caller's to handle (the position changed under it)."""

from __future__ import annotations

import time
import uuid

from bazaar_client.sdk.errors import BazaarError
from bazaar_client.sdk.transport import AWAITING_CHANCE, VERSION_CONFLICT, Transport
from bazaar_client.sdk.types import CommandResult, EventPage


def new_idempotency_key() -> str:
    return uuid.uuid4().hex


def post_command(transport: Transport, game_id: str, command: dict, expected_version: int | None,
                 idempotency_key: str | None = None) -> CommandResult:
    key = idempotency_key or new_idempotency_key()
    policy = transport.retry
    started = time.monotonic()
    attempt = 0
    expected = expected_version
    while True:
        body = {k: v for k, v in command.items() if k != "expected_version"}
        if expected is not None:
            body["expected_version"] = expected
        try:
            response = transport.request("POST", f"/v1/games/{game_id}/commands", json=body,
                                         headers={"Idempotency-Key": key})
            return CommandResult.from_json(response.json())
        except BazaarError as error:
            if error.code == VERSION_CONFLICT and attempt and expected is not None:
                # the roll we waited for landed between our look at the log and the retry: if only seatless
                # events came in between, the position we decided on still stands
                moved = past_chance_events(transport, game_id, expected)
                if moved != expected and time.monotonic() - started < policy.budget_s:
                    expected = moved
                    continue
                raise
            if error.code != AWAITING_CHANCE:
                raise
            attempt += 1
            delay = policy.delay(attempt, error.retry_after, awaiting_chance=True)
            if time.monotonic() - started + delay > policy.budget_s:
                raise
            transport.wait(delay)
            if expected is not None:
                expected = past_chance_events(transport, game_id, expected)


def past_chance_events(transport: Transport, game_id: str, expected: int) -> int:
    """The version after the seatless (dealer and platform) events appended since `expected`; `expected` itself
    if a seat acted in between."""
    page = EventPage.from_json(transport.request("GET", f"/v1/games/{game_id}/events",
                                                 params={"after": expected}).json())
    if any(event.seat is not None for event in page.events):
        return expected
    return page.events[-1].version if page.events else expected
