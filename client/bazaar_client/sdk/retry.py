"""When to try a request again, and how long to wait: capped exponential backoff inside an overall time
budget.

`Retry-After` comes in whole seconds. With `409 awaiting_chance` it is an upper bound (the background dealer
normally lands its roll within milliseconds), so each wait is the backoff capped by it; with any other status
(`429`, `503`) the server asks for that much quiet, so we wait exactly that long."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RetryPolicy:
    first_delay_s: float = 0.02
    max_delay_s: float = 1.0
    budget_s: float = 30.0
    # dropped connections are retried only for requests that are safe to repeat (reads, keyed commands)
    connection_attempts: int = 3

    def backoff(self, attempt: int) -> float:
        """Seconds before retry number `attempt` (1-based)."""
        return min(self.max_delay_s, self.first_delay_s * (2 ** (attempt - 1)))

    def delay(self, attempt: int, retry_after: float | None, awaiting_chance: bool) -> float:
        if retry_after is None:
            return self.backoff(attempt)
        return min(self.backoff(attempt), retry_after) if awaiting_chance else retry_after


NO_RETRY = RetryPolicy(budget_s=0.0, connection_attempts=1)
