"""What each seat sees (rules 7, R-18..R-21) in views and in redacted events."""

import json
from dataclasses import replace

import pytest

from domain import jaipur
from domain.core import ChanceDrawn
from domain.jaipur.commands import Sell
from domain.jaipur.events import BonusPileShuffled, GoodsSold, RoundDealt
from tests.support.driver import Table
from tests.unit.jaipur.builders import DEFAULT_HANDS, dealt, play, position
from tests.unit.jaipur.observers import observed

TOP_KEYS = {"game", "you", "phase", "round", "starter", "turn", "to_act", "seals", "market", "deck_size", "discard",
            "goods_tokens", "bonus_tokens", "players", "rounds", "result"}


def sample(options=None):
    return position(
        hands=(("diamond", "gold", "gold"), ("spice", "spice", "leather", "leather")),
        herds=(3, 2),
        discard=("cloth", "cloth", "cloth"),
        goods_tokens=((("cloth", 5), ("cloth", 3), ("cloth", 3)), ()),
        bonus_tokens=((("three", 2),), ()),
        options=options,
    )


def test_view_is_json_and_has_the_same_keys_for_every_seat():
    state = sample()
    for seat in (0, 1, None):
        v = jaipur.view(state, seat)
        json.dumps(v)
        assert set(v) == TOP_KEYS
        assert v["phase"] == "playing" and v["turn"] == 0 and v["to_act"] == [0] and v["round"] == 1


HIDDEN = {"opponent_sees_hand_size": False, "opponent_sees_herd_size": False}


def test_own_hand_and_by_default_the_other_seat_s_hand_size_and_herd():
    v = jaipur.view(sample(), 0)
    me, other = v["players"]
    assert me["hand"] == ["diamond", "gold", "gold"] and me["herd"] == 3 and me["hand_size"] == 3
    assert other["hand"] is None and other["hand_size"] == 4
    assert other["herd"] == 2  # R-19 as the German rulebook has it: visible unless both sizes are hidden
    assert [p["hand_and_herd_size"] for p in v["players"]] == [6, 6]


def test_spectator_sees_no_hand_but_by_default_the_sizes():
    v = jaipur.view(sample(), None)
    assert all(p["hand"] is None for p in v["players"])
    assert [p["hand_size"] for p in v["players"]] == [3, 4] and [p["herd"] for p in v["players"]] == [3, 2]


def test_hidden_sizes_show_the_others_only_the_cards_held_in_hand_and_herd_together():
    state = sample(options=HIDDEN)
    for seat, other in ((0, 1), (1, 0), (None, 0), (None, 1)):
        shown = jaipur.view(state, seat)["players"][other]
        assert (shown["hand"], shown["hand_size"], shown["herd"]) == (None, None, None)
        assert shown["hand_and_herd_size"] == 6
    me = jaipur.view(state, 1)["players"][1]
    assert (me["hand"], me["hand_size"], me["herd"]) == (["leather", "leather", "spice", "spice"], 4, 2)


def test_public_table():
    v = jaipur.view(sample(), 1)
    assert v["market"] == ["camel", "camel", "camel", "diamond", "gold"]
    assert v["deck_size"] == len(sample().phase.deck)
    assert v["discard"] == ["cloth", "cloth", "cloth"]
    assert v["goods_tokens"]["cloth"] == [2, 2, 1, 1]
    assert v["bonus_tokens"] == {"three": 6, "four": 6, "five_plus": 5}
    # R-21 collected goods tokens are public
    assert v["players"][0]["goods_tokens"][0] == {"good": "cloth", "value": 5}
    assert v["players"][0]["goods_total"] == 11


def test_r18_bonus_values_to_the_owner_only():
    state = sample()
    assert jaipur.view(state, 0)["players"][0]["bonus_tokens"] == [{"tier": "three", "value": 2}]
    assert jaipur.view(state, 1)["players"][0]["bonus_tokens"] == [{"tier": "three", "value": None}]
    assert jaipur.view(state, None)["players"][0]["bonus_tokens"] == [{"tier": "three", "value": None}]


def test_r18_option_hides_bonus_values_from_the_owner_too():
    state = position(bonus_tokens=((("four", 6),), ()), options={"owner_sees_own_bonus_values": False})
    assert jaipur.view(state, 0)["players"][0]["bonus_tokens"] == [{"tier": "four", "value": None}]


def test_never_the_deck_order_or_bonus_pile_order():
    state = sample()
    text = json.dumps(jaipur.view(state, 0))
    deck = list(state.phase.deck)
    assert json.dumps(deck) not in text
    for pile in state.phase.bonus_piles:
        assert json.dumps(list(pile)) not in text


def hidden_changed(state, split=False):
    """The same position with seat 1's hand, the deck order and the bonus orders changed; with `split`,
    also one card of seat 1 moved from the hand to the herd."""
    r = state.phase
    moved = 1 if split else 0
    hand = ("cloth",) * (len(r.players[1].hand) - moved)
    players = (r.players[0], replace(r.players[1], hand=hand, herd=r.players[1].herd + moved))
    return replace(state, phase=replace(r, players=players, deck=tuple(reversed(r.deck)),
                                       bonus_piles=tuple(tuple(reversed(p)) for p in r.bonus_piles)))


def test_seat_0_view_does_not_depend_on_what_seat_0_cannot_see():
    state = sample()
    assert jaipur.view(state, 0) == jaipur.view(hidden_changed(state), 0)
    assert jaipur.view(state, None) == jaipur.view(hidden_changed(state), None)
    assert jaipur.view(state, 1) != jaipur.view(hidden_changed(state), 1)
    assert jaipur.view(state, 0) != jaipur.view(hidden_changed(state, split=True), 0)  # sizes are public


def test_with_hidden_sizes_no_view_depends_on_the_other_seat_s_split():
    state = sample(options=HIDDEN)
    for seat in (0, None):
        assert jaipur.view(state, seat) == jaipur.view(hidden_changed(state, split=True), seat)
    assert jaipur.view(state, 1) != jaipur.view(hidden_changed(state, split=True), 1)


def test_round_scores_are_shown_after_the_round_and_bonus_values_revealed():
    state = position(
        hands=(("leather",), ("gold",)),
        herds=(2, 3),
        market=("camel", "camel", "camel", "diamond", "gold"),
        discard=("cloth",) * 8 + ("spice",) * 7 + ("leather",) * 8,
        bonus_tokens=((), (("three", 3),)),
    )
    after, _ = play(state, Sell(0, "leather", 1))
    v = jaipur.view(after, 0)
    assert v["phase"] == "dealing" and v["round"] == 2 and v["turn"] is None and v["to_act"] == []
    (summary,) = v["rounds"]
    assert summary["bonus_values"] == [[], [3]] and summary["winner"] == 0
    assert v["seals"] == [1, 0]


def test_views_before_the_first_round():
    state = jaipur.initial_state({}, 2)
    v = jaipur.view(state, 0)
    assert v["phase"] == "choosing_first_player" and v["round"] is None and v["players"] == []
    assert jaipur.view(jaipur.initial_state({"first_player": 1}, 2), None)["phase"] == "dealing"


def won_match(options=None):
    """Seat 0 sells the last leather token for its second seal; seat 1 holds a gold and a 3-card bonus."""
    state = position(
        hands=(("leather",), ("gold",)), herds=(2, 3), market=("camel", "camel", "camel", "diamond", "gold"),
        discard=("cloth",) * 8 + ("spice",) * 7 + ("leather",) * 8, bonus_tokens=((), (("three", 3),)),
        seals=(1, 0), options=options,
    )
    return play(state, Sell(0, "leather", 1))[0]


def without_you(view):
    return {k: v for k, v in view.items() if k != "you"}


@pytest.mark.parametrize("options", [None, {**HIDDEN, "owner_sees_own_bonus_values": False}])
def test_a_finished_match_shows_everyone_the_final_board_and_the_result(options):
    after = won_match(options)
    views = [jaipur.view(after, seat) for seat in (0, 1, None)]
    assert [v["you"] for v in views] == [0, 1, None]
    assert without_you(views[0]) == without_you(views[1]) == without_you(views[2])  # nothing is secret
    v = views[2]
    assert v["phase"] == "match_over" and v["round"] == 1 and v["starter"] == 0
    assert v["turn"] is None and v["to_act"] == [] and v["seals"] == [2, 0]
    assert v["result"]["winners"] == [0] and v["result"] == jaipur.result(after)
    assert v["market"] == ["camel", "camel", "camel", "diamond", "gold"]
    assert v["discard"] == ["cloth"] * 8 + ["spice"] * 7 + ["leather"] * 9
    assert v["goods_tokens"]["leather"] == [] and v["goods_tokens"]["diamond"] == [7, 7, 5, 5, 5]
    assert v["bonus_tokens"] == {"three": 6, "four": 6, "five_plus": 5}
    assert v["deck_size"] == 55 - 24 - 5 - 1 - 5  # box - discard - market - hands - herds
    me, other = v["players"]
    assert (me["hand"], me["hand_size"], me["herd"], me["hand_and_herd_size"], me["seals"]) == ([], 0, 2, 2, 2)
    assert (other["hand"], other["hand_size"], other["herd"], other["seals"]) == (["gold"], 1, 3, 0)
    assert other["bonus_tokens"] == [{"tier": "three", "value": 3}]
    assert me["goods_total"] == sum(t["value"] for t in me["goods_tokens"]) > 0


def test_a_forfeited_match_shows_the_round_that_was_in_play():
    state = sample(options=HIDDEN)
    after = state
    for event in jaipur.forfeit(state, 1):
        after = jaipur.evolve(after, event)
    v = jaipur.view(after, None)
    assert v["phase"] == "match_over" and v["result"]["forfeited_by"] == 1 and v["round"] == 1
    assert [p["hand"] for p in v["players"]] == [["diamond", "gold", "gold"], ["leather", "leather", "spice", "spice"]]
    assert [p["herd"] for p in v["players"]] == [3, 2]
    assert v["players"][0]["bonus_tokens"] == [{"tier": "three", "value": 2}]
    assert v["market"] == list(state.phase.market) and v["deck_size"] == len(state.phase.deck)


def test_a_match_that_ends_before_any_deal_has_no_board():
    state = jaipur.initial_state({}, 2)
    for event in jaipur.forfeit(state, 0):
        state = jaipur.evolve(state, event)
    v = jaipur.view(state, None)
    assert v["phase"] == "match_over" and v["players"] == [] and v["market"] is None and v["round"] is None
    assert v["result"]["winners"] == [1]


# --- redact -----------------------------------------------------------------------------------------------


def setup_events():
    _, events = dealt(hands=(("diamond", "gold"), ("spice", "leather", "leather")), herds=(3, 2))
    return events


def test_the_deal_shows_each_seat_its_own_hand_and_by_default_every_size():
    deal = next(e for e in setup_events() if isinstance(e, RoundDealt))
    for seat in (0, 1):
        seen = jaipur.redact(deal, seat)
        assert seen.TYPE == "round_dealt"
        assert seen.hands[seat] == deal.hands[seat] and seen.hands[1 - seat] is None
        assert seen.herds == (3, 2) and seen.hand_sizes == (2, 3)
        assert seen.deck is None and seen.deck_size == 40 and seen.market == deal.market
    spectator = jaipur.redact(deal, None)
    assert spectator.hands == (None, None) and spectator.deck is None
    assert spectator.herds == (3, 2) and spectator.hand_sizes == (2, 3)


def test_with_hidden_sizes_the_deal_shows_each_seat_its_own_split_only():
    _, events = dealt(hands=(("diamond", "gold"), ("spice", "leather", "leather")), herds=(3, 2), options=HIDDEN)
    deal = next(e for e in events if isinstance(e, RoundDealt))
    assert deal.hand_sizes == (2, 3) and deal.herds == (3, 2)  # the stored event keeps everything
    for seat in (0, 1):
        seen = jaipur.redact(deal, seat)
        assert seen.hand_sizes[seat] == deal.hand_sizes[seat] and seen.herds[seat] == deal.herds[seat]
        assert seen.hand_sizes[1 - seat] is None and seen.herds[1 - seat] is None and seen.hands[1 - seat] is None
    spectator = jaipur.redact(deal, None)
    assert spectator.hand_sizes == (None, None) and spectator.herds == (None, None) and spectator.hands == (None, None)


@pytest.mark.parametrize("starter", [0, 1])
def test_a_different_split_of_seat_0_changes_nothing_seat_1_or_a_spectator_is_shown(starter):
    """Two deals alike but for seat 0's split (4 goods + 1 camel, or 2 goods + 3 camels; the other cards
    lie deep in the deck): seat 1 and the spectator receive byte-identical streams and views."""
    twins = [
        dealt(hands=(("diamond", "gold", "gold", "silver"), DEFAULT_HANDS[1]), herds=(1, 0), starter=starter,
              options=HIDDEN),
        dealt(hands=(("gold", "silver"), DEFAULT_HANDS[1]), herds=(3, 0), starter=starter, options=HIDDEN),
    ]
    assert twins[0][0].phase.players[0].herd != twins[1][0].phase.players[0].herd
    for seat in (1, None):
        assert observed(*twins[0], seat) == observed(*twins[1], seat)
    assert observed(*twins[0], 0) != observed(*twins[1], 0)
    shown = [dealt(hands=(h, DEFAULT_HANDS[1]), herds=(5 - len(h), 0), starter=starter)
             for h in (("diamond", "gold", "gold", "silver"), ("gold", "silver"))]
    assert observed(*shown[0], None) != observed(*shown[1], None)  # by default the sizes are public


def test_bonus_piles_never_show_their_order():
    shuffled = [e for e in setup_events() if isinstance(e, BonusPileShuffled)]
    assert [e.tier for e in shuffled] == ["three", "four", "five_plus"]
    for event in shuffled:
        for seat in (0, 1, None):
            seen = jaipur.redact(event, seat)
            assert seen.values is None and seen.count == event.count


def test_a_sale_shows_the_bonus_value_to_the_seller_only():
    sold = GoodsSold(0, "leather", 3, (4, 3, 2), "three", 2)
    assert jaipur.redact(sold, 0) == sold
    assert jaipur.redact(sold, 1) == replace(sold, bonus=None)
    assert jaipur.redact(sold, None).bonus is None and jaipur.redact(sold, None).bonus_tier == "three"


def test_chance_drawn_is_left_to_the_service():
    drawn = ChanceDrawn(0, "shuffle", "deck", 52, 1, True, tuple(range(52)))
    assert jaipur.redact(drawn, 0) is drawn


@pytest.mark.parametrize("seat", [0, 1, None])
def test_public_events_are_unchanged(seat):
    sold = GoodsSold(1, "cloth", 1, (5,), None, None)
    assert jaipur.redact(sold, seat) == sold


def test_redaction_follows_the_visibility_options_in_the_event_stream():
    sale = GoodsSold(0, "cloth", 3, (5, 3, 3), "three", 2)
    assert jaipur.redact(sale, 0).bonus == 2 and jaipur.redact(sale, 1).bonus is None
    secret = replace(sale, bonus_secret_from_seller=True)  # owner_sees_own_bonus_values: false
    assert jaipur.redact(secret, 0).bonus is None and jaipur.redact(secret, 1).bonus is None
    # an event written before the hand-size option existed: herds hidden, hand sizes public
    deal = RoundDealt(1, 0, ("camel",) * 5, (3, 4), (("a", "b", "c"), ("d", "e", "f", "g")), (2, 1), 40, ())
    assert jaipur.redact(deal, 0).herds == (2, None) and jaipur.redact(deal, 0).hand_sizes == (3, 4)
    assert jaipur.redact(replace(deal, herds_public=True), 0).herds == (2, 1)  # opponent_sees_herd_size
    hidden = replace(deal, hand_sizes_public=False)
    assert jaipur.redact(hidden, 0).hand_sizes == (3, None) and jaipur.redact(hidden, None).hand_sizes == (None, None)


@pytest.mark.parametrize("options,herds_public,hand_sizes_public", [
    ({}, True, True),
    ({"owner_sees_own_bonus_values": False, "opponent_sees_herd_size": True}, True, True),
    (HIDDEN, False, False),
])
def test_the_options_reach_the_events(options, herds_public, hand_sizes_public):
    table = Table.start(jaipur, options, 2, b"opt")
    dealt = next(e for e in table.events if e.TYPE == "round_dealt")
    assert (dealt.herds_public, dealt.hand_sizes_public) == (herds_public, hand_sizes_public)
