"""Match and round set-up (rules 2): options, the chance steps a round needs, and the deal (R-24).

Chance steps, in order: `Pick("first_player", 2)` once (skipped with the `first_player` option), then for
every round `Shuffle("deck", 52)` over `components.SHUFFLED_CARDS` and one
`Shuffle("bonus_<tier>", n)` per tier over `components.BONUS_VALUES[tier]` (three, four, five_plus).
"""

from __future__ import annotations

from dataclasses import fields, replace

from domain.core import ChanceDrawn, ChanceRequest, InvalidOptions, Pick, Shuffle, apply_permutation
from domain.jaipur.components import (
    BONUS_TIERS,
    BONUS_VALUES,
    CAMEL,
    DEAL_PER_PLAYER,
    GOODS,
    GOODS_TOKENS,
    MARKET_CAMELS,
    MARKET_DRAW,
    SHUFFLED_CARDS,
)
from domain.jaipur.events import BonusPileShuffled, FirstPlayerDrawn, RoundDealt
from domain.jaipur.options import CHOICES, FIRST_PLAYERS, FLAGS
from domain.jaipur.state import ChoosingFirstPlayer, Dealing, Match, Options, Player, Round

SEATS = 2


def parse_options(options: dict) -> Options:
    if not isinstance(options, dict):
        raise InvalidOptions("options must be an object")
    known = {f.name for f in fields(Options)}
    for key, value in options.items():
        if key not in known:
            raise InvalidOptions(f"unknown option {key!r}")
        if key in CHOICES and value not in CHOICES[key]:
            raise InvalidOptions(f"{key} must be one of {list(CHOICES[key])}")
        if key in FLAGS and not isinstance(value, bool):
            raise InvalidOptions(f"{key} must be a boolean")
        if key == "safety_cap_turns_without_progress" and value is not None and not _positive_int(value):
            raise InvalidOptions(f"{key} must be null or a positive integer")
        if key == "first_player" and value is not None and not (_is_int(value) and value in FIRST_PLAYERS):
            raise InvalidOptions("first_player must be null, 0 or 1")
    parsed = Options(**options)
    if parsed.opponent_sees_hand_size != parsed.opponent_sees_herd_size:
        raise InvalidOptions(
            "opponent_sees_hand_size and opponent_sees_herd_size must be equal: every change to the number of "
            "cards a seat holds in hand and herd together is public, so either size gives away the other; "
            "hide the herd (R-19) only together with the hand size (R-20)")
    return parsed


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _positive_int(value) -> bool:
    return _is_int(value) and value >= 1


def initial_state(options: dict, seats: int) -> Match:
    if isinstance(seats, bool) or seats != SEATS:
        raise InvalidOptions("Jaipur is played by exactly 2 seats")
    parsed = parse_options(options)
    phase = ChoosingFirstPlayer() if parsed.first_player is None else Dealing(1, parsed.first_player)
    return Match(options=parsed, seals=(0, 0), rounds=(), phase=phase)


def chance_request(match: Match) -> ChanceRequest | None:
    phase = match.phase
    if isinstance(phase, ChoosingFirstPlayer):
        return Pick("first_player", SEATS)
    if isinstance(phase, Dealing):
        return Shuffle("deck", len(SHUFFLED_CARDS))
    if isinstance(phase, Round) and not phase.is_set_up:
        tier = BONUS_TIERS[len(phase.bonus_piles)]
        return Shuffle(f"bonus_{tier}", len(BONUS_VALUES[tier]))
    return None


def consequences(match: Match, drawn: ChanceDrawn) -> list:
    """The events an awaited chance outcome causes (the caller checked it matches the request)."""
    phase = match.phase
    if isinstance(phase, ChoosingFirstPlayer):
        return [FirstPlayerDrawn(seat=drawn.outcome[0])]
    if isinstance(phase, Dealing):
        dealt = deal(phase.number, phase.starter, apply_permutation(SHUFFLED_CARDS, drawn.outcome))
        options = match.options
        return [replace(dealt, herds_public=options.opponent_sees_herd_size,
                        hand_sizes_public=options.opponent_sees_hand_size)]
    tier = BONUS_TIERS[len(phase.bonus_piles)]
    values = apply_permutation(BONUS_VALUES[tier], drawn.outcome)
    return [BonusPileShuffled(round=phase.number, tier=tier, count=len(values), values=values)]


def deal(number: int, starter: int, cards: tuple[str, ...]) -> RoundDealt:
    """R-24: one card at a time, alternating, starter first, 5 each; then 2 cards to the market."""
    dealt = DEAL_PER_PLAYER * SEATS
    received = [[cards[i] for i in range(dealt) if (starter + i) % SEATS == seat] for seat in range(SEATS)]
    hands = tuple(tuple(sorted(c for c in got if c != CAMEL)) for got in received)
    herds = tuple(sum(1 for c in got if c == CAMEL) for got in received)
    market = (CAMEL,) * MARKET_CAMELS + cards[dealt : dealt + MARKET_DRAW]
    deck = cards[dealt + MARKET_DRAW :]
    return RoundDealt(
        round=number,
        starter=starter,
        market=market,
        hand_sizes=tuple(len(h) for h in hands),
        hands=hands,
        herds=herds,
        deck_size=len(deck),
        deck=deck,
    )


def new_round(event: RoundDealt) -> Round:
    return Round(
        number=event.round,
        starter=event.starter,
        to_move=event.starter,
        market=event.market,
        deck=event.deck or (),
        discard=(),
        players=tuple(Player(hand=h or (), herd=c or 0) for h, c in zip(event.hands, event.herds)),
        goods_piles=tuple(GOODS_TOKENS[g] for g in GOODS),
        bonus_piles=(),
    )
