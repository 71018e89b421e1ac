"""Istanbul's notation: the player's line for every command of every box and back (with the seat's view naming the
places in play), forgiving case, spaces and full place names; the older canonical form still read; text that is
no move refused with a message that lists what it may be."""

from pathlib import Path

import pytest

import domain.istanbul as game
from domain.istanbul import commands as c
from domain.istanbul.letters_seals import commands as lc
from domain.istanbul.mocha_baksheesh import commands as mc
from domain.istanbul.notation import NotationError, parse, to_text
from tests.support.playthrough import playthrough

ROOT = Path(__file__).resolve().parents[3]
BOXES = {  # every box, and the variants that add commands of their own
    "base": (3, {"neutral_assistants": True}),
    "mocha_baksheesh": (4, {"expansions": ["mocha_baksheesh"], "caravan_leader": True}),
    "letters_seals": (2, {"expansions": ["letters_seals"]}),
    "great_bazaar": (5, {"expansions": ["mocha_baksheesh", "letters_seals"]}),
}


@pytest.mark.parametrize(
    "command,text",
    [
        (c.Move(0, 7), "move fountain"),
        (c.Move(0, 13, "B09"), "move sultans-palace card=B09"),
        (c.Move(0, 16, "L07", 2), "move gemstone-dealer card=L07 joined=2"),
        (c.PickUpAssistant(0, True), "pick up assistant neutral"),
        (c.SellGoods(1, {"red": 1, "blue": 2}), "sell goods red:1,blue:2"),
        (c.ReturnAssistants(0, (7, 9)), "return assistants fountain,tea-house"),
        (c.CatchFamilyMember(0, 1, "lira"), "catch family member 1 lira"),
        (c.PlayBonusCard(0, "B10", place=5), "play bonus card B10 place=post-office"),
        (c.UseMosqueTile(2, "red", reroll=True), "use mosque tile red reroll"),
        (c.DeliverToSultan(0), "deliver to sultan"),
        (c.EndTurn(3), "end turn"),
        (mc.PlaceBarrier(0, (5, 16), 16), "place barrier post-office,gemstone-dealer gemstone-dealer"),
        (mc.TakeGoods(0, {"coffee": 2}), "take goods coffee:2"),
        (lc.JoinSecretSociety(1, (1, 5), 2, 13), "join secret society wainwright,post-office 2 sultans-palace"),
        (lc.TakeBonusTurn(1, (), 2), "take bonus turn - 2"),
        (lc.UseNeutralFigure(0, "L09", "governor", "B02"), "use neutral figure L09 governor B02"),
        (lc.ChooseKioskTile(0, "K13", True, 0), "choose kiosk tile K13 use option=0"),
    ],
)
def test_the_players_line_and_back(command, text):
    assert to_text(command) == text
    assert parse(text, command.seat) == command


@pytest.mark.parametrize(
    "text,command",
    [
        ("move place=13 card=B09", c.Move(0, 13, "B09")),
        ("move place=6 card=- joined=-", c.Move(0, 6)),
        ("move place=16 card=L07 joined=2", c.Move(0, 16, "L07", 2)),
        ("sell_goods goods=yellow:2,red:1,green:1", c.SellGoods(0, {"red": 1, "green": 1, "yellow": 2})),
        ("deliver_to_sultan any_goods={}", c.DeliverToSultan(0)),
        ("use_mosque_tile tile=red good=- place=- die=- reroll=yes", c.UseMosqueTile(0, "red", reroll=True)),
        ("visit_black_market good=-", c.VisitBlackMarket(0, None)),
        ("catch_family_member owner=1 reward=lira", c.CatchFamilyMember(0, 1, "lira")),
        ("return_assistants places=2,9", c.ReturnAssistants(0, (2, 9))),
        ("take_bonus_turn letters=() sealed=2", lc.TakeBonusTurn(0, (), 2)),
    ],
)
def test_the_older_canonical_form_is_still_read(text, command):
    assert parse(text, 0) == command


@pytest.mark.parametrize(
    "text,command",
    [
        ("Move Sultan's Palace card=b09", c.Move(0, 13, "B09")),
        ("move  sultans palace", c.Move(0, 13)),
        ("MOVE 13", c.Move(0, 13)),
        ("sell goods fabric: 1, jewelry:2", c.SellGoods(0, {"red": 1, "blue": 2})),
        ("return assistants Fountain, Tea House", c.ReturnAssistants(0, (7, 9))),
        ("play bonus card b10 place=post office", c.PlayBonusCard(0, "B10", place=5)),
        ("choose kiosk tile k13 option=0 use", lc.ChooseKioskTile(0, "K13", True, 0)),
    ],
)
def test_reading_forgives_case_spaces_and_full_names(text, command):
    assert parse(text, 0) == command


@pytest.mark.parametrize("box", sorted(BOXES))
def test_every_legal_command_of_a_random_game_reads_back_as_itself_with_the_seats_view(box):
    seats, options = BOXES[box]
    seen = set()
    for played, seat, legal in playthrough(game, options, seats, f"notation-{box}"):
        view = played.view(seat) if legal else None
        for command in legal:
            text = to_text(command)
            assert parse(text, seat, view) == command == parse(text, seat), text
            seen.add(command.TYPE)
    assert len(seen) > 20, seen


def test_the_view_says_which_places_may_be_named():
    view = {"place_names": {"1": "Wainwright", "7": "Fountain", "17": "Coffee Roastery"}}
    assert parse("move coffee roastery", 0, view) == c.Move(0, 17)
    with pytest.raises(NotationError) as refused:
        parse("move embassy", 0, view)
    assert "wainwright, fountain, coffee-roastery" in str(refused.value)


@pytest.mark.parametrize(
    "text,expected",
    [
        ("", "move fountain"),
        ("fly to the moon", "the moves are move, leave assistant"),
        ("move sultan palace", "no place called 'sultan palace': the places are wainwright"),
        ("move sultan palace", "did you mean sultans-palace"),
        ("move 99", "no place numbered 99: the places are 1 wainwright"),
        ("move place=x", "no place called 'x'"),
        ("move", "'move' takes 1: place"),
        ("move place=6 place=7", "no second or unknown field 'place'"),
        ("move height=3", "its fields are place, card, joined"),
        ("sell goods purple:1", "no good called 'purple': the goods are red, green, yellow, blue"),
        ("sell goods red:x", "expected a number for the count of red"),
        ("visit tea house", "'visit tea house' takes 1: number"),
        ("visit tea house 13", "number is 3 to 12"),
        ("use smuggler red coins", "the payments are lira, red"),
        ("use mosque tile red reroll=maybe", "the answers are yes, no"),
    ],
)
def test_text_that_is_no_move_is_refused_saying_what_was_expected(text, expected):
    with pytest.raises(NotationError) as refused:
        parse(text, 0)
    assert expected in str(refused.value)
