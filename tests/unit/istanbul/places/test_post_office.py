import pytest

from domain.istanbul.commands import CollectMail
from domain.istanbul.events import MailCollected

from ..builders import acting, play, with_place


@pytest.mark.parametrize(
    "before, goods, lira, after",
    [
        (0, {"green": 1, "yellow": 1}, 2, 1),
        (1, {"red": 1, "yellow": 1}, 2, 2),
        (2, {"red": 1, "yellow": 1}, 3, 3),
        (3, {"red": 1, "blue": 1}, 3, 4),
        (4, {"red": 1, "blue": 1}, 4, 0),
    ],
)
def test_five_state_cycle(before, goods, lira, after):
    state = acting(5)
    state = with_place(state, "post_office", moved=before)
    events, state = play(state, CollectMail(0))
    assert events == [MailCollected(0, goods, lira, after)]
    assert state.players[0].goods == goods and state.players[0].lira == 2 + lira
    assert state.places["post_office"].moved == after


def test_goods_above_capacity_are_lost():
    state = acting(5, player={"goods": {"green": 2, "yellow": 1}})
    events, state = play(state, CollectMail(0))
    assert events == [MailCollected(0, {"yellow": 1}, 2, 1)]
    assert state.players[0].goods == {"green": 2, "yellow": 2}
