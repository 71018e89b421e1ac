"""What each seat may see of the log: an event's visibility when it is recorded, and each envelope as one seat
(or a spectator) sees it while the game runs. After the end, everything is public."""

from __future__ import annotations

from domain.core import ChanceDrawn
from domain.table import Recorded
from domain.table.events import EVENTS as TABLE_EVENTS
from events import codec
from events.envelope import decode_event, document
from events.platform import command_to_wire


def visibility(game, event) -> str:
    """"public", "seat:N" (only that seat sees it), "hidden" (no seat until revealed) or "redacted"."""
    kind = type(event)
    if kind is ChanceDrawn:
        return "hidden" if event.secret else "public"
    if TABLE_EVENTS.get(event.TYPE) is kind:
        return "public"
    if game.redact(event, None) == event:
        return "public"
    seats = range(game.MAX_SEATS)
    shown = [game.redact(event, s) for s in seats]
    seeing = [s for s in seats if shown[s] == event]
    if len(seeing) == 1 and all(shown[s] is None for s in seats if s != seeing[0]) and game.redact(event, None) is None:
        return f"seat:{seeing[0]}"
    if not seeing and all(x is None for x in shown) and game.redact(event, None) is None:
        return "hidden"
    return "redacted"


def documents(game, batch: list[Recorded]) -> list[dict]:
    """The envelope documents of a batch: the first records the command that caused it."""
    docs = []
    for index, r in enumerate(batch):
        command = command_to_wire(r.command, batch) if index == 0 and r.command is not None else None
        auto = codec.command_to_wire(r.auto) if r.auto is not None else None
        docs.append(document(r, visibility(game, r.event), command, auto))
    return docs


def redact_envelope(game, env: dict, seat: int | None) -> dict:
    vis = env["visibility"]
    if vis == "public" or vis == f"seat:{seat}":
        return env
    if env["type"] == "chance_drawn":
        return {**env, "payload": {**env["payload"], "outcome": None}, "redacted": True}
    own = seat is not None and env.get("seat") == seat
    private = {"command": env.get("command") if own else None}
    if "auto" in env:
        private["auto"] = env["auto"] if own else None
    if vis == "redacted":
        shown = game.redact(decode_event(game, env), seat)
        if shown is not None:
            return {**env, **private, "payload": codec.to_wire(shown), "redacted": True}
    return {**env, **private, "payload": None, "redacted": True}


def redact_all(game, finished: bool, seat: int | None, envelopes: list[dict]) -> list[dict]:
    """Envelopes as `seat` may see them now; everything is public once the game is over."""
    if finished:
        return envelopes
    return [redact_envelope(game, env, seat) for env in envelopes]
