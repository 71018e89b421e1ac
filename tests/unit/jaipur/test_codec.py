"""Every command and event survives events/codec.py both ways (including redacted copies)."""

import json
import random
import typing
from dataclasses import fields, replace

import pytest

from domain import jaipur
from domain.core import Doc
from domain.jaipur.commands import Exchange, Sell, TakeCamels, TakeOne
from domain.jaipur.components import GOODS
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
from tests.support.driver import Table
from tests.unit.jaipur.builders import code_of, position

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
    state = position(hands=(("cloth", "leather", "spice"), ()), herds=(2, 0))
    for command in jaipur.legal_commands(state, 0):
        body = json.loads(json.dumps(command_to_wire(command)))
        cls = jaipur.COMMANDS[body.pop("type")]
        assert command_from_wire(cls, body, 0) == command


# --- the documented contract (Annotated[T, Doc(...)]) ------------------------------------------------------


def documented(cls) -> dict:
    """field name -> (plain type, Doc) of a command class."""
    hints = typing.get_type_hints(cls, include_extras=True)
    out = {}
    for field in fields(cls):
        hint = hints[field.name]
        assert typing.get_origin(hint) is typing.Annotated, f"{cls.__name__}.{field.name} has no Doc"
        (doc,) = [extra for extra in hint.__metadata__ if isinstance(extra, Doc)]
        out[field.name] = (typing.get_args(hint)[0], doc)
    return out


@pytest.mark.parametrize("cls", list(jaipur.COMMANDS.values()), ids=lambda c: c.TYPE)
def test_every_command_field_states_its_meaning_and_range(cls):
    for name, (plain, doc) in documented(cls).items():
        assert doc.text.strip(), name
        if plain is int:
            assert doc.minimum is not None and doc.maximum is not None, name
        else:  # a card name, or a tuple of card names: the goods, never a camel
            assert doc.choices == GOODS, name
        if typing.get_origin(plain) is tuple:
            assert doc.minimum is not None and doc.maximum is not None, name
    assert documented(cls)["seat"][1].minimum == 0 and documented(cls)["seat"][1].maximum == 1


@pytest.mark.parametrize("cls", list(jaipur.COMMANDS.values()), ids=lambda c: c.TYPE)
def test_the_codec_decodes_the_plain_types(cls):
    """Doc is for the API description only: the codec sees the plain hints, and decodes what it always did."""
    plain = typing.get_type_hints(cls)
    assert {name: hint for name, (hint, _) in documented(cls).items()} == plain
    assert not any(typing.get_origin(hint) is typing.Annotated for hint in plain.values())


def test_the_codec_does_not_enforce_the_documented_ranges_the_rules_do():
    sale = command_from_wire(Sell, {"good": "gold", "count": 9}, 0)  # above the documented maximum
    assert sale == Sell(0, "gold", 9)
    assert code_of(position(hands=(("gold",) * 2, ())), sale) == "jaipur.not_in_hand"


def within(value, plain, doc) -> bool:
    if typing.get_origin(plain) is tuple:
        return doc.minimum <= len(value) <= doc.maximum and set(value) <= set(doc.choices)
    if plain is int:
        return doc.minimum <= value <= doc.maximum
    return value in doc.choices


@pytest.mark.parametrize("seed", [b"doc-1", b"doc-2", b"doc-3"])
def test_every_legal_command_is_within_the_documented_ranges(seed):
    rng = random.Random(seed)
    table = Table.start(jaipur, {}, 2, seed=seed)
    seen = set()
    while not jaipur.is_terminal(table.state):
        (seat,) = jaipur.to_act(table.state)
        legal = jaipur.legal_commands(table.state, seat)
        for command in legal:
            for name, (plain, doc) in documented(type(command)).items():
                assert within(getattr(command, name), plain, doc), (command, name)
                seen.add((type(command).TYPE, name))
        table.play(rng.choice(legal))
    assert {t for t, _ in seen} == set(jaipur.COMMANDS)
