"""SVG -> PNG with CairoSVG, when the system's cairo library can be loaded.

cairocffi opens libcairo when it is imported and raises OSError when the library is missing; the service then
offers SVG only (a client asking for PNG alone gets 406) instead of failing to start.
"""

from __future__ import annotations

try:
    import cairosvg
except OSError:  # the Python package is there, the system's libcairo is not
    cairosvg = None


def available() -> bool:
    return cairosvg is not None


def convert(svg: str) -> bytes:
    # unsafe=False (the default): no external entity or file is ever read while rendering
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"))
