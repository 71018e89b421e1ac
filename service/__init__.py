"""Bazaar's HTTP service. `create_app` (service/app.py) is the one composition root of the web side.

The package itself imports nothing: the worker, the CLIs and the gunicorn master import `service.<module>`,
and loading Flask, the limiter and every blueprint for them (about half of the worker's start-up) bought
nothing. `from service import create_app` still works; it imports service.app on first use (PEP 562).
"""

from __future__ import annotations

import importlib


def __getattr__(name: str):
    if name == "create_app":
        return importlib.import_module("service.app").create_app
    raise AttributeError(f"module 'service' has no attribute {name!r}")
