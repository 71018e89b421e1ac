"""Game options: validated once in `initial_state`, kept frozen in the state.

Expansions will add keys here (e.g. "mode"); unknown keys are refused so a typo never silently plays the base game.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.core import InvalidOptions
from domain.istanbul.data import MAX_SEATS, MIN_SEATS

LAYOUTS = ("short_paths", "long_paths", "ordered", "random")
DEFAULTS = {"layout": "short_paths", "neutral_assistants": False}


@dataclass(frozen=True)
class Options:
    layout: str = "short_paths"
    neutral_assistants: bool = False


def parse_options(options: dict | None, seats: int) -> Options:
    if isinstance(seats, bool) or not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidOptions(f"istanbul needs {MIN_SEATS}-{MAX_SEATS} seats, not {seats!r}")
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise InvalidOptions("options must be an object")
    unknown = sorted(set(options) - set(DEFAULTS))
    if unknown:
        raise InvalidOptions(f"unknown option {unknown[0]!r}")
    layout = options.get("layout", DEFAULTS["layout"])
    if layout not in LAYOUTS:
        raise InvalidOptions(f"layout must be one of {', '.join(LAYOUTS)}")
    neutral = options.get("neutral_assistants", DEFAULTS["neutral_assistants"])
    if not isinstance(neutral, bool):
        raise InvalidOptions("neutral_assistants must be a boolean")
    if neutral and seats > 4:
        raise InvalidOptions("the neutral assistants variant needs a spare colour: 2-4 players")
    return Options(layout=layout, neutral_assistants=neutral)
