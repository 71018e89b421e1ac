"""Goods: an immutable, hashable mapping good -> count, for every goods amount in commands, events and state.

Keys are goods names ("red", "green", "yellow", "blue"; Mocha & Baksheesh adds "coffee"), so an expansion adds a
good without changing any shape. Zero counts are left out: every amount has exactly one spelling, so a command
is listed once by legal_commands and a client's {"red": 1, "green": 0} is the same command as {"red": 1}. On the
wire it is a JSON object (`{"red": 1, "blue": 2}`, `{}` for none).

It is a dict, so the codec writes it as an object and equality is a dict's; unlike a dict it hashes (commands are
compared as set members), pickles and never changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from domain.istanbul.frozen import FrozenDict


class Goods(FrozenDict):
    __slots__ = ()

    def __init__(self, counts: Mapping[str, int] | Iterable[tuple[str, int]] = (), /):
        items = counts.items() if isinstance(counts, Mapping) else counts
        dict.__init__(self, ((good, n) for good, n in items if n))

    @classmethod
    def of(cls, good: str, n: int = 1) -> Goods:
        return _counted({good: n}) if n else NONE

    def count(self, good: str) -> int:
        return dict.get(self, good, 0)

    def total(self, goods: Iterable[str] | None = None) -> int:
        """All counts, or those of `goods` only (the tie-break counts the four goods, never coffee)."""
        # dict.get, not count: a list of C calls rather than a generator of method calls (the mcts bot's hot path)
        return sum(self.values()) if goods is None else sum([_get(self, g, 0) for g in goods])

    def plus(self, other: Mapping[str, int], sign: int = 1) -> Goods:
        out = dict(self)
        for good, n in other.items():
            total = out.get(good, 0) + sign * n
            if total:
                out[good] = total
            else:
                out.pop(good, None)
        return _counted(out)

    def minus(self, other: Mapping[str, int]) -> Goods:
        return self.plus(other, -1)

    def covers(self, other: Mapping[str, int]) -> bool:
        """At least `other` of every good."""
        return all(_get(self, good, 0) >= n for good, n in other.items())


NONE = Goods()
_get = dict.get
_new = dict.__new__
_fill = dict.update


def _counted(counts: dict) -> Goods:
    """Goods from counts known to hold no zero (evolve's arithmetic: skips the filtering constructor)."""
    goods = _new(Goods)
    _fill(goods, counts)
    return goods


def freeze(obj, *names: str) -> None:
    """In a frozen dataclass's __post_init__: turn the named fields (a decoded JSON object) into Goods."""
    for name in names:
        value = getattr(obj, name)
        if type(value) is not Goods:
            object.__setattr__(obj, name, Goods(value))
