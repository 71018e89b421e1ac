"""Immutable records, built fast: `record` (a frozen dataclass whose __init__ fills the instance at once),
`replace` (copying one), and FrozenDict for mappings inside the frozen state (place slices, figures' places).

Commands, events and the state are frozen dataclasses, and a random playout builds and copies tens of thousands of
them (issue 10: tree search). A frozen dataclass's own __init__ writes each field through object.__setattr__,
about twice as slow as filling the instance dict, which is what `record` installs instead; everything else
(fields, eq, hash, repr, frozenness, the codec) is the dataclass's.

A FrozenDict is a dict, so the codec writes it as a JSON object and it compares like one; it never changes (`set`
returns a new one), hashes, and pickles.
"""

from __future__ import annotations

import dataclasses


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
    source = f"def __init__(self{params}):\n    fields = self.__dict__\n{body}{post}"
    namespace = dict(defaults)
    exec(source, namespace)  # noqa: S102 - generated from the class's own field names, as dataclasses does
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls


def replace(record, /, **changes):
    """A copy of the frozen dataclass `record` with `changes`, like dataclasses.replace but without re-running
    __init__: the new instance's dict is the old one's, updated. Several times faster, which matters because
    evolve copies the state for every event (issue 10); the input is never touched. An unknown field name would
    add a key, so the size check refuses it."""
    old = record.__dict__
    fields = old.copy()
    fields.update(changes)
    if len(fields) != len(old):
        raise TypeError(f"{type(record).__name__} has no field {sorted(set(fields) - set(old))[0]!r}")
    new = _new(type(record))
    _set(new, "__dict__", fields)  # a frozen dataclass refuses attribute writes; this is its construction
    return new


_new = object.__new__
_set = object.__setattr__


class FrozenDict(dict):
    __slots__ = ()

    def set(self, key, value) -> "FrozenDict":
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
