"""The search's shuffle deals exactly what random.Random.shuffle deals from the same seed, and leaves the generator
in the same state (so every later draw of a seeded search is unchanged too)."""

import random

import pytest

from bazaar_client.bots.mcts.draws import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 24, 36, 100])
def test_shuffle_is_random_shuffle(size):
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        dealt, expected = list(range(size)), list(range(size))
        shuffle(ours, dealt)
        theirs.shuffle(expected)
        assert dealt == expected
        assert ours.getstate() == theirs.getstate()


def test_another_generator_shuffles_its_own_way():
    class Fixed(random.Random):
        def shuffle(self, x):
            x.reverse()

    items = [1, 2, 3]
    shuffle(Fixed(0), items)
    assert items == [3, 2, 1]
