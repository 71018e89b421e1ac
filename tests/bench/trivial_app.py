"""The baseline for `make bench`: a Flask endpoint that does one XADD and nothing else."""

import os

import redis
from flask import Flask, request

app = Flask(__name__)
client = redis.Redis.from_url(os.environ["REDIS_URL"])


@app.post("/xadd")
def xadd():
    body = request.get_json()
    entry = client.xadd("bench:trivial", {"e": str(body)})
    return {"id": entry.decode()}, 201
