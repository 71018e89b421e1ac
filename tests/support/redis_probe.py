"""A WSGI app that uses the service's Redis client inside a web worker (gevent patched everything) and answers
with what its readiness checks cost and decided: how many of gevent's polls 50 commands made, and whether a
pooled connection reads as ready without a reply pending, and with one nobody has read."""

import json
import os
import select
import time

from service.operations import connections


def app(environ, start_response):
    if environ["PATH_INFO"] == "/healthz":
        return answer(start_response, {"ok": True})
    client = connections.connect(os.environ["REDIS_URL"], {})
    client.ping()  # connected before counting
    hub_poll, polls = select.poll, []

    def counted():
        polls.append(1)
        return hub_poll()

    select.poll = counted  # redis-py looks `select.poll` up on every check
    try:
        for _ in range(50):
            client.ping()
    finally:
        select.poll = hub_poll
    pooled = client.connection_pool.get_connection()
    clean = pooled.can_read()
    pooled.send_command("ECHO", "left behind")  # its reply is not read
    time.sleep(0.05)
    pending = pooled.can_read()
    pooled.disconnect()
    client.connection_pool.release(pooled)
    return answer(start_response, {"select_poll": f"{hub_poll.__module__}.{hub_poll.__name__}",
                                   "hub_polls": len(polls), "clean_reads_ready": clean,
                                   "pending_reads_ready": pending, "parser": type(pooled._parser).__name__})


def answer(start_response, doc):
    body = json.dumps(doc).encode()
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
    return [body]
