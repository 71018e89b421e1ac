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
from functools import cache
from typing import Any, Union


class DecodeError(ValueError):
    """Wrong shape or type; `path` names the offending field (e.g. "take[2]")."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path or 'body'}: {message}")
        self.path = path or "body"
        self.detail = message


_SCALARS = frozenset({int, str, bool, float, type(None)})
_SEQUENCES = frozenset({tuple, list, frozenset, set})


def to_wire(obj: Any) -> Any:
    """Dataclass (or nested containers of them) -> JSON-able value. Class attrs TYPE/V are not fields."""
    cls = type(obj)
    if cls in _SCALARS:  # most values: answered by one set lookup (every event of every command comes here)
        return obj
    if cls in _SEQUENCES:
        return [to_wire(x) for x in obj]
    if cls is dict:
        return {(k if type(k) is str else str(k)): to_wire(v) for k, v in obj.items()}
    names = _field_names(cls)
    if names is not None:
        return {name: to_wire(getattr(obj, name)) for name in names}
    if isinstance(obj, (tuple, list, frozenset, set)):  # subclasses of the containers
        return [to_wire(x) for x in obj]
    if isinstance(obj, dict):
        return {(k if isinstance(k, str) else str(k)): to_wire(v) for k, v in obj.items()}
    return obj


@cache
def _field_names(cls: type) -> tuple[str, ...] | None:
    """The field names of a dataclass, None for any other class (a dataclass's class object is a `type`)."""
    return tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) and cls is not type else None


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


@cache
def _fields(cls: type) -> tuple:
    return tuple(dataclasses.fields(cls))


@cache
def _hints(cls: type) -> dict:
    return typing.get_type_hints(cls)


def _decode_dataclass(cls, data, path, exclude, extra, ignore=()):
    if not isinstance(data, dict):
        raise DecodeError(path, "expected an object")
    plan = _plan(cls)
    unknown = sorted(k for k in data if (k not in plan.names or k in exclude) and k not in ignore)
    if unknown:
        raise DecodeError(_join(path, unknown[0]), "unknown field")
    kwargs = dict(extra)
    for name, decode, required in plan.fields:
        if name in exclude:
            continue
        if name in data:
            kwargs[name] = decode(data[name], _join(path, name))
        elif required:
            raise DecodeError(_join(path, name), "missing field")
    return cls(**kwargs)


class _Plan:
    """A dataclass's fields with their compiled decoders, built once per class."""

    def __init__(self, cls):
        hints = _hints(cls)
        self.fields = tuple(
            (f.name, _decoder(hints[f.name]),
             f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
            for f in _fields(cls))
        self.names = frozenset(f.name for f in _fields(cls))


@cache
def _plan(cls) -> _Plan:
    return _Plan(cls)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _decode(hint, value, path):
    return _decoder(hint)(value, path)


def _fail(path: str, message: str):
    raise DecodeError(path, message)


@cache
def _decoder(hint):
    """A function (value, path) -> decoded value for one type hint; replays decode thousands of events, so
    the hint is interpreted once here rather than on every value."""
    if hint is Any:
        return lambda value, path: value
    if hint is dict:  # free-form JSON object (e.g. game options)
        return lambda value, path: value if isinstance(value, dict) else _fail(path, "expected an object")
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        options = [_decoder(option) for option in typing.get_args(hint)]
        described = _describe(hint)

        def union(value, path):
            for option in options:
                try:
                    return option(value, path)
                except DecodeError:
                    continue
            raise DecodeError(path, f"expected {described}")

        return union
    if hint is type(None):
        return lambda value, path: None if value is None else _fail(path, "expected null")
    if hint is bool:
        return lambda value, path: value if isinstance(value, bool) else _fail(path, "expected a boolean")
    if hint is int:
        return lambda value, path: (value if isinstance(value, int) and not isinstance(value, bool)
                                    else _fail(path, "expected an integer"))
    if hint is float:
        return lambda value, path: (float(value) if isinstance(value, (int, float)) and not isinstance(value, bool)
                                    else _fail(path, "expected a number"))
    if hint is str:
        return lambda value, path: value if isinstance(value, str) else _fail(path, "expected a string")
    if origin is typing.Literal:
        allowed = typing.get_args(hint)
        return lambda value, path: value if value in allowed else _fail(path, f"expected one of {list(allowed)}")
    if origin in (tuple, list, frozenset):
        args = typing.get_args(hint)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            items = [_decoder(a) for a in args]

            def fixed(value, path):
                if not isinstance(value, list):
                    raise DecodeError(path, "expected an array")
                if len(value) != len(items):
                    raise DecodeError(path, f"expected an array of {len(items)} items")
                return tuple(d(v, f"{path}[{i}]") for i, (d, v) in enumerate(zip(items, value)))

            return fixed
        item = _decoder(args[0] if args else Any)
        make = frozenset if origin is frozenset else tuple

        def sequence(value, path):
            if not isinstance(value, list):
                raise DecodeError(path, "expected an array")
            return make(item(v, f"{path}[{i}]") for i, v in enumerate(value))

        return sequence
    if origin is dict:
        key_hint, value_hint = typing.get_args(hint) or (str, Any)
        values = _decoder(value_hint)

        def mapping(value, path):
            if not isinstance(value, dict):
                raise DecodeError(path, "expected an object")
            out = {}
            for k, v in value.items():
                key = k
                if key_hint is int:
                    try:
                        key = int(k)
                    except (TypeError, ValueError):
                        raise DecodeError(f"{path}.{k}", "expected an integer key") from None
                out[key] = values(v, f"{path}.{k}")
            return out

        return mapping
    if dataclasses.is_dataclass(hint):
        return lambda value, path: _decode_dataclass(hint, value, path, (), {})
    return lambda value, path: _fail(path, f"unsupported type {hint!r}")


def _describe(hint) -> str:
    return " or ".join(getattr(a, "__name__", str(a)) for a in typing.get_args(hint))


# --- whole states, typed both ways (snapshots) ---------------------------------------------------------------
# Events and commands above are decoded from their own type hints. A snapshot holds a whole state, whose
# fields may be unions of dataclasses (a game's phases), mappings of a game's own types, or `Any` (the hosted
# game's state inside the table's). Where the hint does not fix the type, a value is written with its class name
# in "@", and read back only through `classes`, the caller's closed list of the game's own dataclasses and
# mapping types (nothing else can be named, so a stored snapshot can never construct anything else). Every field
# must be present when read back: a snapshot written by other code is refused (and rebuilt from events), never
# completed with silent defaults. As for events, each hint is compiled once into a function.


def encode_typed(hint, value, classes: dict[str, type] | None = None):
    return _typed_encoder(hint)(value, classes or {})


def decode_typed(hint, data, classes: dict[str, type] | None = None):
    return _typed_decoder(hint)(data, "", classes or {})


def _tagged_encode(value, classes):
    """A value whose type the hint does not fix."""
    kind = type(value)
    if dataclasses.is_dataclass(value):
        if classes.get(kind.__name__) is not kind:
            raise DecodeError("", f"{kind.__name__} is not a snapshot type of this game")
        return {"@": kind.__name__, **_typed_encoder(kind)(value, classes)}
    if isinstance(value, dict):
        pairs = [[_tagged_encode(k, classes), _tagged_encode(v, classes)] for k, v in value.items()]
        if kind is dict:
            return {"@dict": pairs}
        if classes.get(kind.__name__) is not kind:
            raise DecodeError("", f"{kind.__name__} is not a snapshot type of this game")
        return {"@": kind.__name__, "@dict": pairs}
    if isinstance(value, (tuple, list)):
        return [_tagged_encode(v, classes) for v in value]
    if isinstance(value, frozenset):
        return {"@frozenset": [_tagged_encode(v, classes) for v in sorted(value)]}
    return value


def _tagged_decode(data, path, classes):
    if isinstance(data, list):
        return tuple(_tagged_decode(v, path, classes) for v in data)  # states hold tuples, never lists
    if not isinstance(data, dict):
        return data
    if "@frozenset" in data:
        return frozenset(_tagged_decode(v, path, classes) for v in data["@frozenset"])
    kind = dict
    if "@" in data:
        kind = classes.get(data["@"])
        if kind is None:
            raise DecodeError(path, f"{data['@']!r} is not a snapshot type of this game")
    if "@dict" in data:
        return kind({_tagged_decode(k, path, classes): _tagged_decode(v, path, classes) for k, v in data["@dict"]})
    if kind is dict:
        raise DecodeError(path, "an untyped object")
    return _typed_decoder(kind)({k: v for k, v in data.items() if k != "@"}, path, classes)


def _is_instance(value, hint) -> bool:
    origin = typing.get_origin(hint) or hint
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    try:
        return isinstance(value, origin) and not (origin is int and isinstance(value, bool))
    except TypeError:
        return False


def _mapping_class(hint):
    """A dict subclass used as a hint (a game's frozen mapping), else None."""
    return hint if isinstance(hint, type) and issubclass(hint, dict) and hint is not dict else None


@cache
def _typed_encoder(hint):
    if hint is Any:
        return _tagged_encode
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        members = [a for a in typing.get_args(hint) if a is not type(None)]
        classes_of = {m: _typed_encoder(m) for m in members if dataclasses.is_dataclass(m)}
        others = [(m, _typed_encoder(m)) for m in members if not dataclasses.is_dataclass(m)]

        def union(value, classes):
            if value is None:
                return None
            encode = classes_of.get(type(value))
            if encode is not None:
                return {"@": type(value).__name__, **encode(value, classes)}
            for member, encode in others:
                if _is_instance(value, member):
                    return encode(value, classes)
            return _tagged_encode(value, classes)

        return union
    if dataclasses.is_dataclass(hint):
        hints = _hints(hint)
        fields = [(f.name, _typed_encoder(hints[f.name])) for f in _fields(hint)]
        return lambda value, classes: {name: encode(getattr(value, name), classes) for name, encode in fields}
    if origin in (tuple, list, frozenset):
        args = typing.get_args(hint)
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            items = [_typed_encoder(a) for a in args]
            return lambda value, classes: [encode(v, classes) for encode, v in zip(items, value)]
        item = _typed_encoder(args[0] if args else Any)
        if origin is frozenset:
            return lambda value, classes: [item(v, classes) for v in sorted(value)]
        return lambda value, classes: [item(v, classes) for v in value]
    if origin is dict or hint is dict or _mapping_class(hint):
        key_hint, value_hint = typing.get_args(hint) or (Any, Any)
        keys, values = _typed_encoder(key_hint), _typed_encoder(value_hint)
        return lambda value, classes: [[keys(k, classes), values(v, classes)] for k, v in value.items()]
    return lambda value, classes: value


@cache
def _typed_decoder(hint):
    if hint is Any:
        return _tagged_decode
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        members = [a for a in typing.get_args(hint) if a is not type(None)]
        by_name = {m.__name__: _typed_decoder(m) for m in members if dataclasses.is_dataclass(m)}
        others = [_typed_decoder(m) for m in members if not dataclasses.is_dataclass(m)]

        def union(data, path, classes):
            if data is None:
                return None
            if isinstance(data, dict) and "@" in data:
                decode = by_name.get(data["@"])
                if decode is None:  # as the encoder: a snapshot type outside the union (a place's own phase)
                    return _tagged_decode(data, path, classes)
                return decode({k: v for k, v in data.items() if k != "@"}, path, classes)
            for decode in others:
                try:
                    return decode(data, path, classes)
                except DecodeError:
                    continue
            raise DecodeError(path, "matches no member of the union")

        return union
    if dataclasses.is_dataclass(hint):
        hints = _hints(hint)
        fields = [(f.name, _typed_decoder(hints[f.name])) for f in _fields(hint)]
        names = frozenset(name for name, _ in fields)

        def record(data, path, classes):
            if not isinstance(data, dict) or data.keys() != names:
                raise DecodeError(path, f"not a {hint.__name__} of this code")
            return hint(**{name: decode(data[name], path, classes) for name, decode in fields})

        return record
    if origin in (tuple, list, frozenset):
        args = typing.get_args(hint)
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            items = [_typed_decoder(a) for a in args]

            def fixed(data, path, classes):
                if not isinstance(data, list) or len(data) != len(items):
                    raise DecodeError(path, f"expected {len(items)} items")
                return tuple(decode(v, path, classes) for decode, v in zip(items, data))

            return fixed
        item = _typed_decoder(args[0] if args else Any)
        make = frozenset if origin is frozenset else tuple

        def sequence(data, path, classes):
            if not isinstance(data, list):
                raise DecodeError(path, "expected an array")
            return make(item(v, path, classes) for v in data)

        return sequence
    if origin is dict or hint is dict or _mapping_class(hint):
        key_hint, value_hint = typing.get_args(hint) or (Any, Any)
        keys, values = _typed_decoder(key_hint), _typed_decoder(value_hint)
        make = _mapping_class(hint) or dict

        def mapping(data, path, classes):
            if not isinstance(data, list):
                raise DecodeError(path, "expected key-value pairs")
            return make({keys(k, path, classes): values(v, path, classes) for k, v in data})

        return mapping
    if origin is typing.Literal:
        allowed = typing.get_args(hint)
        return lambda data, path, classes: data if data in allowed else _fail(path, "not an allowed value")
    if hint in (int, str, bool):  # exact types: JSON gives no subclasses, and a bool is no int here
        return lambda data, path, classes: data if type(data) is hint else _fail(path, f"expected {hint.__name__}")
    if hint is float:
        return lambda data, path, classes: (data if isinstance(data, (int, float)) and not isinstance(data, bool)
                                            else _fail(path, "expected a number"))
    return lambda data, path, classes: data
