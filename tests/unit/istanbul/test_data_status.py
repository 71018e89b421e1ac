"""Which data rows are printed and which are reconstructed, checked against a list made independently of the data
modules: from the tags of the rules reference (docs/rules/istanbul.md: [R] printed, [INF] inferred, [P] proposed)
and the Big Box rulebook, which wins where the two disagree. The view's `proposed_rows` must list exactly the rows
in play that are not printed.
"""

from __future__ import annotations

import pytest

import domain.istanbul as game
from domain.istanbul import data
from domain.istanbul.content import content
from domain.istanbul.great_bazaar import data as great_bazaar_data
from domain.istanbul.letters_seals import data as letters_data
from domain.istanbul.mocha_baksheesh import data as mocha_data

PRINTED, INFERRED, PROPOSED = "printed", "inferred", "proposed"


def _ids(prefix: str, numbers) -> list[str]:
    return [f"{prefix}{n:02d}" for n in numbers]


EXPECTED: dict[tuple[str, str], str] = {
    # 8.1: the base faces' texts [R]; their copies agree in two implementations [I2] and sum to the printed 26
    **{("bonus_cards", card): PRINTED for card in _ids("B", range(1, 11))},
    # 8.2: the M faces' texts [R], "The copy count of 2 per face is [INF]: 18 cards / 9 faces"
    **{("bonus_cards", card): INFERRED for card in _ids("M", range(1, 10))},
    # 8.3, 14a.5: the L faces' copies [P], L02's yield [P], L04's goods per copy [P] (one row per pictured good)
    **{("bonus_cards", card): PROPOSED
       for card in [*_ids("L", range(1, 4)), "L04R", "L04G", "L04Y", "L04B", *_ids("L", range(5, 13))]},
    # 14a.2: "Guild cards 1-20 [P], except where marked [R]"; 8 (the red tile ban), 12 (the reset) and 14 (the
    # example) are partly [R], their rows still carry [P] parts. 9, 16 and 19: the rulebook prints a note and one
    # example of each (p.23; p.13 for 16), not the card: rebuilt from them, so inferred (the reference says
    # "printed_rule"; no card text was transcribed)
    **{("guild_cards", card): PROPOSED for card in _ids("G", range(1, 21))},
    **{("guild_cards", card): INFERRED for card in ("G09", "G16", "G19")},
    # 7.4, 14a.7: the costs per kind are [INF]; but the rulebook's set-up prints that each stack's top tile shows 1
    # coffee ("so dass das oberste Plättchen jeweils 1 Kaffeesymbol zeigt"), so the two 1-coffee tiles are printed
    **{("tavern_tiles", f"{kind}_{cost}"): PRINTED if cost == 1 else INFERRED
       for kind in ("movement", "encounter") for cost in (1, 2, 3, 4)},
    # 7.5, 14a.3: side A (3 yellow) [R], side B [P]
    ("baksheesh_sides", "A"): PRINTED,
    ("baksheesh_sides", "B"): PROPOSED,
    # 14a.6: M05's yield table [P]
    **{("die_yields", str(face)): PROPOSED for face in range(1, 7)},
    # 7.8, 14a.4: the place numbers on the 36 fronts are UNK, the stand-in [P]
    **{("letters", str(n)): PROPOSED for n in range(1, 37)},
    # 7.7: "All 24 texts are in the rulebook" [R]
    **{("kiosk_tiles", tile): PRINTED for tile in _ids("K", range(1, 25))},
}

# every module-level table of rows with a status, in the boxes' data modules: the rows this test must see
TABLES = {
    "bonus_cards": data.BASE_CARDS + mocha_data.CARDS + letters_data.CARDS,
    "guild_cards": mocha_data.GUILD_CARDS,
    "tavern_tiles": mocha_data.TAVERN_TILES,
    "baksheesh_sides": mocha_data.BAKSHEESH_SIDES,
    "die_yields": mocha_data.DIE_YIELDS,
    "letters": letters_data.LETTERS,
    "kiosk_tiles": letters_data.KIOSK_TILES,
}


def _key(table: str, position: int, row) -> tuple[str, str]:
    if table == "letters":
        return table, str(position)
    return table, str(row.face) if table == "die_yields" else row.id


def test_every_table_with_a_status_is_read_here():
    """A data module's new table of rows with a status must join TABLES (and EXPECTED), or this test fails."""
    for module in (data, mocha_data, letters_data, great_bazaar_data):
        for name, value in vars(module).items():
            rows = value.values() if isinstance(value, dict) else value if isinstance(value, tuple) else ()
            if any(hasattr(row, "status") for row in rows):
                assert any(value is table or set(value) <= set(table) for table in TABLES.values()), \
                    f"{module.__name__}.{name} has rows with a status"


def test_each_rows_status_is_the_one_the_rules_reference_and_the_rulebook_give():
    found = {_key(table, n, row): row.status for table, rows in TABLES.items() for n, row in enumerate(rows, 1)}
    assert found == EXPECTED


@pytest.mark.parametrize("seats", [2, 5])
def test_the_view_lists_every_row_in_play_that_is_not_printed(seats):
    """The Great Bazaar has every row of every box in play (the tavern tiles with 2 and 3 coffee are left out at 2
    seats, rules 4.2)."""
    state = game.initial_state({"expansions": ["mocha_baksheesh", "letters_seals"]}, seats)
    listed = {(row["table"], row["id"]): row["status"] for row in game.view(state, None)["proposed_rows"]}
    out_of_play = {("tavern_tiles", f"{kind}_{cost}") for kind in ("movement", "encounter") for cost in (2, 4)}
    expected = {key: status for key, status in EXPECTED.items()
                if status != PRINTED and (seats > 2 or key not in out_of_play)}
    assert listed == expected
    assert len([key for key in listed if key[0] == "letters"]) == 36


def test_letters_and_seals_alone_lists_its_own_rows_only():
    state = game.initial_state({"expansions": ["letters_seals"]}, 3)
    tables = {row[0] for row in content(state).proposed_rows(3)}
    assert tables == {"bonus_cards", "letters"}
