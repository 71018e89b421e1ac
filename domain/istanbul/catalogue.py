"""Every row of every box, by id: bonus cards, guild cards, tavern tiles, neutral figures. Ids never repeat across
boxes, so a row is found by its id whatever is in play; what is in play is content.py's."""

from __future__ import annotations

from domain.istanbul.data import BASE_CARDS, BASE_PLACES, FIGURES
from domain.istanbul.great_bazaar import data as great_bazaar_data
from domain.istanbul.letters_seals import data as letters_data
from domain.istanbul.mocha_baksheesh import data as mocha_data

CARDS = {card.id: card for card in BASE_CARDS + mocha_data.CARDS + letters_data.CARDS}  # bonus cards
CARD_KINDS = {card_id: row.kind for card_id, row in CARDS.items()}
GUILD_CARDS = {card.id: card for card in mocha_data.GUILD_CARDS}
TAVERN_TILES = {tile.id: tile for tile in mocha_data.TAVERN_TILES}
FIGURE_KINDS = {**FIGURES, **mocha_data.FIGURES, **letters_data.FIGURES}  # neutral figure -> encounter kind (figures.py)
PLACES = (BASE_PLACES + tuple(sorted(mocha_data.PLACE_NAMES)) + tuple(sorted(letters_data.PLACE_NAMES))
          + tuple(sorted(great_bazaar_data.PLACE_NAMES)))  # the Catacombs 25: the Great Bazaar only
