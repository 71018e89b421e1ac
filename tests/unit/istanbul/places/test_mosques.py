import domain.istanbul as game
from domain.istanbul.commands import TakeMosqueTile
from domain.istanbul.events import MosqueTileTaken

from ..builders import acting, codes, play


def test_take_a_tile_paying_one_good():
    state = acting(14, player={"goods": {"red": 2}})
    events, state = play(state, TakeMosqueTile(0, "red"))
    assert events == [MosqueTileTaken(0, "red", 2, False, False)]
    assert state.players[0].tiles == ("red",) and state.players[0].goods == {"red": 1}
    assert state.places["mosques"].tiles["red"] == (4,)


def test_requirement_is_the_top_tiles_number():
    state = acting(14, player={"goods": {"green": 1}})
    assert codes(lambda: game.decide(state, TakeMosqueTile(0, "green"))) == "istanbul.mosque_requirement"


def test_each_kind_once():
    state = acting(14, player={"goods": {"red": 2}, "tiles": ("red",)})
    assert codes(lambda: game.decide(state, TakeMosqueTile(0, "red"))) == "istanbul.tile_already_owned"


def test_only_the_tiles_of_this_mosque():
    state = acting(14, player={"goods": {"red": 2, "green": 2, "yellow": 2, "blue": 2}})
    assert {c.tile for c in game.legal_commands(state, 0) if isinstance(c, TakeMosqueTile)} == {"red", "green"}
    state = acting(15, player={"goods": {"red": 2, "green": 2, "yellow": 2, "blue": 2}})
    assert {c.tile for c in game.legal_commands(state, 0) if isinstance(c, TakeMosqueTile)} == {"yellow", "blue"}


def test_both_tiles_of_a_mosque_bring_its_ruby():
    state = acting(14, player={"goods": {"green": 2}, "tiles": ("red",)})
    events, state = play(state, TakeMosqueTile(0, "green"))
    assert events == [MosqueTileTaken(0, "green", 2, True, False)]
    assert state.players[0].rubies == 1 and state.places["mosques"].rubies == {14: 1, 15: 2}


def test_blue_tile_brings_the_fifth_assistant_under_the_merchant():
    state = acting(15, seats=3, player={"goods": {"blue": 2}})
    events, state = play(state, TakeMosqueTile(0, "blue"))
    assert events == [MosqueTileTaken(0, "blue", 2, False, True)]
    assert state.players[0].spare == 0 and state.players[0].stack == (0, 0, 0, 0)


def test_later_tiles_cost_more():
    state = acting(15, seats=4, player={"goods": {"yellow": 2}}, others={1: {"tiles": ("yellow",)}})
    assert state.places["mosques"].tiles["yellow"] == (3, 4, 5)
    assert codes(lambda: game.decide(state, TakeMosqueTile(0, "yellow"))) == "istanbul.mosque_requirement"
