"""How the HTTP service is served, in one place: `make run`, the test suite's servers and the docs use it.

gevent workers: every live event stream is a long-lived, mostly idle connection. With threads each one held
one of a fixed pool of threads (16 idle browser tabs once took the service down); with gevent each is a
greenlet, and thousands stay open beside the command path. The command path itself is short CPU work and
one Redis round trip, which greenlets serve as well as threads.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

WORKERS = 2
WORKER_CLASS = "service.operations.gunicorn_worker.ProblemGeventWorker"  # gevent, with gunicorn's own errors as problem+json
CONNECTIONS_PER_WORKER = 10000  # simultaneous clients per process (streams included); mind `ulimit -n`


def gunicorn_command(bind: str, access_log: bool = False, workers: int = WORKERS,
                     app: str = "service.operations.wsgi:app") -> list[str]:
    command = [str(Path(sys.executable).parent / "gunicorn"), "--bind", bind, "--workers", str(workers),
               "--worker-class", WORKER_CLASS, "--worker-connections", str(CONNECTIONS_PER_WORKER),
               "--graceful-timeout", "5", "--no-control-socket"]
    if access_log:
        command += ["--access-logfile", "-"]
    return [*command, app]


def main(argv: list[str] | None = None) -> None:
    """`python -m service.operations.serving`: the web process of a deployment (the Procfile's `web` and `streams`)."""
    parser = argparse.ArgumentParser(prog="python -m service.operations.serving",
                                     description="Serve Bazaar's HTTP API and live streams under gunicorn (gevent "
                                                 "workers). Settings come from the environment (REDIS_URL, BAZAAR_*).")
    parser.add_argument("--bind", default=f"127.0.0.1:{os.environ.get('PORT', '8000')}",
                        help="address:port to listen on (default 127.0.0.1:$PORT, PORT defaulting to 8000)")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", WORKERS)),
                        help=f"gunicorn worker processes (default $WEB_CONCURRENCY or {WORKERS}; about one per core)")
    parser.add_argument("--access-log", action="store_true", help="log every request to standard output")
    args = parser.parse_args(argv)
    command = gunicorn_command(args.bind, args.access_log, args.workers)
    os.execv(command[0], command)  # gunicorn becomes this process: the process manager's signals reach it


if __name__ == "__main__":
    main()
