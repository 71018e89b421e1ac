"""The bots at a Great Bazaar table (both boxes, 5x5): each plays a whole game from its seat's view and the listed
moves without error, as over the API. The random and greedy bots read nothing box-specific; the mcts bot searches
every decision it is asked (its determinisation of both boxes: tests/bots/test_mcts_letters.py)."""

from __future__ import annotations

from bazaar_client.bots import make_bot
from bazaar_client.bots.mcts import MctsBot
from tests.support.botplay import play

GREAT_BAZAAR = {"expansions": ["mocha_baksheesh", "letters_seals"]}


class Counting(MctsBot):
    """mcts, remembering for each decision whether it searched (rather than answering as greedy does)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.searched: list[bool] = []

    def choose(self, view, moves):
        move = super().choose(view, moves)
        self.searched.append(self.last is not None)
        return move


def test_random_greedy_and_mcts_bots_play_a_great_bazaar_game_to_its_end():
    mcts = Counting(3, iterations=4)  # a few iterations: the game's end is the point here, not the search's strength
    played = play("istanbul", [make_bot("random", 1), make_bot("greedy", 2), mcts], "great-bazaar-bots",
                  max_moves=20_000, options=GREAT_BAZAAR)
    assert played.winners and all(played.decisions)
    assert len(mcts.searched) > 50 and all(mcts.searched)
