"""HTTP bodies and queries of open seats, a player's own stream and games, challenges and rematches (marshmallow);
unknown keys are refused. What a claim or an offer may do is the table's and the offer's Deciders' to say."""

from __future__ import annotations

import json

from marshmallow import RAISE, Schema, fields, validate

from service.games.problems import BadRequest
from service.http.schemas import ID, JsonInteger

ENTROPY = validate.Regexp(r"^[A-Za-z0-9_-]{16,128}$", error="16 to 128 characters of A-Z, a-z, 0-9, _ and -")


class Claim(Schema):
    class Meta:
        unknown = RAISE

    code = fields.String(load_default=None, validate=validate.Length(min=1, max=100))
    entropy = fields.String(load_default=None, validate=ENTROPY)
    name = fields.String(load_default=None, validate=validate.Length(min=1, max=100))  # a guest's name


class Start(Schema):
    class Meta:
        unknown = RAISE

    bot = fields.String(load_default="greedy", validate=validate.Length(min=1, max=40))
    budget_ms = JsonInteger(load_default=None, allow_none=True, validate=validate.Range(min=1, max=60_000))


def options_filter(text: str | None) -> dict | None:
    """The `options` filter: a JSON object whose every key a listed game's options must hold with that value."""
    if text is None:
        return None
    try:
        found = json.loads(text)
    except ValueError:
        found = None
    if not isinstance(found, dict):
        raise BadRequest("malformed_request", "options: a JSON object", "options")
    return found


class Challenge(Schema):
    class Meta:
        unknown = RAISE

    player = fields.String(required=True, validate=ID)
    game = fields.String(required=True, validate=validate.Length(min=1, max=40))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    entropy = fields.String(load_default=None, validate=ENTROPY)


class Answer(Schema):
    """Accepting a challenge or a rematch (and offering a rematch) brings the caller's entropy for the deal."""

    class Meta:
        unknown = RAISE

    entropy = fields.String(load_default=None, validate=ENTROPY)


class NoticesQuery(Schema):
    class Meta:
        unknown = RAISE

    after = fields.String(load_default="0-0", validate=validate.Regexp(r"^[0-9]{1,20}-[0-9]{1,20}$",
                                                                       error="a notice id, <ms>-<seq>"))
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


class MyGamesQuery(Schema):
    class Meta:
        unknown = RAISE

    status = fields.String(load_default=None, validate=validate.OneOf(("active", "finished")))
    after = fields.String(load_default=None, validate=ID)
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=200))
