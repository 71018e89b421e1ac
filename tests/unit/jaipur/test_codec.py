"""Every command and event survives events/codec.py both ways (including redacted copies)."""

import json
from dataclasses import replace

import pytest

from domain import jaipur
from domain.jaipur.commands import Exchange, Sell, TakeCamels, TakeOne
from domain.jaipur.events import (
    BonusPileShuffled,
    CamelsTaken,
    FirstPlayerDrawn,
    GoodsExchanged,
    GoodsSold,
    GoodTaken,
    MarketRefilled,
    MatchAborted,
    MatchForfeited,
    MatchWon,
    RoundDealt,
    RoundEnded,
    SealAwarded,
)
from events.codec import DecodeError, command_from_wire, command_to_wire, from_wire, to_wire

COMMANDS = [
    Exchange(1, ("diamond", "gold"), ("cloth",), 1),
    Exchange(0, ("leather", "leather"), (), 2),
    TakeOne(0, "silver"),
    TakeCamels(1),
    Sell(0, "spice", 3),
]

DEAL = RoundDealt(2, 1, ("camel", "camel", "camel", "gold", "camel"), (4, 3), (("cloth", "gold", "gold", "spice"),
                  ("diamond", "leather", "silver")), (1, 2), 40, ("spice",) * 40)
EVENTS = [
    FirstPlayerDrawn(1),
    DEAL,
    replace(DEAL, hands=(None, DEAL.hands[1]), herds=(None, 2), deck=None),
    BonusPileShuffled(1, "three", 7, (3, 1, 2, 2, 1, 3, 2)),
    BonusPileShuffled(1, "four", 6, None),
    GoodsExchanged(0, ("diamond", "gold"), ("cloth",), 1, ("cloth", "camel", "camel", "leather", "camel")),
    GoodsExchanged(0, ("diamond", "gold"), (), 2, ("camel", None, "camel", "leather", "camel")),
    GoodTaken(1, "gold", 3),
    CamelsTaken(0, 3, (0, 1, 4)),
    GoodsSold(1, "leather", 5, (4, 3, 2, 1, 1), "five_plus", 9),
    GoodsSold(1, "leather", 5, (4, 3, 2, 1, 1), "five_plus", None),
    GoodsSold(0, "cloth", 1, (), None, None),
    MarketRefilled(("spice",), (2,), 0),
    MarketRefilled((), (), 0),
    RoundEnded(1, "goods_piles", None, (61, 58), (2, 1), (9, 8), ((2, 9), (5,)), 0, 1),
    RoundEnded(2, "deck", 1, (40, 40), (0, 0), (5, 5), ((), ()), None, 0),
    SealAwarded(0, 2),
    MatchWon(0),
    MatchAborted(3, 200),
    MatchForfeited(1),
]


def test_every_wire_type_is_covered():
    assert {type(c).TYPE for c in COMMANDS} == set(jaipur.COMMANDS)
    assert {type(e).TYPE for e in EVENTS} == set(jaipur.EVENTS)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: type(c).TYPE)
def test_command_round_trip(command):
    wire = json.loads(json.dumps(to_wire(command)))
    assert from_wire(type(command), wire) == command
    body = json.loads(json.dumps(command_to_wire(command)))
    assert body["type"] == type(command).TYPE and "seat" not in body
    cls = jaipur.COMMANDS[body.pop("type")]
    assert command_from_wire(cls, body, command.seat) == command


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: type(e).TYPE)
def test_event_round_trip(event):
    wire = json.loads(json.dumps(to_wire(event)))
    assert from_wire(jaipur.EVENTS[type(event).TYPE], wire) == event


def test_wire_shapes():
    assert command_to_wire(Exchange(0, ("diamond", "gold"), ("cloth",), 1)) == {
        "type": "exchange", "take": ["diamond", "gold"], "give": ["cloth"], "camels": 1}
    assert command_to_wire(TakeOne(0, "gold")) == {"type": "take_one", "good": "gold"}
    assert command_to_wire(TakeCamels(0)) == {"type": "take_camels"}
    assert command_to_wire(Sell(0, "gold", 2)) == {"type": "sell", "good": "gold", "count": 2}


def test_exchange_give_and_camels_may_be_left_out():
    assert command_from_wire(Exchange, {"take": ["diamond", "gold"], "camels": 2}, 0) == Exchange(
        0, ("diamond", "gold"), (), 2)


@pytest.mark.parametrize(
    "cls,body",
    [
        (Sell, {"good": "gold", "count": "2"}),
        (Sell, {"good": "gold", "count": True}),
        (Exchange, {"take": "diamond"}),
        (Exchange, {"take": ["diamond", 3]}),
        (TakeOne, {"good": "gold", "slot": 1}),
        (TakeOne, {}),
    ],
)
def test_malformed_bodies_are_refused_before_any_rule(cls, body):
    with pytest.raises(DecodeError):
        command_from_wire(cls, body, 0)


def test_legal_commands_survive_the_wire():
    from tests.unit.jaipur.builders import position

    state = position(hands=(("cloth", "leather", "spice"), ()), herds=(2, 0))
    for command in jaipur.legal_commands(state, 0):
        body = json.loads(json.dumps(command_to_wire(command)))
        cls = jaipur.COMMANDS[body.pop("type")]
        assert command_from_wire(cls, body, 0) == command
