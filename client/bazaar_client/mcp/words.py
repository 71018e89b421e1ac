"""A seat's view in a few plain sentences, for a language model (the JSON view stays the reference: these words
leave out nothing a player needs to choose a Jaipur move, and only summarise other games)."""

from __future__ import annotations

from bazaar_client.sdk import GameView


def describe(view: GameView) -> str:
    lines = [_heading(view)]
    if view.game == "jaipur" and view.state.get("players"):
        lines += _jaipur(view)
    else:
        lines.append("The JSON view has the whole position.")
    return "\n".join(lines)


def _heading(view: GameView) -> str:
    who = f"You are seat {view.seat}" if view.seat is not None else "You are a spectator"
    if view.finished:
        result = view.result or {}
        winners = result.get("winners") or []
        outcome = ("the winner is seat " + " and ".join(map(str, winners))) if winners else "nobody won"
        return f"{view.game} game {view.id}, version {view.version}: the game is over, {outcome}. {who}."
    if view.my_turn:
        turn = "it is your turn (list your legal moves, then play one)"
    elif view.to_act:
        turn = f"waiting for seat {', '.join(map(str, view.to_act))}"
    else:
        turn = "waiting for the dealer"
    return f"{view.game} game {view.id}, version {view.version}: {who}; {turn}."


def _cards(names) -> str:
    """Cards by name; a market slot a failed refill left empty (null, at a round's end) as "an empty slot"."""
    return ", ".join(names) if names else "none"


def _jaipur(view: GameView) -> list[str]:
    state = view.state
    me = view.seat
    lines = [f"Round {state.get('round')}. Seals of excellence (2 win the match): "
             + ", ".join(f"seat {s}: {n}" for s, n in enumerate(state.get("seals", []))) + ".",
             f"Market: {_cards(state.get('market'))}. Deck: {state.get('deck_size')} cards."]
    for player in state["players"]:
        name = "You" if player["seat"] == me else f"Seat {player['seat']}"
        if player.get("hand") is not None:
            hand = f"hand {_cards(sorted(player['hand']))}"
        else:
            hand = f"{player.get('hand_size', '?')} cards in hand"
        bonus = len(player.get("bonus_tokens", []))
        lines.append(f"{name}: {hand}; herd {player.get('herd', '?')} camels; {player.get('goods_total', 0)} points "
                     f"in goods tokens and {bonus} bonus tokens.")
    piles = state.get("goods_tokens", {})
    lines.append("Goods tokens left, top first (a sale takes from the top): "
                 + "; ".join(f"{good} {' '.join(map(str, values)) or 'empty'}" for good, values in piles.items()) + ".")
    bonus = state.get("bonus_tokens", {})
    lines.append("Bonus tokens left (sales of 3, 4, 5+ cards): "
                 + ", ".join(f"{tier} {count}" for tier, count in bonus.items()) + ".")
    return lines
