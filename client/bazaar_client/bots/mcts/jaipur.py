"""Jaipur for the search: determinisation from a seat's view, the actions the tree considers, a short playout and
an evaluation. The rules themselves are `domain.jaipur`'s, used as a pure simulator on determinised states.

- Determinisation. The seat sees the market, the discard, the token piles, its own hand, both herds, how many
  cards the opponent holds and how many bonus tokens are left per tier. Every round uses all 55 cards, so the
  cards it does not see (the opponent's hand and the deck) are the full deck less the market, the discard, its
  hand and both herds: those are dealt at random, goods only to the opponent's hand. Bonus values it does not see
  (the piles and the opponent's tokens) are the tier's values less those it sees, dealt at random too. It does
  not yet use what the opponent's earlier takes revealed (the view has no history).
- Horizon: the end of the round (a seal is won per round; the next deal is a fresh start), scored exactly as
  1 / 0 / 0.5 for the round's winner, loser, or a residual tie.
- Actions: every take, camel take and sale, but only the `EXCHANGES_KEPT` best exchanges by the greedy bot's
  one-ply value (a position often has dozens, and the tree would spend its whole budget trying each once).
- Playout: `PLAYOUT_PLIES` plies of a noisy greedy policy (sell a whole set, take a good, take the camels), then
  `evaluate`: points in tokens, the camel token, and a share of each held card's value, as a win chance.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from bazaar_client.bots.greedy.jaipur import BONUS, BONUS_FIVE_PLUS, CAMEL_WORTH, HAND_SHARE, REVEAL_PENALTY
from bazaar_client.bots.mcts.draws import shuffle
from bazaar_client.bots.mcts.search import Plan
from bazaar_client.sdk import GameView
from domain import jaipur
from domain.jaipur.commands import Exchange, Sell, TakeCamels, TakeOne
from domain.jaipur.components import (
    BONUS_TIERS,
    BONUS_VALUES,
    CAMEL,
    CAMEL_TOKEN_VALUE,
    CARD_COUNTS,
    GOODS,
    HAND_LIMIT,
    MIN_SALE,
)
from domain.jaipur.state import BonusToken, GoodsToken, Match, Options, Player, Round

EXCHANGES_KEPT = 4
PLAYOUT_PLIES = 6
PLAYOUT_NOISE = 0.25  # the playout's chance of a uniformly random choice among its candidate moves
# a points lead of this size is worth about 73% (logistic): rounds are often won by 5-10 points
POINTS_SCALE = 6.0
GOODS_INDEX = {good: i for i, good in enumerate(GOODS)}


MOVES = ("exchange", "take_one", "take_camels", "sell")


def plan(view: GameView, moves, rng: random.Random, iterations: int | None) -> Plan | None:
    """The search of one decision (bazaar_client/bots/mcts/__init__.py); a platform question is not searched. The
    search's actions are commands: they are matched to the listed moves by their wire form."""
    if not all(m["type"] in MOVES for m in moves):
        return None
    listed = {move_key(m): m for m in moves}
    return Plan(JaipurSimulator(view), Actions(listed), iterations)


class Actions(dict):
    """The listed moves by `move_key`, looked up by a search action (a command)."""

    def get(self, action, default=None):
        return super().get(move_key(to_wire(action)), default)


def to_wire(command) -> dict:
    """The command as the body the server lists (`events.codec.command_to_wire` for these four shapes)."""
    if isinstance(command, Exchange):
        return {"type": "exchange", "take": list(command.take), "give": list(command.give), "camels": command.camels}
    if isinstance(command, TakeOne):
        return {"type": "take_one", "good": command.good}
    if isinstance(command, Sell):
        return {"type": "sell", "good": command.good, "count": command.count}
    return {"type": "take_camels"}


def move_key(move: dict) -> tuple:
    """One spelling per move, for matching a search action to a listed move."""
    return (move["type"], tuple(sorted(move.get("take") or ())), tuple(sorted(move.get("give") or ())),
            move.get("camels") or 0, move.get("good"), move.get("count"))


class JaipurSimulator:
    def __init__(self, view: GameView):
        self.seat = view.seat
        self.view = view.state

    # --- what the seat does not see, drawn at random -------------------------------------------------------

    def determinise(self, rng: random.Random) -> Match:
        v, me = self.view, self.seat
        players = v["players"]
        other = 1 - me
        unseen = Counter(CARD_COUNTS)
        unseen.subtract(c for c in v["market"] if c is not None)
        unseen.subtract(v["discard"])
        unseen.subtract(players[me]["hand"])
        unseen[CAMEL] -= players[me]["herd"]
        opponent_herd = players[other]["herd"]
        if opponent_herd is not None:
            unseen[CAMEL] -= opponent_herd
        pool = [card for card, n in unseen.items() for _ in range(max(n, 0))]
        shuffle(rng, pool)
        if opponent_herd is not None:
            goods = [c for c in pool if c != CAMEL]
            hand = goods[: players[other]["hand_size"]]
            rest = Counter(pool)
            rest.subtract(hand)
            deck = [card for card, n in rest.items() for _ in range(n)]
            shuffle(rng, deck)
        else:  # the split between hand and herd is hidden too: the held cards' camels form the herd
            held = pool[: players[other]["hand_and_herd_size"]]
            hand = [c for c in held if c != CAMEL][:HAND_LIMIT]
            opponent_herd = len(held) - len(hand)
            deck = pool[len(held):]
        deck = deck[: v["deck_size"]]
        bonus_piles, bonus_tokens = self._bonus(rng)
        seats = []
        for s, p in enumerate(players):
            seats.append(Player(
                hand=tuple(sorted(p["hand"] if s == me else hand)),
                herd=p["herd"] if s == me else opponent_herd,
                goods_tokens=tuple(GoodsToken(t["good"], t["value"]) for t in p["goods_tokens"]),
                bonus_tokens=bonus_tokens[s]))
        phase = Round(number=v["round"], starter=v["starter"], to_move=v["turn"], market=tuple(v["market"]),
                      deck=tuple(deck), discard=tuple(v["discard"]), players=tuple(seats),
                      goods_piles=tuple(tuple(v["goods_tokens"][g]) for g in GOODS),
                      bonus_piles=tuple(bonus_piles), idle_turns=0)
        return Match(options=Options(), seals=tuple(v["seals"]), rounds=(), phase=phase)

    def _bonus(self, rng: random.Random) -> tuple[list, list]:
        players = self.view["players"]
        unseen = {tier: list(BONUS_VALUES[tier]) for tier in BONUS_TIERS}
        for p in players:
            for token in p["bonus_tokens"]:
                if token["value"] is not None and token["value"] in unseen[token["tier"]]:
                    unseen[token["tier"]].remove(token["value"])
        for values in unseen.values():
            shuffle(rng, values)
        tokens: list = [[], []]
        for s, p in enumerate(players):
            for token in p["bonus_tokens"]:
                value = token["value"]
                if value is None:
                    left = unseen[token["tier"]]
                    value = left.pop() if left else 0
                tokens[s].append(BonusToken(token["tier"], value))
        piles = [tuple(unseen[tier][: self.view["bonus_tokens"].get(tier, 0)]) for tier in BONUS_TIERS]
        return piles, [tuple(t) for t in tokens]

    # --- the tree's moves ----------------------------------------------------------------------------------

    def to_move(self, state: Match) -> int:
        return state.phase.to_move

    def actions(self, state: Match) -> list:
        r = state.phase
        if not isinstance(r, Round):
            return []
        commands = jaipur.legal_commands(state, r.to_move)
        swaps = [c for c in commands if isinstance(c, Exchange)]
        if len(swaps) > EXCHANGES_KEPT:
            swaps.sort(key=lambda c: -_exchange_value(r, c))
            kept = set(swaps[:EXCHANGES_KEPT])
            commands = [c for c in commands if not isinstance(c, Exchange) or c in kept]
        return commands

    def apply(self, state: Match, command) -> Match:
        for event in jaipur.decide(state, command):
            state = jaipur.evolve(state, event)
        return state

    # --- playout and evaluation ------------------------------------------------------------------------------

    def rollout(self, state: Match, rng: random.Random) -> tuple[float, float]:
        for _ in range(PLAYOUT_PLIES):
            r = state.phase
            if not isinstance(r, Round):
                break
            state = self.apply(state, _playout_move(r, rng))
        return outcome(state)


def outcome(state: Match) -> tuple[float, float]:
    """Seat 0's and seat 1's reward: exact once the round is over, else `evaluate`'s win chance."""
    r = state.phase
    if not isinstance(r, Round):
        winner = state.rounds[-1].winner if state.rounds else None
        return (0.5, 0.5) if winner is None else ((1.0, 0.0) if winner == 0 else (0.0, 1.0))
    lead = evaluate(r, 0) - evaluate(r, 1)
    p0 = 1.0 / (1.0 + math.exp(-lead / POINTS_SCALE))
    return p0, 1.0 - p0


def evaluate(r: Round, seat: int) -> float:
    p = r.players[seat]
    points = sum(t.value for t in p.goods_tokens) + sum(t.value for t in p.bonus_tokens)
    if p.herd > r.players[1 - seat].herd:
        points += CAMEL_TOKEN_VALUE
    return points + HAND_SHARE * sum(_worth(r, good) for good in p.hand)


def _worth(r: Round, good: str) -> float:
    pile = r.goods_piles[GOODS_INDEX[good]]
    return float(pile[0]) if pile else 0.0


def _sale(r: Round, good: str, count: int) -> float:
    bonus = BONUS_FIVE_PLUS if count >= 5 else BONUS.get(count, 0.0)
    return float(sum(r.goods_piles[GOODS_INDEX[good]][:count])) + bonus


def _exchange_value(r: Round, c: Exchange) -> float:
    return HAND_SHARE * (sum(_worth(r, g) for g in c.take) - sum(_worth(r, g) for g in c.give)) - CAMEL_WORTH * c.camels


def _playout_move(r: Round, rng: random.Random):
    """A cheap greedy move (whole sets sold, single takes, camels), sometimes a random one of those: built
    directly rather than from `legal_commands`, whose exchanges are the costly part of a playout."""
    seat = r.to_move
    p = r.players[seat]
    scored = []
    for good, n in Counter(p.hand).items():
        if n >= MIN_SALE[good]:
            scored.append((_sale(r, good, n), Sell(seat, good, n)))
    if len(p.hand) < HAND_LIMIT:
        for good in {c for c in r.market if c is not None and c != CAMEL}:
            scored.append((HAND_SHARE * _worth(r, good), TakeOne(seat, good)))
    camels = r.market.count(CAMEL)
    if camels:
        scored.append((CAMEL_WORTH * camels - REVEAL_PENALTY, TakeCamels(seat)))
    if not scored:  # a full hand of single precious cards and no camel: whatever the rules allow
        return jaipur.legal_commands(Match(Options(), (0, 0), (), r), seat)[0]
    if rng.random() < PLAYOUT_NOISE:
        return scored[rng.randrange(len(scored))][1]
    return max(scored, key=lambda item: (item[0], rng.random()))[1]
