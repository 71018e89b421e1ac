"""Round and match set-up (rules 2), options, and the chance steps (R-16, R-24, R-25)."""

from collections import Counter
from dataclasses import replace

import pytest

from domain import jaipur
from domain.core import ChanceDrawn, InvalidOptions, Pick, RuleViolation, Shuffle
from domain.jaipur.commands import TakeCamels
from domain.jaipur.components import BONUS_VALUES, SHUFFLED_CARDS
from domain.jaipur.events import BonusPileShuffled, FirstPlayerDrawn, RoundDealt
from domain.jaipur.state import Options
from tests.support.driver import Table
from tests.unit.jaipur.builders import count_cards, deal_order, dealt, drawn, permutation_for


def test_registry_facts():
    assert (jaipur.NAME, jaipur.MIN_SEATS, jaipur.MAX_SEATS) == ("jaipur", 2, 2)
    assert set(jaipur.COMMANDS) == {"exchange", "take_one", "take_camels", "sell"}
    assert all(cls.V == 1 for cls in jaipur.EVENTS.values())
    assert all(type_ == cls.TYPE for type_, cls in jaipur.EVENTS.items())


@pytest.mark.parametrize("seats", [0, 1, 3, 4, True])
def test_only_two_seats(seats):
    with pytest.raises(InvalidOptions) as error:
        jaipur.initial_state({}, seats)
    assert error.value.code == "invalid_options"


def test_default_options_are_the_proposed_rulings():
    options = jaipur.initial_state({}, 2).options
    assert options == Options()
    # hand and herd sizes are shown (the German rulebook wins over the reference's R-19)
    assert options.opponent_sees_hand_size and options.opponent_sees_herd_size


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "red"},
        {"residual_tie": "coin_flip"},
        {"deck_end_trigger": "never"},
        {"bonus_when_tier_empty": "next_tier"},
        {"allow_sale_into_empty_pile": "yes"},
        {"owner_sees_own_bonus_values": 1},
        {"opponent_sees_herd_size": None},
        {"opponent_sees_hand_size": 0, "opponent_sees_herd_size": False},
        {"safety_cap_turns_without_progress": 0},
        {"safety_cap_turns_without_progress": True},
        {"first_player": 2},
        {"first_player": True},
        {"first_player": 1.0},
    ],
)
def test_unknown_keys_and_bad_values_are_refused(options):
    with pytest.raises(InvalidOptions):
        jaipur.initial_state(options, 2)


@pytest.mark.parametrize("hand,herd", [(True, False), (False, True)])
def test_hand_size_and_herd_size_are_hidden_only_together(hand, herd):
    """The cards a seat holds in hand and herd together are public (5 at the deal, then public moves), so
    either size shown gives the other away: hiding just one of them is refused."""
    with pytest.raises(InvalidOptions) as error:
        jaipur.initial_state({"opponent_sees_hand_size": hand, "opponent_sees_herd_size": herd}, 2)
    assert error.value.code == "invalid_options"
    with pytest.raises(InvalidOptions) as error:  # the other one left at its default (shown)
        jaipur.initial_state({"opponent_sees_herd_size" if not herd else "opponent_sees_hand_size": False}, 2)
    assert error.value.code == "invalid_options"


@pytest.mark.parametrize("shown", [True, False])
def test_hand_size_and_herd_size_hidden_or_shown_together(shown):
    options = jaipur.initial_state({"opponent_sees_hand_size": shown, "opponent_sees_herd_size": shown}, 2).options
    assert options.opponent_sees_hand_size is shown and options.opponent_sees_herd_size is shown


def test_options_that_are_accepted():
    state = jaipur.initial_state(
        {
            "residual_tie": "seal_to_non_starter",
            "deck_end_trigger": "deck_empty_immediately",
            "allow_sale_into_empty_pile": False,
            "bonus_when_tier_empty": "none",
            "owner_sees_own_bonus_values": False,
            "opponent_sees_hand_size": False,
            "opponent_sees_herd_size": False,
            "safety_cap_turns_without_progress": 40,
            "first_player": 1,
        },
        2,
    )
    assert state.options.residual_tie == "seal_to_non_starter"
    assert state.options.safety_cap_turns_without_progress == 40


def test_first_player_is_drawn_by_lot_then_the_deck_and_each_bonus_tier_are_shuffled():
    state = jaipur.initial_state({}, 2)
    assert jaipur.chance(state) == Pick("first_player", 2)
    assert jaipur.to_act(state) == ()
    events = jaipur.decide(state, drawn("first_player", (1,), kind="pick"))
    assert events == [FirstPlayerDrawn(seat=1)]
    state = jaipur.evolve(state, events[0])
    assert jaipur.chance(state) == Shuffle("deck", 52)
    state = jaipur.evolve(state, jaipur.decide(state, drawn("deck", tuple(range(52))))[0])
    labels = []
    while (request := jaipur.chance(state)) is not None:
        labels.append((request.label, request.size, request.secret))
        assert jaipur.to_act(state) == ()
        (event,) = jaipur.decide(state, drawn(request.label, tuple(range(request.size))))
        assert isinstance(event, BonusPileShuffled)
        state = jaipur.evolve(state, event)
    assert labels == [("bonus_three", 7, True), ("bonus_four", 6, True), ("bonus_five_plus", 5, True)]
    assert jaipur.to_act(state) == (1,)


def test_explicit_first_player_skips_the_lot():
    state = jaipur.initial_state({"first_player": 0}, 2)
    assert jaipur.chance(state) == Shuffle("deck", 52)


def test_shuffled_cards_canonical_order_is_sorted_52_without_three_camels():
    assert SHUFFLED_CARDS == tuple(sorted(SHUFFLED_CARDS))
    assert Counter(SHUFFLED_CARDS) == Counter(
        {"camel": 8, "cloth": 8, "diamond": 6, "gold": 6, "leather": 10, "silver": 6, "spice": 8}
    )


def test_deal_alternates_one_card_at_a_time_starting_with_the_starter_then_two_to_market():
    # identity permutation: the canonical order itself is dealt
    state = jaipur.initial_state({"first_player": 1}, 2)
    (event,) = jaipur.decide(state, drawn("deck", tuple(range(52))))
    cards = SHUFFLED_CARDS
    starter_cards, other_cards = cards[0:10:2], cards[1:10:2]
    assert event.starter == 1
    assert event.hands[1] == tuple(sorted(c for c in starter_cards if c != "camel"))
    assert event.herds[1] == starter_cards.count("camel")
    assert event.hands[0] == tuple(sorted(c for c in other_cards if c != "camel"))
    assert event.herds[0] == other_cards.count("camel")
    assert event.market == ("camel", "camel", "camel") + cards[10:12]
    assert event.deck == cards[12:] and event.deck_size == 40


def test_dealt_camels_go_to_the_herd_and_never_count_as_hand_cards():
    state, _ = dealt(hands=(("gold",), ("leather",) * 5), herds=(4, 0))
    r = state.phase
    assert r.players[0].hand == ("gold",) and r.players[0].herd == 4
    assert "camel" not in r.players[1].hand


def test_after_set_up_market_has_five_cards_and_deck_forty():
    state, _ = dealt(hands=(("gold",) * 4, ("silver", "spice", "spice")), herds=(1, 2), market=("camel", "camel"))
    r = state.phase
    assert r.market == ("camel",) * 5
    assert len(r.deck) == 40
    assert count_cards(state) == Counter({"diamond": 6, "gold": 6, "silver": 6, "cloth": 8, "spice": 8,
                                          "leather": 10, "camel": 11})


def test_bonus_piles_are_the_shuffled_tier_values_top_first():
    state, _ = dealt(bonus={"three": (1, 2, 3, 1, 2, 3, 2)})
    assert state.phase.bonus_piles[0] == (1, 2, 3, 1, 2, 3, 2)
    assert sorted(state.phase.bonus_piles[2]) == sorted(BONUS_VALUES["five_plus"])


def test_goods_piles_start_full_most_valuable_on_top():
    state, _ = dealt()
    assert state.phase.goods_piles[0] == (7, 7, 5, 5, 5)
    assert state.phase.goods_piles[5] == (4, 3, 2, 1, 1, 1, 1, 1, 1)


def test_commands_wait_for_the_chance_steps():
    state = jaipur.initial_state({}, 2)
    with pytest.raises(RuleViolation) as error:
        jaipur.decide(state, TakeCamels(0))
    assert error.value.code == "awaiting_chance"
    state = jaipur.initial_state({"first_player": 0}, 2)
    state = jaipur.evolve(state, jaipur.decide(state, drawn("deck", tuple(range(52))))[0])
    with pytest.raises(RuleViolation) as error:  # bonus piles still to shuffle
        jaipur.decide(state, TakeCamels(0))
    assert error.value.code == "awaiting_chance"
    assert jaipur.legal_commands(state, 0) == []


def chance_code(state, drawn_) -> str:
    with pytest.raises(RuleViolation) as error:
        jaipur.decide(state, drawn_)
    return error.value.code


@pytest.mark.parametrize(
    "bad",
    [
        drawn("deck", tuple(range(51))),  # wrong size
        drawn("bonus_three", tuple(range(7))),  # wrong label
        drawn("deck", (0,) * 52),  # not a permutation
        drawn("deck", tuple(range(1, 53))),  # not a permutation of range(52)
        replace(drawn("deck", tuple(range(52))), secret=False),  # the deck shuffle is secret
        replace(drawn("deck", tuple(range(52))), dice=2),
        ChanceDrawn(draw=0, kind="roll", label="deck", size=52, dice=1, secret=False, outcome=(1,)),
    ],
)
def test_a_draw_of_the_wrong_shape_is_refused(bad):
    state = jaipur.initial_state({"first_player": 0}, 2)
    assert chance_code(state, bad) == "invalid_chance_outcome"


@pytest.mark.parametrize("outcome", [(2,), (-1,), (True,), (0, 1), ()])
def test_a_pick_outside_the_choices_is_refused(outcome):
    state = jaipur.initial_state({}, 2)
    assert chance_code(state, drawn("first_player", outcome, kind="pick")) == "invalid_chance_outcome"


def test_an_impossible_bonus_shuffle_is_refused_and_nothing_is_dealt():
    state = jaipur.initial_state({"first_player": 0}, 2)
    state = jaipur.evolve(state, jaipur.decide(state, drawn("deck", tuple(range(52))))[0])
    assert chance_code(state, drawn("bonus_three", (0, 1, 2, 3, 4, 5, 5))) == "invalid_chance_outcome"
    assert chance_code(state, drawn("bonus_four", tuple(range(6)))) == "invalid_chance_outcome"  # not yet
    (event,) = jaipur.decide(state, drawn("bonus_three", (6, 5, 4, 3, 2, 1, 0)))
    assert event.values == (3, 3, 2, 2, 2, 1, 1)


def test_a_draw_nobody_awaits_is_refused():
    state, _ = dealt()
    assert chance_code(state, drawn("deck", tuple(range(52)))) == "invalid_chance_outcome"


def test_a_draw_after_the_match_is_refused():
    state = jaipur.initial_state({}, 2)
    for event in jaipur.forfeit(state, 0):
        state = jaipur.evolve(state, event)
    assert chance_code(state, drawn("first_player", (0,), kind="pick")) == "invalid_chance_outcome"


def test_every_honest_draw_is_accepted():
    """The dealer's own draws (as the service makes them) pass the check at every chance step of a match."""
    table = Table.start(jaipur, {}, 2, seed=b"honest")
    assert sum(1 for e in table.events if e.TYPE == "chance_drawn") == 5  # first player, deck, 3 bonus tiers


def test_builder_deal_order_reaches_the_wanted_deal():
    order = deal_order((("gold",) * 3, ("spice",) * 2), (2, 3), ("diamond", "camel"), ("silver",), starter=1)
    state = jaipur.initial_state({"first_player": 1}, 2)
    (event,) = jaipur.decide(state, drawn("deck", permutation_for(SHUFFLED_CARDS, order)))
    assert isinstance(event, RoundDealt)
    assert event.hands == (("gold",) * 3, ("spice",) * 2) and event.herds == (2, 3)
    assert event.market[3:] == ("diamond", "camel") and event.deck[0] == "silver"


def test_the_seeded_table_is_reproducible():
    a = Table.start(jaipur, {}, 2, seed=b"same")
    b = Table.start(jaipur, {}, 2, seed=b"same")
    assert a.state == b.state and a.events == b.events
    assert Table.start(jaipur, {}, 2, seed=b"other").state != a.state
