"""HTTP bodies and query arguments of the tournament routes (marshmallow); unknown keys are refused. The
tournament's own rules (formats, sizes, rounds) are the Decider's to check, with its stable codes."""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from service.games.inputs import MAX_VERSION
from service.http.schemas import ID as HEX16
from service.http.schemas import JsonInteger


class CreateTournament(Schema):
    class Meta:
        unknown = RAISE

    game = fields.String(required=True, validate=validate.Length(min=1, max=40))
    format = fields.String(required=True, validate=validate.Length(min=1, max=40))
    table_size = JsonInteger(required=True)
    rounds = JsonInteger(load_default=None, allow_none=True)
    options = fields.Dict(keys=fields.String(), load_default=dict)
    clock = fields.Dict(keys=fields.String(), load_default=None, allow_none=True)
    timeout_policy = fields.String(load_default="forfeit", validate=validate.Length(min=1, max=40))
    advance = JsonInteger(load_default=1)


class RegisterPlayer(Schema):
    """An existing player (`player`), or a new one (`name`, then its token is in the answer)."""

    class Meta:
        unknown = RAISE

    player = fields.String(load_default=None, allow_none=False, validate=HEX16)  # named, or left out
    name = fields.String(load_default=None, allow_none=False, validate=validate.Length(min=1, max=100))
    rating = JsonInteger(load_default=None, validate=validate.Range(min=0, max=10_000))  # None: the rating book's
    bot = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=40))
    expires_in_s = JsonInteger(load_default=None, validate=validate.Range(min=60, max=10 * 365 * 86400))


class StartTournament(Schema):
    class Meta:
        unknown = RAISE

    order = fields.List(fields.String(validate=HEX16), load_default=list)


class Page(Schema):
    class Meta:
        unknown = RAISE

    after = fields.String(load_default=None, validate=HEX16)
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=500))


class StandingsQuery(Schema):
    class Meta:
        unknown = RAISE

    format = fields.String(load_default=None, validate=validate.OneOf(["json", "csv"]))


class EventsQuery(Schema):
    class Meta:
        unknown = RAISE

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_VERSION))  # a stream id's range
    limit = fields.Integer(load_default=1000, validate=validate.Range(min=1, max=10000))
    format = fields.String(load_default=None, validate=validate.OneOf(["json", "ndjson"]))
