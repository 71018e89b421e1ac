"""Every base bonus card with its timing (8.1): B01-B10."""

from __future__ import annotations

import domain.istanbul as game
from domain.istanbul.commands import (
    AcceptRoll,
    BuyRuby,
    CollectMail,
    DeliverToSultan,
    DiscardBonusCard,
    DrawBonusCard,
    EndTurn,
    FillGoods,
    LeaveAssistant,
    Move,
    PayGovernor,
    PickUpAssistant,
    PlayBonusCard,
    SellGoods,
    SendFamilyMember,
    UseGovernor,
    VisitBlackMarket,
    VisitTeaHouse,
)
from domain.istanbul.events import BonusCardDrawn, BonusCardPlayed, GovernorPaid, MerchantMoved
from domain.istanbul.state import AssistantStep, Caravan, Dice, GovernorPayment, Movement

from .builders import acting, codes, play, position, roll, setup


def test_b01_any_good_before_or_after_but_never_during_an_action():
    state = acting(8, player={"hand": ("B01",)})
    assert PlayBonusCard(0, "B01", good="blue") in game.legal_commands(state, 0)
    _, state = play(state, VisitBlackMarket(0, "red"))
    # the roll is pending: nobody acts
    assert game.legal_commands(state, 0) == []
    state = acting(8, player={"hand": ("B01",), "tiles": ("red",)})
    _, state = play(state, VisitBlackMarket(0, "red"))
    _, state = roll(state, 1, 1)
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B01", good="red"))) == "istanbul.card_timing"
    events, state = play(state, game.legal_commands(state, 0)[0])  # accept the roll
    events, state = play(state, PlayBonusCard(0, "B01", good="blue"))
    assert events == [BonusCardPlayed(0, "B01", "gain_good", good="blue", gained=1)]
    assert state.players[0].goods == {"red": 1, "blue": 1} and state.discard[-1] == "B01"


def test_b02_five_lira_any_time_in_the_turn():
    state = setup(2)
    state = position(state, players={0: {"hand": ("B02",), "lira": 0}})
    events, state = play(state, PlayBonusCard(0, "B02"))
    assert events == [BonusCardPlayed(0, "B02", "gain_lira", lira=5)]
    assert state.players[0].lira == 5 and state.players[0].hand == ()
    assert isinstance(state.phase, Movement)


def test_b03_sultan_twice_costs_one_more_good():
    state = acting(13, player={"hand": ("B03",), "goods": {"red": 3, "green": 3, "yellow": 3, "blue": 3},
                               "extensions": 1})
    assert PlayBonusCard(0, "B03") not in game.legal_commands(state, 0)  # after the first delivery
    _, state = play(state, DeliverToSultan(0, {"red": 1}))
    _, state = play(state, PlayBonusCard(0, "B03"))
    legal = [c for c in game.legal_commands(state, 0) if isinstance(c, DeliverToSultan)]
    assert legal  # 6 goods: blue red green yellow any blue
    _, state = play(state, legal[0])
    assert state.players[0].rubies == 2 and state.places["sultans_palace"].taken == 2


def test_b04_post_office_twice_moves_the_indicator_after_each():
    state = acting(5, player={"hand": ("B04",), "lira": 0})
    _, state = play(state, CollectMail(0))
    _, state = play(state, PlayBonusCard(0, "B04"))
    events, state = play(state, CollectMail(0))
    assert events[0].lira == 2 and events[0].post == 2
    assert state.players[0].lira == 4


def test_b05_gemstone_dealer_twice_the_price_rises():
    state = acting(16, player={"hand": ("B05",), "lira": 40})
    _, state = play(state, BuyRuby(0))
    _, state = play(state, PlayBonusCard(0, "B05"))
    events, state = play(state, BuyRuby(0))
    assert events[0].lira == 16 and state.players[0].lira == 40 - 15 - 16


def test_repeat_cards_only_at_their_place():
    state = acting(5, player={"hand": ("B03", "B05")})
    _, state = play(state, CollectMail(0))
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B03"))) == "istanbul.card_timing"


def test_b06_family_member_home_with_the_reward():
    state = setup(2)
    state = position(state, players={0: {"hand": ("B06",), "family": 9}})
    legal = set(game.legal_commands(state, 0))
    assert {PlayBonusCard(0, "B06", reward="lira"), PlayBonusCard(0, "B06", reward="card")} <= legal
    top = state.deck[0]
    events, state = play(state, PlayBonusCard(0, "B06", reward="card"))
    assert events == [BonusCardPlayed(0, "B06", "family_to_police", reward="card"), BonusCardDrawn(0, top, "deck")]
    assert state.players[0].family == 12 and state.players[0].hand == (top,)


def test_b06_not_while_in_the_police_station():
    state = setup(2)
    state = position(state, players={0: {"hand": ("B06",)}})
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B06", reward="lira"))) == "istanbul.family_in_police"


def test_b07_small_market_sells_any_goods():
    state = acting(11, player={"hand": ("B07",), "goods": {"blue": 2}, "lira": 0})
    # S1 shows 1 blue only
    assert SellGoods(0, {"blue": 2}) not in game.legal_commands(state, 0)
    _, state = play(state, PlayBonusCard(0, "B07"))
    events, state = play(state, SellGoods(0, {"blue": 2}))
    assert events[0].lira == 5 and events[0].next_top == "S2"


def test_b07_not_at_the_large_market():
    state = acting(10, player={"hand": ("B07",), "goods": {"blue": 2}})
    assert PlayBonusCard(0, "B07") not in game.legal_commands(state, 0)


def test_b08_stay_and_use_an_assistant_again():
    state = setup(2)
    state = position(state, players={0: {"hand": ("B08",), "merchant": 6, "stack": (0, 0, 0)}},
                     assistants=((6, 0),))
    assert Move(0, 6, "B08") in game.legal_commands(state, 0)
    events, state = play(state, Move(0, 6, "B08"))
    assert events == [MerchantMoved(0, 6, 6, "B08")]
    assert isinstance(state.phase, AssistantStep) and state.discard[-1] == "B08"
    assert PickUpAssistant(0) in game.legal_commands(state, 0)


def test_b09_three_or_four_steps_instead():
    state = setup(2)
    state = position(state, players={0: {"hand": ("B09",), "merchant": 1}})
    targets = {c.place for c in game.legal_commands(state, 0) if isinstance(c, Move) and c.card == "B09"}
    assert targets == {4, 7, 8, 10, 11, 13, 14}
    assert codes(lambda: game.decide(state, Move(0, 16, "B09"))) == "istanbul.place_unreachable"
    _, state = play(state, Move(0, 13, "B09"))
    assert state.players[0].merchant == 13 and "B09" not in state.players[0].hand


def test_b09_not_in_hand():
    state = setup(2)
    state = position(state, players={0: {"hand": ("B02",), "merchant": 1}})
    assert codes(lambda: game.decide(state, Move(0, 13, "B09"))) == "istanbul.card_not_in_hand"


def test_b10_return_an_assistant_in_the_movement_phase():
    state = setup(2)
    state = position(state, players={0: {"hand": ("B10",), "stack": (0, 0, 0)}}, assistants=((16, 0),))
    events, state = play(state, PlayBonusCard(0, "B10", place=16))
    assert events == [BonusCardPlayed(0, "B10", "return_assistant", place=16)]
    assert state.players[0].stack == (0, 0, 0, 0) and state.assistants == ()


def test_b10_not_after_the_movement_phase():
    state = acting(2, player={"hand": ("B10",), "stack": (0, 0)}, assistants=((2, 0), (16, 0)))
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B10", place=16))) == "istanbul.card_timing"


def test_cards_may_be_played_after_refusing_the_assistant_step():
    state = setup(2)
    state = position(state, players={0: {"hand": ("B02",), "stack": ()}},
                     assistants=((1, 0), (2, 0), (3, 0), (4, 0)))
    _, state = play(state, Move(0, 6))
    legal = game.legal_commands(state, 0)
    assert PlayBonusCard(0, "B02") in legal and EndTurn(0) in legal and LeaveAssistant(0) not in legal


# --- cards while a sub-decision waits: "Während eures Zuges dürft ihr beliebig viele Bonuskarten ... einsetzen" ---
def test_b02_pays_the_governor_with_zero_lira():
    """The governor's card drawn with 0 lira: B02 first (+5), then pay 2 lira and keep both cards."""
    state = acting(5, governor=5, player={"hand": ("B02",), "lira": 0})
    top = state.deck[0]
    _, state = play(state, UseGovernor(0))
    assert PayGovernor(0, None) not in game.legal_commands(state, 0)
    assert PlayBonusCard(0, "B02") in game.legal_commands(state, 0)
    events, state = play(state, PlayBonusCard(0, "B02"))
    assert events == [BonusCardPlayed(0, "B02", "gain_lira", lira=5)]
    assert isinstance(state.phase.step, GovernorPayment)
    events, state = play(state, PayGovernor(0, None))
    assert events == [GovernorPaid(0, None)]
    assert state.players[0].lira == 3 and state.players[0].hand == (top,)


def test_the_governors_card_cannot_be_played_away_unpaid():
    """With 0 lira and only the governor's card in hand, playing it would leave nothing to pay with."""
    state = acting(5, governor=5, player={"hand": (), "lira": 0})
    _, state = play(state, UseGovernor(0))
    card = state.players[0].hand[0]
    assert game.legal_commands(state, 0) == [PayGovernor(0, card)]
    assert codes(lambda: game.decide(state, PlayBonusCard(0, card, good="red"))) == "istanbul.decision_pending"


def test_b01_and_b06_while_the_governor_is_paid():
    """The governor is met after the place action: B01 ("before or after an action") and B06 are playable."""
    state = acting(5, governor=5, player={"hand": ("B01", "B06"), "family": 9})
    _, state = play(state, UseGovernor(0))
    legal = game.legal_commands(state, 0)
    assert PlayBonusCard(0, "B01", good="blue") in legal and PlayBonusCard(0, "B06", reward="card") in legal
    top = state.deck[0]
    events, state = play(state, PlayBonusCard(0, "B06", reward="card"))
    assert events == [BonusCardPlayed(0, "B06", "family_to_police", reward="card"), BonusCardDrawn(0, top, "deck")]
    assert isinstance(state.phase.step, GovernorPayment) and state.players[0].family == 12


def test_cards_between_the_caravansary_draws_and_before_its_discard():
    state = acting(6, player={"hand": ("B01", "B02")})
    _, state = play(state, DrawBonusCard(0, "deck"))
    assert PlayBonusCard(0, "B02") in game.legal_commands(state, 0)
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B01", good="red"))) == "istanbul.card_timing"
    _, state = play(state, PlayBonusCard(0, "B02"))
    assert state.phase.step == Caravan(1) and state.players[0].lira == 7
    _, state = play(state, DrawBonusCard(0, "discard"))  # the B02 just played lies on top
    legal = game.legal_commands(state, 0)
    assert DiscardBonusCard(0, "B01") in legal and PlayBonusCard(0, "B02") in legal
    assert not any(isinstance(c, PlayBonusCard) and c.card == "B01" for c in legal)
    _, state = play(state, DiscardBonusCard(0, "B02"))
    assert state.phase.step is None
    assert PlayBonusCard(0, "B01", good="red") in game.legal_commands(state, 0)  # after the action


def test_b06_card_reward_during_the_caravansary_is_not_one_of_its_draws():
    state = acting(6, player={"hand": ("B06",), "family": 9})
    _, state = play(state, DrawBonusCard(0, "deck"))
    top = state.deck[0]
    events, state = play(state, PlayBonusCard(0, "B06", reward="card"))
    assert events[1] == BonusCardDrawn(0, top, "deck")
    assert state.phase.step == Caravan(1)  # the second caravansary draw is still due
    assert DrawBonusCard(0, "deck") in game.legal_commands(state, 0)
    _, state = play(state, DrawBonusCard(0, "deck"))
    assert state.phase.step == Caravan(2) and len(state.players[0].hand) == 3


def test_b06_not_while_the_family_members_own_action_awaits_a_decision():
    state = acting(12, player={"hand": ("B06",)})
    _, state = play(state, SendFamilyMember(0, 6))
    _, state = play(state, DrawBonusCard(0, "deck"))
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B06", reward="lira"))) == "istanbul.card_timing"


def test_cards_while_a_roll_awaits_the_red_tiles_choice():
    state = acting(9, player={"hand": ("B01", "B02", "B10"), "tiles": ("red",), "stack": (0, 0)},
                   assistants=((9, 0), (2, 0)))
    _, state = play(state, VisitTeaHouse(0, 8))
    _, state = roll(state, 1, 2)
    legal = game.legal_commands(state, 0)
    assert PlayBonusCard(0, "B02") in legal and AcceptRoll(0) in legal
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B01", good="red"))) == "istanbul.card_timing"
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B10", place=2))) == "istanbul.card_timing"
    _, state = play(state, PlayBonusCard(0, "B02"))
    assert isinstance(state.phase.step, Dice) and AcceptRoll(0) in game.legal_commands(state, 0)


def test_place_bound_cards_stay_bound_to_their_place_and_moment():
    """B07 only at the small market before the sale, B03 only at the sultan after a delivery: not while the
    governor is paid, although cards are otherwise playable then."""
    state = acting(11, governor=11, player={"hand": ("B03", "B07"), "goods": {"blue": 1}})
    _, state = play(state, UseGovernor(0))
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B07"))) == "istanbul.card_timing"
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B03"))) == "istanbul.card_timing"


def test_b06_not_while_the_sent_family_member_is_about_to_act():
    state = acting(12, player={"hand": ("B06",)})
    _, state = play(state, SendFamilyMember(0, 2))
    assert not [c for c in game.legal_commands(state, 0) if isinstance(c, PlayBonusCard)]
    _, state = play(state, FillGoods(0))
    assert PlayBonusCard(0, "B06", reward="lira") in game.legal_commands(state, 0)


def test_a_playable_card_with_wrong_parameters_is_an_invalid_target():
    state = setup(2)
    state = position(state, players={0: {"hand": ("B01", "B10")}}, assistants=())
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B01", good="purple"))) == "istanbul.invalid_target"
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B01"))) == "istanbul.invalid_target"
