"""`folded_once`: a game's evolve applied again to the very same state and event returns the first result
without folding again (decide folds its events, then the table folds the same ones); anything else folds."""

from dataclasses import dataclass

from domain.core import FOLDS_REMEMBERED, folded_once, replay


@dataclass(frozen=True)
class Added:
    amount: int


def test_the_same_state_and_event_fold_once_and_equal_copies_fold_again():
    calls = []

    @folded_once
    def evolve(state: tuple, event: Added) -> tuple:
        calls.append(event)
        return (*state, event.amount)

    start, event = tuple([1]), Added(2)
    after = evolve(start, event)
    assert evolve(start, event) is after and len(calls) == 1  # the table's fold after decide's
    assert evolve(start, Added(2)) == after and len(calls) == 2  # an equal event, another object: folded
    assert evolve(tuple([1]), event) == after and len(calls) == 3  # an equal state, another object: folded
    for n in range(FOLDS_REMEMBERED + 1):  # a replay passes through; the oldest entries are forgotten
        evolve(start, Added(n))
    evolve(start, event)
    assert len(calls) == 3 + FOLDS_REMEMBERED + 2
    assert evolve.__name__ == "evolve"


def test_a_replay_folds_with_the_bare_function_and_leaves_the_memo_alone():
    calls = []

    @folded_once
    def evolve(state: tuple, event: Added) -> tuple:
        calls.append(event)
        return (*state, event.amount)

    class Game:
        pass

    Game.evolve = staticmethod(evolve)
    start, events = (), [Added(1), Added(2)]
    assert replay(Game, start, events) == (1, 2) and len(calls) == 2
    evolve(start, events[0])  # the replay remembered nothing: this folds
    assert len(calls) == 3
