"""Priors at the search's root (progressive bias): the move a prior favours is tried first and, while the search
has seen little, preferred; as its visits grow the search's own results take over, so a prior on a bad move does
not outlast the evidence. At Istanbul the priors are greedy's scores of the listed moves."""

import random

from bazaar_client.bots.mcts.istanbul import PRIOR, command_from_move
from bazaar_client.bots.mcts.istanbul import priors as istanbul_priors
from bazaar_client.bots.mcts.search import search
from domain import istanbul
from tests.bots.test_mcts_istanbul import positions
from tests.bots.test_mcts_stopping import Levers
from tests.support.botplay import legal_moves, seat_view


class Even(Levers):
    """Three levers that always pay the same."""

    def __init__(self):
        super().__init__(0.5, 0.5, 0.5)

    def rollout(self, state, rng):
        return [0.5, 0.5]


def test_a_prior_decides_between_equal_moves_and_is_tried_first():
    first = search(Even(), random.Random(4), iterations=1, stop_early=False, priors={2: 0.5})
    guided = search(Even(), random.Random(4), iterations=12, stop_early=False, priors={2: 0.5})
    assert first.visits == {2: 1}
    assert guided.action == 2 and guided.visits[2] > max(guided.visits[0], guided.visits[1])


def test_the_evidence_outweighs_a_prior_on_a_bad_move():
    result = search(Levers(0.9, 0.1), random.Random(5), iterations=200, stop_early=False, priors={1: 0.5})
    assert result.action == 0


def test_istanbul_priors_name_the_moves_the_search_considers():
    """greedy's scores reach the search only when keyed by the commands the search itself offers at the root."""
    state, seat = next(s for s in positions(2, "priors", 12, every=1) if type(s[0].phase).__name__ == "Movement")
    view, moves = seat_view(istanbul, state, seat, 0), legal_moves(istanbul, state, seat)
    priors = istanbul_priors(view, {command_from_move(m, seat): m for m in moves})
    assert set(priors) == set(istanbul.legal_commands(state, seat))
    assert max(priors.values()) == PRIOR and min(priors.values()) == 0.0
