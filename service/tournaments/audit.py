"""Checking a tournament's exported log (GET /v1/tournaments/{id}/events?format=ndjson) as a game's is checked:
the hash chain and numbering first, then every command decided again on the state folded so far, which must
give exactly the events the log records after it. A log that passes is one the Decider could have written.

One command is not decided again: `pair_round`. Its pairing comes from a search (the round robin's planner, the
Swiss matching's weights) that may change in a later version, and an old log must still verify. The recorded
`round_paired` is a fact, checked against its format's rules instead (`domain.tournament.pairing_rules`: everyone
placed once, legal table sizes and byes, no withdrawn player, no repeat a format forbids); what follows from it
(a withdrawn player's walkovers) is decided again as usual."""

from __future__ import annotations

from dataclasses import dataclass, field

from domain import tournament
from domain.core import RuleViolation
from domain.tournament.commands import PairRound
from domain.tournament.decide import accept_pairing
from domain.tournament.events import RoundPaired
from domain.tournament.violations import PAIRING_CODES
from events import codec, shape
from events.envelope import verify_chain
from events.tournaments import decode
from service.games.inputs import parse_json
from service.games.problems import BadRequest
from service.tournaments.repository import command_from


@dataclass(frozen=True)
class Broken:
    """The first envelope (1-based line) that fails, and why (`code` is stable; `field`, where one is at fault)."""

    line: int
    code: str
    detail: str
    field: str | None = field(default=None, compare=False)

    def report(self) -> str:
        where = f"line {self.line}: {self.field}: " if self.field else f"line {self.line}: "
        return f"{where}{self.detail} ({self.code})"


class Malformed(Exception):
    """A line that is not a tournament's envelope (`broken` says which and why)."""

    def __init__(self, broken: Broken):
        super().__init__(broken.report())
        self.broken = broken

    def report(self) -> str:
        return self.broken.report()


def parse(text: str | list[str]) -> list[dict]:
    """Each non-blank line as an envelope of a tournament's shape (events/shape.py), or Malformed naming the first
    line that is not: checked before the chain is computed over it or any of its values is looked up."""
    envelopes = []
    for number, line in enumerate(text.split("\n") if isinstance(text, str) else text, start=1):
        if not line.strip():
            continue
        try:
            env = parse_json(line, "the line")  # as a body is read: no lone surrogate, no deep nesting
        except BadRequest as err:
            raise Malformed(Broken(number, "malformed", err.detail)) from None
        if not isinstance(env, dict):
            raise Malformed(Broken(number, "malformed", "each line must be a JSON object"))
        wrong = shape.misshapen(env, shape.TOURNAMENT)
        if wrong is not None:
            raise Malformed(Broken(number, "malformed", wrong[1], wrong[0]))
        envelopes.append(env)
    return envelopes


def verify(envelopes: list[dict]) -> Broken | None:
    """The first line that fails (envelopes as `parse` gives them), or None."""
    broken = verify_chain(envelopes)
    if broken is not None:
        return Broken(broken, "chain_broken", "the hash chain or the numbering breaks here", "hash")
    state, expected = tournament.initial_state(), []
    for line, env in enumerate(envelopes, start=1):
        try:
            event = decode(env)
        except codec.DecodeError as err:
            return Broken(line, "event_differs", f"not a {env['type']} event ({err.detail})", err.path)
        except LookupError:
            return Broken(line, "event_differs", "no tournament event has this type", "type")
        if env["command"] is not None:
            if expected:
                return Broken(line, "events_missing", f"the command before left {len(expected)} events unrecorded",
                              "command")
            try:
                command = command_from(env["command"])
            except (LookupError, ValueError, TypeError):
                return Broken(line, "command_refused", "not a tournament command", "command")
            if isinstance(command, PairRound) and env["type"] == RoundPaired.TYPE:
                try:
                    events = accept_pairing(state, event)
                except RuleViolation as err:
                    code = err.code if err.code in PAIRING_CODES else "command_refused"
                    return Broken(line, code, f"the recorded pairing is refused ({err})", "payload")
                except Exception as err:  # noqa: BLE001 - a crafted pairing may make the rules raise anything
                    return Broken(line, "event_differs", f"not a round_paired event ({type(err).__name__})", "payload")
            else:
                try:
                    events = tournament.decide(state, command)
                except RuleViolation as err:
                    return Broken(line, "command_refused", f"the Decider refuses this command ({err.code})", "command")
                except Exception as err:  # noqa: BLE001 - a crafted command may make the rules raise anything
                    return Broken(line, "command_refused", f"the Decider cannot take this command "
                                                           f"({type(err).__name__})", "command")
            expected = [codec.to_wire(e) | {"type": e.TYPE} for e in events]
        if not expected or expected[0] != {**env["payload"], "type": env["type"]}:
            return Broken(line, "event_differs", "not the event the Decider decides here", "payload")
        expected.pop(0)
        state = tournament.evolve(state, event)
    if expected:
        return Broken(len(envelopes), "events_missing", "the last command's events are not all recorded")
    return None
