"""Bazaar's service around the rules: HTTP, auth, jobs and wiring, grouped by part (see README.md here).
`create_app` (service/operations/app.py) is the composition root of the web side.

The package itself imports nothing: the worker, the CLIs and the gunicorn master import `service.<part>.<module>`,
and loading Flask, the limiter and every blueprint for them (about half of the worker's start-up) bought
nothing. `from service import create_app` still works; it imports service.operations.app on first use (PEP 562).
"""

from __future__ import annotations

import importlib

# Names tools outside the project reach by their old place (`from service import serving`): the peer benchmark
# and deployment scripts start the service and its Redis through them.
STABLE = {"serving": "service.operations.serving", "embedded_redis": "service.operations.embedded_redis"}


def __getattr__(name: str):
    if name == "create_app":
        return importlib.import_module("service.operations.app").create_app
    if name in STABLE:
        return importlib.import_module(STABLE[name])
    raise AttributeError(f"module 'service' has no attribute {name!r}")
