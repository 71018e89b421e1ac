"""Jaipur's notation: the player's line for every command and back, forgiving case, spaces and order; the older
canonical form still read; text that is no move refused with a message that says what was expected."""

import pytest

from domain import jaipur
from domain.jaipur.commands import Exchange, Sell, TakeCamels, TakeOne
from domain.jaipur.notation import NotationError, parse, to_text
from tests.support.playthrough import playthrough
from tests.unit.jaipur.builders import position


@pytest.mark.parametrize(
    "command,text",
    [
        (TakeCamels(1), "take camels"),
        (TakeOne(0, "silver"), "take silver"),
        (Sell(0, "cloth", 3), "sell cloth x3"),
        (Exchange(0, ("cloth", "leather"), ("spice",), 1), "exchange take cloth,leather give spice,camel"),
        (Exchange(1, ("gold", "gold"), (), 2), "exchange take gold,gold give camel,camel"),
    ],
)
def test_the_players_line_and_back(command, text):
    assert to_text(command) == text
    assert parse(text, command.seat) == command


@pytest.mark.parametrize(
    "text,command",
    [
        ("exchange take=diamond,gold give=cloth camels=1", Exchange(0, ("diamond", "gold"), ("cloth",), 1)),
        ("exchange take=gold,gold give= camels=2", Exchange(0, ("gold", "gold"), (), 2)),
        ("take_one silver", TakeOne(0, "silver")),
        ("take_camels", TakeCamels(0)),
        ("sell leather 4", Sell(0, "leather", 4)),
    ],
)
def test_the_older_canonical_form_is_still_read(text, command):
    assert parse(text, 0) == command


@pytest.mark.parametrize(
    "text,command",
    [
        ("  Exchange take spice, gold give camel ,leather ", Exchange(0, ("gold", "spice"), ("leather",), 1)),
        ("TAKE Camel", TakeCamels(0)),
        ("sell 3 cloth", Sell(0, "cloth", 3)),
        ("sell cloth 3", Sell(0, "cloth", 3)),
        ("sell Diamond", Sell(0, "diamond", 1)),
    ],
)
def test_reading_forgives_case_spaces_and_order(text, command):
    assert parse(text, 0) == command


def test_every_legal_command_of_random_matches_reads_back_as_itself():
    seen = set()
    for seed in ("words-1", "words-2"):
        for _, seat, legal in playthrough(jaipur, {}, 2, seed):
            for command in legal:
                assert parse(to_text(command), seat) == command, to_text(command)
                seen.add(command.TYPE)
    assert seen == set(jaipur.COMMANDS)


def test_a_position_with_every_kind_of_exchange_reads_back():
    state = position(hands=(("cloth", "leather", "spice", "spice"), ()), herds=(3, 0),
                     market=("diamond", "gold", "gold", "camel", "silver"))
    for command in jaipur.legal_commands(state, 0):
        assert parse(to_text(command), 0) == command


@pytest.mark.parametrize(
    "text,expected",
    [
        ("", "take camels"),
        ("pass", "take camels"),
        ("take unicorn", "diamond, gold, silver, cloth, spice, leather"),
        ("take sliver", "did you mean silver"),
        ("sell gold two", "number"),
        ("sell gold 9", "1 to 7"),
        ("exchange take=gold,gold", "camels="),
        ("exchange take=gold give=cloth camels", "exchange take <goods> give"),
        ("exchange take gold,gold give unicorn", "cards given"),
        ("take_camels now", "take camels"),
        ("sell", "sell <good>"),
    ],
)
def test_text_that_is_no_move_is_refused_saying_what_was_expected(text, expected):
    with pytest.raises(NotationError) as refused:
        parse(text, 0)
    assert expected in str(refused.value)
