"""The tables of the Great Bazaar (rules 1, 6.22): the Catacombs 25, which exist only with both boxes; no logic."""

from __future__ import annotations

CATACOMBS = 25
PLACE_NAMES = {CATACOMBS: "Catacombs"}
