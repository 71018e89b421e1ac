"""A WSGI app that answers every request with the process that served it, the path and a digest of the body:
served by the service's own gunicorn worker class, it shows which worker each connection's requests reached."""

import hashlib
import json
import os


def app(environ, start_response):
    length = int(environ.get("CONTENT_LENGTH") or 0)
    body = environ["wsgi.input"].read(length) if length else b""
    doc = {"pid": os.getpid(), "path": environ["PATH_INFO"], "body": hashlib.sha256(body).hexdigest(),
           "remote": environ.get("REMOTE_ADDR")}
    data = json.dumps(doc).encode()
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(data)))])
    return [data]
