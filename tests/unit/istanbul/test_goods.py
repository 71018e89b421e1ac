"""Goods amounts are immutable, hashable mappings with one spelling each (zero counts left out)."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from domain.istanbul.commands import DeliverToSultan, SellGoods
from domain.istanbul.events import GoodsSold, MailCollected, SultanDelivered
from domain.istanbul.goods import Goods
from domain.istanbul.upcasters import UPCASTERS
from events.codec import command_from_wire, command_to_wire, from_wire, to_wire


def test_zero_counts_are_left_out_so_each_amount_has_one_spelling():
    assert Goods({"red": 1, "green": 0}) == Goods({"red": 1}) == {"red": 1}
    assert hash(Goods({"red": 1, "green": 0})) == hash(Goods([("red", 1)]))
    assert Goods({"blue": 0}) == {} and not Goods()


def test_goods_never_change():
    goods = Goods({"red": 1})
    for change in (lambda: goods.__setitem__("red", 2), lambda: goods.update(blue=1), goods.clear,
                   lambda: goods.pop("red"), lambda: goods.setdefault("blue", 1), goods.popitem):
        with pytest.raises(TypeError):
            change()
    assert goods == {"red": 1}


def test_arithmetic():
    goods = Goods({"red": 2, "blue": 1})
    assert goods.plus({"red": 1, "green": 2}) == {"red": 3, "green": 2, "blue": 1}
    assert goods.minus({"red": 2}) == {"blue": 1}
    assert goods.count("yellow") == 0 and goods.total() == 3 and goods.total(("blue",)) == 1
    assert goods.covers({"red": 2}) and not goods.covers({"red": 3}) and goods.covers({})


def test_pickles_copies_and_serialises_as_a_json_object():
    goods = Goods({"red": 2, "yellow": 1})
    assert type(pickle.loads(pickle.dumps(goods))) is Goods and pickle.loads(pickle.dumps(goods)) == goods
    assert type(copy.deepcopy(goods)) is Goods
    assert json.loads(json.dumps(to_wire(goods))) == {"red": 2, "yellow": 1}


def test_commands_decode_to_the_canonical_hashable_command():
    command = command_from_wire(SellGoods, {"goods": {"yellow": 2, "red": 1, "green": 0}}, 0)
    assert command == SellGoods(0, {"red": 1, "yellow": 2}) and type(command.goods) is Goods
    assert len({command, SellGoods(0, Goods({"red": 1, "yellow": 2}))}) == 1
    assert command_to_wire(command) == {"type": "sell_goods", "goods": {"red": 1, "yellow": 2}}
    assert command_from_wire(DeliverToSultan, {}, 1) == DeliverToSultan(1, {})


def test_v1_goods_lists_are_upcast_to_mappings():
    v1 = {"seat": 0, "market": 11, "goods": [1, 0, 2, 0], "lira": 9, "next_top": "S2"}
    v2 = UPCASTERS[("goods_sold", 1)](v1)
    assert v2 == {**v1, "goods": {"red": 1, "yellow": 2}}
    assert from_wire(GoodsSold, v2) == GoodsSold(0, 11, {"red": 1, "yellow": 2}, 9, "S2")
    mail = UPCASTERS[("mail_collected", 1)]({"seat": 1, "goods": [0, 0, 0, 0], "lira": 2, "post": 1})
    assert from_wire(MailCollected, mail) == MailCollected(1, {}, 2, 1)
    sultan = UPCASTERS[("sultan_delivered", 1)]({"seat": 2, "goods": [2, 1, 1, 3], "refilled": False})
    assert from_wire(SultanDelivered, sultan).goods == {"red": 2, "green": 1, "yellow": 1, "blue": 3}
