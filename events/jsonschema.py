"""JSON Schema (draft 2020-12) for the dataclasses the codec reads: one source for the wire contract.

`schema_of(cls)` reads the same type hints as events/codec.py, plus the `Doc` of each `Annotated` field (its
meaning, range and allowed values) and the class docstring. The API description's game parts are built from
it (service/http/contract.py), so they cannot drift from what the codec accepts.
"""

from __future__ import annotations

import dataclasses
import inspect
import types
import typing
from typing import Any, Union

from domain.core import Doc


def schema_of(cls: type, omit: tuple[str, ...] = (), extra: dict | None = None, closed: bool = True) -> dict:
    """The object schema of dataclass `cls`: its fields but `omit`, plus `extra` properties."""
    hints = typing.get_type_hints(cls, include_extras=True)
    properties, required = {}, []
    for field in dataclasses.fields(cls):
        if field.name in omit:
            continue
        schema = type_schema(hints[field.name])
        if field.default is not dataclasses.MISSING:
            schema["default"] = _wire_default(field.default)
        elif field.default_factory is not dataclasses.MISSING:  # type: ignore[misc]
            schema["default"] = _wire_default(field.default_factory())  # type: ignore[misc]
        else:
            required.append(field.name)
        properties[field.name] = schema
    properties.update(extra or {})
    out: dict[str, Any] = {"type": "object"}
    description = describe(cls)
    if description:
        out["description"] = description
    if required:
        out["required"] = required
    out["properties"] = properties
    if closed:
        out["additionalProperties"] = False
    return out


def describe(cls: type) -> str:
    """The class docstring, unless it is the one dataclasses generates from the signature."""
    doc = inspect.getdoc(cls) or ""
    return "" if doc.startswith(f"{cls.__name__}(") else doc


def type_schema(hint) -> dict:
    doc = None
    if typing.get_origin(hint) is typing.Annotated:
        hint, *meta = typing.get_args(hint)
        doc = next((m for m in meta if isinstance(m, Doc)), None)
    schema = _plain(hint)
    if doc is not None:
        schema = _documented(schema, doc)
    return schema


def _documented(schema: dict, doc: Doc) -> dict:
    schema = dict(schema)
    schema["description"] = doc.text
    target = schema
    if "oneOf" in schema:  # Optional[X]: the range applies to X
        target = next(s for s in schema["oneOf"] if s.get("type") != "null")
    elif target.get("type") == "array" and "prefixItems" in target:
        # a fixed-length tuple (two places): the range applies to every position
        schema["prefixItems"] = [_documented(item, doc) for item in target["prefixItems"]]
        for item in schema["prefixItems"]:
            item.pop("description")
        return schema
    elif target.get("type") == "array":
        target = dict(target["items"])
        schema["items"] = target
    elif target.get("type") == "object" and isinstance(target.get("additionalProperties"), dict):
        # a mapping (goods -> count): the choices name its keys, the range bounds its values
        if doc.choices:
            schema["propertyNames"] = {"enum": list(doc.choices)}
        target = dict(target["additionalProperties"])
        schema["additionalProperties"] = target
        if doc.minimum is not None:
            target["minimum"] = doc.minimum
        if doc.maximum is not None:
            target["maximum"] = doc.maximum
        return schema
    if doc.minimum is not None:
        target["minimum"] = doc.minimum
    if doc.maximum is not None:
        target["maximum"] = doc.maximum
    if doc.choices:
        target["enum"] = list(doc.choices)
    return schema


def _plain(hint) -> dict:
    if hint is Any:
        return {}
    if hint is dict:
        return {"type": "object"}
    if hint is type(None):
        return {"type": "null"}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer"}
    if hint is float:
        return {"type": "number"}
    if hint is str:
        return {"type": "string"}
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Annotated:
        return type_schema(hint)
    if origin in (Union, types.UnionType):
        options = [type_schema(a) for a in args]
        non_null = [o for o in options if o.get("type") != "null"]
        if len(non_null) == 1 and len(options) == 2:
            return {"oneOf": [non_null[0], {"type": "null"}]}
        return {"anyOf": options}
    if origin is typing.Literal:
        return {"enum": list(args)}
    if origin in (tuple, list, frozenset):
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            return {"type": "array", "prefixItems": [type_schema(a) for a in args],
                    "minItems": len(args), "maxItems": len(args)}
        return {"type": "array", "items": type_schema(args[0]) if args else {}}
    if origin is dict:
        key, value = args or (str, Any)
        out = {"type": "object", "additionalProperties": type_schema(value)}
        if key is int:
            out["propertyNames"] = {"pattern": "^-?[0-9]+$"}
        return out
    if dataclasses.is_dataclass(hint):
        return schema_of(hint)
    raise TypeError(f"no JSON Schema for {hint!r}")


def _wire_default(value):
    if isinstance(value, dict):
        return {str(k): _wire_default(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_wire_default(v) for v in value]
    if dataclasses.is_dataclass(value):
        return {f.name: _wire_default(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value
