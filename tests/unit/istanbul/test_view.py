"""Views and redaction: hands secret (counts public), deck and demand stack orders secret (8.4, R-54)."""

from __future__ import annotations

import json

import domain.istanbul as game
from domain.core import ChanceDrawn
from domain.istanbul.commands import BuyRuby, EndTurn, VisitBlackMarket
from domain.istanbul.events import BonusCardDrawn, BonusDeckShuffled, DemandTilesShuffled

from .builders import acting, play, setup


def test_own_hand_only():
    state = setup(3)
    for seat in range(3):
        view = game.view(state, seat)
        json.dumps(view)
        assert view["players"][seat]["bonus_cards"] == list(state.players[seat].hand)
        for other in range(3):
            assert view["players"][other]["bonus_card_count"] == 1
            if other != seat:
                assert "bonus_cards" not in view["players"][other]
    spectator = game.view(state, None)
    assert all("bonus_cards" not in p for p in spectator["players"])


def test_no_deck_order_and_only_the_top_demand_tile():
    view = game.view(setup(2), None)
    text = json.dumps(view)
    assert view["bonus_deck_size"] == 24
    assert view["places"]["small_market"] == {
        "demand": "S1", "demand_goods": {"red": 1, "green": 2, "yellow": 1, "blue": 1},
        "payout": [2, 5, 9, 14, 20], "stack_size": 5}
    assert view["places"]["post_office"] == {"state": 0, "goods": {"red": 0, "green": 1, "yellow": 1, "blue": 0},
                                             "lira": 2}
    assert "S2" not in text and "L2" not in text


def test_view_names_the_awaited_chance_step():
    state = acting(8)
    _, state = play(state, VisitBlackMarket(0, "red"))
    view = game.view(state, 1)
    assert view["awaiting_chance"] == {"kind": "roll", "label": "black_market", "by_dealer": False}
    assert view["to_act"] == []
    assert game.view(setup(2), 0)["awaiting_chance"] is None


def test_redaction():
    drawn = BonusCardDrawn(0, "B05", "deck")
    assert game.redact(drawn, 0) == drawn
    assert game.redact(drawn, 1).card == "" and game.redact(drawn, None).card == ""
    from_discard = BonusCardDrawn(0, "B05", "discard")
    assert game.redact(from_discard, 1) == from_discard
    assert game.redact(BonusDeckShuffled(2, ("B01", "B02")), 0).cards == ()
    assert game.redact(DemandTilesShuffled(11, "S2", ("S2", "S1")), 0) == DemandTilesShuffled(11, "S2", ())
    secret = ChanceDrawn(3, "shuffle", "bonus_deck", 26, 1, True, tuple(range(26)))
    assert game.redact(secret, 0).outcome == ()
    public = ChanceDrawn(4, "roll", "governor", 6, 2, False, (3, 4))
    assert game.redact(public, None) == public


def _finished():
    state = acting(16, seats=3, seat=2, player={"rubies": 4, "lira": 20, "hand": ("B09",)},
                   others={0: {"hand": ("B03",)}, 1: {"hand": ("B08", "B10")}}, discard=("B04",))
    _, state = play(state, BuyRuby(2))
    running = state
    _, state = play(state, EndTurn(2))  # the last seat of the round; nobody holds a final card
    assert game.is_terminal(state) and not game.is_terminal(running)
    return running, state


def test_a_finished_game_shows_every_seat_the_complete_final_position():
    running, state = _finished()
    views = {seat: game.view(state, seat) for seat in (None, 0, 1, 2)}
    for seat, view in views.items():
        json.dumps(view)
        assert view["you"] == seat
        assert {**view, "you": None} == views[None]
        assert [p["bonus_cards"] for p in view["players"]] == [["B03"], ["B08", "B10"], ["B09"]]
        assert view["bonus_deck"] == list(state.deck) and len(state.deck) == 26 - 5
        assert view["discard_pile"]["cards"] == ["B04"]
        assert view["places"]["small_market"]["stack"] == list(state.places["markets"].stacks[11])
        assert view["places"]["large_market"]["stack"] == list(state.places["markets"].stacks[10])
        assert view["result"] == game.result(state) and view["result"]["winners"] == [2]
    # one command earlier the same position was still redacted
    before = game.view(running, 0)
    assert "bonus_cards" not in before["players"][1] and "bonus_deck" not in before
    assert "stack" not in before["places"]["small_market"] and "cards" not in before["discard_pile"]
    assert before["result"] is None
