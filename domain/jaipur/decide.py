"""decide(state, command) -> events: the four actions (rules 3), the round's end (rules 4) and the dealer's
chance outcomes. Raises RuleViolation with a code from `violations` and appends nothing on a violation."""

from __future__ import annotations

from domain.core import AwaitingChance, ChanceDrawn, GameOver, NotYourTurn, RuleViolation, check_outcome
from domain.jaipur import hand, market
from domain.jaipur import violations as v
from domain.jaipur.commands import Exchange, Sell, TakeCamels, TakeOne
from domain.jaipur.components import (
    CAMEL,
    CARD_TYPES,
    EMPTY_PILES_TO_END,
    EXCHANGE_MIN,
    HAND_LIMIT,
    MIN_SALE,
    PRECIOUS,
)
from domain.jaipur.events import CamelsTaken, GoodsExchanged, GoodsSold, GoodTaken, MarketRefilled, MatchAborted
from domain.jaipur.evolve import evolve
from domain.jaipur.scoring import score_round, seal_events
from domain.jaipur.selling import empty_goods_piles, goods_pile, sale_tokens
from domain.jaipur.setup import chance_request, consequences
from domain.jaipur.state import Match, MatchOver, Options, Round


def decide(state: Match, command) -> list:
    if isinstance(command, ChanceDrawn):
        return decide_chance(state, command)
    phase = state.phase
    if isinstance(phase, MatchOver):
        raise GameOver()
    decide_action = _ACTIONS.get(type(command))
    if decide_action is None:
        raise RuleViolation(v.UNKNOWN_COMMAND, f"not a Jaipur command: {type(command).__name__}")
    if not isinstance(phase, Round) or not phase.is_set_up:
        raise AwaitingChance()
    if command.seat != phase.to_move:
        raise NotYourTurn()
    events = decide_action(phase, command, state.options)
    if isinstance(command, Exchange):  # an exchange neither draws nor sells: it never ends the round
        return events + _safety_cap(phase, phase.idle_turns + 1, state.options)
    return events + _after_action(state, events)


# --- chance -------------------------------------------------------------------------------------------


def decide_chance(state: Match, drawn: ChanceDrawn) -> list:
    """The dealer's outcome for the awaited chance step. `check_outcome` (domain.core, the one place for the
    rule) refuses with `invalid_chance_outcome` a draw nobody awaits, one for another request, or an
    outcome the dealer could not have drawn."""
    check_outcome(chance_request(state), drawn)
    return consequences(state, drawn)


# --- A. exchange ----------------------------------------------------------------------------------------


def decide_exchange(r: Round, c: Exchange, options: Options) -> list:
    _check_cards(c.take)
    _check_cards(c.give)
    if not isinstance(c.camels, int) or isinstance(c.camels, bool) or c.camels < 0:
        raise RuleViolation(v.INVALID_COUNT, "camels must be 0 or more")
    if len(c.take) < EXCHANGE_MIN:
        raise RuleViolation(v.EXCHANGE_TOO_SMALL, "an exchange takes at least 2 goods")
    if len(c.take) != len(c.give) + c.camels:
        raise RuleViolation(v.EXCHANGE_UNBALANCED, "pay exactly as many cards as you take")
    if set(c.take) & set(c.give):
        raise RuleViolation(v.EXCHANGE_SAME_TYPE, "a goods type taken may not be given back")
    if not hand.contains(market.goods(r.market), c.take):
        raise RuleViolation(v.NOT_IN_MARKET, "those goods are not in the market")
    player = r.players[c.seat]
    if not hand.contains(player.hand, c.give):
        raise RuleViolation(v.NOT_IN_HAND, "those goods are not in your hand")
    if c.camels > player.herd:
        raise RuleViolation(v.NOT_ENOUGH_CAMELS, "not that many camels in your herd")
    if len(player.hand) - len(c.give) + len(c.take) > HAND_LIMIT:
        raise RuleViolation(v.HAND_LIMIT, "at most 7 cards in hand at the end of your turn")
    after = market.after_exchange(r.market, c.take, c.give + (CAMEL,) * c.camels)
    return [GoodsExchanged(seat=c.seat, take=c.take, give=c.give, camels=c.camels, market=after)]


# --- B. take one good -----------------------------------------------------------------------------------


def decide_take_one(r: Round, c: TakeOne, options: Options) -> list:
    _check_cards((c.good,))
    if c.good not in r.market:
        raise RuleViolation(v.NOT_IN_MARKET, "that good is not in the market")
    if len(r.players[c.seat].hand) >= HAND_LIMIT:
        raise RuleViolation(v.HAND_LIMIT, "at most 7 cards in hand at the end of your turn")
    slot = market.slots_of(r.market, (c.good,))[0]
    return [GoodTaken(seat=c.seat, good=c.good, slot=slot), _refill(r, (slot,))]


# --- C. take all camels ---------------------------------------------------------------------------------


def decide_take_camels(r: Round, c: TakeCamels, options: Options) -> list:
    slots = market.camel_slots(r.market)
    if not slots:
        raise RuleViolation(v.NO_CAMELS_IN_MARKET, "there is no camel in the market")
    return [CamelsTaken(seat=c.seat, count=len(slots), slots=slots), _refill(r, slots)]


def _refill(r: Round, slots: tuple[int, ...]) -> MarketRefilled:
    """Draw for the freed slots, as many as the deck still has (R-01)."""
    cards = r.deck[: len(slots)]
    return MarketRefilled(cards=cards, slots=tuple(sorted(slots))[: len(cards)], deck_size=len(r.deck) - len(cards))


# --- D. sell --------------------------------------------------------------------------------------------


def decide_sell(r: Round, c: Sell, options: Options) -> list:
    if c.good not in CARD_TYPES:
        raise RuleViolation(v.UNKNOWN_CARD, f"unknown card {c.good!r}")
    if c.good == CAMEL:
        raise RuleViolation(v.CAMEL_NOT_ALLOWED, "camels cannot be sold")
    if not isinstance(c.count, int) or isinstance(c.count, bool) or c.count < 1:
        raise RuleViolation(v.INVALID_COUNT, "sell at least one card")
    if c.good in PRECIOUS and c.count < MIN_SALE[c.good]:
        raise RuleViolation(v.TOO_FEW_PRECIOUS, "diamond, gold and silver sell at least 2 at a time")
    if r.players[c.seat].hand.count(c.good) < c.count:
        raise RuleViolation(v.NOT_IN_HAND, "not that many cards of that good in your hand")
    if not options.allow_sale_into_empty_pile and not goods_pile(r, c.good):
        raise RuleViolation(v.PILE_EMPTY, "no tokens of that good are left")
    tokens, tier, bonus = sale_tokens(r, c.good, c.count)
    return [GoodsSold(seat=c.seat, good=c.good, count=c.count, tokens=tokens, bonus_tier=tier, bonus=bonus,
                      bonus_secret_from_seller=not options.owner_sees_own_bonus_values)]


# --- shared checks and the round's end ------------------------------------------------------------------


_CARD_NAMES = frozenset(CARD_TYPES)


def _check_cards(cards) -> None:
    try:
        known = isinstance(cards, tuple) and _CARD_NAMES.issuperset(cards)
    except TypeError:  # unhashable items
        known = False
    if not known:
        raise RuleViolation(v.UNKNOWN_CARD, "cards must be names of card types")
    if CAMEL in cards:
        raise RuleViolation(v.CAMEL_NOT_ALLOWED, "camels are taken all together and paid with `camels`")
    if list(cards) != sorted(cards):
        raise RuleViolation(v.NOT_CANONICAL, "list cards sorted by name")


def _after_action(state: Match, events: list) -> list:
    """Rules 4 and R-02: check the end of the round once the action fully resolved."""
    after = state
    for event in events:
        after = evolve(after, event)
    r = after.phase
    options = after.options
    reason = None
    if empty_goods_piles(r) >= EMPTY_PILES_TO_END:
        reason = "goods_piles"
    elif None in r.market or (options.deck_end_trigger == "deck_empty_immediately" and not r.deck):
        reason = "deck"
    if reason is None:
        return []
    ended = score_round(r, reason, options)
    return [ended, *seal_events(after, ended.winner)]


def _safety_cap(r: Round, idle_turns: int, options: Options) -> list:
    """R-22, self-play only: abort after too many turns in a row without a draw or a sale."""
    cap = options.safety_cap_turns_without_progress
    if cap is not None and idle_turns >= cap:
        return [MatchAborted(round=r.number, idle_turns=idle_turns)]
    return []


_ACTIONS = {
    Exchange: decide_exchange,
    TakeOne: decide_take_one,
    TakeCamels: decide_take_camels,
    Sell: decide_sell,
}
