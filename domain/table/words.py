"""The table's own commands and events in words, for every game: undo requests and answers, bot seats, time-outs,
forfeits, the game's creation, the seed's reveal, an import, open seats and their claims.

A game's words (`domain/<game>/words.py`) hand the platform's envelopes and commands here, so a log reads as one:
`event(envelope, reader, options)` is one line of the log, or None; `command(command, game)` the words of a
platform command (`accept_undo`, `decline_undo` a seat may post; those the log records), or None for a game's.
`options` is the game's own words for the options it was created with ("with Mocha & Baksheesh"), and `game` its
words for a game command (a bot's move): the two things here only a game knows.
A chance draw's line is its consequences' (the game's events say what was dealt, shuffled or rolled), so the
dealer's own record has none.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.table.events import EVENTS
from domain.table.options import KEYS
from domain.words import count, listing, seat, seats, sentence

PLATFORM_COMMANDS = ("accept_undo", "decline_undo", "undo", "timeout", "deal", "create_game", "import_game",
                     "seat_bot", "bot_move", "claim_seat", "start_game", "expire_game")
POLICIES = {
    "auto": "the smallest legal move is played for a seat whose time runs out",
    "forfeit": "a seat whose time runs out forfeits",
    "bot": "a bot takes over a seat whose time runs out",
}
UNDO = {"none": "no moves are taken back", "turn": "a seat may take back its own moves within its turn",
        "consent": "moves are taken back when every other seat agrees"}


def command(command: dict, game: Callable[[dict], str] | None = None) -> str | None:
    """A platform command (wire form) in words; None for a game's command. `game` says a game command in words
    (a bot's move is its game command's words)."""
    kind = command.get("type")
    if kind == "bot_move":
        move = command.get("move") or {}
        return f"{game(move) if game else 'A move'} (played by the bot {command.get('bot')})"
    if kind == "accept_undo":
        return "Accept the request to take moves back"
    if kind == "decline_undo":
        return "Decline the request to take moves back"
    if kind == "undo":
        return f"Take the game back to version {command.get('to_version')}"
    if kind == "timeout":
        return f"The clock of {seat(command.get('seat'))} ran out"
    if kind == "seat_bot":
        bot = command.get("bot")
        return (f"Let the bot {bot} play {seat(command.get('seat'))}" if bot
                else f"Give {seat(command.get('seat'))} back to its player")
    if kind == "claim_seat":
        return f"Take {seat(command.get('seat'))}"
    if kind == "start_game":
        return "Start now, with bots in the seats nobody has taken"
    if kind == "expire_game":
        return "End the game: nobody took its last seats in time"
    if kind in ("deal", "create_game", "import_game"):
        return {"deal": "The dealer draws", "create_game": "Create the game",
                "import_game": "Import the game"}[kind]
    return None


def is_platform(envelope: dict) -> bool:
    return envelope.get("type") in EVENTS


def event(envelope: dict, reader: int | None, options: Callable[[dict], str | None] | None = None) -> str | None:
    """One line of the log for a platform envelope as served to `reader`; None for a chance draw."""
    kind, payload = envelope.get("type"), envelope.get("payload") or {}
    if kind == "game_created":
        return _created(payload, options)
    if kind == "seed_revealed":
        return "The game is over and its seed is revealed: anyone can now check every card dealt and die rolled"
    if kind == "undo_requested":
        return (f"{sentence(seat(payload['by']))} asked to take the game back to version {payload['to_version']}; "
                "every other seat must agree")
    if kind == "undo_answered":
        answer = "agreed to" if payload["accepted"] else "refused"
        return f"{sentence(seat(payload['by']))} {answer} taking moves back"
    if kind == "moves_taken_back":
        taken = payload["from_version"] - payload["to_version"]
        return (f"{count(taken, 'version')} taken back (asked by {seat(payload['by'])}): the game is as it was at "
                f"version {payload['to_version']}")
    if kind == "turn_timed_out":
        return _timed_out(payload)
    if kind == "bot_seated":
        why = "its clock ran out" if payload["reason"] == "timeout" else "the organiser's choice"
        return f"The bot {payload['bot']} plays {seat(payload['seat'])} from now on ({why})"
    if kind == "bot_unseated":
        return f"{sentence(seat(payload['seat']))} is played by its player again"
    if kind == "seats_opened":
        return _opened(payload)
    if kind == "seat_claimed":
        return f"{sentence(seat(payload['seat']))} is taken by player {payload['player']}"
    if kind == "game_started":
        return ("The game starts early: bots play the seats nobody took; the cards are dealt" if payload["early"]
                else "Every seat is taken: the game starts and the cards are dealt")
    if kind == "game_expired":
        return "Nobody took the last seats in time: the game ends without being dealt"
    if kind == "game_imported":
        return (f"Imported: the {count(payload['original_version'], 'event')} before this one come from game "
                f"{payload['original_id']} (played {payload['original_first_at'][:10]} to "
                f"{payload['original_last_at'][:10]}), checked by playing them again")
    return None  # chance_drawn: the game's own events say what the dealer drew


def _created(payload: dict, options: Callable[[dict], str | None] | None) -> str:
    game_options = {k: v for k, v in (payload.get("options") or {}).items() if k not in KEYS}
    own = options(game_options) if options else None
    parts = [f"A game of {str(payload['game']).capitalize()} for {count(payload['seats'], 'seat')}"
             + (f" {own}" if own else "")]
    recorded = payload.get("options") or {}
    parts.append(UNDO.get(recorded.get("undo"), ""))
    clock = recorded.get("clock")
    if clock:
        parts.append(_clock(clock) + "; " + _policy(recorded.get("timeout_policy", "auto")))
    bots = [s for s, bot in enumerate(recorded.get("bots") or []) if bot]
    if bots:
        parts.append(listing(f"the bot {recorded['bots'][s]['bot']} plays {seat(s)}" for s in bots))
    if payload.get("seed"):
        parts.append("an open game: its seed is public from the start")
    return "; ".join(part for part in parts if part)


INVITED = {"public": "anyone", "code": "whoever holds its invitation", "bot": "a bot"}


def _opened(payload: dict) -> str:
    """Who may take each seat, and until when (the invitation codes themselves are never recorded)."""
    seats_by_who: dict[str, list[int]] = {}
    for number, invitation in enumerate(payload.get("invitations") or []):
        kind = invitation.get("kind")
        who = f"player {invitation.get('player')}" if kind == "player" else INVITED.get(kind, "anyone")
        seats_by_who.setdefault(who, []).append(number)
    takers = listing(f"{seats(numbers)} for {who}" for who, numbers in seats_by_who.items())
    until = str(payload.get("expires_at", ""))[:16].replace("T", " ")
    return f"The game waits for its players ({takers}) until {until} UTC"


def _clock(clock: dict) -> str:
    if clock.get("per_move_s") is not None:
        return f"{count(clock['per_move_s'], 'second')} a move"
    extra = f", plus {count(clock['increment_s'], 'second')} a move" if clock.get("increment_s") else ""
    return f"{count(clock.get('initial_s', 0), 'second')} for each seat{extra}"


def _policy(policy) -> str:
    if isinstance(policy, dict) and "auto_then_forfeit_after" in policy:
        return (f"the smallest legal move is played {count(policy['auto_then_forfeit_after'], 'time')} for a seat "
                "whose time runs out, then it forfeits")
    if isinstance(policy, dict):
        return f"the bot {policy.get('bot')} takes over a seat whose time runs out"
    return POLICIES.get(policy, POLICIES["auto"])


def _timed_out(payload: dict) -> str:
    late = sentence(seat(payload["seat"]))
    then = {"auto": "the smallest legal move is played for it", "forfeit": "it forfeits",
            "bot": "a bot completes its move and plays it from now on"}.get(payload["policy"], "")
    return f"{late} ran out of time: {then}" if then else f"{late} ran out of time"
