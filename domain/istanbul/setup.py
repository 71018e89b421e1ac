"""Set-up (4.1, 4.3): the state before any chance step, and the set-up chance steps' consequences.

Chance steps, in order: start player (Pick), random layout (Shuffle of the places in play, redrawn until the
constraints hold), bonus deck (Shuffle, then one card dealt to each player from the start player on), the place
modules' own steps (the small and the large market's demand stacks), the neutral figures' places (Roll 2d6
each). Everything in play comes from content.py, so an expansion's places, cards and figures set up the same way.
"""

from __future__ import annotations

from domain.core import apply_permutation
from domain.istanbul import places
from domain.istanbul.board import layout_acceptable
from domain.istanbul.content import Content, content, content_of
from domain.istanbul.data import (
    FAMILY_START,
    FOUNTAIN,
    RUBIES_TOTAL,
    SETUP,
    SPARE_ASSISTANTS,
    START_LIRA,
    START_PLACE,
    START_STACK,
)
from domain.istanbul.events import BonusCardDrawn, BonusDeckShuffled, LayoutDrawn, StartPlayerChosen
from domain.istanbul.frozen import FrozenDict
from domain.istanbul.letters_seals import letters
from domain.istanbul.letters_seals.data import EXPANSION as LETTERS_SEALS
from domain.istanbul.letters_seals.data import LETTERS
from domain.istanbul.letters_seals.events import LetterPileShuffled
from domain.istanbul.options import Options, parse_options
from domain.istanbul.state import NEUTRAL, LetterSupply, Player, State

# pending chance steps: (kind, label, argument, by_dealer)
START_PLAYER = ("pick", "start_player", 0, False)


def layout_step(tables: Content) -> tuple:
    return ("shuffle", "layout", len(layout_pool(tables)), False)


def layout_pool(tables: Content) -> tuple[int, ...]:
    """The places a random layout's shuffle permutes (canonical order): all of them, or all but the Fountain where
    its cell is fixed (the Great Bazaar's centre; ruling R-47: fix it, shuffle the rest)."""
    if len(tables.grid.centre_cells()) == 1:
        return tuple(p for p in tables.place_ids if p != FOUNTAIN)
    return tables.place_ids


def random_layout(tables: Content, outcome: tuple[int, ...]) -> tuple[int, ...]:
    """The layout a shuffle outcome lays out: the pool permuted, the Fountain put on its fixed cell if it has one."""
    layout = list(apply_permutation(layout_pool(tables), outcome))
    if len(layout) < len(tables.place_ids):
        layout.insert(tables.grid.centre_cells()[0], FOUNTAIN)
    return tuple(layout)


def place_figure(figure: str, index: int = 0, by_dealer: bool = False) -> tuple:
    return ("roll", figure, index, by_dealer)


def _initial(module, options, seats: int):
    """A place module's slice: `initial_for(options, seats)` where a variant decides whether anything lies there
    (None: nothing), else `initial(seats)`."""
    if hasattr(module, "initial_for"):
        return module.initial_for(options, seats)
    return module.initial(seats)


def initial_state(options: dict, seats: int) -> State:
    return new_state(parse_options(options, seats), seats)


def new_state(opts: Options, seats: int) -> State:
    """The state before any chance step, for options already validated (parse_options)."""
    tables = content_of(opts)
    modules = places.in_play(tables.place_ids)
    slices = {m.KEY: s for m in modules if hasattr(m, "KEY") and (s := _initial(m, opts, seats)) is not None}
    placed = sum(getattr(s, "rubies_left", 0) for s in slices.values())

    def stack(seat: int) -> tuple[int, ...]:
        own = (seat,) * START_STACK
        return (NEUTRAL,) + own[1:] if opts.neutral_assistants else own

    players = tuple(Player(lira=0, merchant=START_PLACE, family=FAMILY_START, stack=stack(s), spare=SPARE_ASSISTANTS)
                    for s in range(seats))
    random_layout = opts.layout == "random"
    pending = (
        (START_PLAYER,)
        + ((layout_step(tables),) if random_layout else ())
        + (("shuffle", "bonus_deck", len(tables.deck), False),)
        + tuple(step for m in modules for step in getattr(m, "SETUP_CHANCE", ()))
        + ((letters.SETUP_SHUFFLE,) if LETTERS_SEALS in opts.expansions else ())
        + tuple(place_figure(figure) for figure in tables.figures)
    )
    return State(
        seats=seats,
        options=opts,
        layout=() if random_layout else tables.layouts[opts.layout],
        players=players,
        assistants=(),
        places=FrozenDict(slices),
        ruby_supply=RUBIES_TOTAL - placed,
        figures=FrozenDict({figure: 0 for figure in tables.figures}),
        neutral_merchants=SETUP[seats]["neutral_merchants"],
        pending=pending,
        letters=LetterSupply() if LETTERS_SEALS in opts.expansions else None,
    )


def decide_setup_chance(state: State, label: str, outcome: tuple[int, ...]) -> list | None:
    """Consequences of a set-up chance step, or None when `label` is not a set-up step."""
    tables = content(state)
    if label == "start_player":
        start = outcome[0]
        lira = tuple(START_LIRA[(s - start) % state.seats] for s in range(state.seats))
        return [StartPlayerChosen(start, lira)]
    if label == "layout":
        layout = random_layout(tables, outcome)
        return [LayoutDrawn(layout, layout_acceptable(tables.grid, layout, tables.grid.centre_cells()))]
    if label == "bonus_deck":
        deck = apply_permutation(tables.deck, outcome)
        order = [(state.start_player + i) % state.seats for i in range(state.seats)]
        return [BonusDeckShuffled(len(deck), deck, False)] + [
            BonusCardDrawn(seat, deck[i], "deck") for i, seat in enumerate(order)
        ]
    if label == letters.SETUP_SHUFFLE[1]:
        pile = apply_permutation(tuple(letter.place for letter in LETTERS), outcome)
        return [LetterPileShuffled(len(pile), pile)]
    for module in places.in_play(tables.place_ids):
        if hasattr(module, "decide_setup") and (events := module.decide_setup(state, label, outcome)) is not None:
            return events
    return None
