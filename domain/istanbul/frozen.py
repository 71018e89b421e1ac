"""FrozenDict: an immutable, hashable dict for mappings inside the frozen state (place slices, figures' places).

A dict, so the codec writes it as a JSON object and it compares like one; it never changes (`set` returns a new
one), hashes, and pickles.
"""

from __future__ import annotations


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
