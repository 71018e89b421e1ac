"""Checking a tournament's exported log (GET /v1/tournaments/{id}/events?format=ndjson) as a game's is checked:
the hash chain and numbering first, then every command decided again on the state folded so far, which must
give exactly the events the log records after it. A log that passes is one the Decider could have written.

One command is not decided again: `pair_round`. Its pairing comes from a search (the round robin's planner, the
Swiss matching's weights) that may change in a later version, and an old log must still verify. The recorded
`round_paired` is a fact, checked against its format's rules instead (`domain.tournament.pairing_rules`: everyone
placed once, legal table sizes and byes, no withdrawn player, no repeat a format forbids); what follows from it
(a withdrawn player's walkovers) is decided again as usual."""

from __future__ import annotations

import json
from dataclasses import dataclass

from domain import tournament
from domain.core import RuleViolation
from domain.tournament.commands import PairRound
from domain.tournament.decide import accept_pairing
from domain.tournament.events import RoundPaired
from domain.tournament.violations import PAIRING_CODES
from events import codec
from events.envelope import verify_chain
from events.tournaments import decode
from service.tournaments import command_from


@dataclass(frozen=True)
class Broken:
    """The first envelope (1-based line) that fails, and why (`code` is stable)."""

    line: int
    code: str
    detail: str


def parse(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def verify(envelopes: list[dict]) -> Broken | None:
    broken = verify_chain(envelopes)
    if broken is not None:
        return Broken(broken, "chain_broken", "the hash chain or the numbering breaks here")
    state, expected = tournament.initial_state(), []
    for line, env in enumerate(envelopes, start=1):
        if env.get("command") is not None:
            if expected:
                return Broken(line, "events_missing", f"the command before left {len(expected)} events unrecorded")
            try:
                command = command_from(env["command"])
            except (KeyError, ValueError) as err:
                return Broken(line, "command_refused", f"not a tournament command ({err})")
            if isinstance(command, PairRound) and env.get("type") == RoundPaired.TYPE:
                try:
                    events = accept_pairing(state, decode(env))
                except RuleViolation as err:
                    code = err.code if err.code in PAIRING_CODES else "command_refused"
                    return Broken(line, code, f"the recorded pairing is refused ({err})")
                except (KeyError, ValueError, TypeError) as err:
                    return Broken(line, "event_differs", f"not a round_paired event ({err})")
            else:
                try:
                    events = tournament.decide(state, command)
                except (RuleViolation, KeyError, ValueError) as err:
                    return Broken(line, "command_refused", f"the Decider refuses this command ({err})")
            expected = [codec.to_wire(e) | {"type": e.TYPE} for e in events]
        if not expected or expected[0] != {**env["payload"], "type": env["type"]}:
            return Broken(line, "event_differs", "not the event the Decider decides here")
        expected.pop(0)
        state = tournament.evolve(state, decode(env))
    if expected:
        return Broken(len(envelopes), "events_missing", "the last command's events are not all recorded")
    return None
