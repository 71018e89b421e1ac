"""A WSGI app that answers with its process's garbage-collector settings: served by the service's own gunicorn
worker class, it shows what that worker sets up once an app is loaded."""

import gc
import json


def app(environ, start_response):
    body = json.dumps({"threshold": gc.get_threshold(), "frozen": gc.get_freeze_count()}).encode()
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
    return [body]
