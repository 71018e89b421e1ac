"""A canonical one-line text form of every command, and its parser (logs, tests, a CLI):

    move place=6
    move place=13 card=B09
    move place=16 card=L07 joined=2
    sell_goods goods=red:1,green:1,yellow:2
    return_assistants places=2,9
    pay_governor
    use_mosque_tile tile=red die=- reroll=yes

The wire type, then every field but the seat as name=value in field order, except the trailing fields that hold
their default (null, no, nothing): a line shows only what was chosen, and the longer forms stay readable. "-" is
null, booleans are yes/no, tuples are comma-separated (an empty tuple is "()"), goods are good:count pairs (none
is "{}"). `parse` accepts any field in any order, and takes a field left out as its default, so the texts printed
before trailing defaults were left out (`move place=6 card=- joined=-`) still parse. The seat is not part of the
text: `parse` takes it apart, and `parse(to_text(c), c.seat) == c` for every command.
"""

from __future__ import annotations

import dataclasses
import typing
from functools import cache

from domain.istanbul.commands import COMMANDS


class NotationError(ValueError):
    pass


REQUIRED = object()  # a field without a default: always printed


@cache
def _defaults(cls) -> tuple:
    """Each field's default (after the seat), or REQUIRED."""
    out = []
    for f in dataclasses.fields(cls)[1:]:
        if f.default is not dataclasses.MISSING:
            out.append(f.default)
        elif f.default_factory is not dataclasses.MISSING:
            out.append(f.default_factory())
        else:
            out.append(REQUIRED)
    return tuple(out)


@cache
def _fields(cls) -> tuple[tuple[str, str], ...]:
    hints = typing.get_type_hints(cls)
    def name(hint) -> str:
        return hint.__name__ if isinstance(hint, type) else str(hint)

    return tuple((f.name, name(hints[f.name])) for f in dataclasses.fields(cls)[1:])


def _show(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) if value else "()"
    if isinstance(value, dict):
        return ",".join(f"{k}:{v}" for k, v in value.items()) if value else "{}"
    return str(value)


def to_text(command) -> str:
    cls = type(command)
    if COMMANDS.get(getattr(cls, "TYPE", None)) is not cls:
        raise NotationError(f"not an Istanbul command: {command!r}")
    values = [getattr(command, name) for name, _ in _fields(cls)]
    shown = len(values)
    defaults = _defaults(cls)
    while shown and defaults[shown - 1] is not REQUIRED and values[shown - 1] == defaults[shown - 1]:
        shown -= 1  # a trailing field at its default says nothing
    parts = [cls.TYPE] + [f"{name}={_show(value)}" for (name, _), value in zip(_fields(cls)[:shown], values)]
    return " ".join(parts)


def _read(text: str, hint: str):
    if text == "-" and "None" in hint:
        return None
    try:
        if hint == "bool":
            return {"yes": True, "no": False}[text]
        if hint.startswith("tuple"):
            return () if text == "()" else tuple(int(x) for x in text.split(","))
        if hint.startswith("dict"):
            pairs = [] if text == "{}" else [item.split(":") for item in text.split(",")]
            return {good: int(n) for good, n in pairs}
        if hint.startswith("int"):
            return int(text)
    except (KeyError, ValueError):
        raise NotationError(f"cannot read {text!r} as {hint}") from None
    return text


def parse(text: str, seat: int):
    words = text.split()
    if not words:
        raise NotationError("empty command")
    cls = COMMANDS.get(words[0])
    if cls is None:
        raise NotationError(f"unknown command {words[0]!r}")
    given = {}
    for word in words[1:]:
        name, sep, value = word.partition("=")
        if not sep or name in given:
            raise NotationError(f"expected name=value once each, not {word!r}")
        given[name] = value
    fields = dict(_fields(cls))
    unknown = sorted(set(given) - set(fields))
    if unknown:
        raise NotationError(f"unknown field {unknown[0]!r} for {words[0]}")
    values = {name: _read(given[name], hint) for name, hint in fields.items() if name in given}
    try:
        return cls(seat, **values)
    except TypeError as missing:
        raise NotationError(str(missing)) from None
