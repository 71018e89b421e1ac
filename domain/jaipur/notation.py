"""Jaipur's notation: one line per command, the words a player would say.

    take camels                                   TakeCamels
    take spice                                    TakeOne(good="spice")
    sell cloth x3                                 Sell(good="cloth", count=3)
    exchange take cloth,leather give spice,camel  Exchange(take=("cloth", "leather"), give=("spice",), camels=1)

Goods: diamond, gold, silver, cloth, spice, leather. In an exchange each camel paid is written `camel` among the
cards given. Reading forgives case and spaces (`Exchange take spice, gold give camel,leather`), takes the cards
in any order, `sell cloth` as one card, `sell 3 cloth` and `sell cloth 3` as three; and it reads the older
canonical form that logs, tests and scripts wrote (`take_one gold`, `take_camels`, `sell gold 3`,
`exchange take=diamond,gold give=cloth camels=1`). The seat is not part of the text: `parse` takes it apart, and
`parse(to_text(c), c.seat) == c` for every command.
"""

from __future__ import annotations

from domain.jaipur.commands import Exchange, Sell, TakeCamels, TakeOne
from domain.jaipur.components import CAMEL, GOODS, HAND_LIMIT, MARKET_SIZE
from domain.notation import NotationError, number, one_of, split_list, words_of

EXAMPLES = "'take camels', 'take spice', 'sell cloth x3', 'exchange take leather,cloth give spice,camel'"


def to_text(command) -> str:
    if isinstance(command, TakeCamels):
        return "take camels"
    if isinstance(command, TakeOne):
        return f"take {command.good}"
    if isinstance(command, Sell):
        return f"sell {command.good} x{command.count}"
    if isinstance(command, Exchange):
        give = ",".join([*command.give, *[CAMEL] * command.camels])
        return f"exchange take {','.join(command.take)} give {give}"
    raise NotationError(f"not a Jaipur command: {command!r}")


def parse(text: str, seat: int, view: dict | None = None):
    """The command `text` names for `seat` (`view` is not needed: Jaipur's words are fixed)."""
    words = words_of(text)
    match words:
        case ["take", "camels" | "camel"] | ["take_camels"]:
            return TakeCamels(seat)
        case ["take" | "take_one", good]:
            return TakeOne(seat, _good(good))
        case ["sell", good]:
            return Sell(seat, _good(good), 1)
        case ["sell", first, second]:
            good, count = (second, first) if first[-1:].isdigit() else (first, second)
            return Sell(seat, _good(good), number(count, "the number of cards sold", 1, HAND_LIMIT))
        case ["exchange", "take", took, "give", gave]:
            give = [one_of(card, (*GOODS, CAMEL), "card", "cards given") for card in split_list(gave)]
            return _exchange(seat, took, [g for g in give if g != CAMEL], give.count(CAMEL))
        case ["exchange", *fields] if fields and all("=" in f for f in fields):
            return _canonical_exchange(seat, fields)
    if words and words[0] in ("take", "take_one", "take_camels", "sell", "exchange"):
        raise NotationError(f"cannot read {text.strip()!r}: {_USAGE[words[0]]}")
    raise NotationError(f"not a Jaipur move: {text.strip()!r}; say one of {EXAMPLES}")


_USAGE = {
    "take": "'take camels' or 'take <good>'",
    "take_one": "'take <good>'",
    "take_camels": "'take camels'",
    "sell": "'sell <good> x<count>'",
    "exchange": "'exchange take <goods> give <goods and camels>', e.g. 'exchange take leather,cloth give spice,camel'",
}


def _good(word: str) -> str:
    return one_of(word, GOODS, "good")


def _exchange(seat: int, took: str, give: list[str], camels: int) -> Exchange:
    take = [_good(card) for card in split_list(took)]
    if not take:
        raise NotationError("an exchange takes cards: 'exchange take <goods> give <goods and camels>'")
    return Exchange(seat, tuple(sorted(take)), tuple(sorted(give)), camels)


def _canonical_exchange(seat: int, fields: list[str]) -> Exchange:
    parts = dict(field.partition("=")[::2] for field in fields)
    if set(parts) != {"take", "give", "camels"} or len(parts) != len(fields):
        raise NotationError("the older form of an exchange is 'exchange take=<goods> give=<goods> camels=<n>'")
    give = [_good(card) for card in split_list(parts["give"])]
    return _exchange(seat, parts["take"], give, number(parts["camels"], "the camels paid", 0, MARKET_SIZE))
