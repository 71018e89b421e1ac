"""A round that ends when the deck cannot refill the market leaves slots empty (`null` in the view): every surface
shows an empty slot as empty, never as a card's back, `None` or a crash (the MCP server's words failed on it in 2
of 3 games). The position is a real one: a seeded match played at random to a deck-out."""

from __future__ import annotations

import random

from rich.console import Console

from bazaar_client.cli.boards import jaipur as terminal_board
from bazaar_client.sdk import GameView
from domain import registry
from domain import table as tables
from domain.jaipur import words as jaipur_words
from tests.support.driver import Table

jaipur = registry.get("jaipur")


def deck_out() -> Table:
    """The seeded match whose last round ends with two empty market slots (found once, replayed the same way)."""
    table, rng = Table.start(jaipur, {}, 2, seed="deckout-1"), random.Random(1)
    while not jaipur.is_terminal(table.state):
        table.play(rng.choice(jaipur.legal_commands(table.state, tables.awaited(jaipur, table.table)[0])))
    return table


def body(table: Table, seat) -> dict:
    """What GET /v1/games/{id} returns to `seat`, as far as these surfaces read it."""
    return {"id": "0123456789abcdef", "game": "jaipur", "status": "finished", "version": 99, "seat": seat,
            "seats": 2, "to_act": [], "awaiting_chance": None, "head_hash": "0" * 64, "open": False,
            "state": jaipur.view(table.state, seat), "result": jaipur.result(table.state)}


def test_the_deck_out_leaves_empty_slots_in_the_view():
    market = jaipur.view(deck_out().state, 0)["market"]
    assert len(market) == 5 and market.count(None) == 2


def test_the_picture_draws_an_empty_slot_as_empty():
    svg = jaipur.picture(body(deck_out(), 0))
    assert svg.count('class="card empty"') == 2
    assert svg.count('class="card back"') == 1  # the deck's pile only, not the empty slots


def test_the_terminal_board_and_the_words_every_client_shows_say_empty():
    table = deck_out()
    board = terminal_board.render(GameView.from_json(body(table, 0)))
    console = Console(width=140, record=True)
    console.print(board)
    assert "(empty)" in console.export_text() and "None" not in console.export_text()
    words = "\n".join(jaipur_words.position(jaipur.view(table.state, 0)))  # what the service says (MCP, CLI)
    assert "2 empty slots" in words and "None" not in words
