"""HTTP request bodies and query arguments (marshmallow); unknown keys are refused."""

from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from service.inputs import MAX_VERSION
from service.problems import BadRequest


class CreateGame(Schema):
    class Meta:
        unknown = RAISE

    game = fields.String(required=True)
    seats = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=16))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seed = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=256))
    open = fields.Boolean(load_default=False)


class EventsQuery(Schema):
    class Meta:
        unknown = RAISE

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_VERSION))
    limit = fields.Integer(load_default=1000, validate=validate.Range(min=1, max=10000))


class ExpectedVersion(Schema):
    expected_version = fields.Integer(strict=True, allow_none=True, load_default=None,
                                      validate=validate.Range(min=0))


def load(schema: Schema, data) -> dict:
    """Validate with marshmallow; the first error becomes a 400 problem naming its field."""
    try:
        return schema.load(data)
    except ValidationError as err:
        field, message = _first(err.messages)
        raise BadRequest("malformed_request", f"{field}: {message}", field) from None


def _first(messages, prefix=""):
    if isinstance(messages, dict):
        name, inner = next(iter(messages.items()))
        path = f"{prefix}.{name}" if prefix else str(name)
        return _first(inner, path)
    if isinstance(messages, list) and messages:
        return _first(messages[0], prefix) if not isinstance(messages[0], str) else (prefix or "body", messages[0])
    return prefix or "body", str(messages)


class StateQuery(Schema):
    class Meta:
        unknown = RAISE

    version = fields.Integer(load_default=None, validate=validate.Range(min=1, max=MAX_VERSION))


class Undo(Schema):
    class Meta:
        unknown = RAISE

    to_version = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    expected_version = fields.Integer(strict=True, allow_none=True, load_default=None)
