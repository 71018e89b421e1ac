"""The search stops as soon as its answer is decided: one action to choose from is answered after one iteration
even under a long time budget, a clear choice stops when the runner-up could no longer catch up in the budget
left, and the answer is always the one the whole budget gives (same seed, same action)."""

import random

from bazaar_client.bots.mcts import MctsBot
from bazaar_client.bots.mcts.search import Node, decided, search
from domain import istanbul, jaipur
from tests.bots.test_mcts import mid_round
from tests.bots.test_mcts_istanbul import positions
from tests.support.botplay import legal_moves, seat_view


class Levers:
    """A one-decision game: pulling lever `i` wins with probability `odds[i]`."""

    def __init__(self, *odds: float):
        self.odds = odds

    def determinise(self, rng):
        return None

    def actions(self, state):
        return list(range(len(self.odds))) if state is None else []

    def to_move(self, state):
        return 0

    def apply(self, state, action):
        return action

    def rollout(self, state, rng):
        won = float(rng.random() < self.odds[state])
        return [won, 1.0 - won]


def test_one_action_is_answered_after_one_iteration_even_with_time_to_spare():
    result = search(Levers(0.5), random.Random(1), iterations=None, budget_ms=10_000)
    assert result.iterations == 1 and result.action == 0 and result.seconds < 5


def test_a_clear_choice_stops_once_the_runner_up_cannot_catch_up():
    lever = Levers(0.05, 0.95, 0.1)
    full = search(lever, random.Random(7), iterations=1000, stop_early=False)
    early = search(lever, random.Random(7), iterations=1000)
    assert early.action == full.action == 1
    assert early.iterations < 600
    leader, runner_up = sorted(early.visits.values(), reverse=True)[:2]
    assert leader - runner_up > 1000 - early.iterations  # the rest of the budget could not have changed it


def test_a_close_choice_thinks_much_longer_than_a_clear_one():
    close = search(Levers(0.5, 0.5), random.Random(1), iterations=400)
    clear = search(Levers(0.05, 0.95), random.Random(1), iterations=400)
    assert close.iterations > clear.iterations + 150  # 393 and 204 with these seeds


def test_an_action_not_yet_tried_counts_as_a_runner_up_with_no_visits():
    root = Node(None, None, None, offered=3)
    root.children = {"a": Node("a", root, 0, visits=4), "b": Node("b", root, 0, visits=1)}
    assert not decided(root, 3) and decided(root, 2)
    root.children.pop("b")
    assert not decided(root, 4) and decided(root, 3)


def test_the_bots_answer_what_the_whole_budget_answers_in_fewer_iterations():
    """Real positions of both games, same seed with and without stopping early."""
    cases = []
    for plies in (6, 12):
        table = mid_round(f"stop-{plies}", plies=plies)
        seat = jaipur.to_act(table.state)[0]
        cases.append((seat_view(jaipur, table.state, seat, 1), legal_moves(jaipur, table.state, seat)))
    for state, seat in positions(2, "stop", 24, every=3):
        if len(istanbul.legal_commands(state, seat)) > 1:
            cases.append((seat_view(istanbul, state, seat, 1), legal_moves(istanbul, state, seat)))
    saved, total, stopped = 0, 0, 0
    for view, moves in cases:
        answers = []
        for stop_early in (False, True):
            bot = MctsBot("same", iterations=60, stop_early=stop_early)
            answers.append((bot.choose(view, moves), bot.last.iterations))
        assert answers[0][0] == answers[1][0]
        saved += answers[0][1] - answers[1][1]
        total += answers[0][1]
        stopped += answers[1][1] < answers[0][1]
    assert stopped >= 3 and saved > 0
