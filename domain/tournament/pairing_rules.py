"""The rules a round's pairing obeys, whoever computed it: what an exported log's verifier checks of a recorded
`round_paired` instead of running today's planner again (so a log verifies forever, whatever later changes the
planner's search, budget or weights).

Checked for every format: the round's number, tables numbered 1.. with no game or result yet, each player at one
place only (a table or a bye), only players of the tournament, and the whole field placed. Then by format:
- round robin, head-to-head (Berger): the field is the seeding (a withdrawn player keeps their place and their
  games are walkovers); tables of two, one bye exactly when the field is odd; no pair meets twice. A plan that
  does this every round is a round robin whatever its order: with no repeats, n-1 full rounds (n for an odd
  field) meet every pair once.
- round robin and Swiss at Istanbul tables: the field is the active players; no byes; the table sizes are
  `seating.table_sizes` of the field. Who sits with whom is the planner's aim (pairs meeting evenly), not a rule:
  any seating is accepted.
- Swiss, head-to-head: the field is the active players; tables of two, one bye exactly when the field is odd;
  and no more repeat pairings (a second bye counts as one) than the fewest any complete pairing of the field has
  (a maximum-cardinality matching that prefers new pairs says how few: run only when the round has a repeat).
  Score groups, floaters and who takes the bye are the planner's preferences, not checked.
- elimination: the bracket is a fixed construction (standard seed order, the winners of the rounds played), not a
  search: the round must be the one `pairing.pair` gives.
"""

from __future__ import annotations

from collections import Counter

from domain.core import RuleViolation
from domain.tournament import pairing, seating
from domain.tournament import violations as v
from domain.tournament.events import RoundPaired
from domain.tournament.matching import max_weight_matching
from domain.tournament.records import fold_records, meetings
from domain.tournament.state import Running

BYE = ""  # the bye vertex of the matching (player ids are never empty)


def check(state: Running, paired: RoundPaired) -> None:
    """Raise RuleViolation (a code of violations.PAIRING_CODES) if `paired` breaks its format's rules."""
    settings = state.settings
    _check_form(state, paired)
    if settings.format == "elimination":
        groups, byes = pairing.pair(state)
        if [list(t.players) for t in paired.tables] != groups or list(paired.byes) != byes:
            raise RuleViolation(v.PAIRING_NOT_THE_BRACKET, "not the round the bracket gives")
        return
    berger = settings.format == "round_robin" and settings.head_to_head
    field = list(state.seeding) if berger else pairing.active(state)
    placed = [p for t in paired.tables for p in t.players] + list(paired.byes)
    withdrawn = {p.id for p in state.players if p.withdrawn}
    if not berger and withdrawn & set(placed):
        raise RuleViolation(v.PAIRING_SEATS_WITHDRAWN, "a withdrawn player is paired")
    if set(placed) != set(field):
        raise RuleViolation(v.PAIRING_LEAVES_OUT, "a player of the field is neither seated nor given a bye")
    if settings.head_to_head:
        if any(len(t.players) != 2 for t in paired.tables) or len(paired.byes) != len(field) % 2:
            raise RuleViolation(v.PAIRING_TABLE_SIZES, "tables of two, and a bye only for an odd field")
    elif paired.byes or sorted(len(t.players) for t in paired.tables) != sorted(
            seating.table_sizes(len(field), settings.table_size)):
        raise RuleViolation(v.PAIRING_TABLE_SIZES, "not the table sizes of this field")
    met = meetings(state.rounds) if berger else {}
    if any(frozenset(t.players) in met for t in paired.tables):
        raise RuleViolation(v.PAIRING_REPEAT, "a round robin pairs each pair once")
    if settings.format == "swiss" and settings.head_to_head:
        _check_swiss_repeats(state, paired, field)


def _check_form(state: Running, paired: RoundPaired) -> None:
    if paired.round != len(state.rounds) + 1 or [t.number for t in paired.tables] != list(
            range(1, len(paired.tables) + 1)) or any(t.game_id is not None or t.result is not None
                                                      for t in paired.tables):
        raise RuleViolation(v.PAIRING_MALFORMED, "round numbers, table numbers, or a table decided before play")
    placed = Counter(p for t in paired.tables for p in t.players) + Counter(paired.byes)
    if any(count > 1 for count in placed.values()):
        raise RuleViolation(v.PAIRING_SEATS_TWICE, "a player is paired twice")
    known = {p.id for p in state.players}
    if set(placed) - known:
        raise RuleViolation(v.PAIRING_UNKNOWN_PLAYER, "a player the tournament does not have")


def _check_swiss_repeats(state: Running, paired: RoundPaired, field: list[str]) -> None:
    records = fold_records(state.seeding, state.rounds, state.settings.format)

    def new(a: str, b: str) -> bool:
        if BYE in (a, b):
            return records[a or b].byes == 0
        return records[a].opponents[b] == 0

    pairs = [tuple(t.players) for t in paired.tables] + [(p, BYE) for p in paired.byes]
    fresh = sum(new(a, b) for a, b in pairs)
    if fresh == len(pairs):
        return
    vertices = field + ([BYE] if len(field) % 2 else [])
    # weight 2 for a new pair, 1 for a repeat: among complete matchings, the heaviest has the most new pairs
    best = max_weight_matching(vertices, ((a, b, 1 + new(a, b)) for i, a in enumerate(vertices) for b in vertices[i + 1:]))
    if fresh < sum(new(a, b) for a, b in best):
        raise RuleViolation(v.PAIRING_REPEAT, "a complete pairing with fewer repeat pairings (or byes) exists")

