"""Shared fixtures. Hypothesis profiles: `ci` (default) keeps `make test` fast on 2 cores; `long` on demand
(HYPOTHESIS_PROFILE=long make test)."""

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "long",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Property tests read this to size themselves: how many complete games one test plays.
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
GAMES_SCALE = {"ci": 1, "long": 10}[PROFILE]


def sized(ci: int, long: int) -> int:
    """How many games a property test plays: few by default (`make test` stays fast), many with the long
    profile (HYPOTHESIS_PROFILE=long)."""
    return long if PROFILE == "long" else ci


# The minimal platform test game, known to every process the suite starts (server, workers).
EXTRA_GAMES = "tiny=tests.support.tiny_game"
os.environ.setdefault("BAZAAR_EXTRA_GAMES", EXTRA_GAMES)

def _seconds(item) -> float:
    mark = item.get_closest_marker("slow")
    return mark.kwargs.get("seconds", 20) if mark else 0


def pytest_collection_modifyitems(items):
    """Long tests (marked `slow(seconds=…)`, e2e ones included) lead the run, spread over the xdist workers.

    `--dist worksteal` first hands each worker an equal slice of the collected list, in order, and an idle worker
    later steals the tail of another's slice. So each slice here starts with its share of the long tests, dealt
    longest first to the lightest slice (a module's long tests stay together: they share its servers); a long
    test started late, or all of them queued on one worker, would run on alone while the others idle."""
    workers = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
    units: dict[str, list] = {}
    rest = []
    for item in items:
        (units.setdefault(item.nodeid.split("::")[0], []) if _seconds(item) else rest).append(item)
    slices, loads = [[] for _ in range(workers)], [0.0] * workers
    for unit in sorted(units.values(), key=lambda unit: -sum(map(_seconds, unit))):
        lightest = loads.index(min(loads))
        slices[lightest] += unit
        loads[lightest] += sum(map(_seconds, unit))
    ordered, left = [], len(items)
    for k, head in enumerate(slices):
        size = left // (workers - k)  # what worksteal hands worker k of what is left
        take = max(0, size - len(head))
        ordered += head + rest[:take]
        rest = rest[take:]
        left -= len(head) + take
    items[:] = ordered + rest


# --- servers: a private redis-server and the real HTTP service, started by the suite itself -------------


import itertools  # noqa: E402
import time  # noqa: E402

import pytest  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402

from service import create_app  # noqa: E402 - after BAZAAR_EXTRA_GAMES is set
from service.operations import connections, embedded_redis  # noqa: E402
from tests.support import live_logs  # noqa: E402
from tests.support.cluster import redis_cluster  # noqa: E402
from tests.support.databases import DATABASES  # noqa: E402
from tests.support.ports import free_port  # noqa: E402
from tests.support.processes import WorkerProcess, gunicorn  # noqa: E402

# `BAZAAR_TEST_REDIS=cluster`: the games' Redis is a Redis Cluster of three masters (the Makefile runs the
# integration tests once more this way; tests marked `single_redis` need one plain Redis and are left out).
CLUSTER = os.environ.get("BAZAAR_TEST_REDIS") == "cluster"


# Every in-process client (Flask's test client) behaves as a client on a machine of its own would: it speaks from an
# address of its own, and when rate limited it waits as told and asks again, as the HTTP tests' client does. The
# suite's tests share one Redis, and the production limit per address (200 requests a second) counts by address:
# as 127.0.0.1, the in-process clients of every xdist worker shared one window, and in a busy second a test that
# sent a handful of reads was refused some (429). One client alone may go faster than the limit, too (time travel
# through every version of a game). No in-process test is about the limits: those run on real servers.
_addresses = itertools.count(1)
_flask_client_init, _flask_client_open = FlaskClient.__init__, FlaskClient.open


def _client_of_its_own_address(self, *args, **kwargs):
    _flask_client_init(self, *args, **kwargs)
    n = next(_addresses)
    self.environ_base["REMOTE_ADDR"] = f"10.{os.getpid() % 256}.{n // 256 % 256}.{n % 256}"


def _backing_off_when_rate_limited(self, *args, **kwargs):
    response = _flask_client_open(self, *args, **kwargs)
    for _ in range(5):
        if response.status_code != 429:
            break
        time.sleep(float(response.headers.get("Retry-After", "1")))
        response = _flask_client_open(self, *args, **kwargs)
    return response


FlaskClient.__init__ = _client_of_its_own_address
FlaskClient.open = _backing_off_when_rate_limited


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    port = free_port()
    process = embedded_redis.start(port, tmp_path_factory.mktemp("redis"), persistent=False,
                                   extra=("--databases", str(DATABASES)))  # tests/support/databases.py
    if not CLUSTER:
        yield f"redis://127.0.0.1:{port}/0"
    else:
        # RQ keeps to a plain Redis beside the cluster (service/operations/connections.py); through the environment, so
        # every server and worker the suite starts finds it too
        os.environ["BAZAAR_QUEUE_REDIS_URL"] = f"redis://127.0.0.1:{port}/0"
        with redis_cluster(tmp_path_factory.mktemp("cluster")) as url:
            yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="session")
def queue_url(redis_url):
    """RQ's Redis: the games' own, or the plain one beside the cluster."""
    return os.environ.get("BAZAAR_QUEUE_REDIS_URL") or redis_url


@pytest.fixture(scope="session")
def redis_client(redis_url):
    return connections.connect(redis_url, {})


@pytest.fixture(scope="session")
def app(redis_url):
    # in-process tests run no worker: neutral-figure rolls resolve inside the command
    return create_app({"REDIS_URL": redis_url, "TESTING": True, "INLINE_DEALER": True})


@pytest.fixture
def client(app):
    return app.test_client()


# The suite's shared server is reached by every HTTP test of every xdist worker from 127.0.0.1: dozens of clients
# behind one address, as behind a NAT. At the production limit per address (200 requests a second) their reads
# were refused now and then (a live stream opened with requests got a 429). The limit per address stands ten times
# higher here; every other setting is production's, and the limits themselves are tested at production values on
# servers of their own (tests/api/test_rate_limits.py). So is the cap on live streams per address (64): a test's
# client that leaves a running game's stream is counted until the server's next write to it (a keep-alive, within
# 15 s), and forty streams of one test beside the no-leak tests' streams went past it (a 429); the cap
# is tested on a server of its own (tests/api/test_stream_fanout.py).
SHARED_SERVER_PER_ADDRESS = "2000/second"
SHARED_SERVER_STREAMS_PER_ADDRESS = "640"


@pytest.fixture(scope="session")
def server(redis_url, tmp_path_factory):
    """The real service under gunicorn on a free port, with production settings (but the limits per address, see
    SHARED_SERVER_PER_ADDRESS); yields its base URL."""
    with gunicorn(redis_url, tmp_path_factory.mktemp("gunicorn"),
                  {"BAZAAR_EXTRA_GAMES": EXTRA_GAMES, "BAZAAR_RATE_PER_ADDRESS": SHARED_SERVER_PER_ADDRESS,
                   "BAZAAR_SSE_PER_CLIENT": SHARED_SERVER_STREAMS_PER_ADDRESS}) as base:
        yield base


@pytest.fixture(scope="module")
def running_worker(redis_url, tmp_path_factory):
    """A real RQ worker process (`python -m service.operations.worker`) for one test module."""
    process = WorkerProcess(redis_url, tmp_path_factory.mktemp("worker")).start()
    yield process
    process.stop()


@pytest.fixture
def own_server(redis_url, tmp_path):
    """`own_server(db, **settings)`: a server of the test's own on Redis database `db` (its games, rate windows
    and streams stay apart from the suite's main server), with BAZAAR_<setting> overrides; a context manager
    yielding its base URL. One gunicorn worker unless `workers` says otherwise (each costs a second or more of
    CPU to start; the suite's main `server` runs production's number)."""
    def start(db: int, workers: int = 1, **settings):
        return gunicorn(redis_url.rsplit("/", 1)[0] + f"/{db}", tmp_path,
                        {f"BAZAAR_{k}": str(v) for k, v in settings.items()}, workers=workers)
    return start


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A test that failed carries the last lines of every server's and worker's log the suite has running: a
    failure on CI is read from its report, and these logs live in temporary directories it does not keep."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        for title, text in live_logs.tails():
            report.sections.append((title, text))
