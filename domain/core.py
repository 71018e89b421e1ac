"""The contract every game follows, and the few pieces all games share.

A game is a Decider (Chassaing): `initial_state(options, seats)`, `decide(state, command) -> events`,
`evolve(state, event) -> state`, plus `legal_commands`, `view`, `to_act`, `chance`, `is_terminal`,
`result` and `redact`. See `Game` below for the exact signatures.

Randomness never happens inside a game (OpenSpiel's chance nodes): `chance(state)` names what must be
drawn now (a `Shuffle`, `Roll` or `Pick`), the table's dealer (`domain/table/dealer.py`) draws it from the
game's committed seed, and the table's runner hands it as a `ChanceDrawn` to `decide` (on the state that
awaits the draw), which answers with the consequences as ordinary domain events; the log records
`[ChanceDrawn, *consequences]` in that order and evolve folds them like any events. Replay therefore never
calls a random generator.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import wraps
from typing import Any, Protocol, Union


class RuleViolation(Exception):
    """A command the rules forbid. `code` is stable (clients branch on it); `message` is for people."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


class NotYourTurn(RuleViolation):
    """The seat may not act now (someone else's decision is awaited)."""

    def __init__(self, message: str = "it is not your turn"):
        super().__init__("not_your_turn", message)


class GameOver(RuleViolation):
    def __init__(self, message: str = "the game is over"):
        super().__init__("game_over", message)


class AwaitingChance(RuleViolation):
    """A die roll or shuffle must land before anyone may act."""

    def __init__(self, message: str = "a chance outcome (dice roll or shuffle) is pending"):
        super().__init__("awaiting_chance", message)


class Conflict(RuleViolation):
    """Well-formed, but the table's state refuses it now: another caller got there first (a seat claimed), or
    the table is not in the phase this needs (nothing is dealt yet, the game started or expired)."""


class Refused(RuleViolation):
    """Not this caller's to do: a seat reserved for another player, an invitation code that does not match."""


class InvalidOptions(RuleViolation):
    def __init__(self, message: str):
        super().__init__("invalid_options", message)


class InvalidChanceOutcome(RuleViolation):
    """A chance outcome the dealer could never have drawn for the awaited request (a die of 7, a permutation
    of the wrong size): a hand-built log must not be able to inject one."""

    def __init__(self, message: str):
        super().__init__("invalid_chance_outcome", message)


@dataclass(frozen=True)
class Doc:
    """Meaning and range of a command field, for the generated API description (`Annotated[int, Doc(...)]`).

    The codec reads plain type hints, so this changes no decoding; `events/jsonschema.py` reads it.
    """

    text: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple = ()


# --- chance requests: what must be drawn (nouns), answered by the dealer -------------------------------


@dataclass(frozen=True)
class Shuffle:
    """A uniformly random permutation of `size` items; outcome is a permutation of range(size).

    Shuffles are secret by default: the drawn order is hidden from every seat until the game ends.
    """

    label: str
    size: int
    secret: bool = True
    by_dealer: bool = False  # True: resolved by a background dealer job, not inside the command


@dataclass(frozen=True)
class Roll:
    """`dice` dice of `sides` sides; outcome is a tuple of values in 1..sides. Public once rolled."""

    label: str
    dice: int = 2
    sides: int = 6
    secret: bool = False
    by_dealer: bool = False


@dataclass(frozen=True)
class Pick:
    """One of `choices` alternatives uniformly (e.g. the first player by lot); outcome is (index,)."""

    label: str
    choices: int
    secret: bool = False
    by_dealer: bool = False


ChanceRequest = Union[Shuffle, Roll, Pick]


@dataclass(frozen=True)
class ChanceDrawn:
    """Platform event: the dealer drew `outcome` for the game's `draw`-th chance request.

    `kind` is "shuffle" | "roll" | "pick"; `size` is the shuffle size, the die's sides, or the number of
    choices; `dice` the number of dice for a roll (else 1). The verifier re-derives `outcome` from the
    revealed seed and `draw`. Games receive it as the dealer's command in `decide` and answer with the
    consequences; their `evolve` may ignore it.
    """

    TYPE = "chance_drawn"
    V = 1

    draw: int
    kind: str
    label: str
    size: int
    dice: int
    secret: bool
    outcome: tuple[int, ...]


def chance_kind(request: ChanceRequest) -> tuple[str, int, int]:
    """(kind, size, dice) of a request, as recorded in ChanceDrawn."""
    if isinstance(request, Shuffle):
        return "shuffle", request.size, 1
    if isinstance(request, Roll):
        return "roll", request.sides, request.dice
    return "pick", request.choices, 1


def check_outcome(request: ChanceRequest | None, drawn: ChanceDrawn) -> None:
    """Refuse `drawn` unless the dealer could have drawn it for `request` (same label, kind and shape; dice in
    1..sides, a pick below its choices, a shuffle a permutation of range(size))."""
    if request is None:
        raise InvalidChanceOutcome(f"no chance step is awaited (got {drawn.label!r})")
    kind, size, dice = chance_kind(request)
    if (drawn.label, drawn.kind, drawn.size, drawn.dice, drawn.secret) != (
            request.label, kind, size, dice, request.secret):
        raise InvalidChanceOutcome(f"awaiting {kind} {request.label!r} of size {size}, got {drawn.kind} "
                                   f"{drawn.label!r} of size {drawn.size}")
    outcome = tuple(drawn.outcome)
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in outcome):
        raise InvalidChanceOutcome("outcomes are integers")
    if kind == "shuffle":
        valid = sorted(outcome) == list(range(size))
    elif kind == "roll":
        valid = len(outcome) == dice and all(1 <= x <= size for x in outcome)
    else:
        valid = len(outcome) == 1 and 0 <= outcome[0] < size
    if not valid:
        raise InvalidChanceOutcome(f"{outcome!r} is not a possible {kind} outcome for {request.label!r}")


def apply_permutation(items: Iterable[Any], permutation: Iterable[int]) -> tuple:
    """The shuffled order: position i of the result holds items[permutation[i]]."""
    items = tuple(items)
    return tuple(items[i] for i in permutation)


class Game(Protocol):
    """What `domain.registry` hands to the service for each game name."""

    NAME: str
    MIN_SEATS: int
    MAX_SEATS: int
    COMMANDS: dict[str, type]  # wire type -> command dataclass (every command has `seat: int` first)
    EVENTS: dict[str, type]  # wire type -> event dataclass (class attrs TYPE and V)

    def initial_state(self, options: dict, seats: int) -> Any: ...  # raises InvalidOptions
    def decide(self, state: Any, command: Any) -> list: ...  # command or ChanceDrawn -> events
    def evolve(self, state: Any, event: Any) -> Any: ...  # pure, total, no validation
    def legal_commands(self, state: Any, seat: int) -> list: ...
    def view(self, state: Any, seat: int | None) -> dict: ...  # JSON-able, redacted for seat
    def to_act(self, state: Any) -> tuple[int, ...]: ...  # seats whose decision is awaited
    def chance(self, state: Any) -> ChanceRequest | None: ...  # what must be drawn now
    def is_terminal(self, state: Any) -> bool: ...
    def result(self, state: Any) -> dict | None: ...  # {"winners": [...], "scores": [...], ...}
    def redact(self, event: Any, seat: int | None) -> Any | None: ...  # event as seat may see it


def copied(record, /, **changes):
    """A copy of the frozen dataclass `record` with `changes`: what dataclasses.replace gives for a class whose
    __init__ only stores its fields (no __post_init__, no init=False field), without running that __init__, which
    writes each field through object.__setattr__ and made a game's evolve several times slower (a Jaipur fold
    copies the player, the round and the match for every event). The input is never touched; an unknown field
    name is refused. (Istanbul's records have their own, `domain.istanbul.frozen.replace`, which also forgets the
    values a record remembers.)"""
    return rebuilt(record, record.__dict__.copy(), changes)


def rebuilt(record, fields: dict, changes: dict):
    """A new instance of `record`'s frozen dataclass from `fields` (a copy of its dict the caller may have pruned)
    with `changes`; an unknown field name would add a key, so the size check refuses it."""
    size = len(fields)
    fields.update(changes)
    if len(fields) != size:
        raise TypeError(f"{type(record).__name__} has no field {sorted(set(changes) - set(record.__dict__))[0]!r}")
    new = _new(type(record))
    _set(new, "__dict__", fields)  # a frozen dataclass refuses attribute writes; this is its construction
    return new


_new = object.__new__
_set = object.__setattr__


def folded_once(evolve):
    """A game's `evolve`, folding each (state, event) pair once: applied again to the very same state and event
    objects it returns the first result. `decide` folds its own events to see where they lead (the end of a
    round, a delivery, the ruby target), and the table then folds the same events onto the same state: the
    second fold becomes a lookup, so the command path folds each event once. Safe because states and events are
    immutable and `evolve` is pure; entries are matched by identity (checked, so a reused id is a miss) and only
    the latest few are kept. A replay folds each event once, so it calls the bare function (`.unmemoised`): there
    the memo could only miss, and its bookkeeping cost a tenth of every fold."""
    memo: dict[tuple[int, int], tuple[Any, Any, Any]] = {}

    @wraps(evolve)
    def once(state, event):
        key = (id(state), id(event))
        hit = memo.get(key)
        if hit is not None and hit[0] is state and hit[1] is event:
            return hit[2]
        after = evolve(state, event)
        if len(memo) >= FOLDS_REMEMBERED:
            memo.clear()
        memo[key] = (state, event, after)
        return after

    once.unmemoised = evolve
    return once


FOLDS_REMEMBERED = 64  # a command's events are a few; a replay only passes through


def replay(game: Game, state: Any, events: Iterable[Any]) -> Any:
    """Replay is a fold of evolve and nothing else (evolve's own, without `folded_once`'s memo: see there)."""
    evolve = game.evolve
    evolve = getattr(evolve, "unmemoised", evolve)
    for event in events:
        state = evolve(state, event)
    return state
