"""What each seat sees (rules 7, R-18..R-21) in views and in redacted events."""

import json
from dataclasses import replace

import pytest

from domain import jaipur
from domain.core import ChanceDrawn
from domain.jaipur.commands import Sell
from domain.jaipur.events import BonusPileShuffled, GoodsSold, RoundDealt
from tests.unit.jaipur.builders import dealt, play, position

TOP_KEYS = {"game", "you", "phase", "round", "starter", "turn", "to_act", "seals", "market", "deck_size", "discard",
            "goods_tokens", "bonus_tokens", "players", "rounds", "result"}


def sample():
    return position(
        hands=(("diamond", "gold", "gold"), ("spice", "spice", "leather", "leather")),
        herds=(3, 2),
        discard=("cloth", "cloth", "cloth"),
        goods_tokens=((("cloth", 5), ("cloth", 3), ("cloth", 3)), ()),
        bonus_tokens=((("three", 2),), ()),
    )


def test_view_is_json_and_has_the_same_keys_for_every_seat():
    state = sample()
    for seat in (0, 1, None):
        v = jaipur.view(state, seat)
        json.dumps(v)
        assert set(v) == TOP_KEYS
        assert v["phase"] == "playing" and v["turn"] == 0 and v["to_act"] == [0] and v["round"] == 1


def test_own_hand_and_herd_but_only_the_hand_size_of_the_other_seat():
    v = jaipur.view(sample(), 0)
    me, other = v["players"]
    assert me["hand"] == ["diamond", "gold", "gold"] and me["herd"] == 3
    assert other["hand"] is None and other["hand_size"] == 4
    assert other["herd"] is None


def test_spectator_sees_no_hand_and_no_herd():
    v = jaipur.view(sample(), None)
    assert all(p["hand"] is None and p["herd"] is None for p in v["players"])
    assert [p["hand_size"] for p in v["players"]] == [3, 4]


def test_option_opponent_sees_herd_size():
    state = position(hands=(("gold",), ()), herds=(3, 2), options={"opponent_sees_herd_size": True})
    assert jaipur.view(state, 1)["players"][0]["herd"] == 3


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


def hidden_changed(state):
    """The same position with seat 1's hand, the deck order and the bonus orders changed."""
    r = state.phase
    players = (r.players[0], replace(r.players[1], hand=("cloth",) * 4, herd=0))
    return replace(state, phase=replace(r, players=players, deck=tuple(reversed(r.deck)),
                                       bonus_piles=tuple(tuple(reversed(p)) for p in r.bonus_piles)))


def test_seat_0_view_does_not_depend_on_what_seat_0_cannot_see():
    state = sample()
    assert jaipur.view(state, 0) == jaipur.view(hidden_changed(state), 0)
    assert jaipur.view(state, None) == jaipur.view(hidden_changed(state), None)
    assert jaipur.view(state, 1) != jaipur.view(hidden_changed(state), 1)


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


def test_match_over_view_carries_the_result():
    state = position(
        hands=(("leather",), ("gold",)), herds=(2, 3), market=("camel", "camel", "camel", "diamond", "gold"),
        discard=("cloth",) * 8 + ("spice",) * 7 + ("leather",) * 8, seals=(1, 0),
    )
    after, _ = play(state, Sell(0, "leather", 1))
    v = jaipur.view(after, 1)
    assert v["phase"] == "match_over" and v["result"]["winners"] == [0]


# --- redact -----------------------------------------------------------------------------------------------


def setup_events():
    _, events = dealt(hands=(("diamond", "gold"), ("spice", "leather", "leather")), herds=(3, 2))
    return events


def test_the_deal_shows_each_seat_its_own_hand_and_herd_only():
    deal = next(e for e in setup_events() if isinstance(e, RoundDealt))
    for seat in (0, 1):
        seen = jaipur.redact(deal, seat)
        assert seen.TYPE == "round_dealt"
        assert seen.hands[seat] == deal.hands[seat] and seen.hands[1 - seat] is None
        assert seen.herds[seat] == deal.herds[seat] and seen.herds[1 - seat] is None
        assert seen.deck is None and seen.deck_size == 40
        assert seen.hand_sizes == (2, 3) and seen.market == deal.market
    spectator = jaipur.redact(deal, None)
    assert spectator.hands == (None, None) and spectator.herds == (None, None) and spectator.deck is None


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
    from dataclasses import replace as _replace

    from domain.jaipur.events import GoodsSold, RoundDealt

    sale = GoodsSold(0, "cloth", 3, (5, 3, 3), "three", 2)
    assert jaipur.redact(sale, 0).bonus == 2 and jaipur.redact(sale, 1).bonus is None
    secret = _replace(sale, bonus_secret_from_seller=True)  # owner_sees_own_bonus_values: false
    assert jaipur.redact(secret, 0).bonus is None and jaipur.redact(secret, 1).bonus is None
    dealt = RoundDealt(1, 0, ("camel",) * 5, (3, 4), (("a", "b", "c"), ("d", "e", "f", "g")), (2, 1), 40, ())
    assert jaipur.redact(dealt, 0).herds == (2, None)
    assert jaipur.redact(_replace(dealt, herds_public=True), 0).herds == (2, 1)  # opponent_sees_herd_size


def test_the_options_reach_the_events():
    from tests.support.driver import Table

    table = Table.start(jaipur, {"owner_sees_own_bonus_values": False, "opponent_sees_herd_size": True}, 2, b"opt")
    dealt = next(e for e in table.events if e.TYPE == "round_dealt")
    assert dealt.herds_public
