"""Options every game takes, kept apart from the game's own options before those reach the rules."""

from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from domain.core import InvalidOptions

PLATFORM_KEYS = ("undo", "undo_timeout_s")


class PlatformOptions(Schema):
    class Meta:
        unknown = RAISE

    undo = fields.String(load_default="turn", validate=validate.OneOf(["none", "turn", "consent"]))
    undo_timeout_s = fields.Integer(strict=True, load_default=120, validate=validate.Range(min=1, max=86400))


def split(options: dict) -> tuple[dict, dict]:
    """(platform options with defaults, the game's own options)."""
    if not isinstance(options, dict):
        raise InvalidOptions("options must be an object")
    platform = {k: options[k] for k in PLATFORM_KEYS if k in options}
    own = {k: v for k, v in options.items() if k not in PLATFORM_KEYS}
    try:
        return PlatformOptions().load(platform), own
    except ValidationError as err:
        field, messages = next(iter(err.messages.items()))
        raise InvalidOptions(f"{field}: {messages[0] if isinstance(messages, list) else messages}") from None
