"""Win rates with honest error bars: the Wilson score interval (it stays inside [0, 1] and behaves for small
series and rates near 0 or 1, where the normal approximation does not)."""

from __future__ import annotations

import math


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (z = 1.96) confidence interval of a rate; draws count as half a win by the caller's choice."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    denominator = 1 + z * z / trials
    return max(0.0, (centre - margin) / denominator), min(1.0, (centre + margin) / denominator)
