"""Check an exported game (or tournament) without the server: `python -m service.operations.verify EXPORT.ndjson`.

The same check as an import (service/games/audit.py), so the two can never disagree: the hash chain and the
numbering, the revealed seed against the commitment made in the first event, every sealed commitment to
hidden content, and then every batch of the log re-executed from its recorded command through the rules and
the dealer (service/dealer.py), event by event. The report names the first line that does not hold.
A tournament's log (GET /v1/tournaments/{id}/events?format=ndjson) is told apart by its envelopes' `tournament`
field and checked by service/tournaments/audit.py: the chain, then every command decided again (a recorded
pairing checked against its format's rules instead of the planner run again).
The report is one line on standard output, `line N: field: why (code)`, never a traceback.
Exit status: 0 valid, 1 invalid, 2 usage error (missing or unreadable file).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable

from service.games import audit
from service.tournaments import audit as tournament_audit


def verify(lines: Iterable[str]) -> tuple[bool, str]:
    """(valid, a one-line report): the first line that does not hold, and the field at fault where there is one."""
    lines = list(lines)
    first = next((line for line in lines if line.strip()), "")
    if is_tournament(first):
        return verify_tournament(lines)
    try:
        envelopes = audit.parse(lines)
        meta, _table = audit.validate(envelopes)
    except audit.ImportRejected as err:
        if err.code == "import_redacted":
            return False, (f"line {err.line}: redacted: the export is redacted: the seed has not been revealed yet (the "
                           "game is not over) and hidden events are withheld; verify the complete export after the end "
                           f"({err.code})")
        return False, err.report()
    draws = sum(1 for env in envelopes if env["type"] == "chance_drawn")
    sealed = sum(1 for env in envelopes if "sealed" in env)
    return True, (f"OK: {meta.name}, {len(envelopes)} events; hash chain intact; seed matches its commitment; "
                  f"{sealed} sealed commitments open; {draws} draws match the seed; every move re-executed")


def is_tournament(first_line: str) -> bool:
    try:
        first = json.loads(first_line)
    except (ValueError, RecursionError):
        return False
    return isinstance(first, dict) and "tournament" in first


def verify_tournament(lines: list[str]) -> tuple[bool, str]:
    try:
        envelopes = tournament_audit.parse(lines)
    except tournament_audit.Malformed as broken:
        return False, broken.report()
    broken = tournament_audit.verify(envelopes)
    if broken is not None:
        return False, broken.report()
    return True, f"OK: tournament, {len(envelopes)} events; hash chain intact; every command decided again"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m service.operations.verify",
                                     description="Check an exported Bazaar game (NDJSON) offline: hash chain, "
                                                 "seed, sealed commitments, draws, and every move re-executed.")
    parser.add_argument("export", help="the file from GET /v1/games/{id}/export (after the game ended)")
    args = parser.parse_args(argv)
    try:
        with open(args.export, "rb") as handle:
            raw = handle.read()
    except OSError as err:
        print(f"cannot read {args.export}: {err.strerror or err}", file=sys.stderr)
        return 2
    try:
        ok, report = verify(audit.lines_of(audit.decoded_text(raw)))
    except audit.ImportRejected as err:  # not UTF-8
        ok, report = False, err.report()
    except Exception as err:  # noqa: BLE001 - a file that breaks the checker itself: one line, never a traceback
        ok, report = False, f"the file cannot be checked ({type(err).__name__}); please report this as a bug"
    print(report)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
