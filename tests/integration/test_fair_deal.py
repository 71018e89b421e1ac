"""A creator cannot choose or foresee the deal (issue 30's measure): the first hands of 1,000 Jaipur matches whose
creator sent the same input, and whose seats were claimed with the same contributions (the creator playing every
claimer: the worst case), follow the deck's own odds, and do not depend on that input.

In process through the service's own creation and claims (a real Redis, the command path as in production). Seat
0's five dealt cards are counted by kind; a fair deal of the 52 shuffled cards (3 camels start in the market) gives
each kind its share of the deck, with no trace of the creator's input. Chi-square tests at a level of one in a
million: the deck's odds against each input's 500 hands, and the input against the hands (a 2 x 7 table). A deal
the creator could choose makes 500 identical hands: a statistic in the thousands."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from domain.jaipur.components import CARD_COUNTS, CARD_TYPES, DEAL_PER_PLAYER, MARKET_CAMELS
from tests.support.lobby import claim_every_seat, open_game

GAMES_PER_INPUT = 500
INPUTS = ("the creator's chosen seed", "another seed it tried")
SAME_CLAIMS = ["0123456789abcdef" * 2, "fedcba9876543210" * 2]
LEVEL = 1e-6  # a fair deal fails once in a million runs
SHUFFLED = {kind: CARD_COUNTS[kind] - (MARKET_CAMELS if kind == "camel" else 0) for kind in CARD_TYPES}


def chi2_survival_6(x: float) -> float:
    """P(X >= x) for a chi-square variable of 6 degrees of freedom (exact for an even number: Q(x; 2k) =
    e^(-x/2) * sum_{i<k} (x/2)^i / i!)."""
    half = x / 2
    return math.exp(-half) * sum(half ** i / math.factorial(i) for i in range(3))


def first_hand(commands, seed: str) -> Counter:
    gid = open_game(commands, "jaipur", kinds=("code", "public"), seed=seed).meta.id
    claim_every_seat(commands, gid, SAME_CLAIMS)
    player = commands.repository.load(gid).state.phase.players[0]
    return Counter({**Counter(player.hand), "camel": player.herd})


@pytest.fixture(scope="module")
def hands(app) -> dict[str, Counter]:
    commands = app.extensions["bazaar.commands"]
    out = {}
    for seed in INPUTS:
        total: Counter = Counter()
        for _ in range(GAMES_PER_INPUT):
            total += first_hand(commands, seed)
        out[seed] = total
    return out


@pytest.mark.slow(seconds=10)
@pytest.mark.parametrize("seed", INPUTS)
def test_each_inputs_first_hands_follow_the_decks_own_odds(hands, seed):
    cards = GAMES_PER_INPUT * DEAL_PER_PLAYER
    deck = sum(SHUFFLED.values())
    statistic = sum((hands[seed][k] - cards * n / deck) ** 2 / (cards * n / deck) for k, n in SHUFFLED.items())
    print(f"{seed!r}: chi-square {statistic:.2f} on 6 degrees of freedom, p = {chi2_survival_6(statistic):.3f}")
    assert chi2_survival_6(statistic) > LEVEL, (statistic, dict(hands[seed]))


@pytest.mark.slow(seconds=10)
def test_the_first_hands_do_not_depend_on_the_creators_input(hands):
    rows = [hands[seed] for seed in INPUTS]
    total = sum(sum(row.values()) for row in rows)
    statistic = 0.0
    for kind in CARD_TYPES:
        column = sum(row[kind] for row in rows)
        for row in rows:
            expected = sum(row.values()) * column / total
            statistic += (row[kind] - expected) ** 2 / expected
    print(f"input x first hand: chi-square {statistic:.2f} on 6 degrees of freedom, p = {chi2_survival_6(statistic):.3f}")
    assert chi2_survival_6(statistic) > LEVEL, (statistic, [dict(r) for r in rows])
