"""SVG -> PNG with CairoSVG, when the system's cairo library can be loaded.

cairocffi opens libcairo when it is imported and raises OSError when the library is missing; the service then
offers SVG only (a client asking for PNG alone gets 406) instead of failing to start.

CairoSVG is loaded by name on the first picture asked for, not when the service starts: with cairocffi it costs
every process ~0.5 s of CPU at import, and most processes (the worker, most web processes) never draw one.
"""

from __future__ import annotations

import importlib
import threading

_lock = threading.Lock()
_loaded: list = []  # [] until tried; then [the cairosvg module] or [None] when libcairo is missing


def _cairosvg():
    with _lock:
        if not _loaded:
            try:
                _loaded.append(importlib.import_module("cairosvg"))
            except OSError:  # the Python package is there, the system's libcairo is not
                _loaded.append(None)
        return _loaded[0]


def available() -> bool:
    return _cairosvg() is not None


def convert(svg: str) -> bytes:
    # unsafe=False (the default): no external entity or file is ever read while rendering
    return _cairosvg().svg2png(bytestring=svg.encode("utf-8"))
