"""What the table answers about itself (domain/table/queries.py): whose move is awaited, which chance step pends,
and what a seat may post while an undo request waits for its answer."""

from types import SimpleNamespace

from domain import table as tables
from domain.core import Roll
from domain.table import Act, AnswerUndo, RequestUndo
from tests.support import tiny_game as tiny
from tests.support.tiny_game import Add, CallDealer, EndTurn, RollDie
from tests.unit.table.support import Tiny, at

ROLL = Roll("dealer", dice=1, by_dealer=True)


def game_commands(seat: int) -> list:
    """The test game's legal commands on its seat's turn (tests/support/tiny_game.py)."""
    return [Add(seat, 1), Add(seat, 2), RollDie(seat), EndTurn(seat), CallDealer(seat)]


def test_a_pending_undo_request_offers_each_other_seat_its_two_answers_first():
    table = Tiny({"undo": "consent", "undo_timeout_s": 60})
    seat, before = table.turn, table.state
    other = 1 - seat
    table.add(1)
    assert tables.legal_commands(tiny, table.state, other, at(5)) == []  # not its turn, nothing to answer
    table.run(RequestUndo(seat, before.version, at(10)))
    assert tables.legal_commands(tiny, table.state, other, at(11)) == [AnswerUndo(other, True, at(11)),
                                                                      AnswerUndo(other, False, at(11))]
    assert tables.legal_commands(tiny, table.state, seat, at(11)) == game_commands(seat)  # the asker answers nothing
    assert tables.legal_commands(tiny, table.state, other, at(70)) == []  # the request has lapsed


def test_no_seat_is_awaited_while_a_dealer_s_roll_pends_or_after_the_end_whatever_the_game_says():
    """A game's `to_act` should be empty then; the table does not rely on it (a game that names its current seat
    regardless, and keeps asking for a roll after the end)."""
    careless = SimpleNamespace(**{**{k: v for k, v in vars(tiny).items() if not k.startswith("__")},
                                  "to_act": lambda state: (state.turn,),
                                  "chance": lambda state: ROLL if state.dealer_called or tiny.is_terminal(state)
                                  else tiny.chance(state)})
    table = Tiny(game=careless)
    seat = table.turn
    assert tables.awaited(careless, table.state) == (seat,) and tables.pending_chance(careless, table.state) is None
    table.run(Act(seat, CallDealer(seat), at(1)))
    assert tables.pending_chance(careless, table.state) == ROLL and tables.awaited(careless, table.state) == ()
    finished = Tiny(game=careless)
    for _ in range(6):
        finished.add(2, seat=seat)
    assert finished.state.over
    assert tables.awaited(careless, finished.state) == () and tables.pending_chance(careless, finished.state) is None


def test_a_seat_whose_move_is_awaited_answers_a_request_or_moves():
    table = Tiny({"undo": "consent", "undo_timeout_s": 60})
    seat, before = table.turn, table.state
    table.add(1)
    table.end_turn()
    other = table.turn
    table.run(RequestUndo(seat, before.version, at(10)))  # to before its own turn, while the other seat moves
    assert tables.legal_commands(tiny, table.state, other, at(11)) == [
        AnswerUndo(other, True, at(11)), AnswerUndo(other, False, at(11)), *game_commands(other)]
