"""The MCP tools' answers, in the words the service says its games in: a game as the seat sees it (the position and
the result in words, whose turn it is and what to do about it), the legal moves numbered with their notation and
words, a played move as the log says it. The JSON view rides along only when asked for, or where the service says
no position in words for the game (a game without words of its own): then the JSON is all there is."""

from __future__ import annotations

from dataclasses import asdict

from mcp.server.mcpserver.exceptions import ToolError

from bazaar_client.sdk import BazaarError, GameView
from bazaar_client.sdk.types import LegalMoves


def failed(error: BazaarError) -> ToolError:
    """A refusal as the agent reads it: the problem's code first (what to branch on), its status, its detail."""
    return ToolError(f"{error.code}" + (f" ({error.status})" if error.status else "")
                     + (f": {error.detail}" if error.detail else ""))


def turn(view: GameView) -> str:
    """Whose turn it is, and which tool to call about it."""
    if view.finished:
        return "The game is over."
    if view.asks_me:
        request = view.undo_request
        return (f"Seat {request.get('by')} asks to take the game back to version {request.get('to_version')}: "
                "answer with answer_undo (your legal moves list the answers too).")
    if view.my_turn:
        return "It is your turn: list your moves with legal_moves, then play one with play_move."
    if view.seat is None:
        return "You are a spectator: give a seat's token to act."
    if not view.to_act:
        return "The dealer is rolling or shuffling: wait_for_turn returns when your decision is awaited."
    return f"Waiting for seat {', '.join(map(str, view.to_act))}: wait_for_turn returns when it is your turn."


def game(view: GameView, with_json: bool = False) -> dict:
    """`view` (read with words) as the tools return it."""
    answer = {"game_id": view.id, "game": view.game, "version": view.version, "seat": view.seat,
              "status": view.status, "your_turn": view.awaited, "finished": view.finished,
              "to_act": list(view.to_act), "turn": turn(view)}
    if view.undo_request:
        answer["undo_request"] = view.undo_request
    answer["position"] = list(view.words.position) if view.words is not None else []
    if view.words is not None:
        answer["position_form"] = view.words.form  # "short" (the default) or "full" (asked with full=true)
    answer["result"] = view.words.result if view.words is not None else None
    if not answer["position"]:  # the game says no position in words: the JSON is all there is
        with_json = True
    if with_json:  # its fields as they came, JSON already (asdict would copy the whole state again, deeply)
        answer["view"] = {**vars(view), "words": asdict(view.words) if view.words is not None else None}
    return answer


def moves(legal: LegalMoves, with_json: bool = False) -> dict:
    """Numbered from 1, in the service's order: play_move takes the number or the notation."""
    listed = []
    for number, (said, move) in enumerate(zip(legal.said or (), legal.moves, strict=True), 1):
        entry = {"number": number, "notation": said.notation, "words": said.words}
        if with_json:
            entry["move"] = move
        listed.append(entry)
    return {"version": legal.version, "seat": legal.seat, "moves": listed}
