"""A canonical one-line text form of every command, and its parser (for logs, tests and a CLI):

    exchange take=diamond,gold give=cloth camels=1
    take_one gold
    take_camels
    sell gold 3

The seat is not part of the text; `parse` takes it apart. `parse(to_text(c), c.seat) == c`.
"""

from __future__ import annotations

from domain.jaipur.commands import Exchange, Sell, TakeCamels, TakeOne


class NotationError(ValueError):
    pass


def to_text(command) -> str:
    if isinstance(command, Exchange):
        return f"exchange take={','.join(command.take)} give={','.join(command.give)} camels={command.camels}"
    if isinstance(command, TakeOne):
        return f"take_one {command.good}"
    if isinstance(command, TakeCamels):
        return "take_camels"
    if isinstance(command, Sell):
        return f"sell {command.good} {command.count}"
    raise NotationError(f"not a Jaipur command: {command!r}")


def parse(text: str, seat: int):
    words = text.split()
    if not words:
        raise NotationError("empty command")
    match words:
        case ["exchange", *fields]:
            parts = dict(_field(f) for f in fields)
            if set(parts) != {"take", "give", "camels"}:
                raise NotationError("exchange needs take=, give= and camels=")
            return Exchange(seat, _cards(parts["take"]), _cards(parts["give"]), _int(parts["camels"]))
        case ["take_one", good]:
            return TakeOne(seat, good)
        case ["take_camels"]:
            return TakeCamels(seat)
        case ["sell", good, count]:
            return Sell(seat, good, _int(count))
    raise NotationError(f"cannot read {text!r}")


def _field(word: str) -> tuple[str, str]:
    name, sep, value = word.partition("=")
    if not sep:
        raise NotationError(f"expected name=value, got {word!r}")
    return name, value


def _cards(value: str) -> tuple[str, ...]:
    return tuple(value.split(",")) if value else ()


def _int(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise NotationError(f"expected a number, got {value!r}") from None
