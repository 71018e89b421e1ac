"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS: Cowling, Powley and Whitehouse, 2012),
independent of any game.

One tree over the searching seat's information set. Each iteration samples a determinisation (a complete state
consistent with what the seat sees: `Simulator.determinise`), walks the tree choosing only among the actions that
exist in that determinisation (UCB1 with availability counts: a child is compared with how often it could have
been chosen, not with its parent's visits), adds one node, plays a short rollout, and backs up each seat's reward
in [0, 1]. The answer is the root's most visited action. The tree never sees a true state: it sees only what
`determinise` builds from the seat's view.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

# UCB1's exploration constant for rewards in [0, 1]: 0.7 (about 1/sqrt(2)) is the usual choice there
EXPLORATION = 0.7


class Simulator(Protocol):
    def determinise(self, rng: random.Random) -> Any:
        """A complete state drawn from the searching seat's information set."""

    def actions(self, state: Any) -> Sequence[Hashable]:
        """The actions the tree considers in `state` (empty at the end of the search horizon)."""

    def to_move(self, state: Any) -> int:
        """The seat whose action is awaited in `state`."""

    def apply(self, state: Any, action: Hashable) -> Any:
        """The state after `action` (pure)."""

    def rollout(self, state: Any, rng: random.Random) -> Sequence[float]:
        """Each seat's reward in [0, 1] for a playout from `state` (or the exact outcome where it is known)."""


@dataclass(eq=False)
class Node:
    action: Hashable | None
    parent: Node | None
    mover: int | None  # the seat that played `action` (whose reward this node accumulates)
    children: dict = field(default_factory=dict)
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    offered: int = 0  # how many actions the last determinisation offered here (at the root: always the same)
    bias: float = 0.0  # progressive bias: a prior's weight, fading as 1 / visits (the root's children only)

    def ucb(self) -> float:
        return (self.reward / self.visits + EXPLORATION * math.sqrt(math.log(max(self.available, 1)) / self.visits)
                + self.bias / self.visits)


@dataclass(frozen=True)
class SearchResult:
    action: Hashable
    iterations: int
    seconds: float
    visits: dict


def search(sim: Simulator, rng: random.Random, iterations: int | None = None, budget_ms: float | None = None,
           max_iterations: int = 100_000, stop_early: bool = True, priors: dict | None = None,
           clock: Callable[[], float] = time.perf_counter) -> SearchResult:
    """Run until `iterations` iterations or `budget_ms` of wall time, whichever comes first (at least one
    iteration); returns the root's most visited action (ties: the first found).

    With `stop_early` the search ends as soon as the answer is decided: the root offers one action only, or the
    most visited action leads every other by more visits than the iterations left could give one of them
    (`decided`). The answer is then the one the whole budget would have given, found sooner. Under a time budget
    the iterations left are estimated from the fastest iteration so far (an overestimate, so it stops late
    rather than early).

    `priors` (root action -> a bias in reward units, e.g. from a cheap evaluation of the seat's moves) guide the
    search at the root: the untried action with the highest prior is tried first, and a child's UCB1 score gains
    its prior divided by its visits (progressive bias: Chaslot et al., 2008), so the prior matters while a move
    is little explored and the search's own results take over as it is visited. `clock` (seconds) measures the
    time budget: a test gives one of its own, so that what it checks does not depend on how busy the machine is."""
    if iterations is None and budget_ms is None:
        raise ValueError("give an iteration or a time budget")
    started = clock()
    deadline = None if budget_ms is None else started + budget_ms / 1000
    limit = max_iterations if iterations is None else iterations
    root = Node(None, None, None)
    done, fastest, now = 0, math.inf, started
    while done < limit and (done == 0 or deadline is None or now < deadline):
        _iterate(sim, root, rng, priors or {})
        done += 1
        before, now = now, clock()
        fastest = min(fastest, now - before)
        if stop_early and decided(root, _left(limit - done, deadline, now, fastest)):
            break
    best = max(root.children.values(), key=lambda child: child.visits)
    return SearchResult(best.action, done, clock() - started,
                        {child.action: child.visits for child in root.children.values()})


def _left(counted: int, deadline: float | None, now: float, fastest: float) -> float:
    """The most iterations the budget may still run: the count left, or as many of the fastest iteration as fit
    before the deadline, whichever is fewer."""
    if deadline is None:
        return counted
    return min(counted, max(0.0, deadline - now) / max(fastest, 1e-9))


def decided(root: Node, left: float) -> bool:
    """No other action can become the most visited in `left` more iterations: the leader's visits exceed the
    runner-up's by more than `left`. An action the root offers but has not tried yet counts 0 visits, so a root
    with one action is decided after one iteration (every determinisation offers the seat the same actions: its
    own legal ones)."""
    visits = sorted((child.visits for child in root.children.values()), reverse=True)
    visits += [0] * (root.offered - len(visits))
    if not visits:
        return False
    return len(visits) == 1 or visits[0] - visits[1] > left


def _iterate(sim: Simulator, root: Node, rng: random.Random, priors: dict) -> None:
    state = sim.determinise(rng)
    node = root
    while True:
        actions = sim.actions(state)
        if not actions:
            break
        node.offered = len(actions)
        found = [node.children.get(a) for a in actions]  # each action hashed once (a command's hash is Python's)
        untried = [a for a, child in zip(actions, found, strict=True) if child is None]
        for child in found:
            if child is not None:
                child.available += 1
        if untried:
            if node is root and priors:
                action = max(untried, key=lambda a: (priors.get(a, 0.0), rng.random()))
            else:
                action = untried[rng.randrange(len(untried))]
            child = Node(action, node, sim.to_move(state), available=1,
                         bias=priors.get(action, 0.0) if node is root else 0.0)
            node.children[action] = child
            state, node = sim.apply(state, action), child
            break
        node = max(found, key=Node.ucb)  # every action tried here: all found
        # the equal action of this determinisation's own list: a rules engine that remembers the list it gave
        # finds that very object at once, where the node's (from another determinisation) is compared field by field
        state = sim.apply(state, actions[found.index(node)])
    rewards = sim.rollout(state, rng)
    while node is not None:
        node.visits += 1
        if node.mover is not None:
            node.reward += rewards[node.mover]
        node = node.parent


@dataclass(frozen=True)
class Plan:
    """How a game's module here searches one decision (its `plan(view, moves, rng, iterations)`, or None where it
    cannot: a box it does not draw, a platform question): the simulator, the listed moves by the search's actions,
    the iterations the decision deserves, and the root's priors."""

    simulator: Simulator
    listed: dict
    iterations: int | None
    priors: dict | None = None
