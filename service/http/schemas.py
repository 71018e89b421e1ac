"""HTTP request bodies and query arguments (marshmallow); unknown keys are refused."""

from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from domain.table.events import Invitation
from events import ids
from service.games.inputs import MAX_VERSION
from service.games.problems import BadRequest

# An id of the service's form, nothing after it (marshmallow's Regexp matches from the start only, and `^…$` let
# "…ef\n" through to a Redis key)
ID = validate.Regexp(ids.WHOLE, error="not an id of 16 lowercase hex digits")


class JsonInteger(fields.Integer):
    """An integer as JSON Schema means it: `4` or `4.0`, never `true`, `"4"` or `4.5` (marshmallow's strict
    mode also refuses `4.0`, which the published schema allows)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, int | float) or (isinstance(value, float) and not value.is_integer()):
            raise self.make_error("invalid")
        return super()._deserialize(int(value), attr, data, **kwargs)


class JsonBoolean(fields.Boolean):
    """JSON true or false only (marshmallow would take 0, 1, "yes", ...)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class InvitationField(fields.Field):
    """One open seat's invitation: "public", "code", or {"player": <player id>}."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str) and value in ("public", "code"):
            return Invitation(value)
        if isinstance(value, dict) and set(value) == {"player"} and isinstance(value["player"], str):
            ID(value["player"])
            return Invitation("player", value["player"])
        raise ValidationError('"public", "code" or {"player": <player id>}')


class CreateGame(Schema):
    class Meta:
        unknown = RAISE

    game = fields.String(required=True)
    seats = JsonInteger(required=True, validate=validate.Range(min=1, max=16))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seed = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=256))
    open = JsonBoolean(load_default=False)
    # seat -> player id (or null): the player's token acts for that seat; only organisers and admins bind
    players = fields.List(fields.String(allow_none=True, validate=ID),
                          load_default=None, allow_none=True)
    # one per seat: the seats are left open for claimers (service/games/seating.py) instead of handed to the creator
    invitations = fields.List(InvitationField(), load_default=None, allow_none=True)


class CreateIdentity(Schema):
    class Meta:
        unknown = RAISE

    name = fields.String(required=True, validate=validate.Length(min=1, max=100))
    expires_in_s = JsonInteger(load_default=None, validate=validate.Range(min=60, max=10 * 365 * 86400))


class IssueToken(Schema):
    class Meta:
        unknown = RAISE

    expires_in_s = JsonInteger(load_default=None, validate=validate.Range(min=60, max=10 * 365 * 86400))


class EventsQuery(Schema):
    class Meta:
        unknown = RAISE

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_VERSION))
    limit = fields.Integer(load_default=1000, validate=validate.Range(min=1, max=10000))


class WordsQuery(Schema):
    """A view or the legal moves, `words=true`: with the game said in words too (service/games/language.py)."""

    class Meta:
        unknown = RAISE

    words = fields.Boolean(load_default=False, truthy={"true"}, falsy={"false"})


class ViewWordsQuery(Schema):
    """A game's view, `words=true` (the whole position in words) or `words=short` (the position in a few lines)."""

    class Meta:
        unknown = RAISE

    words = fields.String(load_default="false", validate=validate.OneOf(("true", "false", "short")))


class LogQuery(Schema):
    """The log in words: the lines of the events after version `after`, at most `limit` lines (an event says one
    line or none)."""

    class Meta:
        unknown = RAISE

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_VERSION))
    limit = fields.Integer(load_default=200, validate=validate.Range(min=1, max=1000))


class GamesQuery(Schema):
    class Meta:
        unknown = RAISE

    status = fields.String(load_default=None)
    player = fields.String(load_default=None, validate=ID)
    after = fields.String(load_default=None, validate=ID)
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=500))
    # the games waiting for claimers instead (`open=true`), and what narrows either list
    open = fields.Boolean(load_default=False, truthy={"true"}, falsy={"false"})
    game = fields.String(load_default=None, validate=validate.Length(min=1, max=40))
    seats = fields.Integer(load_default=None, validate=validate.Range(min=1, max=16))
    options = fields.String(load_default=None, validate=validate.Length(min=2, max=2000))


class ExpectedVersion(Schema):
    expected_version = JsonInteger(allow_none=True, load_default=None,
                                      validate=validate.Range(min=0))


WORDS = WordsQuery()
VIEW_WORDS = ViewWordsQuery()
EXPECTED_VERSION = ExpectedVersion()  # read on every command: schemas are reusable, building one is not free


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

    to_version = JsonInteger(required=True, validate=validate.Range(min=1))
    expected_version = JsonInteger(allow_none=True, load_default=None, validate=validate.Range(min=0))
