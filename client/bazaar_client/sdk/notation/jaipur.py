"""Jaipur's text notation: one line per command, the words a player would say.

    take camels                                   {"type": "take_camels"}
    take spice                                    {"type": "take_one", "good": "spice"}
    sell cloth x3                                 {"type": "sell", "good": "cloth", "count": 3}
    exchange take leather,cloth give spice,camel  {"type": "exchange", "take": ["leather", "cloth"],
                                                   "give": ["spice"], "camels": 1}

Goods: diamond, gold, silver, cloth, spice, leather. In an exchange the camels given are written as `camel`, once
each, among the goods given. Parsing is case-insensitive and forgiving about spaces around commas; `sell cloth`
means one card (`x1`)."""

from __future__ import annotations

from bazaar_client.sdk.notation.common import NotationError, split_list

GOODS = ("diamond", "gold", "silver", "cloth", "spice", "leather")
CAMEL = "camel"


def format_move(command: dict) -> str:
    kind = command["type"]
    if kind == "take_camels":
        return "take camels"
    if kind == "take_one":
        return f"take {command['good']}"
    if kind == "sell":
        return f"sell {command['good']} x{command['count']}"
    if kind == "exchange":
        give = [*command["give"], *[CAMEL] * command.get("camels", 0)]
        return f"exchange take {','.join(command['take'])} give {','.join(give)}"
    raise NotationError(f"no Jaipur notation for {kind!r}")


def _good(word: str) -> str:
    if word not in GOODS:
        raise NotationError(f"unknown good {word!r} (one of {', '.join(GOODS)})")
    return word


def parse_move(text: str) -> dict:
    words = text.lower().replace(", ", ",").replace(" ,", ",").split()
    match words:
        case ["take", "camels"] | ["take", "camel"]:
            return {"type": "take_camels"}
        case ["take", good]:
            return {"type": "take_one", "good": _good(good)}
        case ["sell", good]:
            return {"type": "sell", "good": _good(good), "count": 1}
        case ["sell", good, count] if count.lstrip("x").isdigit():
            return {"type": "sell", "good": _good(good), "count": int(count.lstrip("x"))}
        case ["exchange", "take", took, "give", gave]:
            give = split_list(gave)
            return {"type": "exchange", "take": [_good(g) for g in split_list(took)],
                    "give": [_good(g) for g in give if g != CAMEL], "camels": give.count(CAMEL)}
    raise NotationError(f"not Jaipur notation: {text!r} (e.g. 'take camels', 'take spice', 'sell cloth x3', "
                        "'exchange take leather,cloth give spice,camel')")
