"""Check an exported game (or tournament) without the server: `python -m service.verify EXPORT.ndjson`.

The same check as an import (service/audit.py), so the two can never disagree: the hash chain and the
numbering, the revealed seed against the commitment made in the first event, every sealed commitment to
hidden content, and then every batch of the log re-executed from its recorded command through the rules and
the dealer (service/dealer.py), event by event. The report names the first line that does not hold.
A tournament's log (GET /v1/tournaments/{id}/events?format=ndjson) is told apart by its envelopes' `tournament`
field and checked by service/tournament_audit.py: the chain, then every command decided again (a recorded
pairing checked against its format's rules instead of the planner run again).
Exit status: 0 valid, 1 invalid, 2 usage error (missing or unreadable file).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable

from service import audit, tournament_audit


def verify(lines: Iterable[str]) -> tuple[bool, str]:
    lines = list(lines)
    if lines and is_tournament(lines[0]):
        return verify_tournament(lines)
    try:
        envelopes = audit.parse(lines)
        if any(env.get("redacted") for env in envelopes):
            return False, ("the export is redacted: the seed has not been revealed yet (the game is not over) "
                           "and hidden events are withheld; verify the complete export after the end")
        meta = audit.validate(envelopes)
    except audit.ImportRejected as err:
        return False, f"line {err.line}: {err.detail} ({err.code})"
    draws = sum(1 for env in envelopes if env.get("type") == "chance_drawn")
    sealed = sum(1 for env in envelopes if "sealed" in env)
    return True, (f"OK: {meta.name}, {len(envelopes)} events; hash chain intact; seed matches its commitment; "
                  f"{sealed} sealed commitments open; {draws} draws match the seed; every move re-executed")


def is_tournament(first_line: str) -> bool:
    try:
        first = json.loads(first_line)
    except ValueError:
        return False
    return isinstance(first, dict) and "tournament" in first


def verify_tournament(lines: list[str]) -> tuple[bool, str]:
    try:
        envelopes = tournament_audit.parse("\n".join(lines))
    except ValueError as err:
        return False, f"not an NDJSON export: {err}"
    broken = tournament_audit.verify(envelopes)
    if broken is not None:
        return False, f"line {broken.line}: {broken.detail} ({broken.code})"
    return True, f"OK: tournament, {len(envelopes)} events; hash chain intact; every command decided again"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m service.verify",
                                     description="Check an exported Bazaar game (NDJSON) offline: hash chain, "
                                                 "seed, sealed commitments, draws, and every move re-executed.")
    parser.add_argument("export", help="the file from GET /v1/games/{id}/export (after the game ended)")
    args = parser.parse_args(argv)
    try:
        with open(args.export, encoding="utf-8") as handle:
            ok, report = verify(handle.read().splitlines())
    except OSError as err:
        print(f"cannot read {args.export}: {err.strerror or err}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"{args.export} is not UTF-8 text (an NDJSON export is)", file=sys.stderr)
        return 1
    print(report)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
