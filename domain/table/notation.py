"""The platform's commands a seat types, beside its game's notation: `accept undo`, `decline undo` (answers to a
consent request, listed among the legal moves while one waits) and `undo 12` (take the game back to version 12).
Commands are wire forms (dicts): the table's commands carry a time only the service knows. `parse` returns None
for a line that is none of them, so a client asks the game's notation next."""

from __future__ import annotations

from domain.notation import NotationError, number, words_of

ANSWERS = {"accept_undo": "accept undo", "decline_undo": "decline undo"}


def to_text(command: dict) -> str | None:
    """The line for a platform command, or None for a game's."""
    kind = command.get("type")
    if kind in ANSWERS:
        return ANSWERS[kind]
    if kind == "undo":
        return f"undo {command['to_version']}"
    return None


def parse(text: str) -> dict | None:
    words = words_of(text)
    line = " ".join(words)
    for kind, said in ANSWERS.items():
        if line in (said, kind):
            return {"type": kind}
    if words[:1] == ["undo"]:
        rest = [w for w in words[1:] if w not in ("to", "version")]
        if len(rest) != 1:
            raise NotationError("say 'undo <version>': the version the game goes back to, e.g. 'undo 12'")
        return {"type": "undo", "to_version": number(rest[0], "the version to go back to", 0)}
    return None
