import domain.istanbul as game
from domain.istanbul.commands import ReturnAssistants
from domain.istanbul.events import AssistantsReturned
from domain.istanbul.state import NEUTRAL

from ..builders import acting, play


def test_return_any_number_of_own_assistants():
    state = acting(7, player={"stack": (0,)}, assistants=((2, 0), (5, 0), (9, 0)))
    legal = set(game.legal_commands(state, 0))
    assert ReturnAssistants(0, (2, 5, 9)) in legal and ReturnAssistants(0, (5,)) in legal
    events, state = play(state, ReturnAssistants(0, (2, 9)))
    assert events == [AssistantsReturned(0, (2, 9), 0, "fountain")]
    assert state.players[0].stack == (0, 0, 0) and state.assistants == ((5, 0),)


def test_neutral_assistants_never_come_back():
    state = acting(7, player={"stack": (0, 0)}, assistants=((2, 0), (3, NEUTRAL)),
                   setup_kwargs={"neutral_assistants": True})
    legal = [c for c in game.legal_commands(state, 0) if isinstance(c, ReturnAssistants)]
    assert legal == [ReturnAssistants(0, (2,))]
