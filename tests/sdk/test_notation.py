"""The text notation of both games: every listed move reads back as itself, the field table matches the API
description, and junk is a usage error, not a guess."""

import json
from pathlib import Path

import pytest
import yaml

from bazaar_client.sdk.notation import NotationError, canonical, find_move, format_move, parse_move
from bazaar_client.sdk.notation import istanbul as istanbul_notation

ROOT = Path(__file__).resolve().parents[2]
# legal moves as the server listed them during random 2- and 3-seat games (every command type)
ISTANBUL_MOVES = json.loads((ROOT / "tests/sdk/fixtures/istanbul_moves.json").read_text())

JAIPUR = [
    ({"type": "take_camels"}, "take camels"),
    ({"type": "take_one", "good": "spice"}, "take spice"),
    ({"type": "sell", "good": "cloth", "count": 3}, "sell cloth x3"),
    ({"type": "exchange", "take": ["leather", "cloth"], "give": ["spice"], "camels": 2},
     "exchange take leather,cloth give spice,camel,camel"),
    ({"type": "accept_undo"}, "accept undo"),
]


@pytest.mark.parametrize(("command", "text"), JAIPUR)
def test_jaipur_moves_read_and_write_as_documented(command, text):
    assert format_move("jaipur", command) == text
    assert parse_move("jaipur", text) == command


def test_jaipur_parsing_forgives_case_and_spacing_and_finds_the_listed_move():
    listed = [{"type": "exchange", "take": ["gold", "spice"], "give": ["leather"], "camels": 1},
              {"type": "take_camels"}]
    assert find_move("jaipur", "Exchange take spice, gold give camel,leather", listed) is listed[0]
    assert find_move("jaipur", "take gold", listed) is None


@pytest.mark.parametrize("kind", sorted(ISTANBUL_MOVES))
def test_every_listed_istanbul_move_reads_back_as_itself(kind):
    for move in ISTANBUL_MOVES[kind]:
        text = format_move("istanbul", move)
        assert canonical(parse_move("istanbul", text)) == canonical(move), text
        assert find_move("istanbul", text.upper() if kind == "end_turn" else text, [move]) is move


def test_istanbul_names_places_by_name_or_number():
    assert format_move("istanbul", {"type": "move", "place": 13, "card": None}) == "move sultans-palace"
    assert parse_move("istanbul", "move 13") == parse_move("istanbul", "Move Sultans-Palace") == {"type": "move",
                                                                                                  "place": 13}
    assert parse_move("istanbul", "move coffee-roaster", {"17": "Coffee Roaster"}) == {"type": "move", "place": 17}


def test_the_istanbul_field_table_matches_the_api_description():
    schemas = yaml.load((ROOT / "openapi.yaml").read_text(), Loader=yaml.CSafeLoader)["components"]["schemas"]
    described = {}
    for ref in schemas["IstanbulCommand"]["discriminator"]["mapping"].values():
        schema = schemas[ref.rsplit("/", 1)[1]]
        fields = set(schema["properties"]) - {"type", "expected_version"}
        required = set(schema.get("required", [])) - {"type"}
        described[schema["properties"]["type"]["const"]] = (required, fields - required)
    ours = {kind: (set(req), set(opt)) for kind, (req, opt) in istanbul_notation.FIELDS.items()}
    assert ours == described


@pytest.mark.parametrize(("game", "text"), [("jaipur", "frobnicate"), ("jaipur", "take unicorn"),
                                            ("jaipur", "sell"), ("istanbul", "fly to the moon"),
                                            ("istanbul", "move atlantis"), ("istanbul", "visit tea house"),
                                            ("chess", "e4")])
def test_text_that_is_not_notation_is_refused(game, text):
    with pytest.raises(NotationError):
        parse_move(game, text)
