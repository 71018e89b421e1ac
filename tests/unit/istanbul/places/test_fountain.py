import domain.istanbul as game
from domain.istanbul.commands import EndTurn, LeaveAssistant, Move, PickUpAssistant, ReturnAssistants
from domain.istanbul.events import AssistantLeft, AssistantPickedUp, AssistantsReturned
from domain.istanbul.state import NEUTRAL, Action

from ..builders import acting, codes, fold, play, position, setup


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


# --- leaving an assistant at the fountain (5.3 b / c, ruling R-04: allowed, though it has no benefit) ------------
def _arrived(stack=(0,), assistants=((1, 0), (2, 0), (3, 0)), neutral=False, others=None):
    state = setup(2, neutral_assistants=neutral)
    changes = {0: {"merchant": 6, "stack": stack}}
    changes.update(others or {})
    state = position(state, players=changes, assistants=assistants)
    _, state = play(state, Move(0, 7))
    return state


def test_an_assistant_may_be_left_at_the_fountain_and_the_action_follows():
    state = _arrived()
    legal = game.legal_commands(state, 0)
    assert LeaveAssistant(0) in legal and ReturnAssistants(0, (1,)) in legal
    events, state = play(state, LeaveAssistant(0))
    assert events == [AssistantLeft(0, 7, 0)]
    assert state.players[0].stack == () and (7, 0) in state.assistants
    assert state.phase == Action(place=7, assistant_left=True)
    legal = game.legal_commands(state, 0)
    assert LeaveAssistant(0) not in legal
    assert ReturnAssistants(0, (1, 2, 3, 7)) in legal  # the action can bring it back
    events, state = play(state, ReturnAssistants(0, (7,)))
    assert events == [AssistantsReturned(0, (7,), 0, "fountain")]
    assert state.players[0].stack == (0,) and state.phase.done == 1


def test_leaving_is_a_choice_never_required():
    state = _arrived()
    assert game.timeout_command(state, 0) == EndTurn(0)
    _, state = play(state, ReturnAssistants(0, (1,)))
    assert LeaveAssistant(0) not in game.legal_commands(state, 0)
    assert codes(lambda: game.decide(state, LeaveAssistant(0))) == "istanbul.wrong_phase"


def test_nothing_to_leave_with_an_empty_stack():
    state = _arrived(stack=(), assistants=((1, 0), (2, 0), (3, 0), (4, 0)))
    assert LeaveAssistant(0) not in game.legal_commands(state, 0)
    assert codes(lambda: game.decide(state, LeaveAssistant(0))) == "istanbul.no_assistant"


def test_no_leaving_when_an_own_assistant_was_picked_up_on_arrival():
    state = _arrived(stack=(0,), assistants=((1, 0), (2, 0), (7, 0)))
    assert state.phase.assistant_taken
    assert LeaveAssistant(0) not in game.legal_commands(state, 0)
    assert codes(lambda: game.decide(state, LeaveAssistant(0))) == "istanbul.wrong_phase"


def test_no_leaving_when_the_family_member_acts_at_the_fountain():
    state = acting(7, player={"stack": (0, 0), "merchant": 12}, assistants=((2, 0), (12, 0)),
                   phase=Action(place=7, by_family=True))
    assert LeaveAssistant(0) not in game.legal_commands(state, 0)
    assert codes(lambda: game.decide(state, LeaveAssistant(0))) == "istanbul.wrong_phase"


def test_neutral_variant_leaving_or_picking_up_a_neutral_one_but_not_both():
    state = _arrived(stack=(0, 0), assistants=((7, NEUTRAL), (2, 0)), neutral=True,
                     others={1: {"stack": (NEUTRAL, 1, 1, 1)}})
    legal = game.legal_commands(state, 0)
    assert LeaveAssistant(0) in legal and PickUpAssistant(0, True) in legal
    _, left = play(state, LeaveAssistant(0))
    assert PickUpAssistant(0, True) not in game.legal_commands(left, 0)
    assert codes(lambda: game.decide(left, PickUpAssistant(0, True))) == "istanbul.wrong_phase"
    _, picked = play(state, PickUpAssistant(0, True))
    assert LeaveAssistant(0) not in game.legal_commands(picked, 0)


def test_leaving_at_the_fountain_replays_to_the_same_state():
    start = position(setup(2), players={0: {"merchant": 6, "stack": (0,)}}, assistants=((1, 0), (2, 0), (3, 0)))
    log, state = play(start, Move(0, 7))
    more, state = play(state, LeaveAssistant(0))
    log += more
    assert fold(start, log) == state
