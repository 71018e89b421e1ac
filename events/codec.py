"""The only road between domain dataclasses (events, commands) and JSON-able dicts.

Domain messages are frozen dataclasses whose fields are built from: int, str, bool, None, tuple[X, ...],
fixed tuples tuple[X, Y], dict[str, X] / dict[int, X], Optional/Union of those, and nested dataclasses.
Decoding is strict (bool is not an int, a list of str is not a list of int) so a malformed command is
refused before any rule runs. The hints are read once per class.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import lru_cache
from typing import Any, Union


class DecodeError(ValueError):
    """Wrong shape or type; `path` names the offending field (e.g. "take[2]")."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path or 'body'}: {message}")
        self.path = path or "body"
        self.detail = message


def to_wire(obj: Any) -> Any:
    """Dataclass (or nested containers of them) -> JSON-able value. Class attrs TYPE/V are not fields."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_wire(getattr(obj, f.name)) for f in _fields(type(obj))}
    if isinstance(obj, (tuple, list, frozenset, set)):
        return [to_wire(x) for x in obj]
    if isinstance(obj, dict):
        return {(k if isinstance(k, str) else str(k)): to_wire(v) for k, v in obj.items()}
    return obj


def from_wire(cls: type, data: Any, path: str = "", exclude: tuple[str, ...] = ()) -> Any:
    """JSON-able dict -> instance of dataclass `cls`; unknown or missing keys raise DecodeError.

    Fields named in `exclude` are not read from `data` (the caller passes them in through `extra`).
    """
    return _decode_dataclass(cls, data, path, exclude, {})


def command_from_wire(cls: type, data: Any, seat: int) -> Any:
    """A command body from a client: every field but `seat`, which the server sets from the token."""
    return _decode_dataclass(cls, data, "", ("seat",), {"seat": seat}, ignore=("type",))


def command_to_wire(command: Any) -> dict:
    """A command as the complete body a client posts: {"type": ..., fields...} without the seat."""
    body = {"type": type(command).TYPE}
    for name, value in to_wire(command).items():
        if name != "seat":
            body[name] = value
    return body


@lru_cache(maxsize=None)
def _fields(cls: type) -> tuple:
    return tuple(dataclasses.fields(cls))


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict:
    return typing.get_type_hints(cls)


def _decode_dataclass(cls, data, path, exclude, extra, ignore=()):
    if not isinstance(data, dict):
        raise DecodeError(path, "expected an object")
    hints = _hints(cls)
    allowed = {f.name for f in _fields(cls)} - set(exclude)
    unknown = sorted(k for k in data if k not in allowed and k not in ignore)
    if unknown:
        raise DecodeError(_join(path, unknown[0]), "unknown field")
    kwargs = dict(extra)
    for f in _fields(cls):
        if f.name in exclude:
            continue
        if f.name in data:
            kwargs[f.name] = _decode(hints[f.name], data[f.name], _join(path, f.name))
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise DecodeError(_join(path, f.name), "missing field")
    return cls(**kwargs)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _decode(hint, value, path):
    if hint is Any:
        return value
    if hint is dict:  # free-form JSON object (e.g. game options)
        if not isinstance(value, dict):
            raise DecodeError(path, "expected an object")
        return value
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                return _decode(option, value, path)
            except DecodeError:
                continue
        raise DecodeError(path, f"expected {_describe(hint)}")
    if hint is type(None):
        if value is not None:
            raise DecodeError(path, "expected null")
        return None
    if hint is bool:
        if not isinstance(value, bool):
            raise DecodeError(path, "expected a boolean")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise DecodeError(path, "expected an integer")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise DecodeError(path, "expected a number")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise DecodeError(path, "expected a string")
        return value
    if origin is typing.Literal:
        if value not in typing.get_args(hint):
            raise DecodeError(path, f"expected one of {list(typing.get_args(hint))}")
        return value
    if origin in (tuple, list, frozenset):
        if not isinstance(value, list):
            raise DecodeError(path, "expected an array")
        args = typing.get_args(hint)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(value) != len(args):
                raise DecodeError(path, f"expected an array of {len(args)} items")
            return tuple(_decode(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, value)))
        item = args[0] if args else Any
        items = [_decode(item, v, f"{path}[{i}]") for i, v in enumerate(value)]
        return frozenset(items) if origin is frozenset else tuple(items)
    if origin is dict:
        if not isinstance(value, dict):
            raise DecodeError(path, "expected an object")
        key_hint, value_hint = typing.get_args(hint) or (str, Any)
        out = {}
        for k, v in value.items():
            key = k
            if key_hint is int:
                try:
                    key = int(k)
                except (TypeError, ValueError):
                    raise DecodeError(f"{path}.{k}", "expected an integer key") from None
            out[key] = _decode(value_hint, v, f"{path}.{k}")
        return out
    if dataclasses.is_dataclass(hint):
        return _decode_dataclass(hint, value, path, (), {})
    raise DecodeError(path, f"unsupported type {hint!r}")


def _describe(hint) -> str:
    return " or ".join(getattr(a, "__name__", str(a)) for a in typing.get_args(hint))
