"""Validated position builders for Istanbul unit tests.

`setup()` plays the set-up chance steps with chosen outcomes (start player, identity shuffles, governor and
smuggler dice; with Mocha & Baksheesh, `mocha()`: the guild stack and the coffee trader's dice too). `position()`
then changes players and figures through dataclasses.replace and re-derives every supply so that conservation
holds (bonus cards, guild cards, tavern tiles, rubies, mosque tiles, extensions, assistants), refusing impossible
positions. `play()` decides and evolves a command; `roll()` answers a pending dice roll with chosen dice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import domain.istanbul as game
from domain.core import ChanceDrawn, Pick, Roll, RuleViolation, Shuffle
from domain.istanbul.content import content
from domain.istanbul.data import GOODS, MOSQUE_OF, RUBIES_TOTAL, SETUP, TILE_COLOURS
from domain.istanbul.frozen import FrozenDict
from domain.istanbul.goods import Goods
from domain.istanbul.mocha_baksheesh.data import GUILD_CARD_IDS
from domain.istanbul.mocha_baksheesh.places import guild_hall, tavern
from domain.istanbul.places.mosques import Mosques
from domain.istanbul.places.wainwright import Wainwright
from domain.istanbul.state import MOVEMENT, NEUTRAL, Action, State

MOCHA = ["mocha_baksheesh"]
LETTERS = ["letters_seals"]


def drawn(request, outcome) -> ChanceDrawn:
    if isinstance(request, Shuffle):
        return ChanceDrawn(0, "shuffle", request.label, request.size, 1, request.secret, tuple(outcome))
    if isinstance(request, Pick):
        return ChanceDrawn(0, "pick", request.label, request.choices, 1, request.secret, tuple(outcome))
    return ChanceDrawn(0, "roll", request.label, request.sides, request.dice, request.secret, tuple(outcome))


def fold(state, events):
    for event in events:
        state = game.evolve(state, event)
    return state


def answer(state, outcome) -> tuple[list, State]:
    """Answer the pending chance step with `outcome`; returns (events incl. ChanceDrawn, new state)."""
    request = game.chance(state)
    assert request is not None, "no chance step pending"
    d = drawn(request, outcome)
    events = [d, *game.decide(state, d)]
    return events, fold(state, events)


def setup(seats=2, layout="ordered", neutral_assistants=False, start=0, governor=(6, 6), smuggler=(6, 6),
          deck=None, small=None, large=None, layouts=(), expansions=(), coffee_trader=(6, 6), guild=None,
          caravan_leader=False, courier=(6, 6), letter_pile=None, kiosk=None, bonus_deck="mixed") -> State:
    options = {"layout": layout, "neutral_assistants": neutral_assistants}
    if caravan_leader:
        options["caravan_leader"] = True
    if expansions:
        options["expansions"] = list(expansions)
    if bonus_deck != "mixed":
        options["bonus_deck"] = bonus_deck
    state = game.initial_state(options, seats)
    layouts = list(layouts)
    while (request := game.chance(state)) is not None:
        label = request.label
        if label == "start_player":
            outcome = (start,)
        elif label == "layout":
            outcome = layouts.pop(0) if layouts else tuple(range(request.size))
        elif label == "guild_deck":
            outcome = guild if guild is not None else tuple(range(request.size))
        elif label == "coffee_trader":
            outcome = coffee_trader
        elif label == "courier":
            outcome = courier
        elif label == "kiosk_tiles":
            outcome = kiosk if kiosk is not None else tuple(range(request.size))
        elif label == "letter_pile":
            outcome = letter_pile if letter_pile is not None else tuple(range(request.size))
        elif label == "bonus_deck":
            outcome = deck if deck is not None else tuple(range(request.size))
        elif label == "small_demand":
            outcome = small if small is not None else tuple(range(5))
        elif label == "large_demand":
            outcome = large if large is not None else tuple(range(5))
        elif label == "governor":
            outcome = governor
        elif label == "smuggler":
            outcome = smuggler
        else:
            raise AssertionError(label)
        _, state = answer(state, outcome)
    return state


def mocha(seats=2, layout="recommended", **kwargs) -> State:
    """A Mocha & Baksheesh game after set-up (the recommended 5x4 layout unless given)."""
    return setup(seats, layout=layout, expansions=MOCHA, **kwargs)


def letters_game(seats=2, layout="recommended", **kwargs) -> State:
    """A Letters & Seals game after set-up (the recommended 5x4 layout unless given; the letter pile in its
    canonical order unless given: 1, 1, 2, 2, ...)."""
    return setup(seats, layout=layout, expansions=LETTERS, **kwargs)


def letters_acting(place: int, seats: int = 2, setup_kwargs: dict | None = None, **kwargs) -> State:
    """`acting` in a Letters & Seals game."""
    return acting(place, seats, setup_kwargs={"expansions": LETTERS, "layout": "recommended", **(setup_kwargs or {})},
                  **kwargs)


def layout_permutation(rows: list[list[int]]) -> tuple[int, ...]:
    """The layout shuffle's outcome that lays out `rows` (the canonical order is the place ids ascending)."""
    flat = [place for row in rows for place in row]
    ordered = sorted(flat)
    return tuple(ordered.index(place) for place in flat)


def position(state: State, players: dict | None = None, **fields) -> State:
    """Change players (seat -> Player field changes) and state fields (a neutral figure's name: its place), then
    re-derive the supplies."""
    new_players = list(state.players)
    for seat, changes in (players or {}).items():
        changes = dict(changes)
        if "hand" in changes:
            changes["hand"] = tuple(sorted(changes["hand"]))
        if "goods" in changes:
            changes["goods"] = Goods(changes["goods"])
        if "guild_hand" in changes:
            changes["guild_hand"] = tuple(sorted(changes["guild_hand"]))
        new_players[seat] = replace(new_players[seat], **changes)
    figures = {name: fields.pop(name) for name in list(fields) if name in state.figures}  # governor=3: its place
    if figures:
        fields["figures"] = FrozenDict({**state.figures, **figures})
    state = replace(state, players=tuple(new_players), **fields)
    return _rederive(state)


def _rederive(state: State) -> State:
    seats = state.seats
    players = state.players
    table = SETUP[seats]
    tables = content(state)
    # bonus cards: the deck is what is in no hand and not on the discard pile, in canonical order unless given
    held = Counter(c for p in players for c in p.hand) + Counter(state.discard)
    rest = Counter(tables.deck) - held
    assert not (held - Counter(tables.deck)), "more copies of a card than exist"
    if Counter(state.deck) != rest:
        state = replace(state, deck=tuple(c for c in tables.deck if rest[c] and not rest.subtract([c])))
    if guild_hall.KEY in state.places:
        state = _rederive_mocha(state)
    # mosque tiles: owned tiles are the top ones of their stack; a mosque's ruby went to each owner of both tiles
    values = table["mosque_values"]
    stacks = {}
    for colour in TILE_COLOURS:
        owners = sum(1 for p in players if colour in p.tiles)
        assert owners <= len(values)
        stacks[colour] = values[owners:]
    pairs = {mosque: sum(1 for p in players if set(MOSQUE_OF[mosque]) <= set(p.tiles)) for mosque in MOSQUE_OF}
    mosques = Mosques(FrozenDict({m: table["mosque_rubies"] - n for m, n in pairs.items()}), FrozenDict(stacks))
    assert all(0 <= p.extensions <= 3 for p in players)
    wainwright = Wainwright(table["wainwright_rubies"] - sum(1 for p in players if p.extensions == 3),
                            3 * seats - sum(p.extensions for p in players))
    slices = state.places.set("mosques", mosques).set("wainwright", wainwright)
    placed = sum(getattr(s, "rubies_left", 0) for s in slices.values()) + sum(p.rubies for p in players)
    state = replace(state, places=slices, ruby_supply=RUBIES_TOTAL - placed)
    assert state.ruby_supply >= 0
    for seat, p in enumerate(players):
        assert p.lira >= 0 and all(0 <= p.goods.count(g) <= p.capacity for g in GOODS), p
        assert all(n >= 0 for n in p.goods.values()), p
        own = p.stack.count(seat) + sum(1 for _, o in state.assistants if o == seat) + p.spare
        assert own == (4 if state.options.neutral_assistants else 5), (seat, own)
        assert all(o in (seat, NEUTRAL) for o in p.stack)
    return state


def _rederive_mocha(state: State) -> State:
    """Guild cards: the stack is every card in no hand, not on the discard pile and not being played (canonical
    order unless the given stack already is that); tavern tiles: the stacks are every tile nobody owns."""
    players = state.players
    here = guild_hall.cards(state)
    out = Counter(c for p in players for c in p.guild_hand) + Counter(here.discard)
    if state.guild is not None:
        out[state.guild.card] += 1
    assert all(n == 1 for n in out.values()), "each guild card exists once"
    if set(here.deck) != set(GUILD_CARD_IDS) - set(out):
        here = replace(here, deck=tuple(c for c in GUILD_CARD_IDS if c not in out))
    owned = [t for p in players for t in p.tavern_tiles]
    assert len(set(owned)) == len(owned), "each tavern tile exists once"
    stacks = tavern.initial(state.seats).stacks
    stacks = FrozenDict({kind: tuple(t for t in tiles if t not in owned) for kind, tiles in stacks.items()})
    assert all(t in {x for tiles in tavern.initial(state.seats).stacks.values() for x in tiles} for t in owned)
    slices = state.places.set(guild_hall.KEY, here).set(tavern.KEY, replace(state.places[tavern.KEY], stacks=stacks))
    return replace(state, places=slices)


def with_place(state: State, key: str, **changes) -> State:
    """A place module's slice changed (e.g. with_place(state, "sultans_palace", taken=3, rubies=4)), the ruby
    supply re-derived."""
    return _rederive(replace(state, places=state.places.set(key, replace(state.places[key], **changes))))


def play(state: State, command) -> tuple[list, State]:
    events = game.decide(state, command)
    return events, fold(state, events)


def roll(state: State, *dice) -> tuple[list, State]:
    request = game.chance(state)
    assert isinstance(request, Roll), request
    return answer(state, tuple(dice))


def settle_rolls(state: State, *rolls) -> tuple[list, State]:
    """Answer pending relocation rolls in order with the given dice pairs."""
    events = []
    for dice in rolls:
        more, state = roll(state, *dice)
        events += more
    return events, state


def codes(fn) -> str:
    try:
        fn()
    except RuleViolation as refused:
        return refused.code
    raise AssertionError("no violation raised")


def acting(place: int, seats: int = 2, seat: int = 0, player: dict | None = None, others: dict | None = None,
           setup_kwargs: dict | None = None, **fields) -> State:
    """`seat`'s merchant stands at `place` (its assistant left there) and may carry out the action."""
    state = setup(seats, **(setup_kwargs or {}))
    players = {s: dict(c) for s, c in (others or {}).items()}
    mine = {"merchant": place, "stack": (seat,) * 3}
    mine.update(player or {})
    players[seat] = mine
    assistants = fields.pop("assistants", ((place, seat),))
    return position(state, players=players, assistants=assistants, current=seat,
                    phase=fields.pop("phase", Action(place=place)), **fields)


def mocha_acting(place: int, seats: int = 2, setup_kwargs: dict | None = None, **kwargs) -> State:
    """`acting` in a Mocha & Baksheesh game (the recommended layout unless given)."""
    return acting(place, seats, setup_kwargs={"expansions": MOCHA, "layout": "recommended", **(setup_kwargs or {})},
                  **kwargs)


def letters_turn_start(seats=3, players=None, **fields) -> State:
    """A Letters & Seals game where seat 0's turn begins (phase 1); `players`: seat -> Player changes."""
    return position(letters_game(seats), players=players, current=0, **{"phase": MOVEMENT, **fields})


GREAT_BAZAAR = MOCHA + LETTERS
# a Great Bazaar layout (5x5, the Fountain in the centre, black market and tea house 5 apart in other rows and columns)
BAZAAR_ROWS = [[1, 2, 3, 4, 5], [6, 8, 10, 11, 12], [13, 14, 7, 15, 16], [17, 18, 19, 20, 21], [22, 23, 24, 9, 25]]


def bazaar_permutation(rows: list[list[int]]) -> tuple[int, ...]:
    """The Great Bazaar layout shuffle's outcome that lays out `rows`: it permutes every place but the Fountain
    (ascending), which lies in the centre."""
    flat = [place for row in rows for place in row if place != 7]
    ordered = sorted(flat)
    return tuple(ordered.index(place) for place in flat)


def bazaar(seats=2, rows=None, **kwargs) -> State:
    """A Great Bazaar game after set-up (BAZAAR_ROWS unless `rows`)."""
    return setup(seats, layout="random", expansions=GREAT_BAZAAR,
                 layouts=[bazaar_permutation(rows or BAZAAR_ROWS)], **kwargs)


def bazaar_acting(place: int, seats: int = 2, setup_kwargs: dict | None = None, **kwargs) -> State:
    """`acting` in a Great Bazaar game (BAZAAR_ROWS)."""
    return acting(place, seats, setup_kwargs={"expansions": GREAT_BAZAAR, "layout": "random",
                                              "layouts": [bazaar_permutation(BAZAAR_ROWS)],
                                              **(setup_kwargs or {})}, **kwargs)
