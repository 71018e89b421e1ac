"""JSON responses (service/http/json_responses.py): orjson renders them, in the order they were built, and anything
orjson refuses is rendered as Flask always did rather than failing the request."""

import json
from datetime import UTC, datetime

import pytest
from flask import Flask

from service.http.json_responses import JSONProvider


@pytest.fixture
def app():
    app = Flask(__name__)
    app.json = JSONProvider(app)
    return app


def test_a_response_keeps_its_key_order_compact_and_in_utf8(app):
    with app.app_context():
        response = app.json.response({"zeta": 1, "alpha": [True, None], "name": "Çukurcuma", "seats": {2: "b"}})
    assert response.mimetype == "application/json"
    assert response.data == '{"zeta":1,"alpha":[true,null],"name":"Çukurcuma","seats":{"2":"b"}}\n'.encode()


def test_what_orjson_refuses_is_rendered_as_flask_renders_it(app):
    when = datetime(2026, 12, 2, 8, 0, tzinfo=UTC)
    with app.app_context():
        assert json.loads(app.json.response({"n": 2**70}).data) == {"n": 2**70}
        assert json.loads(app.json.response({"s": "\udc80"}).data) == {"s": "\udc80"}
        assert json.loads(app.json.dumps({"at": when})) == {"at": "Wed, 02 Dec 2026 08:00:00 GMT"}
        assert app.json.dumps([1, 2], indent=2) == "[\n  1,\n  2\n]"
