"""Auction House 23 (Letters & Seals, 6.20, ruling R-37): take 1 good of any type (never coffee), then auction 2
bonus cards. The active player opens with at least 1 lira (with no lira there is no auction, the good is still
taken); each other seat in turn order has exactly one chance to bid higher or pass; the auctioneer has the last
chance (skipped when it leads, as a raise of its own bid changes nothing). A seat bids at most the lira it holds.
The winner pays its bid to the auctioneer, or to the supply when it is the auctioneer, and draws 2 bonus cards;
with the deck short, the rest after the discard pile is reshuffled (R-27).

The auction is a phase of its own (`Auction`): `to_act` names exactly the seat whose bid is awaited, its legal
moves are pass and every raise it can pay. Bids are open (the rulebook's auction is spoken round the table).
While the auctioneer's last bid is awaited it is in its own turn: the bonus cards and mosque tiles whose timing
allows a moment in the middle of a place action are listed beside its bids (as at the kiosk; B02's lira may pay a
higher bid). Another seat bids outside its own turn: no card, no tile."""

from __future__ import annotations

from domain.istanbul import violations as v
from domain.istanbul.commands import once
from domain.istanbul.data import GOODS
from domain.istanbul.events import BonusCardDrawn
from domain.istanbul.frozen import record, replace
from domain.istanbul.letters_seals.commands import Bid, VisitAuctionHouse
from domain.istanbul.letters_seals.data import AUCTION_HOUSE
from domain.istanbul.letters_seals.events import AuctionHouseVisited, AuctionWon, BidPlaced
from domain.istanbul.state import Action, acted, acted_phase, next_seat
from domain.istanbul.wheelbarrow import gain, gained, one

PLACES = (AUCTION_HOUSE,)
COMMANDS = (VisitAuctionHouse, Bid)
LOT = 2  # bonus cards auctioned


@record
class Auction:
    """Phase: the auction at the Auction House. `bidders`: the seats still to decide, in turn order, the
    auctioneer last; the high `bid` and its `leader`; `owed`: cards the winner draws after a reshuffle; `action`:
    the auctioneer's action phase, resumed when the auction closes."""

    auctioneer: int
    bidders: tuple[int, ...]
    bid: int
    leader: int
    owed: int = 0
    action: Action | None = None

    def awaited(self, state) -> tuple[int, ...]:
        if self.owed:
            return ()
        return tuple(s for s in self.bidders if s not in state.out)[:1]

    def own_turn_moment(self, state) -> bool:
        """The auctioneer's last bid: a moment of its own turn (timing.own_turn), in the middle of the action."""
        return self.awaited(state) == (self.auctioneer,)


def others_in_turn_order(state, seat: int) -> tuple[int, ...]:
    """The other seats still in the game, clockwise from the auctioneer's left."""
    out, s = [], next_seat(state, seat)
    while s != seat:
        out.append(s)
        s = next_seat(state, s)
    return tuple(out)


# --- legal commands ----------------------------------------------------------------------------------------------
def legal(state, seat, action):
    lira = state.players[seat].lira
    bids = range(1, lira + 1) if lira else (None,)
    return [once(VisitAuctionHouse, seat, good, bid) for good in GOODS for bid in bids]


def legal_auction(state, seat):
    """Pass first (the timeout's choice), then every raise the seat can pay."""
    phase = state.phase
    return [once(Bid, seat, None)] + [once(Bid, seat, a) for a in range(phase.bid + 1, state.players[seat].lira + 1)]


LEGAL_BY_PHASE = {Auction: legal_auction}
PHASE_COMMANDS = (Bid,)


def diagnose(state, command) -> str:
    lira = state.players[command.seat].lira
    if isinstance(command, Bid):
        if not isinstance(state.phase, Auction):
            return v.WRONG_PHASE
        return v.NOT_ENOUGH_LIRA if command.amount is not None and command.amount > lira else v.INVALID_NUMBER
    if command.good not in GOODS:
        return v.INVALID_GOODS
    return v.NOT_ENOUGH_LIRA if command.bid is not None and command.bid > lira else v.INVALID_NUMBER


# --- decisions ---------------------------------------------------------------------------------------------------
def _close(state, winner: int, bid: int, auctioneer: int) -> list:
    cards = state.deck[:LOT]
    owed = min(LOT - len(cards), len(state.discard))
    return [BonusCardDrawn(winner, card, "deck") for card in cards] + [AuctionWon(winner, auctioneer, bid, owed)]


def _still_to_bid(state, phase: Auction, seat: int, leader: int) -> tuple[int, ...]:
    rest = tuple(s for s in phase.bidders[phase.bidders.index(seat) + 1:] if s not in state.out)
    return () if rest == (phase.auctioneer,) and leader == phase.auctioneer else rest


def decide(state, command):
    seat = command.seat
    if isinstance(command, VisitAuctionHouse):
        events = [AuctionHouseVisited(seat, command.good, gained(state.players[seat], command.good), command.bid)]
        if command.bid is not None and not others_in_turn_order(state, seat):
            events += _close(state, seat, command.bid, seat)
        return events
    phase = state.phase
    bid, leader = (command.amount, seat) if command.amount is not None else (phase.bid, phase.leader)
    events = [BidPlaced(seat, command.amount)]
    if not _still_to_bid(state, phase, seat, leader):
        events += _close(state, leader, bid, phase.auctioneer)
    return events


def after_forfeit(state, seat: int) -> list:
    """A bidder forfeited (`state` has it out already): close the auction when nobody else is left to bid."""
    phase = state.phase
    if not isinstance(phase, Auction) or phase.owed or seat == phase.auctioneer:
        return []
    rest = tuple(s for s in phase.bidders if s not in state.out)
    if rest and not (rest == (phase.auctioneer,) and phase.leader == phase.auctioneer):
        return []
    return _close(state, phase.leader, phase.bid, phase.auctioneer)


# --- evolve ------------------------------------------------------------------------------------------------------
def apply_auction_house_visited(state, e):
    state = gain(state, e.seat, one(e.good, e.gained))
    if e.bid is None:
        return acted(state)
    others = others_in_turn_order(state, e.seat)
    return replace(state, phase=Auction(e.seat, others + (e.seat,), e.bid, e.seat, 0, acted_phase(state.phase)))


def apply_bid_placed(state, e):
    phase = state.phase
    rest = _still_to_bid(state, phase, e.seat, e.seat if e.amount is not None else phase.leader)
    if e.amount is None:
        return replace(state, phase=replace(phase, bidders=rest))
    return replace(state, phase=replace(phase, bidders=rest, bid=e.amount, leader=e.seat))


def apply_auction_won(state, e):
    state = gain(state, e.seat, lira=-e.bid)
    if e.seat != e.auctioneer:
        state = gain(state, e.auctioneer, lira=e.bid)
    phase = state.phase
    if e.owed:
        return replace(state, phase=replace(phase, bidders=(), leader=e.seat, owed=e.owed))
    return replace(state, phase=phase.action)


def owed_drawn(phase: Auction) -> Auction | Action:
    """One owed card drawn after the reshuffle: the auction closes with the last."""
    return phase.action if phase.owed <= 1 else replace(phase, owed=phase.owed - 1)


def owed_draws(state, deck: tuple[str, ...]) -> list:
    """After the bonus deck was reshuffled into `deck`: the cards the auction's winner is still owed."""
    phase = state.phase
    if not isinstance(phase, Auction) or not phase.owed:
        return []
    return [BonusCardDrawn(phase.leader, card, "deck") for card in deck[:phase.owed]]


APPLY = {AuctionHouseVisited: apply_auction_house_visited, BidPlaced: apply_bid_placed, AuctionWon: apply_auction_won}
