"""The picture of a game that draws none of its own: its view as indented text lines, so the route still answers."""

from __future__ import annotations

import json

from domain.svg import document, status_line, text


def generic(body: dict) -> str:
    """A game the pictures do not know: its view as indented text lines, so the route still answers."""
    lines = json.dumps(body.get("state"), indent=1, sort_keys=True).splitlines()[:200]
    header = f"{body.get('game')} · version {body.get('version')} · {status_line(body)}"
    out = [text(10, 22, header, 14, "bold")]
    out += [text(10, 42 + 14 * i, line, 11, xml_space="preserve") for i, line in enumerate(lines)]
    return document(700, 60 + 14 * len(lines), out, f"{body.get('game')} {body.get('id')}")
