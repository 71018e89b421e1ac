"""Jaipur: every worked example of the rulebook text (seed 002, German GameWorks rulebook, quoted in
German with an English gloss) and every ruling R-01..R-32 of docs/rules/jaipur.md, as known values."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from domain import jaipur
from domain.core import Pick, RuleViolation, Shuffle
from domain.jaipur.commands import COMMANDS, Exchange, Sell, TakeCamels, TakeOne
from domain.jaipur.components import BONUS_VALUES, CARD_COUNTS, GOODS_TOKENS
from domain.jaipur.events import GoodsSold, MarketRefilled, MatchWon, RoundDealt, SealAwarded
from domain.jaipur.scoring import score_round
from domain.jaipur.state import Dealing, MatchOver, Round
from tests.support.driver import Table
from tests.unit.jaipur.builders import (
    FULL_HANDS,
    code_of,
    count_cards,
    dealt,
    drawn,
    play,
    position,
    short_deck,
    sold_for,
)

FULL_BOX = Counter(CARD_COUNTS)


def types(events):
    return [e.TYPE for e in events]


def scored(goods=((), ()), bonus=((), ()), herds=(0, 0), starter=0, options=None):
    state = position(hands=((), ()), herds=herds, market=("diamond", "gold", "silver", "cloth", "spice"),
                     discard=sold_for(goods), goods_tokens=goods, bonus_tokens=bonus, starter=starter,
                     options=options)
    return score_round(state.phase, "deck", state.options)


def third_pile_sale(seals=(0, 0), starter=0, **kw):
    """Seat 0 holds the last leather; cloth and spice piles are empty; seat 0 holds every sold token."""
    return position(hands=(("leather",), ("gold",)), herds=(2, 3), market=("camel", "camel", "camel", "diamond", "gold"),
                    discard=("cloth",) * 8 + ("spice",) * 7 + ("leather",) * 8, seals=seals, starter=starter, **kw)


# --- SPIELMATERIAL / SPIELVORBEREITUNG (components and set-up) -------------------------------------------


def test_rb_material_55_cards_38_goods_tokens_18_bonus_tokens():
    """"55 Waren- und Kamelkarten ... 38 Waren-Chips, 18 Bonus-Chips, 1 Kamel-Chip, 3 Exzellenz-Siegel"."""
    assert sum(CARD_COUNTS.values()) == 55
    assert CARD_COUNTS == {"diamond": 6, "gold": 6, "silver": 6, "cloth": 8, "spice": 8, "leather": 10, "camel": 11}
    assert sum(map(len, GOODS_TOKENS.values())) == 38 and sum(map(len, BONUS_VALUES.values())) == 18


def test_rb_setup_three_camels_five_cards_each_then_two_to_the_market():
    """"3 Kamelkarten offen ... Je 5 Karten an jeden Spieler ... Die ersten beiden Karten vom Nachziehstapel
    ... offen neben die drei Kamelkarten legen (eine oder beide Karten können durchaus wieder Kamelkarten
    sein)" and camels in the dealt hand form the herd ("Koppel")."""
    state, events = dealt(hands=(("gold", "gold", "spice"), ("diamond", "leather")), herds=(2, 3),
                          market=("camel", "camel"))
    deal = next(e for e in events if isinstance(e, RoundDealt))
    assert deal.market == ("camel",) * 5
    assert deal.hand_sizes == (3, 2) and deal.herds == (2, 3)
    assert deal.deck_size == 40
    assert count_cards(state) == FULL_BOX


def test_rb_goods_piles_rise_from_bottom_to_top():
    """"Stapel ... in dem die Chips nach ihrem Wert aufsteigend von unten nach oben liegen": the top
    (taken first) is the most valuable."""
    state, _ = dealt()
    assert state.phase.goods_piles[0][0] == 7 and state.phase.goods_piles[5] == (4, 3, 2, 1, 1, 1, 1, 1, 1)


def test_rb_first_player_by_lot():
    """"Nun noch auslosen, wer mit dem Spiel beginnt"."""
    assert jaipur.chance(jaipur.initial_state({}, 2)) == Pick("first_player", 2)


def test_rb_bonus_chips_sorted_by_type_and_shuffled_separately():
    """"Die Bonus-Chips nach Typ sortieren, den Typ getrennt mischen und als Stapel aufstellen"."""
    state = jaipur.initial_state({"first_player": 0}, 2)
    state = jaipur.evolve(state, jaipur.decide(state, drawn("deck", tuple(range(52))))[0])
    assert jaipur.chance(state) == Shuffle("bonus_three", 7)


# --- SPIELVERLAUF (a turn) ---------------------------------------------------------------------------------


def test_rb_take_or_sell_never_both():
    """"KARTEN NEHMEN ODER KARTEN ABLEGEN. Nie jedoch ist beides erlaubt!": every command is one action,
    and the turn passes after it."""
    assert set(COMMANDS) == {"exchange", "take_one", "take_camels", "sell"}
    state, _ = play(position(hands=(("spice",), ())), Sell(0, "spice", 1))
    assert jaipur.to_act(state) == (1,)


def test_rb_a_exchange_goods_for_camels_goods_or_both():
    """"tausche sie gegen die gleiche Anzahl Karten aus. Du kannst Kamele, Waren oder beides dafür geben"."""
    market = ("diamond", "gold", "silver", "camel", "camel")
    state = position(hands=(("cloth", "spice", "leather"), ()), herds=(3, 0), market=market)
    for command in (Exchange(0, ("diamond", "gold"), ("cloth", "spice")), Exchange(0, ("diamond", "gold"), (), 2),
                    Exchange(0, ("diamond", "gold", "silver"), ("leather",), 2)):
        after, events = play(state, command)
        assert types(events) == ["goods_exchanged"]
        assert count_cards(after) == FULL_BOX


def test_rb_b_take_one_replaced_by_the_top_of_the_deck():
    """"Nimm 1 einzige Warenkarte vom Markt und ersetze sie durch die oberste Karte vom Nachziehstapel"."""
    state = position(hands=(("cloth",), ()), market=("camel", "camel", "camel", "diamond", "gold"))
    after, events = play(state, TakeOne(0, "diamond"))
    assert after.phase.market[3] == state.phase.deck[0]


def test_rb_c_take_all_camels_replaced_by_as_many_cards():
    """"Nimm ALLE Kamele, die auf dem Markt sind, bringe sie in deine Koppel, und ersetze sie durch die
    gleiche Anzahl Karten vom Nachziehstapel"."""
    state = position(hands=(("cloth",), ()), herds=(1, 0), market=("camel", "camel", "camel", "diamond", "gold"))
    after, events = play(state, TakeCamels(0))
    assert after.phase.players[0].herd == 4
    assert events[1] == MarketRefilled(state.phase.deck[:3], (0, 1, 2), len(state.phase.deck) - 3)


def test_rb_attention_never_more_than_seven_cards_in_hand():
    """"AUFGEPASST: Am Ende seines Zuges darf ein Spieler nie mehr als 7 Karten auf der Hand haben"."""
    seven = ("cloth",) * 4 + ("spice",) * 3
    state = position(hands=(seven, ()), herds=(2, 0), market=("diamond", "gold", "camel", "camel", "camel"))
    assert code_of(state, TakeOne(0, "gold")) == "jaipur.hand_limit"
    assert code_of(state, Exchange(0, ("diamond", "gold"), (), 2)) == "jaipur.hand_limit"


def test_rb_sell_example_three_gold_cards():
    """"so viele Karten einer Warenart aus, wie er möchte (also z.B. 3 Goldkarten)": 3 gold take the top 3
    gold chips (6, 6, 5) and a bonus chip for 3 cards."""
    state = position(hands=(("gold", "gold", "gold"), ()), market=("camel", "camel", "camel", "diamond", "leather"),
                     bonus_piles={"three": (2, 3, 3, 2, 2, 1, 1)})
    after, events = play(state, Sell(0, "gold", 3))
    assert events == [GoodsSold(0, "gold", 3, (6, 6, 5), "three", 2)]
    assert after.phase.discard == ("gold", "gold", "gold")


@pytest.mark.parametrize("count,values", [(3, {1, 2, 3}), (4, {4, 5, 6}), (5, {8, 9, 10})])
def test_rb_bonus_hint_value_ranges(count, values):
    """"Für 3 verkaufte Waren ... 1, 2 und 3 Rupien ... für 4 ... 4, 5 oder 6 ... für 5 ... 8, 9 oder 10"."""
    seen = set()
    for seed in range(12):
        table = Table.start(jaipur, {"first_player": 0}, 2, seed=f"bonus-{seed}".encode())
        pile = table.state.phase.bonus_piles[count - 3]
        seen.add(pile[0])
    assert seen <= values and len(seen) >= 2


def test_rb_precious_goods_sell_two_even_with_one_chip_left():
    """"Für die drei teuersten Waren ... mindestens 2 Warenkarten ... auch dann noch, wenn nur noch 1
    Warenchip dieser Art vorhanden ist"."""
    state = position(hands=(("diamond", "diamond"), ()), discard=("diamond",) * 3,
                     market=("camel", "camel", "camel", "gold", "gold"))
    assert state.phase.goods_piles[0] == (5, 5)
    assert code_of(state, Sell(0, "diamond", 1)) == "jaipur.too_few_precious"
    state = position(hands=(("silver", "silver"), ()), discard=("silver",) * 4)
    assert state.phase.goods_piles[2] == (5,)
    assert code_of(state, Sell(0, "silver", 1)) == "jaipur.too_few_precious"
    _, events = play(state, Sell(0, "silver", 2))
    assert events[0].tokens == (5,)


def test_rb_reminder_one_goods_type_per_turn():
    """"ERINNERUNG: Man darf in einem Zug nur 1 Warenart verkaufen": a sale names one good, then the turn
    passes."""
    state = position(hands=(("cloth", "spice"), ()))
    after, _ = play(state, Sell(0, "cloth", 1))
    assert code_of(after, Sell(0, "spice", 1)) == "not_your_turn"


# --- ENDE EINER RUNDE / NEUE RUNDE / ENDE DES SPIELS ------------------------------------------------------------


def test_rb_round_ends_when_three_goods_chip_piles_are_used_up():
    """"Eine Runde endet sofort, wenn: Die Chips von 3 Warenarten aufgebraucht sind"."""
    _, events = play(third_pile_sale(), Sell(0, "leather", 1))
    assert types(events)[:2] == ["goods_sold", "round_ended"] and events[1].reason == "goods_piles"


def test_rb_round_ends_when_the_deck_cannot_refill_the_market():
    """"ODER Der Nachziehstapel aufgebraucht ist und deshalb der Markt nicht mehr vollständig versorgt
    werden kann"."""
    _, events = play(short_deck(deck=()), TakeOne(0, "gold"))
    assert events[2].TYPE == "round_ended" and events[2].reason == "deck"


def test_rb_most_camels_gets_the_camel_chip_worth_five():
    """"Der Spieler mit den meisten Kamelen auf seiner Koppel erhält den Kamel-Chip, der 5 Rupien wert ist"."""
    ended = scored(herds=(4, 6))
    assert ended.camel_token == 1 and ended.totals == (0, 5)


def test_rb_richest_trader_gets_a_seal():
    """"Der reichste Händler, also der mit den meisten Rupien, erhält ... ein Exzellenz-Siegel"."""
    after, events = play(third_pile_sale(), Sell(0, "leather", 1))
    assert events[2] == SealAwarded(0, 1) and after.seals == (1, 0)


def test_rb_tie_most_bonus_chips_then_most_goods_chips():
    """"Bei Unentschieden gewinnt der Händler mit den meisten Bonus-Chips. Gibt es auch hier Gleichstand,
    entscheidet die Anzahl der Waren-Chips"."""
    assert scored(goods=((("diamond", 7),), (("leather", 4),)), bonus=((), (("three", 3),))).winner == 1
    assert scored(goods=((("leather", 4), ("leather", 3)), (("diamond", 7),))).winner == 0


def test_rb_new_round_the_loser_starts():
    """"Solange keiner der beiden Spieler 2 Exzellenz-Siegel besitzt, wird eine neue Runde gestartet ... Der
    Verlierer der vorigen Runde ist nun Startspieler"."""
    after, _ = play(third_pile_sale(), Sell(0, "leather", 1))
    assert replace(after.phase, previous_round=None) == Dealing(2, 1)


def test_rb_the_second_seal_ends_the_game():
    """"Das Spiel endet, sobald ein Spieler ein 2. Exzellenz-Siegel erhält. Er gewinnt das Spiel"."""
    after, events = play(third_pile_sale(seals=(1, 1)), Sell(0, "leather", 1))
    assert events[-1] == MatchWon(0) and replace(after.phase, final_round=None) == MatchOver((0,))
    assert jaipur.result(after)["winners"] == [0]


# --- ERLÄUTERUNGEN (clarifications) ------------------------------------------------------------------------


def test_rb_goods_or_camels_never_both():
    """"Wenn man Karten vom Markt an sich nimmt, müssen es immer entweder Waren oder Kamele sein"."""
    state = position(hands=(("cloth", "spice"), ()), market=("camel", "camel", "camel", "diamond", "gold"))
    assert code_of(state, Exchange(0, ("camel", "diamond"), ("cloth", "spice"))) == "jaipur.camel_not_allowed"
    assert code_of(state, TakeOne(0, "camel")) == "jaipur.camel_not_allowed"


def test_rb_camels_always_all_of_them():
    """"Wer Kamele an sich nehmen will, muss immer alle Kamelkarten vom Markt nehmen"."""
    state = position(market=("camel", "camel", "gold", "camel", "diamond"))
    after, events = play(state, TakeCamels(0))
    assert events[0].count == 3 and after.phase.players[0].herd == 3


def test_rb_exchange_may_not_give_back_a_type_just_taken():
    """"Man darf nicht eine Karte einer Warenart wieder eintauschen, die man gerade vom Markt genommen hat"."""
    state = position(hands=(("gold", "spice"), ()), market=("camel", "camel", "camel", "diamond", "gold"))
    assert code_of(state, Exchange(0, ("diamond", "gold"), ("gold", "spice"))) == "jaipur.exchange_same_type"


def test_rb_never_one_card_for_one_card():
    """"Es ist nicht erlaubt, 1 einzige Karte gegen 1 einzige Karte ... einzutauschen ... mindestens 2 gegen 2"."""
    state = position(hands=(("spice",), ()), herds=(1, 0), market=("camel", "camel", "camel", "diamond", "gold"))
    assert code_of(state, Exchange(0, ("diamond",), ("spice",))) == "jaipur.exchange_too_small"
    assert code_of(state, Exchange(0, ("diamond",), (), 1)) == "jaipur.exchange_too_small"


def test_rb_equal_camels_nobody_gets_the_camel_chip():
    """"Wenn bei der Abrechnung beide Spieler die gleiche Anzahl von Kamelen besitzen, erhält niemand den
    Kamel-Chip"."""
    assert scored(herds=(3, 3)).camel_token is None


def test_rb_short_pile_still_pays_the_bonus_by_cards_sold():
    """"Beim Verkauf kann es vorkommen, dass ein Warenchip weniger als verkaufte Waren vorhanden ist. Der
    Bonus wird dennoch entsprechend der Anzahl an verkauften Waren ausbezahlt"."""
    state = position(hands=(("silver",) * 5, ()), discard=(("silver",)), bonus_piles={"five_plus": (8, 10, 10, 9, 8)})
    _, events = play(state, Sell(0, "silver", 5))
    assert events[0] == GoodsSold(0, "silver", 5, (5, 5, 5, 5), "five_plus", 8)


def test_rb_herd_size_need_not_be_disclosed():
    """"Während der Partie ist man nicht verpflichtet, dem Gegenspieler die Anzahl an Kamelen ... zu
    offenbaren": one need not *announce* the count; the herd lies on the table, so it is shown by default
    and hidden on request (together with the hand size, which would give it away)."""
    state = position(hands=(("gold",), ()), herds=(4, 2))
    assert jaipur.view(state, 1)["players"][0]["herd"] == 4 and jaipur.view(state, 0)["players"][0]["herd"] == 4
    hidden = position(hands=(("gold",), ()), herds=(4, 2),
                      options={"opponent_sees_hand_size": False, "opponent_sees_herd_size": False})
    assert jaipur.view(hidden, 1)["players"][0]["herd"] is None and jaipur.view(hidden, 0)["players"][0]["herd"] == 4


def test_rb_tip_the_opponent_s_seven_cards_are_visible():
    """"Viele Kamele vom Markt zu nehmen, empfiehlt sich vor allem dann, wenn der Gegenspieler schon 7
    Karten auf der Hand hat": the tip needs the opponent's hand size, so it is shown (R-20)."""
    seven = ("cloth",) * 3 + ("spice",) * 4
    state = position(hands=(("gold",), seven), herds=(1, 0))
    assert jaipur.view(state, 0)["players"][1]["hand_size"] == 7


def test_rb_limit_of_seven_counts_hand_cards_only():
    """"Die Begrenzung auf 7 gilt nur für die Handkarten. Die Kamele werden nicht mitgezählt"."""
    six = ("cloth",) * 3 + ("spice",) * 3
    state = position(hands=(six, ()), herds=(8, 0), market=("camel", "gold", "diamond", "leather", "silver"))
    after, _ = play(state, TakeOne(0, "gold"))
    assert len(after.phase.players[0].hand) == 7 and after.phase.players[0].herd == 8


# --- reference, worked example of rules 3.4 -----------------------------------------------------------------


def test_ref_short_leather_sale():
    """Leather pile with 2 tokens left (7 sold): selling 3 leather gives 1 and 1 plus a 3-card bonus."""
    state = position(hands=(("leather",) * 3, ()), discard=("leather",) * 7, bonus_piles={"three": (3, 3, 2, 2, 2, 1, 1)})
    _, events = play(state, Sell(0, "leather", 3))
    assert events == [GoodsSold(0, "leather", 3, (1, 1), "three", 3)]


# --- rulings R-01 .. R-32 --------------------------------------------------------------------------------------


def test_r01_round_ends_only_on_a_failed_refill():
    after, events = play(short_deck(deck=("silver",)), TakeOne(0, "gold"))
    assert types(events) == ["good_taken", "market_refilled"] and after.phase.deck == ()
    _, events = play(short_deck(deck=("silver",), market=("camel", "camel", "gold", "diamond", "leather")),
                     TakeCamels(0))
    assert events[1] == MarketRefilled(("silver",), (0,), 0) and events[2].reason == "deck"


def test_r02_checked_once_after_the_action_resolves_and_no_final_turn():
    after, events = play(third_pile_sale(), Sell(0, "leather", 1))
    assert events[0].tokens == (1,) and events[1].TYPE == "round_ended"
    assert jaipur.to_act(after) == ()


def test_r03_exchange_never_ends_a_round():
    state = short_deck(deck=(), market=("gold", "gold", "diamond", "leather", "camel"))
    assert {"cloth", "silver"} <= set(FULL_HANDS[0])
    _, events = play(state, Exchange(0, ("diamond", "leather"), ("cloth", "silver")))
    assert types(events) == ["goods_exchanged"]


def test_r04_sale_into_an_empty_pile_is_allowed_and_earns_nothing():
    state = position(hands=(("leather",), ()), discard=("leather",) * 9)
    _, events = play(state, Sell(0, "leather", 1))
    assert events == [GoodsSold(0, "leather", 1, (), None, None)]
    blocked = position(hands=(("leather",), ()), discard=("leather",) * 9, options={"allow_sale_into_empty_pile": False})
    assert code_of(blocked, Sell(0, "leather", 1)) == "jaipur.pile_empty"


def test_r05_empty_bonus_tier_no_bonus_no_substitute():
    three = tuple(("three", v) for v in BONUS_VALUES["three"])
    state = position(hands=(("cloth",) * 3, ()), bonus_tokens=(three, ()))
    _, events = play(state, Sell(0, "cloth", 3))
    assert events[0].bonus_tier is None and events[0].bonus is None


def test_r06_seller_chooses_the_quantity():
    state = position(hands=(("cloth",) * 5, ()))
    assert [c.count for c in jaipur.legal_commands(state, 0) if isinstance(c, Sell)] == [1, 2, 3, 4, 5]


def test_r07_one_sale_of_one_type_per_turn():
    after, _ = play(position(hands=(("cloth", "spice"), ())), Sell(0, "cloth", 1))
    assert jaipur.legal_commands(after, 0) == []


def test_r08_no_discard_down_the_action_is_refused():
    seven = ("cloth",) * 7
    state = position(hands=(seven, ()), herds=(1, 0), market=("gold", "diamond", "camel", "camel", "camel"))
    with pytest.raises(RuleViolation) as error:
        jaipur.decide(state, Exchange(0, ("diamond", "gold"), ("cloth",), 1))
    assert error.value.code == "jaipur.hand_limit"


def test_r09_exchange_details():
    state = position(hands=(("cloth",), ()), herds=(1, 0), market=("cloth", "leather", "gold", "gold", "camel"))
    assert code_of(state, Exchange(0, ("cloth", "leather"), ("cloth",), 1)) == "jaipur.exchange_same_type"
    after, _ = play(state, Exchange(0, ("gold", "gold"), ("cloth",), 1))  # duplicates of one type taken
    assert after.phase.players[0].hand == ("gold", "gold")


def test_r10_exchange_size_two_to_goods_in_market():
    state = position(hands=(("cloth", "cloth", "spice"), ()), herds=(2, 0),
                     market=("diamond", "gold", "silver", "leather", "leather"))
    sizes = {len(c.take) for c in jaipur.legal_commands(state, 0) if isinstance(c, Exchange)}
    assert sizes == {2, 3, 4, 5}


def test_r11_take_all_camels_with_seven_in_hand():
    state = position(hands=(("cloth",) * 7, ()))
    assert TakeCamels(0) in jaipur.legal_commands(state, 0)


def test_r12_take_one_needs_six_or_fewer():
    assert code_of(position(hands=(("cloth",) * 7, ())), TakeOne(0, "gold")) == "jaipur.hand_limit"
    after, _ = play(position(hands=(("cloth",) * 6, ())), TakeOne(0, "gold"))
    assert len(after.phase.players[0].hand) == 7


def test_r13_market_slots_fill_in_ascending_order():
    state = position(hands=(("spice", "leather"), ()), market=("gold", "camel", "diamond", "camel", "gold"))
    after, _ = play(state, Exchange(0, ("gold", "gold"), ("leather", "spice")))
    assert after.phase.market == ("leather", "camel", "diamond", "camel", "spice")


def test_r14_camel_token_counts_in_total_not_in_tie_break_counts():
    ended = scored(goods=((("cloth", 5),), (("gold", 6), ("leather", 4))), herds=(1, 0))
    assert ended.totals == (10, 10) and ended.goods_counts == (1, 2) and ended.winner == 1


def test_r15_residual_tie_no_seal_non_starter_starts():
    ended = scored(goods=((("diamond", 7),), (("diamond", 7),)), starter=0)
    assert ended.winner is None and ended.next_starter == 1
    ended = scored(goods=((("diamond", 7),), (("diamond", 7),)), starter=0, options={"residual_tie": "seal_to_non_starter"})
    assert ended.winner == 1


def test_r16_first_starter_by_lot_or_explicit():
    state = jaipur.initial_state({}, 2)
    for pick in (0, 1):
        (event,) = jaipur.decide(state, drawn("first_player", (pick,), kind="pick"))
        assert jaipur.evolve(state, event).phase == Dealing(1, pick)
    assert jaipur.initial_state({"first_player": 1}, 2).phase == Dealing(1, 1)


def test_r17_loser_by_the_full_winner_order_starts():
    ended = scored(goods=((("diamond", 7),), (("leather", 4),)), bonus=((), (("three", 3),)), starter=1)
    assert ended.winner == 1 and ended.next_starter == 0


def test_r18_owner_sees_own_bonus_values_opponent_only_tier():
    state = position(bonus_tokens=((("four", 6),), ()))
    assert jaipur.view(state, 0)["players"][0]["bonus_tokens"] == [{"tier": "four", "value": 6}]
    assert jaipur.view(state, 1)["players"][0]["bonus_tokens"] == [{"tier": "four", "value": None}]


def test_r19_herd_shown_unless_hidden_together_with_the_hand_size():
    """Ruling changed from the reference (the German rulebook wins): the herd is shown by default; hiding
    it needs the hand size hidden too, since hand + herd is public and either gives the other away."""
    state = position(hands=(("gold",), ()), herds=(5, 1))
    assert jaipur.view(state, 1)["players"][0]["herd"] == 5
    hidden = position(hands=(("gold",), ()), herds=(5, 1),
                      options={"opponent_sees_hand_size": False, "opponent_sees_herd_size": False})
    assert jaipur.view(hidden, 1)["players"][0]["herd"] is None
    assert jaipur.view(hidden, 1)["players"][0]["hand_and_herd_size"] == 6
    with pytest.raises(RuleViolation) as error:
        jaipur.initial_state({"opponent_sees_herd_size": False}, 2)
    assert error.value.code == "invalid_options"


def test_r20_opponent_hand_size_public():
    state = position(hands=(("gold", "gold", "spice"), ()))
    assert jaipur.view(state, 1)["players"][0]["hand_size"] == 3 and jaipur.view(state, 1)["players"][0]["hand"] is None


def test_r21_collected_goods_tokens_public():
    state = position(discard=("diamond", "diamond"), goods_tokens=((("diamond", 7), ("diamond", 7)), ()))
    assert jaipur.view(state, None)["players"][0]["goods_total"] == 14


def test_r22_safety_cap_off_by_default_and_reported_apart():
    assert jaipur.initial_state({}, 2).options.safety_cap_turns_without_progress is None
    state = position(hands=(("cloth", "spice"), ("leather", "silver")), market=("diamond", "gold", "camel", "camel", "camel"),
                     options={"safety_cap_turns_without_progress": 1})
    after, events = play(state, Exchange(0, ("diamond", "gold"), ("cloth", "spice")))
    assert events[-1].TYPE == "match_aborted"
    assert jaipur.result(after) == {"winners": [], "scores": [0, 0], "rounds": [], "aborted": True,
                                    "forfeited_by": None}


def test_r23_no_pass_command():
    assert "pass" not in jaipur.COMMANDS


def test_r24_deal_alternates_starting_with_the_starter():
    # canonical indices: camel 0-7, cloth 8-15, diamond 16-21, gold 22-27, leather 28-37, silver 38-43,
    # spice 44-51; shuffle diamond, gold, diamond, gold, ... then leather, silver
    head = (16, 22, 17, 23, 18, 24, 19, 25, 20, 26, 28, 38)
    outcome = head + tuple(i for i in range(52) if i not in head)
    state = jaipur.initial_state({"first_player": 1}, 2)
    (deal,) = jaipur.decide(state, drawn("deck", outcome))
    assert deal.hands == (("gold",) * 5, ("diamond",) * 5)  # seat 1 starts: it receives the 1st, 3rd, 5th, ... card
    assert deal.market == ("camel", "camel", "camel", "leather", "silver")
    assert deal.deck[:3] == ("camel", "camel", "camel") and deal.deck_size == 40


def test_r25_opening_camels_go_to_the_herd():
    state, _ = dealt(hands=(("gold",), ("spice",)), herds=(4, 4), market=("diamond", "gold"))
    assert state.phase.players[1].hand == ("spice",) and state.phase.players[1].herd == 4


@pytest.mark.parametrize("count", [6, 7])
def test_r26_six_or_seven_cards_use_the_five_plus_tier(count):
    _, events = play(position(hands=(("leather",) * count, ())), Sell(0, "leather", count))
    assert events[0].bonus_tier == "five_plus" and events[0].bonus == 10


def test_r27_precious_minimum_always():
    state = position(hands=(("gold", "gold"), ()), discard=("gold",) * 4,
                     market=("camel", "camel", "camel", "diamond", "diamond"))
    assert code_of(state, Sell(0, "gold", 1)) == "jaipur.too_few_precious"


def test_r28_tie_compares_totals_with_the_camel_token():
    ended = scored(goods=((("gold", 6),), (("diamond", 7),)), bonus=((), (("three", 3),)), herds=(2, 1))
    assert ended.totals == (11, 10) and ended.winner == 0


def test_r29_any_three_piles():
    state = position(hands=(("silver", "silver"), ()), herds=(3, 3), market=("camel", "camel", "leather", "leather", "leather"),
                     discard=("diamond",) * 6 + ("gold",) * 6 + ("silver",) * 4)
    _, events = play(state, Sell(0, "silver", 2))
    assert events[1].reason == "goods_piles"


def test_r30_discard_never_returns_during_a_round():
    table = Table.start(jaipur, {"first_player": 0}, 2, seed=b"r30")
    deck_sizes = []
    while isinstance(table.state.phase, Round) and table.state.phase.number == 1:
        r = table.state.phase
        deck_sizes.append(len(r.deck))
        (seat,) = jaipur.to_act(table.state)
        legal = jaipur.legal_commands(table.state, seat)
        sells = [c for c in legal if isinstance(c, Sell)]
        table.play(sells[-1] if sells else legal[-1])
    assert deck_sizes == sorted(deck_sizes, reverse=True)


def test_r31_seals_are_counters():
    after, _ = play(third_pile_sale(seals=(0, 1)), Sell(0, "leather", 1))
    assert after.seals == (1, 1)


def test_r32_cards_and_tokens_conserved_over_a_whole_match():
    table = Table.start(jaipur, {}, 2, seed=b"r32")
    step = 0
    while not jaipur.is_terminal(table.state):
        r = table.state.phase
        assert count_cards(table.state) == FULL_BOX
        goods = sum(len(p) for p in r.goods_piles) + sum(len(p.goods_tokens) for p in r.players)
        bonus = sum(len(p) for p in r.bonus_piles) + sum(len(p.bonus_tokens) for p in r.players)
        assert (goods, bonus) == (38, 18)
        (seat,) = jaipur.to_act(table.state)
        legal = jaipur.legal_commands(table.state, seat)
        table.play(legal[(step * 31) % len(legal)])
        step += 1
