"""legal_commands lists exactly what decide accepts (R-10, R-23), once each, in a fixed order."""

from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import jaipur
from domain.core import RuleViolation
from domain.jaipur.commands import Exchange, Sell, TakeCamels, TakeOne
from domain.jaipur.components import GOODS
from tests.conftest import sized
from tests.support.driver import Table
from tests.unit.jaipur.builders import position

NAMES = tuple(sorted(GOODS))


def accepted(state, command) -> bool:
    try:
        jaipur.decide(state, command)
    except RuleViolation:
        return False
    return True


def candidates(state, seat):
    """A superset of the legal commands: every exchange over all goods names up to 5 cards a side, every
    take_one, take_camels and sale up to 8 of each good."""
    r = state.phase
    herd = r.players[seat].herd
    sides = [()] + [c for k in range(1, 6) for c in combinations_with_replacement(NAMES, k)]
    hand = Counter(r.players[seat].hand)
    offer = Counter(c for c in r.market if c and c != "camel")
    takes = [t for t in sides if len(t) >= 1 and all(Counter(t)[g] <= offer[g] + 1 for g in t)]
    gives = [g for g in sides if all(Counter(g)[x] <= hand[x] + 1 for x in g)]
    for take in takes:
        for give in gives:
            for camels in range(0, min(herd + 1, 5) + 1):
                if abs(len(take) - len(give) - camels) <= 1:
                    yield Exchange(seat, take, give, camels)
    for good in GOODS + ("camel",):
        yield TakeOne(seat, good)
        for count in range(0, 9):
            yield Sell(seat, good, count)
    yield TakeCamels(seat)


POSITIONS = {
    "opening": dict(hands=(("cloth", "leather", "spice"), ("gold",)), herds=(2, 4),
                    market=("camel", "camel", "camel", "diamond", "gold")),
    "rich_market": dict(hands=(("cloth", "cloth", "diamond", "leather", "silver"), ()), herds=(3, 0),
                        market=("gold", "gold", "silver", "spice", "leather")),
    "seven_in_hand": dict(hands=(("cloth", "cloth", "diamond", "diamond", "leather", "silver", "spice"), ()),
                          herds=(2, 0), market=("gold", "gold", "silver", "camel", "leather")),
    "no_camels": dict(hands=(("silver",) * 3, ("spice",)), herds=(0, 1),
                      market=("gold", "gold", "diamond", "diamond", "leather")),
    "camels_only": dict(hands=(("spice",) * 6, ()), herds=(0, 0), market=("camel",) * 5),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_legal_commands_are_exactly_the_accepted_ones(name):
    state = position(**POSITIONS[name])
    legal = jaipur.legal_commands(state, 0)
    assert len(legal) == len(set(legal)), "no command listed twice"
    listed = set(legal)
    for command in candidates(state, 0):
        assert accepted(state, command) == (command in listed), command
    for command in legal:
        assert accepted(state, command)


def test_fixed_order_exchanges_then_take_one_take_camels_sell():
    state = position(**POSITIONS["opening"])
    legal = jaipur.legal_commands(state, 0)
    kinds = [c.TYPE for c in legal]
    assert kinds == sorted(kinds, key=["exchange", "take_one", "take_camels", "sell"].index)
    exchanges = [c for c in legal if isinstance(c, Exchange)]
    assert exchanges == sorted(exchanges, key=lambda c: (c.take, c.give, c.camels))
    assert legal == jaipur.legal_commands(state, 0)


def test_opening_lists_expected_commands():
    legal = jaipur.legal_commands(position(**POSITIONS["opening"]), 0)
    assert Exchange(0, ("diamond", "gold"), ("cloth", "leather"), 0) in legal
    assert Exchange(0, ("diamond", "gold"), (), 2) in legal
    assert TakeOne(0, "diamond") in legal and TakeCamels(0) in legal
    assert Sell(0, "spice", 1) in legal


def test_seven_in_hand_excludes_take_one_and_camel_payment():
    legal = jaipur.legal_commands(position(**POSITIONS["seven_in_hand"]), 0)
    assert not any(isinstance(c, TakeOne) for c in legal)
    assert all(c.camels == 0 for c in legal if isinstance(c, Exchange))
    assert TakeCamels(0) in legal


def test_precious_sales_start_at_two():
    legal = jaipur.legal_commands(position(**POSITIONS["no_camels"]), 0)
    assert [c for c in legal if isinstance(c, Sell)] == [Sell(0, "silver", 2), Sell(0, "silver", 3)]
    assert TakeCamels(0) not in legal


def test_empty_pile_sales_listed_only_when_the_option_allows():
    kw = dict(hands=(("cloth",), ()), discard=("cloth",) * 7)
    assert Sell(0, "cloth", 1) in jaipur.legal_commands(position(**kw), 0)
    blocked = position(**kw, options={"allow_sale_into_empty_pile": False})
    assert Sell(0, "cloth", 1) not in jaipur.legal_commands(blocked, 0)


def test_nothing_for_the_seat_not_on_turn():
    assert jaipur.legal_commands(position(**POSITIONS["opening"]), 1) == []


def test_r23_no_pass_and_some_action_always_exists_in_seeded_games():
    for seed in range(3):
        table = Table.start(jaipur, {}, 2, seed=f"legal-{seed}".encode())
        steps = 0
        while not jaipur.is_terminal(table.state) and steps < 400:
            (seat,) = jaipur.to_act(table.state)
            legal = jaipur.legal_commands(table.state, seat)
            assert legal, "a legal action always exists"
            table.play(legal[(steps * 7919) % len(legal)] if steps % 3 else legal[-1])
            steps += 1


def test_timeout_command_prefers_camels_then_one_good_then_the_smallest_sale():
    assert jaipur.timeout_command(position(**POSITIONS["opening"]), 0) == TakeCamels(0)
    assert jaipur.timeout_command(position(**POSITIONS["no_camels"]), 0) == TakeOne(0, "diamond")
    seven = position(hands=(("cloth", "cloth", "diamond", "diamond", "leather", "silver", "spice"), ()),
                     market=("gold", "gold", "silver", "silver", "leather"))
    assert jaipur.timeout_command(seven, 0) == Sell(0, "cloth", 1)


# each position checks every candidate exchange (thousands): 15 positions by default, 100 under `long`
@settings(max_examples=sized(ci=15, long=100))
@given(seed=st.binary(min_size=1, max_size=8), steps=st.integers(0, 120), pick=st.integers(0, 10**6))
def test_in_random_positions_decide_accepts_exactly_the_listed_commands(seed, steps, pick):
    table = Table.start(jaipur, {}, 2, seed=seed)
    for step in range(steps):
        if jaipur.is_terminal(table.state):
            return
        (seat,) = jaipur.to_act(table.state)
        legal = jaipur.legal_commands(table.state, seat)
        table.play(legal[(pick + step * 7919) % len(legal)])
    if jaipur.is_terminal(table.state):
        return
    state = table.state
    (seat,) = jaipur.to_act(state)
    listed = set(jaipur.legal_commands(state, seat))
    for command in candidates(state, seat):
        assert accepted(state, command) == (command in listed), command
