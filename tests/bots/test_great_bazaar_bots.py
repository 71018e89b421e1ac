"""The bots at a Great Bazaar table (both boxes, 5x5): each plays a whole game from its seat's view and the listed
moves without error, as over the API. The mcts bot's determinisation draws no box with letters (its `supported`),
so in the Great Bazaar it answers as greedy does; the random and greedy bots read nothing box-specific."""

from __future__ import annotations

from bots import make_bot
from bots.mcts.istanbul import supported
from domain import istanbul
from tests.support.botplay import play, seat_view
from tests.support.driver import Table

GREAT_BAZAAR = {"expansions": ["mocha_baksheesh", "letters_seals"]}


def test_random_greedy_and_mcts_bots_play_a_great_bazaar_game_to_its_end():
    bots = [make_bot("random", 1), make_bot("greedy", 2), make_bot("mcts", 3)]
    played = play("istanbul", bots, "great-bazaar-bots", max_moves=20_000, options=GREAT_BAZAAR)
    assert played.winners and all(played.decisions)


def test_the_mcts_bot_leaves_the_great_bazaar_to_its_fallback():
    table = Table.start(istanbul, GREAT_BAZAAR, 2, "great-bazaar-view")
    table.settle()
    view = seat_view(istanbul, table.state, istanbul.to_act(table.state)[0], 0)
    assert view.state["options"]["expansions"] == GREAT_BAZAAR["expansions"] and not supported(view.state)
