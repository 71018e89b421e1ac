"""Standings as CSV and JSON: pure functions of the state (the service serves the text they return)."""

from __future__ import annotations

import csv
import io
import json

from domain.tournament.queries import standing_row
from domain.tournament.standings import standings
from domain.tournament.state import Finished, Running


def standings_json(state: Running | Finished) -> str:
    rows = [standing_row(s) for s in standings(state)]
    return json.dumps({"game": state.settings.game, "format": state.settings.format,
                       "rounds_played": len(state.rounds), "standings": rows}, ensure_ascii=False, indent=1)


def standings_csv(state: Running | Finished) -> str:
    """One header line, then one line per player in rank order; the tie-break columns are the format's own."""
    rows = [standing_row(s) for s in standings(state)]
    columns = list(rows[0]) if rows else ["rank", "player", "name", "points"]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()
