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


def test_neutral_assistant_at_the_fountain_may_be_picked_up_once_before_the_action():
    from domain.istanbul.commands import Move, PickUpAssistant
    from domain.istanbul.events import AssistantPickedUp

    from ..builders import position, setup

    state = setup(2, neutral_assistants=True)
    state = position(state, players={0: {"merchant": 6, "stack": (0, 0)}, 1: {"stack": (NEUTRAL, 1, 1)}},
                     assistants=((7, NEUTRAL), (7, 1), (2, 0)))
    _, state = play(state, Move(0, 7))
    legal = game.legal_commands(state, 0)
    assert PickUpAssistant(0, True) in legal
    events, state = play(state, PickUpAssistant(0, True))
    assert events == [AssistantPickedUp(0, 7, NEUTRAL)]
    assert state.players[0].stack == (NEUTRAL, 0, 0)
    assert PickUpAssistant(0, True) not in game.legal_commands(state, 0)
    assert ReturnAssistants(0, (2,)) in game.legal_commands(state, 0)
