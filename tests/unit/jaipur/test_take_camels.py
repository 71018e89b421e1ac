"""C. Take all camels (rules 3.3, R-11)."""

from domain.jaipur.commands import TakeCamels
from domain.jaipur.events import CamelsTaken, MarketRefilled
from tests.unit.jaipur.builders import code_of, count_cards, play, position


def test_all_camels_go_to_the_herd_and_the_deck_refills_their_slots():
    state = position(hands=(("cloth",), ()), herds=(1, 0), market=("camel", "gold", "camel", "camel", "spice"))
    deck = state.phase.deck
    after, events = play(state, TakeCamels(0))
    assert events == [CamelsTaken(0, 3, (0, 2, 3)), MarketRefilled(deck[:3], (0, 2, 3), len(deck) - 3)]
    r = after.phase
    assert r.players[0].herd == 4
    assert r.market == (deck[0], "gold", deck[1], deck[2], "spice")
    assert r.to_move == 1
    assert count_cards(after) == count_cards(state)


def test_no_camel_in_the_market():
    state = position(market=("gold", "gold", "spice", "spice", "diamond"))
    assert code_of(state, TakeCamels(0)) == "jaipur.no_camels_in_market"


def test_legal_with_seven_cards_in_hand():
    hand = ("cloth",) * 4 + ("spice",) * 3
    after, _ = play(position(hands=(hand, ())), TakeCamels(0))
    assert after.phase.players[0].herd == 3 and len(after.phase.players[0].hand) == 7


def test_camels_drawn_in_the_refill_stay_in_the_market():
    state = position(market=("camel", "gold", "gold", "spice", "diamond"), deck=("camel", "camel") + ("leather",) * 10
                     + ("cloth",) * 8 + ("spice",) * 7 + ("silver",) * 6 + ("gold",) * 4 + ("diamond",) * 5,
                     herds=(4, 4), discard=())
    after, _ = play(state, TakeCamels(0))
    assert after.phase.market[0] == "camel" and after.phase.players[0].herd == 5
