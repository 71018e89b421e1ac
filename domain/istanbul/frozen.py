"""Immutable records, built fast: `record` (a frozen dataclass whose __init__ fills the instance at once),
`replace` (copying one), and FrozenDict for mappings inside the frozen state (place slices, figures' places).

Commands, events and the state are frozen dataclasses, and a random playout builds and copies tens of thousands of
them (issue 10: tree search). A frozen dataclass's own __init__ writes each field through object.__setattr__,
about twice as slow as filling the instance dict, which is what `record` installs instead; everything else
(fields, eq, hash, repr, frozenness, the codec) is the dataclass's.

`recall` / `remember` keep a value computed from a record in the record itself, as functools.cached_property does
on frozen dataclasses: the record never changes, so the value stays right. It is no field (equality, hashing, the
codec never see it), `replace` never carries it into a changed copy and pickling leaves it out. legal_commands
uses it, so that decide, asked right after about a command from that list, need not list again.

A FrozenDict is a dict, so the codec writes it as a JSON object and it compares like one; it never changes (`set`
returns a new one), hashes, and pickles.
"""

from __future__ import annotations

import dataclasses

from domain.core import rebuilt

MEMO = "__memo__"  # the instance-dict key of a record's remembered values
MISSING = object()


def record(cls):
    """`@dataclass(frozen=True)` with a faster __init__ (same signature, defaults and __post_init__)."""
    cls = dataclasses.dataclass(frozen=True)(cls)
    fields = dataclasses.fields(cls)
    defaults = {f"_default_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING}
    if any(f.default_factory is not dataclasses.MISSING for f in fields):
        raise TypeError(f"{cls.__name__}: records take plain (immutable) defaults only")
    params = "".join(f", {f.name}=_default_{f.name}" if f"_default_{f.name}" in defaults else f", {f.name}"
                     for f in fields)
    body = "".join(f"    fields[{f.name!r}] = {f.name}\n" for f in fields)
    post = "    self.__post_init__()\n" if hasattr(cls, "__post_init__") else ""
    cls.__getstate__ = _state_without_memo
    source = f"def __init__(self{params}):\n    fields = self.__dict__\n{body}{post}"
    namespace = dict(defaults)
    exec(source, namespace)  # noqa: S102 - generated from the class's own field names, as dataclasses does
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls


def message(type_: str, v: int = 1):
    """Class decorator of a command or event: a record with its wire `TYPE` (and an event's version `V`)."""

    def wrap(cls):
        cls.TYPE = type_
        cls.V = v
        return record(cls)

    return wrap


def replace(record, /, **changes):
    """A copy of the frozen dataclass `record` with `changes`, like dataclasses.replace but without re-running
    __init__: the new instance's dict is the old one's, updated. Several times faster, which matters because
    evolve copies the state for every event (issue 10); the input is never touched. An unknown field name would
    add a key, so the size check refuses it."""
    fields = record.__dict__.copy()
    if MEMO in fields:
        del fields[MEMO]  # remembered for the original, not for the copy
    return rebuilt(record, fields, changes)


def recall(record, key):
    """The value remembered for `key` in `record`, or MISSING."""
    memo = record.__dict__.get(MEMO)
    return MISSING if memo is None else memo.get(key, MISSING)


def remember(record, key, value):
    """Keep `value` (computed from `record` alone) in `record` under `key`; returns it."""
    memo = record.__dict__.get(MEMO)
    if memo is None:
        memo = record.__dict__[MEMO] = {}
    memo[key] = value
    return value


def _state_without_memo(self):
    """Pickling and copying take the fields only."""
    fields = self.__dict__
    if MEMO in fields:
        fields = {k: v for k, v in fields.items() if k != MEMO}
    return fields


class FrozenDict(dict):
    __slots__ = ()

    def set(self, key, value) -> FrozenDict:
        """A copy with `key` bound to `value`."""
        out = dict(self)
        out[key] = value
        return type(self)(out)

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict.__repr__(self)})"

    def __reduce__(self):
        return type(self), (dict(self),)

    def _frozen(self, *args, **kwargs):
        raise TypeError(f"{type(self).__name__} never changes: build a new one")

    __setitem__ = __delitem__ = __ior__ = _frozen  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _frozen  # type: ignore[assignment]
