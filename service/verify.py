"""Check an exported game without the server: `python -m service.verify EXPORT.ndjson`.

Checks that the hash chain is unbroken, that the revealed (or public) seed matches the commitment made in
the first event, and that every shuffle and roll is the one the seed dictates (the construction is in
service/dealer.py). Exit status 0 when everything holds, 1 otherwise; the report names the first failure.
"""

from __future__ import annotations

import hashlib
import json
import sys

from events.envelope import verify_chain
from service.dealer import outcome


def verify(lines) -> tuple[bool, str]:
    envelopes = []
    for number, line in enumerate(lines, start=1):
        if line.strip():
            try:
                envelopes.append(json.loads(line))
            except json.JSONDecodeError:
                return False, f"line {number}: not JSON"
    if not envelopes or envelopes[0].get("type") != "game_created":
        return False, "line 1: the log must start with game_created"
    if any(env.get("redacted") for env in envelopes):
        return False, ("the export is redacted: the seed has not been revealed yet (the game is not over) "
                       "and hidden events are withheld; verify the complete export after the end")
    broken = verify_chain(envelopes)
    if broken is not None:
        return False, f"line {broken}: hash chain broken (event {broken} was altered, removed or moved)"
    created = envelopes[0]["payload"]
    seed = created.get("seed")
    for env in envelopes:
        if env["type"] == "seed_revealed":
            seed = env["payload"]["seed"]
    if seed is None:
        return False, "the seed has not been revealed yet (the game is not over): draws cannot be checked"
    if hashlib.sha256(seed.encode()).hexdigest() != created["seed_commitment"]:
        return False, "the revealed seed does not match the commitment in game_created"
    draws = 0
    for number, env in enumerate(envelopes, start=1):
        if env["type"] != "chance_drawn":
            continue
        p = env["payload"]
        if p["draw"] != draws:
            return False, f"line {number}: draw {p['draw']} out of sequence (expected {draws})"
        expected = list(outcome(seed.encode(), p["draw"], p["kind"], p["size"], p["dice"]))
        if p["outcome"] != expected:
            return False, f"line {number}: {p['kind']} '{p['label']}' is not what the seed dictates"
        draws += 1
    return True, f"OK: {len(envelopes)} events, hash chain intact, seed matches its commitment, {draws} draws match the seed"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m service.verify EXPORT.ndjson", file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as handle:
        ok, report = verify(handle)
    print(report)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
