"""Every kept design is a round robin where each pair meets exactly once, and the quick ones are found again by
the search that found them (so the table is not taken on trust)."""

import itertools

import pytest

from domain.tournament import designs
from tests.support import design_search

KEPT = sorted(set(designs.RING) | set(designs.LEVELS) | {(v, 3) for v in designs.TRANSVERSAL}
              | {(45, 3), (63, 3), (81, 3), (99, 3), (117, 3)})


@pytest.mark.parametrize("players, size", KEPT)
def test_a_design_seats_everyone_each_round_and_every_pair_once(players, size):
    rounds = designs.design(players, size)
    assert rounds is not None and len(rounds) == (players - 1) // (size - 1)
    met = set()
    for tables in rounds:
        assert all(len(t) == size for t in tables)
        assert sorted(p for t in tables for p in t) == list(range(players))
        for table in tables:
            for pair in itertools.combinations(sorted(table), 2):
                assert pair not in met, f"{pair} meet twice"
                met.add(pair)
    assert len(met) == players * (players - 1) // 2


@pytest.mark.parametrize("players, size", [(9, 3), (27, 3), (33, 3), (16, 4), (25, 5)])
def test_the_ring_blocks_are_found_again(players, size):
    assert design_search.ring(players, size) == designs.RING[players, size]


@pytest.mark.parametrize("players, size", [(15, 3), (39, 3)])
def test_the_level_blocks_are_found_again(players, size):
    assert design_search.levels(players, size) == designs.LEVELS[players, size]


def test_the_transversal_rounds_are_found_again():
    assert design_search.transversal(21) == designs.TRANSVERSAL[21]


def test_no_design_where_none_is_kept():
    assert designs.design(20, 5) is None and designs.design(12, 4) is None and designs.design(10, 3) is None
