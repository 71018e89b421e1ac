"""What a caller reads: a game's view (the game's own view inside the table's summary) and its legal moves; and
the game's entry in the cross-game index. An imported game says so in both (`imported`, `provenance`)."""

from __future__ import annotations

from domain import table as tables
from domain.table import AnswerUndo, clock, waiting
from events import codec
from service.games import seating
from service.games.repository import Loaded


def view(loaded: Loaded, seat: int | None, now: str, complete: bool = False) -> dict:
    """The game as `seat` (None: a spectator) sees it; `complete`: nothing hidden (time travel after the end)."""
    game, table = loaded.game, loaded.table
    state = table.game_state
    body = {
        "id": loaded.meta.id,
        "game": loaded.meta.name,
        "status": status(table),
        "version": table.version,
        "seat": seat,
        "seats": table.seats,
        "to_act": list(tables.awaited(game, table)),
        "awaiting_chance": chance_summary(tables.pending_chance(game, table)),
        "head_hash": loaded.head_hash,
        "open": table.open,
        "seating": "claims" if table.lobby is not None else "creator",
        "state": game.view(state, seat, complete=True) if complete else game.view(state, seat),
        **imported(loaded.meta.provenance),
    }
    body.setdefault("imported", False)  # every view says whether its log came from a file (listings only when so)
    if any(table.bots):  # only where a bot holds a seat: games without bots keep their exact shape
        body["bots"] = [None if bot is None else {"bot": bot.bot, "budget_ms": bot.budget_ms} for bot in table.bots]
    clocks = clock.summary(table.clocks, table.platform, now)
    if clocks is not None:
        body["clock"] = clocks
    pending = table.undo
    if pending is not None and pending.expires_at > now:  # an expired request changed nothing
        body["undo_request"] = {"by": pending.by, "to_version": pending.to_version,
                                "expires_at": pending.expires_at, "accepted": list(pending.accepted)}
    if table.lobby is not None:
        body["lobby"] = lobby(loaded)
    result = game.result(state)
    if result is not None:
        body["result"] = result
    return body


def awaited(loaded: Loaded) -> tuple[int, ...]:
    """The seats whose decision the game awaits now."""
    return tuple(tables.awaited(loaded.game, loaded.table))


def status(table) -> str:
    """"waiting" for its open seats (nothing dealt yet), "active", "finished", or "expired" (never dealt)."""
    if table.lobby is not None and table.lobby.expired:
        return "expired"
    if waiting(table):
        return "waiting"
    return "finished" if table.over else "active"


def lobby(loaded: Loaded) -> dict:
    """A game with open seats, as everyone may see it: each seat's invitation and who claimed it, the seats it
    still waits for, and when it expires. Contributions are in the log; codes and tokens are nobody's business."""
    table = loaded.table
    seats = [{"seat": s, "invitation": i.kind, "player": c.player if c is not None else i.player,
              "claimed": c is not None, "bot": i.kind == "bot" or (table.bots[s] is not None if table.bots else False)}
             for s, (i, c) in enumerate(zip(table.lobby.invitations, table.lobby.claims))]
    return {"seats": seats, "awaiting": list(seating.open_seats(loaded)), "expires_at": table.lobby.expires_at}


def legal_moves(loaded: Loaded, seat: int, now: str) -> list[dict]:
    """Every command `seat` may post now, each a complete body."""
    return [wire(command) for command in tables.legal_commands(loaded.game, loaded.table, seat, now)]


def wire(command) -> dict:
    if isinstance(command, AnswerUndo):
        return {"type": "accept_undo" if command.accept else "decline_undo"}
    return codec.command_to_wire(command)


def chance_summary(request) -> dict | None:
    if request is None:
        return None
    return {"kind": type(request).__name__.lower(), "label": request.label, "by_dealer": request.by_dealer}


def index_entry(loaded: Loaded, now: str) -> dict:
    """The index knows two statuses (active, finished): a game waiting for its seats is listed active and says
    `waiting`, an expired one finished and says `expired` (it is archived like any finished game). Each mark only
    where it holds: the feed's index consumer writes the same entries from the facts (events/feed.py)."""
    entry = {"game": loaded.meta.name, "version": loaded.version, "seats": loaded.meta.seats,
             "status": "finished" if loaded.finished else "active", "updated_at": now,
             **imported(loaded.meta.provenance)}
    table = loaded.table
    if table is not None and waiting(table):
        entry["waiting"] = True
    if table is not None and table.lobby is not None and table.lobby.expired:
        entry["expired"] = True
    return entry


def imported(provenance: dict | None) -> dict:
    """The mark of an imported game (views, listings, the index its feed consumer writes): `imported` and where its
    log came from; nothing for a game played here."""
    return {} if provenance is None else {"imported": True, "provenance": provenance}
