"""Bazaar's service around the rules: HTTP, auth, jobs and wiring, grouped by part (see README.md here).
`create_app` (service/operations/app.py) is the composition root of the web side.

The package itself imports nothing: the worker, the CLIs and the gunicorn master import `service.<part>.<module>`,
and loading Flask, the limiter and every blueprint for them (about half of the worker's start-up) bought
nothing. `from service import create_app` still works; it imports service.operations.app on first use (PEP 562).
"""

from __future__ import annotations

import importlib


def __getattr__(name: str):
    if name == "create_app":
        return importlib.import_module("service.operations.app").create_app
    raise AttributeError(f"module 'service' has no attribute {name!r}")
