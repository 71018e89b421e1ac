"""Pieces every game's notation shares: the error, list splitting, the platform's own commands, and the
canonical form used to compare a parsed command with a listed one."""

from __future__ import annotations


class NotationError(ValueError):
    """The text is not a command in the game's notation (a usage error, not a rule violation)."""


PLATFORM = {"accept_undo": "accept undo", "decline_undo": "decline undo"}
PLATFORM_PARSE = {text: kind for kind, text in PLATFORM.items()}


def split_list(text: str) -> list[str]:
    return [item for item in text.split(",") if item]


def _canonical_value(value):
    if isinstance(value, list):
        return sorted(value)
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if v}
    return value


def canonical(command: dict) -> dict:
    """The command with unset optional fields dropped, lists sorted and zero counts dropped, so two spellings of
    one move compare equal (an exchange's goods are a multiset; `card: null` is the same as no card; a goods
    mapping lists only what moves)."""
    return {key: _canonical_value(value) for key, value in command.items()
            if value is not None and value is not False and key != "expected_version"}
