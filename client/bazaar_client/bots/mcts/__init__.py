"""`mcts`: information-set Monte Carlo tree search (`search.py`) over what the seat may know, for Jaipur
(`jaipur.py`) and Istanbul (`istanbul.py`). It reads the seat's view and its legal moves only; it samples what the
seat cannot see (hands, deck orders, demand stacks; dice as the tree meets them) from that view and simulates
with `domain.jaipur` / `domain.istanbul` as pure rules engines. Budget: `iterations` per decision and/or
`budget_ms` of wall time per decision, whichever runs out first; a search ends sooner once its answer is decided
(`search.decided`: one move, or a leader no other move can overtake in the budget left). Istanbul is searched in
every box the engine plays: the base game, Mocha & Baksheesh, Letters & Seals (`istanbul_letters.py`), the Great
Bazaar, and the Caravan Leader variant; a box whose hidden parts it could not draw would be played as `greedy`
plays.
"""

from __future__ import annotations

import importlib.util
import random
import time
from collections.abc import Sequence

if importlib.util.find_spec("domain") is None:  # it simulates games with the server distribution's rules engine
    raise ModuleNotFoundError("the mcts bot simulates with the rules engine `domain`", name="domain")

from bazaar_client.bots.greedy import GreedyBot  # noqa: E402 - once the rules engine is known to be there
from bazaar_client.bots.mcts.search import SearchResult, search
from bazaar_client.games import addon
from bazaar_client.sdk import GameView

# about half a second a decision on one core of a small machine (the bench prints the figure)
DEFAULT_ITERATIONS = 200


class MctsBot:
    name = "mcts"

    def __init__(self, seed: int | str | None = None, iterations: int | None = DEFAULT_ITERATIONS,
                 budget_ms: float | None = None, stop_early: bool = True, clock=time.perf_counter):
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.budget_ms = budget_ms
        self.stop_early = stop_early  # end a search once its answer is decided (see search.search)
        self.clock = clock  # what measures budget_ms (see search.search)
        self.fallback = GreedyBot(seed)
        self.last: SearchResult | None = None

    def choose(self, view: GameView, moves: Sequence[dict]) -> dict:
        self.last = None
        if len(moves) == 1:
            return moves[0]
        game = addon("bots.mcts", view.game)  # this package's module named after the game, if it searches it
        plan = game.plan(view, moves, random.Random(self.rng.random()), self.iterations) if game else None
        if plan is None:  # a game or box not searched, and the platform's questions: the one-ply evaluation
            return self.fallback.choose(view, moves)
        self.last = search(plan.simulator, self.rng, plan.iterations, self.budget_ms, stop_early=self.stop_early,
                           priors=plan.priors, clock=self.clock)
        chosen = plan.listed.get(self.last.action)
        # the search considers only moves the rules allow in the seat's own position, which the server lists
        return chosen if chosen is not None else self.fallback.choose(view, moves)
