"""How the HTTP service is served, in one place: `make run`, the test suite's servers and the docs use it.

gevent workers: every live event stream is a long-lived, mostly idle connection. With threads each one held
one of a fixed pool of threads (16 idle browser tabs once took the service down); with gevent each is a
greenlet, and thousands stay open beside the command path. The command path itself is short CPU work and
one Redis round trip, which greenlets serve as well as threads.
"""

from __future__ import annotations

import sys
from pathlib import Path

WORKERS = 2
WORKER_CLASS = "service.gunicorn_worker.ProblemGeventWorker"  # gevent, with gunicorn's own errors as problem+json
CONNECTIONS_PER_WORKER = 10000  # simultaneous clients per process (streams included); mind `ulimit -n`


def gunicorn_command(bind: str, access_log: bool = False) -> list[str]:
    command = [str(Path(sys.executable).parent / "gunicorn"), "--bind", bind, "--workers", str(WORKERS),
               "--worker-class", WORKER_CLASS, "--worker-connections", str(CONNECTIONS_PER_WORKER),
               "--graceful-timeout", "5", "--no-control-socket"]
    if access_log:
        command += ["--access-logfile", "-"]
    return [*command, "service.wsgi:app"]
