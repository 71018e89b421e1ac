"""The web worker tunes garbage collection once its app is loaded (service/operations/gunicorn_worker.py): what was loaded
is frozen out of every collection, and the old generation is walked rarely. Idle live streams otherwise made the
commands' p99 pay for full collections (`make load`)."""

import requests

from service.operations.gunicorn_worker import GC_THRESHOLDS
from tests.support.processes import gunicorn


def test_a_web_worker_freezes_what_it_loaded_and_collects_the_old_generation_rarely(redis_url, tmp_path):
    # the service's worker class, serving a probe instead of the API
    with gunicorn(redis_url, tmp_path, workers=1, app="tests.support.gc_probe:app") as base:
        settings = requests.get(f"{base}/", timeout=5).json()
    assert tuple(settings["threshold"]) == GC_THRESHOLDS
    assert settings["threshold"][0] > 700  # CPython's default
    assert settings["frozen"] > 1000  # gunicorn, gevent and the app's modules
