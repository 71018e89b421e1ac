"""Every command and event type survives events/codec.py to_wire/from_wire (and commands command_to_wire)."""

from __future__ import annotations

import dataclasses
import json
import pickle
import typing

import pytest

import domain.istanbul as game
from domain.core import Doc
from domain.istanbul import commands as c
from domain.istanbul import events as e
from domain.istanbul.commands import VisitBlackMarket
from domain.istanbul.great_bazaar import commands as gc
from domain.istanbul.great_bazaar import events as ge
from domain.istanbul.letters_seals import commands as lc
from domain.istanbul.letters_seals import events as le
from domain.istanbul.mocha_baksheesh import commands as mc
from domain.istanbul.mocha_baksheesh import events as me
from domain.istanbul.mocha_baksheesh.data import GuildExtra, GuildRules
from domain.istanbul.notation import parse, to_text
from events.codec import DecodeError, command_from_wire, command_to_wire, from_wire, to_wire

from .builders import acting, play, roll

COMMAND_SAMPLES = [
    c.Move(1, 6), c.Move(0, 13, "B09"), c.LeaveAssistant(2), c.PickUpAssistant(0, True), c.PayMerchants(1),
    c.EndTurn(3), c.BuyExtension(0), c.FillGoods(0), c.CollectMail(0), c.DrawBonusCard(0, "discard"),
    c.DiscardBonusCard(0, "B04"), c.ReturnAssistants(0, (2, 5)), c.VisitBlackMarket(0, "green"),
    c.VisitBlackMarket(0, None), c.TakeBlackMarketGood(0, "yellow"), c.VisitTeaHouse(0, 7), c.AcceptRoll(0),
    c.SellGoods(0, {"red": 1, "green": 1, "yellow": 2}), c.SendFamilyMember(0, 3),
    c.DeliverToSultan(0, {"green": 1, "blue": 1}), c.TakeMosqueTile(0, "red"), c.BuyRuby(0),
    c.CatchFamilyMember(0, 2, "card"), c.UseGovernor(0), c.PayGovernor(0, None), c.PayGovernor(0, "B01"),
    c.UseSmuggler(0, "blue", "lira"), c.PlayBonusCard(0, "B01", good="red"),
    c.PlayBonusCard(0, "B10", place=4), c.PlayBonusCard(0, "B06", reward="lira"),
    c.UseMosqueTile(0, "red", die=1), c.UseMosqueTile(0, "red", reroll=True),
    c.UseMosqueTile(0, "green", good="blue"), c.UseMosqueTile(0, "yellow", place=9),
    c.UseSmuggler(0, "red", "free"), c.Move(0, 16, "M07"), c.PlayBonusCard(0, "M03"),
    # Mocha & Baksheesh
    mc.RoastCoffee(0, True, "red", "G05"), mc.RoastCoffee(0, False, None, "B02"), mc.VisitGuildHall(1),
    mc.DiscardGuildCard(0, "G11"), mc.PlaceBarrier(0, (2, 5), 2), mc.PlaceBarrier(0, (2, 5), 5, "movement"),
    mc.TakeTavernTile(0, "encounter"), mc.PayBaksheesh(0, 20), mc.DeliverCoffee(0), mc.UseCoffeeTrader(0, "lira"),
    mc.UseCoffeeTrader(0, "free"), mc.PlayGuildCard(0, "G16"), mc.FinishGuildCard(0, None),
    mc.FinishGuildCard(0, "blue"), mc.TurnDieToSix(0, 1), mc.GiveGoods(0, {"yellow": 3}),
    mc.TakeGoods(0, {"blue": 2, "coffee": 1}),
    # Letters & Seals
    lc.VisitEmbassy(0), lc.JoinSecretSociety(0, (3, 9), 2, 13), lc.UseCourier(0, "letter", 4),
    lc.UseCourier(0, "lira"), lc.TakeBonusTurn(0, (1,), 1), lc.VisitAuctionHouse(0, "blue", 1),
    lc.VisitAuctionHouse(0, "red", None), lc.Bid(1, 5), lc.Bid(2, None), lc.VisitKiosk(0),
    lc.ChooseKioskTile(1, "K05", False), lc.ChooseKioskTile(0, "K20", True, 1, "red", 0),
    lc.ChooseKioskTile(0, "K21", True, 0, None, None, "B02"), lc.BringInCompanion(0), lc.MoveCompanion(0, 11),
    lc.MoveCompanion(0, 22, "L08"), lc.TakeCompanion(0), lc.StepFamilyMember(0, 21, "L06"),
    lc.UseNeutralFigure(0, "L09", "smuggler", "blue", "blue"), lc.UseNeutralFigure(0, "L09", "courier", "letter",
                                                                                   None, 5),
    c.Move(0, 16, "L12"), c.PlayBonusCard(0, "L03", good="green"),
    # the Great Bazaar
    gc.VisitCatacombs(0, "coffee", 16), gc.VisitCatacombs(0, "red", None),
]

EVENT_SAMPLES = [
    e.StartPlayerChosen(1, (3, 2)), e.LayoutDrawn(tuple(range(1, 17)), True), e.BonusDeckShuffled(2, ("B01", "B02")),
    e.DemandTilesShuffled(11, "S3", ("S3", "S1")), e.FigurePlaced("neutral_merchant", 2, 9, (4, 5)),
    e.BonusCardDrawn(0, "B05", "deck"), e.BonusCardDiscarded(1, "B07"), e.MerchantMoved(0, 7, 6, None),
    e.MerchantMoved(0, 7, 7, "B08"), e.AssistantLeft(0, 6, -1), e.AssistantPickedUp(0, 6, 0),
    e.MerchantsPaid(0, 6, (1,), (0,), 4), e.TurnEnded(0, 1), e.GameEndTriggered(0, 5), e.FinalCardsBegan((1, 0)),
    e.FinalCardsPassed(1), e.GameEnded((0, 1), "shared"), e.GameEnded((0,), None), e.ExtensionBought(0, 7, True),
    e.GoodsFilled(0, "red", 2), e.MailCollected(0, {"red": 1, "yellow": 1}, 3, 3), e.CaravansaryVisited(0),
    e.AssistantsReturned(0, (2, 3), 0, "fountain"), e.BlackMarketVisited(0, "red", 1),
    e.BlackMarketGoodDeferred(0), e.BlackMarketGoodTaken(0, "green", 0), e.TeaHouseVisited(0, 9),
    e.DiceRolled(0, "tea_house", (3, 4)), e.RedTileUsed(0, (4, 4), False), e.RollResolved(0, "black_market", 9, 2, 0),
    e.GoodsSold(0, 11, {"red": 1, "green": 1, "yellow": 2}, 14, "S2"), e.FamilyMemberSent(0, 3),
    e.SultanDelivered(0, {"red": 2, "green": 2, "yellow": 1, "blue": 2}, False),
    e.MosqueTileTaken(0, "blue", 3, False, True), e.RubyBought(0, 15, False), e.GreenTileUsed(0, "blue", 1),
    e.FamilyMemberCaught(0, 1, "lira"), e.GovernorUsed(0), e.GovernorPaid(0, None), e.SmugglerUsed(0, "blue", 1, "red"),
    e.BonusCardPlayed(0, "B01", "gain_good", good="red", gained=1),
    e.SeatForfeited(2), e.CaravanTileTaken(1),
    # Mocha & Baksheesh
    me.CoffeeTaken(0, 1), me.CoffeeRoasted(0, 2, None, "B02", 4), me.CoffeeDelivered(0, 7, False),
    me.GuildDeckShuffled(20, ("G01", "G02")), me.GuildHallVisited(0, 1, 2, True), me.GuildCardDrawn(0, "G03"),
    me.GuildCardDiscarded(0, "G04"),
    me.GuildCardPlayed(0, "G08", 8, GuildRules(blue_by_sum=(0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 3)), GuildExtra()),
    me.GuildCardPlayed(0, "G16", 16, GuildRules(), GuildExtra(coffee=3)), me.FamilyMemberReturned(0),
    me.GuildCardFinished(0, "G02", 0, 0, "blue", 1), me.BarrierPlaced(0, (2, 5), 2, 2),
    me.TavernTileTaken(0, "movement_1", 1), me.BaksheeshPaid(0, 13, 4, {"yellow": 3}, "A", False),
    me.CoffeeTraderUsed(0, 1, "free"), me.GovernorPaymentWaived(0), me.BonusCardPaid(0, "M03", {"coffee": 1}),
    me.GoodsGiven(0, {"yellow": 3}), me.GoodsTaken(0, {"blue": 2, "coffee": 1}, {"blue": 2, "coffee": 1}),
    me.DieTurned(0, 1, (3, 6)), me.YieldsTaken(0, (1, 5), {"coffee": 1}, 3),
    # Letters & Seals
    le.LetterPileShuffled(36, (1, 2), False), le.LettersDrawn(0, (4, 9), 1), le.LettersDelivered(0, (4,)),
    le.EmbassyVisited(0), le.SecretSocietyJoined(0, (3,), (1, 9), 13, False, 3), le.CourierUsed(0, 2, (), ()),
    le.BonusTurnTaken(0, (1, 2, 3), ()), le.AuctionHouseVisited(0, "blue", 1, 1), le.BidPlaced(1, None),
    le.BidPlaced(2, 5), le.AuctionWon(2, 0, 5, 1), le.KioskTilesShuffled(24, ("K01", "K02"), True),
    le.KioskVisited(0, ("K01", "K07"), 2), le.KioskTilesRevealed(("K03",)),
    le.KioskTileChosen(0, "K20", True, 1, gained={"red": 1}, letters=(4,), sealed=(9,), lira=-2, card="B02",
                       extension=True, ruby=True, companion=True, fountain=True, roll=True, paid={"blue": 1}),
    le.KioskDieRolled(1, 4), le.CompanionBroughtIn(0, 7), le.CompanionMoved(0, 7, 11, "L08"),
    le.CompanionTaken(0, -1, True), le.MovementCardPaid(0, "L12", 3), le.MerchantJoined(0, 2),
    le.FamilyMemberStepped(0, "L06", 4, 21),
    le.NeutralFigureUsed(0, "governor", None, 0, 2, "B01", None, (3,), (5,)),
    le.BonusCardCopied(0, "B01", "gain_good", good="red", gained=1),
    # the Great Bazaar
    ge.CatacombsVisited(0, "coffee", 1, "merchant", 16), ge.CatacombsVisited(0, "red", 0, None, None),
]


def test_samples_cover_every_type():
    assert {type(x).TYPE for x in COMMAND_SAMPLES} == set(game.COMMANDS)
    assert {type(x).TYPE for x in EVENT_SAMPLES} == set(game.EVENTS)
    goods_v2 = {"mail_collected", "goods_sold", "sultan_delivered"}  # goods lists became mappings
    assert {name for name, cls in game.EVENTS.items() if cls.V != 1} == goods_v2
    assert all(game.EVENTS[name].V == 2 and (name, 1) in game.UPCASTERS for name in goods_v2)


@pytest.mark.parametrize("command", COMMAND_SAMPLES, ids=lambda x: type(x).TYPE)
def test_command_round_trip(command):
    wire = json.loads(json.dumps(to_wire(command)))
    assert from_wire(type(command), wire) == command
    body = json.loads(json.dumps(command_to_wire(command)))
    assert body["type"] == type(command).TYPE
    cls = game.COMMANDS[body.pop("type")]
    assert command_from_wire(cls, body, command.seat) == command


@pytest.mark.parametrize("event", EVENT_SAMPLES, ids=lambda x: type(x).TYPE)
def test_event_round_trip(event):
    wire = json.loads(json.dumps(to_wire(event)))
    assert from_wire(game.EVENTS[type(event).TYPE], wire) == event


def test_malformed_command_refused_by_the_codec():
    with pytest.raises(DecodeError):
        command_from_wire(c.SellGoods, {"goods": [1, 2]}, 0)
    with pytest.raises(DecodeError):
        command_from_wire(c.Move, {"place": "6"}, 0)


def test_black_market_good_may_be_omitted_on_the_wire():
    assert command_from_wire(c.VisitBlackMarket, {}, 0) == c.VisitBlackMarket(0, None)
    assert command_from_wire(c.VisitBlackMarket, {"good": None}, 0) == c.VisitBlackMarket(0, None)


def test_state_with_a_due_black_market_good_serialises_and_pickles():
    """The service writes states as JSON (audit) and pickles them (snapshots); it never decodes one."""
    state = acting(8)
    _, state = play(state, c.VisitBlackMarket(0, None))
    _, state = roll(state, 3, 3)
    json.dumps(to_wire(state))
    assert pickle.loads(pickle.dumps(state, protocol=5)) == state


def test_every_command_type_starts_with_seat():
    for cls in game.COMMANDS.values():
        assert dataclasses.fields(cls)[0].name == "seat"


def test_state_pickles_and_serialises_for_snapshots_and_audit():
    state = acting(8, player={"tiles": ("red",)})
    _, state = play(state, VisitBlackMarket(0, "red"))
    assert pickle.loads(pickle.dumps(state, protocol=5)) == state
    json.dumps(to_wire(state))
    for event in EVENT_SAMPLES:
        assert pickle.loads(pickle.dumps(event)) == event


def test_violation_codes_are_unique_and_prefixed():
    assert len(set(game.ALL_CODES)) == len(game.ALL_CODES)
    assert all(code.startswith("istanbul.") for code in game.ALL_CODES)


@pytest.mark.parametrize("command", COMMAND_SAMPLES, ids=lambda x: type(x).TYPE)
def test_text_notation_round_trip(command):
    assert parse(to_text(command), command.seat) == command


def test_every_command_field_documents_its_meaning_and_the_codec_ignores_it():
    for cls in game.COMMANDS.values():
        hints = typing.get_type_hints(cls, include_extras=True)
        plain = typing.get_type_hints(cls)
        for field in dataclasses.fields(cls):
            hint = hints[field.name]
            assert typing.get_origin(hint) is typing.Annotated, (cls.TYPE, field.name)
            docs = [x for x in hint.__metadata__ if isinstance(x, Doc)]
            assert len(docs) == 1 and docs[0].text, (cls.TYPE, field.name)
            assert typing.get_origin(plain[field.name]) is not typing.Annotated
