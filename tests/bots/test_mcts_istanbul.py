"""The mcts bot at Istanbul: a determinisation rebuilds exactly what the seat sees (its view of the determinised
state is the view it was given, at 2 to 5 seats and in every phase a game passes through), draws what is hidden
afresh, decides the same in positions that differ only in what the seat cannot see, and answers only with
listed moves; an expansion it does not search yet is played as greedy plays it."""

import random
from dataclasses import replace

from bots import make_bot
from bots.mcts import MctsBot
from bots.mcts.istanbul import IstanbulSimulator, supported
from domain import istanbul
from events.codec import command_from_wire
from tests.support.botplay import legal_moves, seat_view
from tests.support.driver import Table


def positions(seats: int, seed: str, plies: int, every: int = 7):
    """(state, seat to act) every `every` plies of a game between greedy bots through the table."""
    table = Table.start(istanbul, {}, seats, seed)
    table.settle()
    greedy = make_bot("greedy", seed)
    for ply in range(plies):
        if istanbul.is_terminal(table.state):
            return
        seat = istanbul.to_act(table.state)[0]
        if ply % every == 0:
            yield table.state, seat
        view = seat_view(istanbul, table.state, seat, ply, seats)
        move = greedy.choose(view, legal_moves(istanbul, table.state, seat))
        table.play(command_from_wire(istanbul.COMMANDS[move["type"]], move, seat))
        table.settle()


def test_determinisations_show_the_seat_exactly_its_view_and_deal_the_hidden_cards_afresh():
    checked, dealt_differently = 0, 0
    for seats in (2, 3, 4, 5):
        for state, seat in positions(seats, f"determinise-{seats}", 160):
            view = seat_view(istanbul, state, seat, 0, seats)
            sim = IstanbulSimulator(view, random.Random(0))
            first, second = sim.determinise(random.Random(1)), sim.determinise(random.Random(2))
            assert istanbul.view(first, seat) == view.state
            assert istanbul.view(second, seat) == view.state
            checked += 1
            dealt_differently += first.deck != second.deck
    assert checked > 60 and dealt_differently > checked // 2


def with_other_hidden_cards(state, seat):
    """The same position with the bonus deck reversed: nothing the seat may see changes."""
    return replace(state, deck=tuple(reversed(state.deck)))


def test_mcts_decides_from_the_seat_view_only():
    state, seat = next(s for s in positions(2, "hidden", 60, every=1) if s[0].phase.__class__.__name__ == "Movement"
                       and len(s[0].deck) > 2)
    twin = with_other_hidden_cards(state, seat)
    assert twin != state and istanbul.view(twin, seat) == istanbul.view(state, seat)
    decisions = []
    for position in (state, twin):
        bot = MctsBot("same-seed", iterations=30)
        moves = legal_moves(istanbul, position, seat)
        move = bot.choose(seat_view(istanbul, position, seat, 1), moves)
        assert move in moves
        decisions.append((move, bot.last.visits))
    assert decisions[0] == decisions[1]


def test_an_expansion_is_played_as_greedy_plays_it():
    table = Table.start(istanbul, {"expansions": ["mocha_baksheesh"]}, 2, "mocha")
    table.settle()
    seat = istanbul.to_act(table.state)[0]
    view = seat_view(istanbul, table.state, seat, 0)
    moves = legal_moves(istanbul, table.state, seat)
    assert not supported(view.state)
    bot = MctsBot("m", iterations=10)
    assert bot.choose(view, moves) in moves and bot.last is None  # no search: the one-ply evaluation chose
