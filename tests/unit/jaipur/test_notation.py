"""The canonical text form of commands and its parser."""

import pytest

from domain import jaipur
from domain.jaipur.commands import Exchange, Sell, TakeCamels, TakeOne
from domain.jaipur.notation import NotationError, parse, to_text
from tests.unit.jaipur.builders import position


@pytest.mark.parametrize(
    "command,text",
    [
        (Exchange(0, ("diamond", "gold"), ("cloth",), 1), "exchange take=diamond,gold give=cloth camels=1"),
        (Exchange(1, ("gold", "gold"), (), 2), "exchange take=gold,gold give= camels=2"),
        (TakeOne(0, "silver"), "take_one silver"),
        (TakeCamels(1), "take_camels"),
        (Sell(0, "leather", 4), "sell leather 4"),
    ],
)
def test_text_form_and_back(command, text):
    assert to_text(command) == text
    assert parse(text, command.seat) == command


def test_every_legal_command_reads_back():
    state = position(hands=(("cloth", "leather", "spice", "spice"), ()), herds=(3, 0),
                     market=("diamond", "gold", "gold", "camel", "silver"))
    for command in jaipur.legal_commands(state, 0):
        assert parse(to_text(command), 0) == command


@pytest.mark.parametrize("text", ["", "pass", "sell gold", "sell gold two", "exchange take=gold,gold",
                                  "exchange take=gold give=cloth camels", "take_one", "take_camels now"])
def test_unreadable_text(text):
    with pytest.raises(NotationError):
        parse(text, 0)
