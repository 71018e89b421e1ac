"""Standings as CSV and JSON: pure functions of the state (the service serves the text they return)."""

from __future__ import annotations

import csv
import io
import json

from domain.tournament.queries import standing_row
from domain.tournament.standings import standings
from domain.tournament.state import Finished, Running

# A spreadsheet opening a CSV runs a cell that begins with one of these as a formula (`=HYPERLINK(...)` in a
# player's name would run in the organiser's spreadsheet): OWASP's list for CSV injection.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def standings_json(state: Running | Finished) -> str:
    rows = [standing_row(s) for s in standings(state)]
    return json.dumps({"game": state.settings.game, "format": state.settings.format,
                       "rounds_played": len(state.rounds), "standings": rows}, ensure_ascii=False, indent=1)


def standings_csv(state: Running | Finished) -> str:
    """One header line, then one line per player in rank order; the tie-break columns are the format's own.
    Lines end in CRLF (RFC 4180): the csv module quotes a cell holding a character of the line ending only, so
    with "\n" alone a name holding a CR was written bare, and a spreadsheet began a new row there."""
    rows = [standing_row(s) for s in standings(state)]
    columns = list(rows[0]) if rows else ["rank", "player", "name", "points"]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\r\n")
    writer.writerow({column: as_text(column) for column in columns})
    writer.writerows({column: as_text(value) for column, value in row.items()} for row in rows)
    return out.getvalue()


def as_text(cell):
    """A text cell that would start a formula gets a leading single quote (OWASP): the spreadsheet then takes
    it as text. Numbers stay numbers: a negative tie-break is no formula, and no player names a number."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell
