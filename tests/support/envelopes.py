"""An event as a public envelope, the form the words read (their tests build one from a domain event)."""

from __future__ import annotations

from events.codec import to_wire


def envelope(event, seat=None) -> dict:
    return {"type": event.TYPE, "v": event.V, "seat": seat, "visibility": "public", "payload": to_wire(event)}
