"""The mcts bot at Istanbul: a determinisation rebuilds exactly what the seat sees (its view of the determinised
state is the view it was given, at 2 to 5 seats and in every phase a game passes through), draws what is hidden
afresh, decides the same in positions that differ only in what the seat cannot see, and answers only with
listed moves; per box and variant (Mocha & Baksheesh, the Caravan Leader) it rebuilds the same, and a box it
could not draw would be played as greedy plays it (Letters & Seals and the Great Bazaar: test_mcts_letters.py)."""

import random
from dataclasses import replace

from bazaar_client.bots import make_bot
from bazaar_client.bots.mcts import MctsBot
from bazaar_client.bots.mcts.istanbul import FOUNTAIN, REACH_SHARE, IstanbulSimulator, gain_at, reach, supported
from domain import istanbul
from domain.istanbul.board import distance
from domain.istanbul.content import content_of
from domain.istanbul.mocha_baksheesh.places import guild_hall
from domain.istanbul.places import caravansary
from events.codec import command_from_wire
from tests.support.botplay import legal_moves, seat_view
from tests.support.driver import Table


def positions(seats: int, seed: str, plies: int, every: int = 7, options: dict | None = None, explore: float = 0):
    """(state, seat to act) every `every` plies of a game between greedy bots through the table (each move a
    random one with chance `explore`: greedy never plays some commands, a guild card for one)."""
    table = Table.start(istanbul, options or {}, seats, seed)
    table.settle()
    greedy = make_bot("greedy", seed)
    rng = random.Random(seed)
    for ply in range(plies):
        if istanbul.is_terminal(table.state):
            return
        seat = istanbul.to_act(table.state)[0]
        if ply % every == 0:
            yield table.state, seat
        view = seat_view(istanbul, table.state, seat, ply, seats)
        moves = legal_moves(istanbul, table.state, seat)
        move = rng.choice(moves) if rng.random() < explore else greedy.choose(view, moves)
        table.play(command_from_wire(istanbul.COMMANDS[move["type"]], move, seat))
        table.settle()


def rebuilt(state, seat, seats):
    """Two determinisations of the seat's view of `state`, checked against it: each shows the seat exactly its
    view and offers it exactly the commands the true state does."""
    view = seat_view(istanbul, state, seat, 0, seats)
    sim = IstanbulSimulator(view, random.Random(0))
    first, second = sim.determinise(random.Random(1)), sim.determinise(random.Random(2))
    for drawn in (first, second):
        assert istanbul.view(drawn, seat) == view.state
        assert istanbul.legal_commands(drawn, seat) == istanbul.legal_commands(state, seat)
        assert drawn.places.get(caravansary.KEY) == state.places.get(caravansary.KEY)  # who takes the tile, too
    return first, second


def test_determinisations_show_the_seat_exactly_its_view_and_deal_the_hidden_cards_afresh():
    checked, dealt_differently = 0, 0
    for seats in (2, 3, 4, 5):
        for state, seat in positions(seats, f"determinise-{seats}", 160):
            first, second = rebuilt(state, seat, seats)
            checked += 1
            dealt_differently += first.deck != second.deck
    assert checked > 60 and dealt_differently > checked // 2


MOCHA = {"expansions": ["mocha_baksheesh"]}


def test_determinisations_rebuild_mocha_and_baksheesh_and_the_caravan_leader():
    """Per box and variant, in every phase a game passes through: the guild cards in other hands, in the stack
    and under the discard's top are dealt afresh; the tavern, coffee house, guild turn, card steps and the
    caravan tile are rebuilt as shown."""
    seen_guild_turns = seen_card_steps = seen_leaders = 0
    for options, seats in ((MOCHA, 2), (MOCHA, 4), ({"caravan_leader": True}, 2),
                           ({**MOCHA, "caravan_leader": True, "layout": "random"}, 2)):
        checked, dealt_differently = 0, 0
        for state, seat in positions(seats, f"determinise-{sorted(options)}-{seats}", 240, every=1, options=options,
                                         explore=0.3):
            first, second = rebuilt(state, seat, seats)
            checked += 1
            if options.get("expansions"):
                hall = guild_hall.KEY
                dealt_differently += first.places[hall].deck != second.places[hall].deck
                seen_guild_turns += state.guild is not None
                seen_card_steps += state.card_step is not None
            if options.get("caravan_leader"):
                seen_leaders += caravansary.tile(state).leader is not None
        assert checked > 40 and (not options.get("expansions") or dealt_differently > checked // 2), options
    assert seen_guild_turns and seen_card_steps and seen_leaders


def with_other_hidden_cards(state, seat):
    """The same position with the bonus deck reversed: nothing the seat may see changes."""
    return replace(state, deck=tuple(reversed(state.deck)))


def decisions_of_twins(state, twin, seat: int) -> list:
    """The same seeded search on two positions the seat sees alike: its move and visits on each (searched, not
    left to greedy)."""
    assert twin != state and istanbul.view(twin, seat) == istanbul.view(state, seat)
    decisions = []
    for position in (state, twin):
        bot = MctsBot("same-seed", iterations=30)
        moves = legal_moves(istanbul, position, seat)
        move = bot.choose(seat_view(istanbul, position, seat, 1), moves)
        assert move in moves and bot.last is not None
        decisions.append((move, bot.last.visits))
    return decisions


def test_mcts_decides_from_the_seat_view_only():
    state, seat = next(s for s in positions(2, "hidden", 60, every=1) if s[0].phase.__class__.__name__ == "Movement"
                       and len(s[0].deck) > 2)
    decisions = decisions_of_twins(state, with_other_hidden_cards(state, seat), seat)
    assert decisions[0] == decisions[1]


def test_mcts_searches_mocha_and_baksheesh_and_would_leave_a_box_it_cannot_draw_to_greedy():
    state, seat = next(s for s in positions(2, "mocha", 40, every=1, options=MOCHA)
                       if len(istanbul.legal_commands(*s)) > 2)
    view = seat_view(istanbul, state, seat, 0)
    moves = legal_moves(istanbul, state, seat)
    bot = MctsBot("m", iterations=20)
    assert bot.choose(view, moves) in moves and bot.last is not None and bot.last.iterations >= 1  # searched
    assert supported(view.state)
    assert not supported({**view.state, "options": {**view.state["options"], "expansions": ["a_future_box"]}})


def test_the_walking_reach_prunes_nothing_it_would_have_chosen():
    """`reach` stops at the first walk on which not even a ruby's gain could beat the best so far: the same value
    as trying every place."""
    def every_place(state, seat):
        p, grid = state.players[seat], content_of(state.options).grid
        mine = {place for place, owner in state.assistants if owner == seat}
        return max([gain_at(state, seat, place) * REACH_SHARE ** max(1, -(-distance(grid, state.layout, p.merchant,
                                                                                    place) // 2))
                    for place in state.layout
                    if place != p.merchant and (p.stack or place in mine or place == FOUNTAIN)], default=0.0)
    checked = 0
    for state, _ in positions(3, "reach", 200, every=2):
        for s in range(3):
            assert reach(state, s) == every_place(state, s)
            checked += 1
    assert checked > 100
