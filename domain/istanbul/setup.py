"""Set-up (4.1, 4.3): the state before any chance step, and the set-up chance steps' consequences.

Chance steps, in order: start player (Pick), random layout (Shuffle 16, redrawn until the constraints hold),
bonus deck (Shuffle 26, then one card dealt to each player from the start player on), the small and the large
market's demand stacks (Shuffle 5 each), the governor's and the smuggler's places (Roll 2d6 each).
"""

from __future__ import annotations

from domain.core import apply_permutation
from domain.istanbul.board import layout_acceptable
from domain.istanbul.cards import base_deck
from domain.istanbul.data import (
    BASE_PLACES,
    DEMAND_STACKS,
    EXTENSIONS_PER_PLAYER,
    LARGE_MARKET,
    LAYOUTS,
    RUBIES_TOTAL,
    SETUP,
    SMALL_MARKET,
    SPARE_ASSISTANTS,
    START_LIRA,
    START_STACK,
)
from domain.istanbul.events import (
    BonusCardDrawn,
    BonusDeckShuffled,
    DemandTilesShuffled,
    LayoutDrawn,
    StartPlayerChosen,
)
from domain.istanbul.options import parse_options
from domain.istanbul.state import NEUTRAL, Player, State, Stock

# pending chance steps: (kind, label, argument, by_dealer)
START_PLAYER = ("pick", "start_player", 0, False)
LAYOUT = ("shuffle", "layout", len(BASE_PLACES), False)
BONUS_DECK = ("shuffle", "bonus_deck", len(base_deck()), False)
SMALL_DEMAND = ("shuffle", "small_demand", len(DEMAND_STACKS[SMALL_MARKET]), False)
LARGE_DEMAND = ("shuffle", "large_demand", len(DEMAND_STACKS[LARGE_MARKET]), False)


def place_figure(figure: str, index: int = 0, by_dealer: bool = False) -> tuple:
    return ("roll", figure, index, by_dealer)


def initial_state(options: dict, seats: int) -> State:
    opts = parse_options(options, seats)
    table = SETUP[seats]
    values = table["mosque_values"]
    placed = (
        table["wainwright_rubies"] + 2 * table["mosque_rubies"] + table["sultan_rubies"] + table["gem_rubies"]
    )
    stock = Stock(
        wainwright_rubies=table["wainwright_rubies"],
        wainwright_extensions=EXTENSIONS_PER_PLAYER * seats,
        mosque_rubies=(table["mosque_rubies"], table["mosque_rubies"]),
        mosque_tiles=(values, values, values, values),
        sultan_taken=0,
        sultan_rubies=table["sultan_rubies"],
        gem_taken=0,
        gem_rubies=table["gem_rubies"],
        ruby_supply=RUBIES_TOTAL - placed,
    )

    def stack(seat: int) -> tuple[int, ...]:
        own = (seat,) * START_STACK
        return (NEUTRAL,) + own[1:] if opts.neutral_assistants else own

    players = tuple(Player(lira=0, stack=stack(s), spare=SPARE_ASSISTANTS) for s in range(seats))
    random_layout = opts.layout == "random"
    pending = (
        (START_PLAYER,)
        + ((LAYOUT,) if random_layout else ())
        + (BONUS_DECK, SMALL_DEMAND, LARGE_DEMAND, place_figure("governor"), place_figure("smuggler"))
    )
    return State(
        seats=seats,
        options=opts,
        layout=() if random_layout else LAYOUTS[opts.layout],
        players=players,
        assistants=(),
        stock=stock,
        neutral_merchants=table["neutral_merchants"],
        pending=pending,
    )


def decide_setup_chance(state: State, label: str, outcome: tuple[int, ...]) -> list | None:
    """Consequences of a set-up chance step, or None when `label` is not a set-up step."""
    if label == "start_player":
        start = outcome[0]
        lira = tuple(START_LIRA[(s - start) % state.seats] for s in range(state.seats))
        return [StartPlayerChosen(start, lira)]
    if label == "layout":
        layout = apply_permutation(BASE_PLACES, outcome)
        return [LayoutDrawn(layout, layout_acceptable(layout))]
    if label == "bonus_deck":
        deck = apply_permutation(base_deck(), outcome)
        order = [(state.start_player + i) % state.seats for i in range(state.seats)]
        return [BonusDeckShuffled(len(deck), deck, False)] + [
            BonusCardDrawn(seat, deck[i], "deck") for i, seat in enumerate(order)
        ]
    if label in ("small_demand", "large_demand"):
        market = SMALL_MARKET if label == "small_demand" else LARGE_MARKET
        tiles = apply_permutation(DEMAND_STACKS[market], outcome)
        return [DemandTilesShuffled(market, tiles[0], tiles)]
    return None
