"""The mcts bot at Letters & Seals and the Great Bazaar: a determinisation rebuilds exactly what the seat sees
(its view of the determinised state is the view it was given, in the kiosk's choosing and the auction too), deals
what is hidden afresh (the letter pile, the delivered letters, the kiosk's stack, the other hands), decides the
same in positions that differ only in what the seat cannot see, and plays a Letters & Seals game to its end (a
Great Bazaar game: test_great_bazaar_bots.py)."""

import random
from dataclasses import replace

from bazaar_client.bots import make_bot
from bazaar_client.bots.mcts.istanbul import IstanbulSimulator
from domain import istanbul
from domain.istanbul.letters_seals.places import kiosk
from tests.bots.test_great_bazaar_bots import Counting
from tests.bots.test_mcts_istanbul import decisions_of_twins, positions, rebuilt
from tests.support.botplay import legal_moves, play, seat_view

LETTERS = {"expansions": ["letters_seals"]}
GREAT_BAZAAR = {"expansions": ["mocha_baksheesh", "letters_seals"]}


def test_determinisations_rebuild_letters_and_seals_and_the_great_bazaar():
    phases, dealt_differently, checked = set(), 0, 0
    for options, seats, plies in ((LETTERS, 4, 240), (GREAT_BAZAAR, 2, 120)):
        for state, seat in positions(seats, f"letters-{seats}", plies, every=2, options=options, explore=0.3):
            first, second = rebuilt(state, seat, seats)
            checked += 1
            phases.add(type(state.phase).__name__)
            dealt_differently += (first.letters.pile != second.letters.pile
                                  and kiosk.tiles(first).stack != kiosk.tiles(second).stack)
    assert {"KioskChoice", "Auction"} <= phases  # the box's own phases, whose paused action the view hides
    assert checked > 80 and dealt_differently > checked // 2


def with_other_hidden_parts(state):
    """The same position with the letter pile, the kiosk's stack and the bonus deck reversed, and the delivered
    letters swapped with the pile's: nothing a seat may see changes."""
    supply, tiles = state.letters, kiosk.tiles(state)
    players, pile = list(state.players), list(reversed(supply.pile))
    for s, p in enumerate(players):
        n = len(p.sealed)
        players[s], pile = replace(p, sealed=tuple(sorted(pile[:n]))), pile[n:] + list(p.sealed)
    return replace(state, players=tuple(players), deck=tuple(reversed(state.deck)),
                   letters=replace(supply, pile=tuple(pile)),
                   places=state.places.set(kiosk.KEY, replace(tiles, stack=tuple(reversed(tiles.stack)))))


def test_mcts_decides_from_the_seat_view_only_in_letters_and_seals():
    state, seat = next(s for s in positions(2, "letters-hidden", 200, every=1, options=LETTERS)
                       if len(legal_moves(istanbul, *s)) > 2 and any(p.sealed for p in s[0].players))
    decisions = decisions_of_twins(state, with_other_hidden_parts(state), seat)
    assert decisions[0] == decisions[1]


def test_mcts_plays_a_letters_and_seals_game_to_its_end():
    mcts = Counting(1, iterations=4)  # a few iterations: the game's end is the point here, not the search's strength
    played = play("istanbul", [mcts, make_bot("greedy", 2)], "mcts-letters", max_moves=5000, options=LETTERS)
    assert played.winners
    assert len(mcts.searched) > 50 and all(mcts.searched)  # every decision searched, none left to greedy


def test_the_search_plays_out_the_turn_in_progress_through_other_seats_choices():
    """The kiosk's choosing and the auction's bidding await other seats inside a turn. The search goes on through
    them to the end of the turn in progress: a kiosk visit or an auction is judged by what it brings, and a bid
    in another seat's auction by what it costs or wins (a search that stopped at the next seat's choice judged
    every bid alike, and bid at random). Here, from every position of a game, the first listed command until
    the search's horizon: the horizon is always the end of the turn (or of the game)."""
    others_inside, checked = 0, 0
    for state, seat in positions(2, "letters-horizon", 200, every=1, options=LETTERS, explore=0.3):
        view = seat_view(istanbul, state, seat, 0, 2)
        sim = IstanbulSimulator(view, random.Random(0))
        drawn = sim.determinise(random.Random(1))
        movers = []
        while actions := sim.actions(drawn):
            movers.append(sim.to_move(drawn))
            drawn = sim.apply(drawn, actions[0])
        assert istanbul.is_terminal(drawn) or drawn.current != state.current
        others_inside += any(mover != state.current for mover in movers)
        checked += 1
    assert checked > 150 and others_inside > 3  # choices of the seat whose turn it is not were searched
