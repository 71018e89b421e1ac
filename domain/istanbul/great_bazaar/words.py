"""The Great Bazaar in words: the Catacombs 25, its command, its event and what it offers. Gathered by the base's
words (domain/istanbul/words.py) like every box's."""

from __future__ import annotations

from domain.istanbul.phrases.terms import Board, good
from domain.words import seat, sentence

FIGURES = {"merchant": "merchant stack", "companion": "companion", "family_member": "family member"}


def _visit(b: Board, c: dict) -> str:
    then = f", then move the figure that acted to {b.place(c['place'])} (no action, no encounters there)" \
        if c.get("place") is not None else ""
    return f"Take 1 {good(c['good'])} at the Catacombs{then}"


def _visited(b: Board, e: dict) -> str:
    took = f"{e['gained']} {good(e['good'])}" if e["gained"] else f"no {good(e['good'])} (no room left)"
    moved = f"; its {FIGURES.get(e['figure'], 'figure')} went on to {b.place(e['place'])}" if e.get("figure") else ""
    return f"{sentence(seat(e['seat']))} took {took} at the Catacombs{moved}"


COMMANDS = {"visit_catacombs": _visit}
EVENTS = {"catacombs_visited": _visited}
OFFERS = {25: lambda b: ("take 1 good or 1 coffee, then the figure that acted moves on to any other place, with no "
                         "action and no encounters there")}
