"""Every answer's Date header is the second it was sent in (RFC 9110 §6.6.1), though the web worker formats it
once a second (service/operations/gunicorn_worker.py `DateEachSecond`), against the production server."""

import time
from email.utils import parsedate_to_datetime

import requests


def test_every_answer_is_dated_in_the_second_it_was_sent(server):
    with requests.Session() as one_connection:  # one keep-alive connection: one worker, one remembered text
        for _ in range(7):  # 2.4 s: two seconds begin meanwhile, and the remembered text must move on with each
            before = int(time.time())
            answer = one_connection.get(f"{server}/healthz", timeout=5)
            after = time.time()
            dated = parsedate_to_datetime(answer.headers["Date"]).timestamp()
            assert before <= dated <= after, (before, answer.headers["Date"], after)
            time.sleep(0.4)
