"""Before each command redis-py checks whether a pooled connection holds an unread reply. In the web workers that
check goes to the operating system, not through gevent's hub (service/operations/readiness.py: it was 6-7% of a
move's CPU), and it still tells a pending reply from none."""

import requests

from tests.support.processes import gunicorn


def test_a_web_workers_redis_commands_check_readiness_without_gevents_poll_and_still_catch_leftovers(
        redis_url, tmp_path):
    # the service's worker class (gevent, production settings), serving a probe instead of the API
    with gunicorn(redis_url, tmp_path, workers=1, app="tests.support.redis_probe:app") as base:
        probe = requests.get(f"{base}/probe", timeout=10).json()
    assert probe["select_poll"] == "gevent.select.poll"  # the worker did patch select: what we steer around
    assert probe["hub_polls"] == 0  # 50 commands, not one poll through the hub (50 without the parser)
    # the same answers redis-py's own check gives: nothing pending, then a reply pending
    assert (probe["clean_reads_ready"], probe["pending_reads_ready"]) == (False, True)
