"""A minimal game honouring the contract, so platform tests do not depend on any real game's rules.

Two seats; a secret 4-card deck is shuffled and the first seat picked by lot. On its turn a seat adds 1 or 2
to a running total any number of times, may roll a die (its own roll, resolved inside the command) to add
the pips, and ends its turn; whoever brings the total to 12 or more wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from domain.core import ChanceDrawn, InvalidOptions, Pick, Roll, RuleViolation, Shuffle, apply_permutation
from tests.support import tiny_words as WORDS  # noqa: N812, F401 - the game contract's name for its words

NAME = "tiny"
MIN_SEATS = MAX_SEATS = 2
# what the conformance suite plays of it besides no options, and the most commands a game takes (a goal of 20
# needs at most 20 adds of 1, with a turn's end between each)
EXAMPLE_OPTIONS = ({"goal": 20},)
MAX_COMMANDS = 200
# its options, exactly (the contract documents them; any other key is refused)
OPTIONS_SCHEMA = {"type": "object", "additionalProperties": False,
                  "properties": {"goal": {"type": "integer", "description": "The total that wins (default 12)."}}}


@dataclass(frozen=True)
class Add:
    TYPE = "add"
    seat: int
    amount: int


@dataclass(frozen=True)
class EndTurn:
    TYPE = "end_turn"
    seat: int


@dataclass(frozen=True)
class RollDie:
    TYPE = "roll_die"
    seat: int


@dataclass(frozen=True)
class CallDealer:
    """Ask the background dealer for a die (a stand-in for Istanbul's neutral figures)."""

    TYPE = "call_dealer"
    seat: int


@dataclass(frozen=True)
class DealerCalled:
    TYPE = "dealer_called"
    V = 1
    seat: int


@dataclass(frozen=True)
class SeatResigned:
    TYPE = "seat_resigned"
    V = 1
    seat: int


@dataclass(frozen=True)
class TurnEnded:
    TYPE = "turn_ended"
    V = 1
    seat: int


@dataclass(frozen=True)
class DieRequested:
    TYPE = "die_requested"
    V = 1
    seat: int


@dataclass(frozen=True)
class DeckShuffled:
    TYPE = "deck_shuffled"
    V = 1
    cards: tuple[str, ...]


@dataclass(frozen=True)
class FirstSeatChosen:
    TYPE = "first_seat_chosen"
    V = 1
    seat: int


@dataclass(frozen=True)
class Added:
    TYPE = "added"
    V = 1
    seat: int
    amount: int
    total: int


@dataclass(frozen=True)
class State:
    deck: tuple[str, ...] | None = None
    turn: int | None = None
    total: int = 0
    rolling: bool = False
    goal: int = 12
    dealer_called: bool = False
    resigned: int | None = None


STATE = State
COMMANDS = {cls.TYPE: cls for cls in (Add, EndTurn, RollDie, CallDealer)}
EVENTS = {cls.TYPE: cls for cls in (DeckShuffled, FirstSeatChosen, Added, TurnEnded, DieRequested, DealerCalled,
                                    SeatResigned)}
GOAL = 12


def initial_state(options, seats):
    if set(options) - {"goal"} or not isinstance(options.get("goal", GOAL), int) or isinstance(options.get("goal"), bool):
        raise InvalidOptions("tiny takes only an integer 'goal'")
    return State(goal=options.get("goal", GOAL))


def chance(state):
    if state.deck is None:
        return Shuffle("deck", 4)
    if state.turn is None:
        return Pick("first_seat", 2)
    if state.rolling:
        return Roll("die", dice=1)
    if state.dealer_called and not is_terminal(state):
        return Roll("dealer", dice=1, by_dealer=True)
    return None


def decide(state, command):
    if isinstance(command, ChanceDrawn):
        if command.kind == "shuffle":
            return [DeckShuffled(apply_permutation(("a", "b", "c", "d"), command.outcome))]
        if command.kind == "roll":
            return [Added(state.turn, command.outcome[0], state.total + command.outcome[0])]
        return [FirstSeatChosen(command.outcome[0])]
    if isinstance(command, EndTurn):
        return [TurnEnded(command.seat)]
    if isinstance(command, RollDie):
        return [DieRequested(command.seat)]
    if isinstance(command, CallDealer):
        return [DealerCalled(command.seat)]
    if command.amount not in (1, 2):
        raise RuleViolation("tiny.bad_amount", "add 1 or 2")
    return [Added(command.seat, command.amount, state.total + command.amount)]


def evolve(state, event):
    if isinstance(event, DeckShuffled):
        return replace(state, deck=event.cards)
    if isinstance(event, FirstSeatChosen):
        return replace(state, turn=event.seat)
    if isinstance(event, Added):
        return replace(state, total=event.total, rolling=False, dealer_called=False)
    if isinstance(event, DealerCalled):
        return replace(state, dealer_called=True)
    if isinstance(event, SeatResigned):
        return replace(state, resigned=event.seat)
    if isinstance(event, TurnEnded):
        return replace(state, turn=1 - event.seat)
    if isinstance(event, DieRequested):
        return replace(state, rolling=True)
    return state


def is_terminal(state):
    return state.total >= state.goal or state.resigned is not None


def to_act(state):
    if is_terminal(state) or chance(state) is not None:
        return ()
    return (state.turn,)


def legal_commands(state, seat):
    if seat not in to_act(state):
        return []
    return [Add(seat, 1), Add(seat, 2), RollDie(seat), EndTurn(seat), CallDealer(seat)]


def view(state, seat, complete=False):
    """The total, whose turn and the deck's size; at the end, also the result (what the words say it from)."""
    shown = {"total": state.total, "turn": state.turn, "deck_size": len(state.deck or ())}
    return {**shown, "result": result(state)} if is_terminal(state) else shown


def result(state):
    if not is_terminal(state):
        return None
    winner = 1 - state.resigned if state.resigned is not None else state.turn
    return {"winners": [winner], "scores": [int(s == winner) for s in (0, 1)]}


def redact(event, seat):
    return None if isinstance(event, DeckShuffled) else event


def timeout_command(state, seat):
    """The smallest completion of a turn: end it."""
    return EndTurn(seat)


def forfeit(state, seat):
    return [SeatResigned(seat)]
