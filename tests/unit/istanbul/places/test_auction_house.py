"""Auction House 23 (Letters & Seals, 6.20, R-37): a good, then 2 bonus cards auctioned; each other seat bids
once in turn order, the auctioneer last; `to_act` names exactly the seat whose bid is awaited."""

from __future__ import annotations

import domain.istanbul as game
from domain.istanbul.commands import EndTurn, PlayBonusCard
from domain.istanbul.events import BonusCardDrawn, BonusDeckShuffled
from domain.istanbul.forfeit import forfeit
from domain.istanbul.letters_seals.commands import Bid, VisitAuctionHouse
from domain.istanbul.letters_seals.events import AuctionHouseVisited, AuctionWon, BidPlaced
from domain.istanbul.letters_seals.places.auction_house import Auction
from domain.istanbul.state import Action

from ..builders import answer, codes, letters_acting, play, position


def auction(seats=3, lira=(2, 6, 6, 6, 6), **kwargs):
    state = letters_acting(23, seats=seats, **kwargs)
    return position(state, players={s: {"lira": lira[s]} for s in range(seats)})


def test_the_rulebook_example_with_three_players():
    """You take 1 blue good and bid 1 lira; Red passes, Blue bids 5; you pass and receive 5 lira from Blue, who
    draws 2 bonus cards."""
    state = auction()
    assert VisitAuctionHouse(0, "blue", 1) in game.legal_commands(state, 0)
    events, state = play(state, VisitAuctionHouse(0, "blue", 1))
    assert events == [AuctionHouseVisited(0, "blue", 1, 1)]
    assert game.to_act(state) == (1,) and game.legal_commands(state, 0) == []
    assert codes(lambda: game.decide(state, Bid(2, 5))) == "not_your_turn"
    assert game.view(state, 2)["phase"] == {"name": "Auction", "auctioneer": 0, "bidders": [1, 2, 0], "bid": 1,
                                            "leader": 0, "owed": 0}
    _, state = play(state, Bid(1, None))
    assert game.to_act(state) == (2,)
    assert game.legal_commands(state, 2) == [Bid(2, None)] + [Bid(2, a) for a in range(2, 7)]
    _, state = play(state, Bid(2, 5))
    assert game.to_act(state) == (0,)
    top = state.deck[:2]
    events, state = play(state, Bid(0, None))
    assert events == [BidPlaced(0, None), BonusCardDrawn(2, top[0], "deck"), BonusCardDrawn(2, top[1], "deck"),
                      AuctionWon(2, 0, 5, 0)]
    assert state.players[0].lira == 2 + 5 and state.players[2].lira == 6 - 5
    assert state.players[0].goods == {"blue": 1} and len(state.players[2].hand) == 3
    assert state.phase == Action(place=23, done=1) and game.to_act(state) == (0,)
    assert EndTurn(0) in game.legal_commands(state, 0)


def test_the_auctioneer_outbid_may_raise_once_more_and_pays_the_supply_when_it_wins():
    state = auction()
    _, state = play(state, VisitAuctionHouse(0, "red", 1))
    _, state = play(state, Bid(1, 2))
    codes_low = codes(lambda: game.decide(state, Bid(2, 2)))
    assert codes_low == "istanbul.invalid_number"  # not above the current bid
    _, state = play(state, Bid(2, None))
    assert game.legal_commands(state, 0) == [Bid(0, None)]  # 2 lira: cannot raise above 2
    state = position(state, players={0: {"lira": 4}})
    assert Bid(0, 3) in game.legal_commands(state, 0)
    events, state = play(state, Bid(0, 3))
    assert events[-1] == AuctionWon(0, 0, 3, 0) and state.players[0].lira == 1 and state.players[1].lira == 6


def test_the_auction_closes_when_the_auctioneer_still_leads():
    state = auction()
    _, state = play(state, VisitAuctionHouse(0, "red", 2))
    _, state = play(state, Bid(1, None))
    events, state = play(state, Bid(2, None))  # no last chance needed: the auctioneer leads
    assert events[-1] == AuctionWon(0, 0, 2, 0) and state.players[0].lira == 0
    assert isinstance(state.phase, Action)


def test_no_lira_no_auction_but_the_good():
    state = auction(lira=(0, 6, 6))
    assert [c.bid for c in game.legal_commands(state, 0) if isinstance(c, VisitAuctionHouse)] == [None] * 4
    events, state = play(state, VisitAuctionHouse(0, "yellow", None))
    assert events == [AuctionHouseVisited(0, "yellow", 1, None)]
    assert state.phase == Action(place=23, done=1)


def test_a_bid_above_the_lira_held_is_refused():
    state = auction()
    assert codes(lambda: game.decide(state, VisitAuctionHouse(0, "red", 3))) == "istanbul.not_enough_lira"
    _, state = play(state, VisitAuctionHouse(0, "red", 1))
    assert codes(lambda: game.decide(state, Bid(1, 7))) == "istanbul.not_enough_lira"


def test_the_winner_draws_the_rest_after_the_discard_pile_is_reshuffled():
    state = auction(seats=2)
    rest = state.deck
    state = position(state, discard=rest[1:])
    _, state = play(state, VisitAuctionHouse(0, "red", 1))
    _, state = play(state, Bid(1, 3))
    events, state = play(state, Bid(0, None))
    assert events[-2:] == [BonusCardDrawn(1, rest[0], "deck"), AuctionWon(1, 0, 3, 1)]
    assert game.to_act(state) == () and game.chance(state).label == "bonus_reshuffle"
    events, state = answer(state, tuple(range(len(rest) - 1)))
    assert isinstance(events[1], BonusDeckShuffled) and events[2] == BonusCardDrawn(1, events[1].cards[0], "deck")
    assert len(state.players[1].hand) == 3 and state.phase == Action(place=23, done=1)


def test_a_forfeited_seat_is_skipped_in_the_bidding():
    state = auction(seats=4)
    _, state = play(state, VisitAuctionHouse(0, "red", 1))
    state = game.evolve(state, forfeit(state, 1)[0])  # the seat whose bid is awaited
    assert game.to_act(state) == (2,)
    state = game.evolve(state, forfeit(state, 3)[0])
    _, state = play(state, Bid(2, None))
    assert game.to_act(state) == (0,)  # seat 3 is skipped, the auctioneer leads: closed, its turn goes on
    assert isinstance(state.phase, Action)


def test_no_bonus_card_during_another_seats_bid():
    state = auction(player={"hand": ("B02",)}, others={1: {"hand": ("B02",)}})
    _, state = play(state, VisitAuctionHouse(0, "red", 1))
    assert game.legal_commands(state, 1) == [Bid(1, None)] + [Bid(1, a) for a in range(2, 7)]
    assert isinstance(state.phase, Auction)
    assert codes(lambda: game.decide(state, PlayBonusCard(1, "B02"))) == "istanbul.card_timing"
    assert codes(lambda: game.decide(state, PlayBonusCard(0, "B02"))) == "not_your_turn"


def test_the_auctioneers_last_bid_is_in_its_own_turn_b02_may_pay_a_higher_bid_b01_waits():
    """Rulebook p.9: bonus cards any time of the own turn; B01 never during a place action."""
    state = auction(seats=2, player={"hand": ("B01", "B02")})
    _, state = play(state, VisitAuctionHouse(0, "red", 1))
    _, state = play(state, Bid(1, 2))
    listed = game.legal_commands(state, 0)
    assert listed[0] == Bid(0, None) and PlayBonusCard(0, "B02") in listed
    assert not [c for c in listed if isinstance(c, PlayBonusCard) and c.card == "B01"]
    _, state = play(state, PlayBonusCard(0, "B02"))
    assert Bid(0, 7) in game.legal_commands(state, 0)
    events, state = play(state, Bid(0, 7))
    assert events[-1] == AuctionWon(0, 0, 7, 0) and state.players[0].lira == 0


def test_the_last_bidder_forfeiting_closes_the_auction():
    state = auction()
    _, state = play(state, VisitAuctionHouse(0, "red", 1))
    _, state = play(state, Bid(1, 4))
    _, state = play(state, Bid(2, None))
    state = position(state, players={0: {"lira": 1}})  # the auctioneer cannot raise: pass awaited
    events = forfeit(state, 2)
    assert events[1:] == []  # seat 2 already bid: the auctioneer's last chance is still awaited
    events, state = play(state, Bid(0, None))
    assert events[-1] == AuctionWon(1, 0, 4, 0)


def test_the_awaited_bidder_forfeiting_last_closes_the_auction():
    state = auction()
    _, state = play(state, VisitAuctionHouse(0, "red", 1))
    _, state = play(state, Bid(1, None))
    events = forfeit(state, 2)
    assert events[-1] == AuctionWon(0, 0, 1, 0)
