"""Against a service that does not say the games in words yet (before issue 29's routes): what the SDK does in
their place, so that every client (the `bazaar` command, the MCP server) asks the one way and works with both.
Each function names the answer that tells such a service apart; delete this module, `bazaar_client.sdk.notation`
and the calls here once no service without the words routes is to be met.

- legal moves `said`: the SDK's own notation of each move (`sdk/notation/`), as its words too;
- the log: the events' types, one line each, for whoever acted;
- a line of notation: read by the SDK's notation against the listed moves (a line it cannot read is
  `bad_notation`, as the service answers it);
- the result: who won and the scores, from the view's `result`.
"""

from __future__ import annotations

from dataclasses import replace

from bazaar_client.sdk.errors import BAD_NOTATION, NOT_FOUND, BazaarError
from bazaar_client.sdk.notation import NotationError, find_move, format_move, parse_move
from bazaar_client.sdk.transport import Transport
from bazaar_client.sdk.types import EventPage, GameLog, GameView, LegalMoves, LogLine, Said


def has_no_route(error: BazaarError) -> bool:
    """The service has no such route (`404 not_found`, where a game's id was of its form)."""
    return error.code == NOT_FOUND


def reads_no_notation(error: BazaarError) -> bool:
    """A command `{"notation": ...}` refused for want of a `type`: the service does not read notation."""
    return error.status == 400 and error.code == "malformed_command" and error.problem.get("field") == "type"


def with_said(moves: LegalMoves) -> LegalMoves:
    said = []
    for move in moves.moves:
        try:
            line = format_move(moves.game, move)
        except NotationError:
            line = str(move)
        said.append(Said(line, line))
    return replace(moves, said=tuple(said))


def log_of(page: EventPage) -> GameLog:
    lines = tuple(LogLine(e.version, e.seat, e.type, ("the dealer: " if e.seat is None else f"seat {e.seat}: ")
                          + e.type.replace("_", " ")) for e in page.events)
    return GameLog(page.version, lines)


def command_of(transport: Transport, game_id: str, text: str) -> dict:
    """The command `text` names, read with the SDK's notation (the listed move it names, else as written, so the
    service says why it refuses it)."""
    view = GameView.from_json(transport.request("GET", f"/v1/games/{game_id}").json())
    moves = LegalMoves.from_json(transport.request("GET", f"/v1/games/{game_id}/legal-moves").json())
    names = view.state.get("place_names")
    try:
        return find_move(view.game, text, moves.moves, names) or parse_move(view.game, text, names)
    except NotationError as error:
        raise BazaarError(BAD_NOTATION, 400, str(error)) from error


def result_of(result: dict | None) -> str | None:
    """The view's `result` in a sentence: who won, and the scores."""
    if not result:
        return None
    winners = result.get("winners") or []
    who = ("Seat " + " and seat ".join(map(str, winners)) + (" won" if len(winners) == 1 else " share the win")
           if winners else "Nobody won")
    scores = result.get("scores") or []
    return who + (" (scores: " + ", ".join(f"seat {s} {v}" for s, v in enumerate(scores)) + ")" if scores else "")
