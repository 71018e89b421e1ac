"""Options every game takes, kept apart from the game's own options before those reach the rules."""

from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from domain.core import InvalidOptions

PLATFORM_KEYS = ("undo", "undo_timeout_s", "clock", "timeout_policy")


class Clock(Schema):
    class Meta:
        unknown = RAISE

    per_move_s = fields.Integer(strict=True, validate=validate.Range(min=1, max=30 * 86400))
    initial_s = fields.Integer(strict=True, validate=validate.Range(min=1, max=30 * 86400))
    increment_s = fields.Integer(strict=True, validate=validate.Range(min=0, max=86400))

    @validates_schema
    def one_kind(self, data, **_):
        if ("per_move_s" in data) == ("initial_s" in data):
            raise ValidationError("give either per_move_s, or initial_s (with increment_s)")
        if "increment_s" in data and "initial_s" not in data:
            raise ValidationError("increment_s goes with initial_s")


class TimeoutPolicy(fields.Field):
    def _deserialize(self, value, attr, data, **kwargs):
        if value in ("auto", "forfeit"):
            return value
        if (isinstance(value, dict) and set(value) == {"auto_then_forfeit_after"}
                and isinstance(value["auto_then_forfeit_after"], int)
                and not isinstance(value["auto_then_forfeit_after"], bool) and value["auto_then_forfeit_after"] >= 0):
            return value
        raise ValidationError('"auto", "forfeit" or {"auto_then_forfeit_after": K}')


class PlatformOptions(Schema):
    class Meta:
        unknown = RAISE

    undo = fields.String(load_default="turn", validate=validate.OneOf(["none", "turn", "consent"]))
    undo_timeout_s = fields.Integer(strict=True, load_default=120, validate=validate.Range(min=1, max=86400))
    clock = fields.Nested(Clock, load_default=None, allow_none=True)
    timeout_policy = TimeoutPolicy(load_default="auto")


def split(options: dict, default_undo: str = "turn") -> tuple[dict, dict]:
    """(platform options with defaults, the game's own options). `default_undo` is the game's own default
    (`DEFAULT_UNDO`): "turn" means nothing in a game where every action ends the turn."""
    if not isinstance(options, dict):
        raise InvalidOptions("options must be an object")
    platform = {k: options[k] for k in PLATFORM_KEYS if k in options}
    platform.setdefault("undo", default_undo)
    own = {k: v for k, v in options.items() if k not in PLATFORM_KEYS}
    try:
        return PlatformOptions().load(platform), own
    except ValidationError as err:
        field, messages = next(iter(err.messages.items()))
        while isinstance(messages, dict):
            field, messages = next(iter(messages.items()))
        raise InvalidOptions(f"{field}: {messages[0] if isinstance(messages, list) else messages}") from None
