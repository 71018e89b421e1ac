"""Shared fixtures. Hypothesis profiles: `ci` (default) keeps `make test` fast on 2 cores; `long` on demand
(HYPOTHESIS_PROFILE=long make test)."""

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "long",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Property tests read this to size themselves: how many complete games one test plays.
GAMES_SCALE = {"ci": 1, "long": 10}[os.environ.get("HYPOTHESIS_PROFILE", "ci")]
