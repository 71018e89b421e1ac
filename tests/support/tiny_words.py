"""The tiny game in words (the service's `WORDS` hooks, as a real game's `domain/<game>/words.py`), so that the
clients' tests read a position, a log and a result the service says, as they would for Jaipur or Istanbul. It has
no notation: a line posted for it is `bad_notation`, and its moves' lines are the service's plain ones."""

from __future__ import annotations


def command(view: dict, command: dict) -> str:
    kind = command.get("type")
    if kind == "add":
        amount = command.get("amount")
        return f"Add {amount}, bringing the total to {view.get('total', 0) + amount}"
    return {"end_turn": "End your turn", "roll_die": "Roll a die and add its pips",
            "call_dealer": "Ask the dealer to roll a die for you"}.get(kind, str(kind))


def event(envelope: dict, view: dict, reader: int | None) -> str | None:
    e, kind = envelope.get("payload") or {}, envelope["type"]
    if kind == "added":
        return f"Seat {e['seat']} added {e['amount']}: the total is {e['total']}"
    if kind == "turn_ended":
        return f"Seat {e['seat']} ended its turn"
    if kind == "first_seat_chosen":
        return f"Seat {e['seat']} was drawn by lot to start"
    if kind == "deck_shuffled":
        return "The deck was shuffled"
    if kind == "seat_resigned":
        return f"Seat {e['seat']} resigned"
    return None


def position(view: dict) -> list[str]:
    turn = "nobody" if view.get("turn") is None else f"seat {view['turn']}"
    return [f"The total is {view.get('total', 0)}; it is {turn}'s turn.", f"The deck has {view.get('deck_size', 0)} "
            "cards."]


def result(view: dict) -> str | None:
    result = view.get("result")
    if not result:
        return None
    winner = result["winners"][0]
    return f"Seat {winner} won, bringing the total to {view.get('total', 0)}"
