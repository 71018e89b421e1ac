"""Positions for Jaipur tests, reached through the real chance path or built by a validating builder.

- `dealt(...)` plays a real set-up: it finds the shuffle outcome that deals the wanted hands, herds,
  market and deck (R-24 order) and feeds it to `decide` as the dealer would.
- `position(...)` builds a mid-round state directly, after checking that every card (55) and every token
  (38 goods, 18 bonus) is accounted for exactly once and that the piles were taken from the top.
"""

from __future__ import annotations

from collections import Counter

from domain import jaipur
from domain.core import ChanceDrawn, RuleViolation
from domain.jaipur.components import (
    BONUS_TIERS,
    BONUS_VALUES,
    CAMEL,
    CARD_COUNTS,
    EMPTY_PILES_TO_END,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
    SHUFFLED_CARDS,
)
from domain.jaipur.setup import initial_state
from domain.jaipur.state import BonusToken, GoodsToken, Match, Player, Round


def permutation_for(canonical: tuple, wanted: tuple) -> tuple[int, ...]:
    """The shuffle outcome that turns `canonical` into `wanted` (a rearrangement of it)."""
    assert Counter(canonical) == Counter(wanted), "not a rearrangement of the canonical items"
    free: dict = {}
    for i, item in enumerate(canonical):
        free.setdefault(item, []).append(i)
    return tuple(free[item].pop(0) for item in wanted)


def drawn(label: str, outcome: tuple[int, ...], kind: str = "shuffle", draw: int = 0) -> ChanceDrawn:
    size = 2 if kind == "pick" else len(outcome)
    return ChanceDrawn(draw=draw, kind=kind, label=label, size=size, dice=1, secret=kind == "shuffle",
                       outcome=outcome)


def deal_order(hands, herds, market2, deck_prefix=(), starter=0) -> tuple[str, ...]:
    """The 52-card shuffled order that deals `hands` + `herds` camels per seat (R-24), `market2` to the
    market, then `deck_prefix` on top of the deck, the remaining cards below it in canonical order."""
    received = [list(hands[s]) + [CAMEL] * herds[s] for s in (0, 1)]
    assert all(len(r) == 5 for r in received), "each seat is dealt exactly 5 cards"
    order = []
    for i in range(10):
        order.append(received[(starter + i) % 2].pop())
    order += list(market2) + list(deck_prefix)
    rest = Counter(SHUFFLED_CARDS)
    rest.subtract(order)
    assert min(rest.values()) >= 0, "more cards of a type than the box holds"
    for card in SHUFFLED_CARDS:
        if rest[card] > 0:
            order.append(card)
            rest[card] -= 1
    return tuple(order)


DEFAULT_HANDS = (("cloth", "cloth", "leather", "leather", "spice"), ("diamond", "silver", "silver", "spice", "spice"))


def dealt(hands=DEFAULT_HANDS, herds=None, market=("diamond", "gold"), deck=(), starter=0,
          bonus: dict | None = None, options: dict | None = None) -> tuple[Match, list]:
    """(state ready for the starter's first turn, the set-up events), through decide/evolve."""
    herds = herds if herds is not None else tuple(5 - len(h) for h in hands)
    state = initial_state({"first_player": starter, **(options or {})}, 2)
    order = deal_order(hands, herds, market, deck, starter)
    events = []
    requests = [drawn("deck", permutation_for(SHUFFLED_CARDS, order))]
    for tier in BONUS_TIERS:
        wanted = tuple((bonus or {}).get(tier, sorted(BONUS_VALUES[tier], reverse=True)))
        requests.append(drawn(f"bonus_{tier}", permutation_for(BONUS_VALUES[tier], wanted)))
    for i, request in enumerate(requests):
        request = ChanceDrawn(**{**request.__dict__, "draw": i})
        new = [request, *jaipur.decide(state, request)]
        for event in new:
            state = jaipur.evolve(state, event)
        events += new
    return state, events


def position(
    hands=((), ()),
    herds=(0, 0),
    market=("camel", "camel", "camel", "diamond", "gold"),
    deck: tuple | None = None,
    discard: tuple | None = (),
    goods_tokens: tuple | None = None,
    bonus_tokens=((), ()),
    bonus_piles: dict | None = None,
    to_move=0,
    starter=0,
    number=1,
    seals=(0, 0),
    rounds=(),
    options: dict | None = None,
) -> Match:
    """A validated mid-round position.

    Cards: with `deck=None` every card not in hands, herds, market and discard is in the deck (canonical
    order); with `discard=None` every goods card not elsewhere is in the discard. Camels never reach the
    discard. Goods tokens: a pile's top `min(cards discarded, pile size)` tokens have been taken (a sale
    of n takes min(n, left)); `goods_tokens[seat]` lists (good, value) per seat, or None gives them all
    to seat 0. Bonus tokens: `bonus_tokens[seat]` lists (tier, value); `bonus_piles` maps a tier to its
    remaining pile, top first (default: the values nobody holds, highest on top)."""
    for h in hands:
        assert len(h) <= HAND_LIMIT and CAMEL not in h, "a hand holds at most 7 goods, no camels"
    placed = Counter()
    for h in hands:
        placed.update(h)
    placed[CAMEL] += sum(herds)
    placed.update(c for c in market if c is not None)
    placed.update(deck or ())
    placed.update(discard or ())
    rest = Counter(CARD_COUNTS)
    rest.subtract(placed)
    assert min(rest.values()) >= 0, f"more cards than the box holds: {rest}"
    if deck is None:
        deck = tuple(sorted(rest.elements()))
    elif discard is None:
        assert rest[CAMEL] == 0, f"{rest[CAMEL]} camels unaccounted for (camels are never discarded)"
        discard = tuple(sorted(rest.elements()))
    else:
        assert not +rest, f"cards unaccounted for: {+rest}"
    discard = tuple(discard or ())
    assert CAMEL not in discard, "camels are never discarded"
    if goods_tokens is None:
        earned = tuple(
            (good, value) for good in GOODS for value in GOODS_TOKENS[good][: discard.count(good)]
        )
        goods_tokens = (earned, ())
    piles = []
    for good in GOODS:
        taken = sorted((v for seat in goods_tokens for g, v in seat if g == good), reverse=True)
        full = GOODS_TOKENS[good]
        assert tuple(taken) == full[: len(taken)], f"{good} tokens must come off the top of the pile"
        assert len(taken) == min(discard.count(good), len(full)), f"{good}: tokens taken must match cards sold"
        piles.append(full[len(taken) :])
    assert sum(1 for pile in piles if not pile) < EMPTY_PILES_TO_END, "3 empty goods piles end the round"
    remaining = []
    for tier in BONUS_TIERS:
        taken = Counter(v for seat in bonus_tokens for t, v in seat if t == tier)
        left = Counter(BONUS_VALUES[tier])
        left.subtract(taken)
        assert min(left.values()) >= 0, f"no such {tier} bonus tokens"
        pile = tuple((bonus_piles or {}).get(tier, sorted(left.elements(), reverse=True)))
        assert Counter(pile) == +left, f"the {tier} pile must hold the tokens nobody has"
        remaining.append(pile)
    players = tuple(
        Player(
            hand=tuple(sorted(hands[s])),
            herd=herds[s],
            goods_tokens=tuple(GoodsToken(g, v) for g, v in goods_tokens[s]),
            bonus_tokens=tuple(BonusToken(t, v) for t, v in bonus_tokens[s]),
        )
        for s in (0, 1)
    )
    r = Round(
        number=number,
        starter=starter,
        to_move=to_move,
        market=tuple(market),
        deck=tuple(deck),
        discard=discard,
        players=players,
        goods_piles=tuple(piles),
        bonus_piles=tuple(remaining),
    )
    base = initial_state({"first_player": starter, **(options or {})}, 2)
    return Match(options=base.options, seals=tuple(seals), rounds=tuple(rounds), phase=r)


def play(state: Match, command) -> tuple[Match, list]:
    """decide then evolve one command; (new state, events)."""
    events = jaipur.decide(state, command)
    for event in events:
        state = jaipur.evolve(state, event)
    return state, events


def code_of(state: Match, command) -> str:
    """The violation code decide raises for `command` (fails the test if it is accepted)."""
    try:
        jaipur.decide(state, command)
    except RuleViolation as error:
        return error.code
    raise AssertionError(f"{command} was accepted")


def count_cards(state: Match) -> Counter:
    return cards_in(state.phase)


def cards_in(r) -> Counter:
    """Every card of a round, wherever it lies (market, deck, discard, hands, herds)."""
    cards = Counter(c for c in r.market if c is not None)
    cards.update(r.deck)
    cards.update(r.discard)
    for p in r.players:
        cards.update(p.hand)
        cards[CAMEL] += p.herd
    return cards



# Hands that keep every goods pile from emptying when all other goods are in the discard: a position
# with a short deck that has not already ended by three empty piles.
FULL_HANDS = (
    ("cloth", "diamond", "diamond", "gold", "gold", "silver"),
    ("cloth", "cloth", "leather", "leather", "silver", "spice", "spice"),
)


def short_deck(deck=(), market=("camel", "gold", "diamond", "gold", "leather"), herds=None, **kw) -> Match:
    """A position late in a round: `deck` left, every other card sold (tokens to seat 0) or held."""
    camels_left = 11 - market.count("camel") - deck.count("camel")
    herds = herds if herds is not None else (camels_left - camels_left // 2, camels_left // 2)
    return position(hands=FULL_HANDS, herds=herds, market=market, deck=deck, discard=None, **kw)


def sold_for(goods_tokens) -> tuple:
    """The discard that goes with collected goods tokens (no pile exhausted)."""
    return tuple(g for seat in goods_tokens for g, _ in seat)
