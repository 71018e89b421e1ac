"""The baseline for `make bench`: a Flask endpoint that does one XADD and nothing else.

Served under gunicorn as production serves Bazaar, it is the floor of the stack Bazaar stands on (gunicorn's gevent
worker, Flask, redis-py): what any move costs before a rule is read. `/xadd` is the platform bench's endpoint;
the others answer the peer bench's load generator (peer/drive.js) as Bazaar's routes do, with the same status
codes, so that the same scripted matches measure the floor beside Bazaar and boardgame.io. Its command route is
served in front of Flask, as Bazaar's is (service/http/command_path.py): the floor is the stack a move stands on."""

import json
import os
import re
import secrets

from flask import Flask, request

from service.operations import connections

app = Flask(__name__)
# The service's own client (its pool's bound and wait, hiredis's readiness check): redis-py's default pool of 100
# answered 500 to a few percent of `make load`'s 200 players' XADDs ("Too many connections").
client = connections.connect(os.environ["REDIS_URL"], {})


@app.post("/xadd")
def xadd():
    body = request.get_json()
    entry = client.xadd("bench:trivial", {"e": str(body)})
    return {"id": entry.decode()}, 201


@app.get("/healthz")
def healthz():
    return {"status": "ok"}


@app.post("/v1/games")
def create_game():
    seats = request.get_json()["seats"]
    return {"id": secrets.token_hex(8), "seats": [{"seat": n, "token": secrets.token_hex(16)} for n in range(seats)]}, 201


@app.get("/v1/games/<game_id>")
def view_game(game_id):
    return {"id": game_id}


@app.post("/v1/games/<game_id>/commands")
def command(game_id):
    body = request.get_json()
    version = client.xadd(f"floor:{{{game_id}}}:events", {"e": json.dumps(body)})
    return {"version": version.decode(), "events": [body]}, 201


COMMANDS = re.compile(r"/v1/games/([^/]+)/commands")


def commands_in_front_of(flask_wsgi_app):
    def serve(environ, start_response):
        found = COMMANDS.fullmatch(environ.get("PATH_INFO", ""))
        if environ.get("REQUEST_METHOD") != "POST" or found is None:
            return flask_wsgi_app(environ, start_response)
        body = json.loads(environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0)))
        version = client.xadd(f"floor:{{{found.group(1)}}}:events", {"e": json.dumps(body)})
        payload = json.dumps({"version": version.decode(), "events": [body]}).encode()
        start_response("201 CREATED", [("Content-Type", "application/json"), ("Content-Length", str(len(payload)))])
        return [payload]

    return serve


app.wsgi_app = commands_in_front_of(app.wsgi_app)
