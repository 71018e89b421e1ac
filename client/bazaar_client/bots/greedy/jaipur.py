"""One-ply evaluation of a Jaipur move from the seat's view.

- A good's worth is the top token of its pile now (what selling it next would earn; 0 once the pile is empty).
- `sell g xN`: the N top tokens, plus the expected bonus token (3 cards: 2, 4 cards: 5, 5+: 9, the means of the
  bonus piles). This is the only move that scores now, so it is counted in full.
- A card taken into the hand is worth `HAND_SHARE` of its good's worth (it must still be sold, and the pile may
  drop first); a card given away in an exchange loses the same share.
- Camels: each is worth `CAMEL_WORTH` (exchange currency and a share of the 5-point camel token). Taking all
  the camels refills the market with unseen cards the opponent picks from first: `REVEAL_PENALTY`.
- Undo answers: accept (a bot has nothing to protect).
"""

from __future__ import annotations

HAND_SHARE = 0.6
CAMEL_WORTH = 0.4
REVEAL_PENALTY = 1.0
BONUS = {3: 2.0, 4: 5.0}
BONUS_FIVE_PLUS = 9.0


def worth(state: dict, good: str) -> float:
    pile = state["goods_tokens"].get(good) or []
    return float(pile[0]) if pile else 0.0


def sale(state: dict, good: str, count: int) -> float:
    pile = state["goods_tokens"].get(good) or []
    bonus = BONUS_FIVE_PLUS if count >= 5 else BONUS.get(count, 0.0)
    return float(sum(pile[:count])) + bonus


def score(state: dict, move: dict) -> float:
    kind = move["type"]
    if kind == "sell":
        return sale(state, move["good"], move["count"])
    if kind == "take_one":
        return HAND_SHARE * worth(state, move["good"])
    if kind == "take_camels":
        return CAMEL_WORTH * state["market"].count("camel") - REVEAL_PENALTY
    if kind == "exchange":
        gained = sum(worth(state, good) for good in move["take"])
        lost = sum(worth(state, good) for good in move["give"])
        return HAND_SHARE * (gained - lost) - CAMEL_WORTH * move.get("camels", 0)
    if kind == "accept_undo":
        return 1.0
    return 0.0
