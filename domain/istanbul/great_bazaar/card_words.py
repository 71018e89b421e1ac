"""The Great Bazaar's components in sentences: it brings no card or tile of its own, only the Catacombs 25 (its
place's name is all the base's words need from here). Gathered like each box's (domain/istanbul/phrases/cards.py)."""

from __future__ import annotations

from domain.istanbul.great_bazaar import data

PLACE_NAMES = data.PLACE_NAMES
KINDS: dict = {}


def title(card_id: str) -> str | None:
    return None


def card(card_id: str) -> str | None:
    return None
