"""The web worker tunes garbage collection once its app is loaded (service/gunicorn_worker.py): what was loaded
is frozen out of every collection, and the old generation is walked rarely. Idle live streams otherwise made the
commands' p99 pay for full collections (`make load`)."""

import subprocess

import requests

from service import embedded_redis
from service.gunicorn_worker import GC_THRESHOLDS
from service.serving import gunicorn_command
from tests.support.processes import ROOT, terminate, wait_for


def test_a_web_worker_freezes_what_it_loaded_and_collects_the_old_generation_rarely(tmp_path):
    port = embedded_redis.free_port()
    command = gunicorn_command(f"127.0.0.1:{port}", workers=1)
    command[-1] = "tests.support.gc_probe:app"  # the service's worker class, serving a probe instead of the API
    with open(tmp_path / "gunicorn.log", "w") as log:
        process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    try:
        def probe():
            try:
                return requests.get(f"http://127.0.0.1:{port}/", timeout=5).json()
            except requests.RequestException:
                return None

        settings = wait_for(probe, timeout=30, interval=0.1)
        assert tuple(settings["threshold"]) == GC_THRESHOLDS
        assert settings["threshold"][0] > 700  # CPython's default
        assert settings["frozen"] > 1000  # gunicorn, gevent and the app's modules
    finally:
        terminate(process)
