"""Random complete Istanbul games through legal_commands / decide / evolve (hypothesis), the base game and Mocha &
Baksheesh.

The random player picks uniformly among the legal commands, except that it takes `end_turn` only now and then while
something else is possible (so games finish in reasonable time). Every game checks, after every command:
conservation (rubies, bonus cards, guild cards, tavern tiles, assistants, mosque tiles, wheelbarrow extensions;
coffee: what each seat holds is what the events gave it minus what they took), lira and coffee never negative,
goods within capacity (coffee is never capped), views and redacted events leak no other seat's cards or the deck
orders; at sampled steps every listed command is accepted, its field values lie within their documented ranges
and evolve leaves its input untouched; at the end replay equals the live state and the final views follow
VIEW_SCHEMA. The hypothesis profile `ci` plays few games (see tests/conftest.py `sized`); `long` plays many.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import random
import typing

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import domain.istanbul as game
from domain.core import ChanceDrawn, Doc, RuleViolation
from domain.istanbul.catalogue import TAVERN_TILES
from domain.istanbul.commands import EndTurn
from domain.istanbul.content import content
from domain.istanbul.data import COFFEE, GOODS, RUBIES_TOTAL
from domain.istanbul.events import BonusCardDrawn, BonusCardPlayed, BonusDeckShuffled, DemandTilesShuffled
from domain.istanbul.mocha_baksheesh import events as me
from domain.istanbul.mocha_baksheesh.data import GUILD_CARD_IDS
from domain.istanbul.notation import parse, to_text
from domain.istanbul.options import BASE_LAYOUTS, EXPANSION_LAYOUTS
from domain.istanbul.scoring import target
from domain.istanbul.state import NEUTRAL
from tests.conftest import sized
from tests.support.driver import Table

VIEW_SCHEMA = Draft202012Validator(game.VIEW_SCHEMA)
GAMES = sized(ci=10, long=3000)  # the conformance suite plays the base game too; the long profile plays many
MAX_COMMANDS = 20_000
LAYOUTS = BASE_LAYOUTS
BOXES = {(): BASE_LAYOUTS, ("mocha_baksheesh",): EXPANSION_LAYOUTS}


@st.composite
def setups(draw):
    seats = draw(st.integers(2, 5))
    expansions = draw(st.sampled_from(sorted(BOXES)))
    layout = draw(st.sampled_from(BOXES[expansions]))
    neutral = draw(st.booleans()) if seats <= 4 else False
    seed = draw(st.binary(min_size=4, max_size=8))
    options = {"layout": layout, "neutral_assistants": neutral}
    if expansions:
        options["expansions"] = list(expansions)
    if draw(st.booleans()):
        options["caravan_leader"] = True
    return seats, options, seed


def choose(rng: random.Random, commands: list):
    others = [c for c in commands if not isinstance(c, EndTurn)]
    if others and (len(others) == len(commands) or rng.random() > 0.1):
        return rng.choice(others)
    return rng.choice(commands)


def check_invariants(state, seats: int, options: dict, coffee: list | None = None) -> None:
    places = state.places
    players = state.players
    rubies = (
        sum(p.rubies for p in players)
        + sum(getattr(here, "rubies_left", 0) for here in places.values())
        + state.ruby_supply
    )
    assert rubies == RUBIES_TOTAL
    if state.deck or state.discard or any(p.hand for p in players):
        assert len(state.deck) + len(state.discard) + sum(len(p.hand) for p in players) == len(content(state).deck)
    assert sum(p.extensions for p in players) + places["wainwright"].extensions == 3 * seats
    tiles_total = sum(len(t) for t in places["mosques"].tiles.values())
    assert tiles_total + sum(len(p.tiles) for p in players) == 4 * {2: 2, 3: 3, 4: 4, 5: 4}[seats]
    for seat, p in enumerate(players):
        assert p.lira >= 0
        assert all(0 <= p.goods.count(g) <= p.capacity for g in GOODS), p
        assert set(p.goods) <= set(GOODS) | {COFFEE} and all(n > 0 for n in p.goods.values()), p
        own = sum(1 for o in p.stack if o == seat) + sum(1 for _, o in state.assistants if o == seat) + p.spare
        assert own == (4 if options["neutral_assistants"] else 5)
        assert len(set(t for t in p.tiles)) == len(p.tiles)
        if coffee is not None:
            assert p.goods.count(COFFEE) == coffee[seat], (seat, p.goods, coffee)
    neutral = sum(1 for p in players for o in p.stack if o == NEUTRAL)
    neutral += sum(1 for _, o in state.assistants if o == NEUTRAL)
    assert neutral == (seats if options["neutral_assistants"] else 0)
    caravan = state.places.get("caravansary")
    assert (caravan is not None) == options.get("caravan_leader", False)
    if caravan is not None:  # one tile: on the caravansary or with one seat; it changes hands only at a turn's end
        assert caravan.leader in (None, *range(seats)) and caravan.claimant in (None, state.current)
        assert caravan.claimant != caravan.leader or caravan.claimant is None
    if "expansions" in options:
        check_mocha(state, seats)


def check_mocha(state, seats: int) -> None:
    """Guild cards: stack + discard pile + hands + the one being played = 20, each once; tavern tiles: stacks +
    owned = those in play, one per kind per player; the barrier lies between neighbours, its tile held by a seat."""
    guild = state.places["guild_hall"]
    cards = list(guild.deck) + list(guild.discard) + [c for p in state.players for c in p.guild_hand]
    cards += [state.guild.card] if state.guild is not None else []
    if state.places["guild_hall"].deck or cards:
        assert sorted(cards) == sorted(GUILD_CARD_IDS)
    tavern = state.places["tavern"]
    tiles = [t for stack in tavern.stacks.values() for t in stack] + [t for p in state.players for t in p.tavern_tiles]
    assert sorted(tiles) == sorted(t.id for t in TAVERN_TILES.values() if seats > 2 or t.two_players)
    for p in state.players:
        kinds = [TAVERN_TILES[t].kind for t in p.tavern_tiles]
        assert len(set(kinds)) == len(kinds)
    if tavern.barrier:
        a, b = tavern.barrier
        assert a < b and tavern.holder in range(seats)
    assert tavern.side in (0, 1)


def coffee_moved(event) -> tuple[int, int] | None:
    """(seat, coffee gained or, negative, paid) as the event records it, or None."""
    if isinstance(event, (me.CoffeeTaken, me.CoffeeRoasted, me.GuildHallVisited, me.GuildCardFinished,
                          me.CoffeeTraderUsed)):
        return event.seat, event.coffee
    if isinstance(event, (me.CoffeeDelivered, me.TavernTileTaken, me.BarrierPlaced, me.BaksheeshPaid)):
        return event.seat, -event.coffee - (event.goods.count(COFFEE) if isinstance(event, me.BaksheeshPaid) else 0)
    if isinstance(event, (me.BonusCardPaid, me.GoodsGiven)):
        return event.seat, -event.goods.count(COFFEE)
    if isinstance(event, (me.GoodsTaken,)):
        return event.seat, event.gained.count(COFFEE)
    if isinstance(event, me.YieldsTaken):
        return event.seat, event.goods.count(COFFEE)
    if isinstance(event, BonusCardPlayed) and event.good == COFFEE:
        return event.seat, event.gained
    return None


def book_coffee(coffee: list, events: list) -> None:
    for event in events:
        moved = coffee_moved(event)
        if moved is not None:
            coffee[moved[0]] += moved[1]


def check_views(state, seats: int) -> None:
    revealed = game.is_terminal(state)  # the final position is complete for everyone
    mocha = bool(content(state).expansions)
    for seat in (None, *range(seats)):
        view = game.view(state, seat)
        json.dumps(view)
        for other, p in enumerate(view["players"]):
            assert ("bonus_cards" in p) == (other == seat or revealed)
            assert p["bonus_card_count"] == len(state.players[other].hand)
            assert ("guild_cards" in p) == (mocha and (other == seat or revealed))
            if mocha:
                assert p["guild_card_count"] == len(state.players[other].guild_hand)
        assert "deck" not in view and ("bonus_deck" in view) == revealed
        if mocha:
            assert ("deck" in view["places"]["guild_hall"]) == revealed
        for market in ("small_market", "large_market"):
            shown = {"demand", "demand_goods", "payout", "stack_size"} | ({"stack"} if revealed else set())
            assert set(view["places"][market]) == shown


def check_redaction(events: list, seats: int) -> None:
    for event in events:
        for seat in (None, *range(seats)):
            shown = game.redact(event, seat)
            if isinstance(event, BonusCardDrawn) and event.source == "deck" and event.seat != seat:
                assert shown.card == ""
            if isinstance(event, BonusDeckShuffled):
                assert shown.cards == ()
            if isinstance(event, DemandTilesShuffled):
                assert shown.tiles == ()
            if isinstance(event, me.GuildCardDrawn) and event.seat != seat:
                assert shown.card == ""
            if isinstance(event, me.GuildDeckShuffled):
                assert shown.cards == ()
            if isinstance(event, ChanceDrawn) and event.secret:
                assert shown.outcome == ()


@functools.cache
def field_docs(cls) -> dict:
    hints = typing.get_type_hints(cls, include_extras=True)
    return {name: next(x for x in hint.__metadata__ if isinstance(x, Doc)) for name, hint in hints.items()}


def check_documented(command) -> None:
    """Every field value lies in the range and among the choices its Doc annotation promises to clients."""
    for name, doc in field_docs(type(command)).items():
        value = getattr(command, name)
        if isinstance(value, dict):  # goods: the names among the choices, the counts within the range
            assert set(value) <= set(doc.choices), (command, name)
            items = tuple(value.values())
        else:
            items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if item is None or isinstance(item, bool):
                continue
            assert not doc.choices or isinstance(value, dict) or item in doc.choices, (command, name)
            assert doc.minimum is None or item >= doc.minimum, (command, name)
            assert doc.maximum is None or item <= doc.maximum, (command, name)


def check_all_listed_accepted(state, seat: int, commands: list) -> None:
    for command in commands:
        events = game.decide(state, command)
        assert events, command
        assert parse(to_text(command), seat) == command
        check_documented(command)


def check_evolve_pure(state, events: list) -> None:
    before = copy.deepcopy(state)
    after = state
    for event in events:
        after = game.evolve(after, event)
    assert state == before


@settings(max_examples=GAMES)
@given(setups(), st.integers(0, 2**32 - 1))
def test_random_games_end_and_keep_every_invariant(setup, policy_seed):
    seats, options, seed = setup
    rng = random.Random(policy_seed)
    table = Table.start(game, options, seats, seed=seed)
    coffee = [0] * seats
    check_invariants(table.state, seats, options, coffee)
    check_redaction(table.events, seats)
    steps = 0
    while not game.is_terminal(table.state):
        assert game.chance(table.state) is None
        acting = game.to_act(table.state)
        assert len(acting) == 1
        seat = acting[0]
        for other in range(seats):
            if other != seat:
                assert game.legal_commands(table.state, other) == []
        commands = game.legal_commands(table.state, seat)
        assert commands, table.state.phase
        assert len(set(commands)) == len(commands)
        assert game.timeout_command(table.state, seat) in commands
        sample = steps % 7 == 0
        if sample:
            check_all_listed_accepted(table.state, seat, commands)
        if steps % 23 == 0:
            check_views(table.state, seats)
        command = choose(rng, commands)
        before = table.state
        events = table.play(command)
        if sample:
            check_evolve_pure(before, events)
        book_coffee(coffee, events)
        check_invariants(table.state, seats, options, coffee)
        check_redaction(events, seats)
        steps += 1
        assert steps < MAX_COMMANDS, "the game must end"
    result = game.result(table.state)
    assert result["winners"]
    assert max(result["scores"]) >= target(table.state) or table.state.ending
    assert game.to_act(table.state) == () and game.chance(table.state) is None
    check_views(table.state, seats)
    for seat in (None, *range(seats)):
        VIEW_SCHEMA.validate(game.view(table.state, seat))
    assert table.replayed() == table.state


VOCABULARY = ("red", "green", "yellow", "blue", "lira", "card", "deck", "discard", "B01", "B02", "B03", "B06",
              "B07", "B08", "B09", "B10", "purple", "coffee", "M03", "M04", "M07", "G02", "G12", "G19", "free",
              "movement", "encounter")


@functools.cache
def field_types(cls) -> dict:
    return typing.get_type_hints(cls)  # evaluates every annotation's text: once per class, not per draw


def random_command(rng: random.Random, seat: int):
    """Any command type with arbitrary (type-correct) field values."""
    cls = rng.choice(list(game.COMMANDS.values()))
    hints = field_types(cls)
    values = {}
    for field in dataclasses.fields(cls)[1:]:
        hint = hints[field.name]
        text = str(hint)
        if hint is bool:
            values[field.name] = rng.random() < 0.5
        elif hint is int or text == "int | None":
            values[field.name] = None if "None" in text and rng.random() < 0.2 else rng.randint(-1, 21)
        elif "tuple" in text:
            values[field.name] = tuple(rng.randint(0, 21) for _ in range(rng.randint(0, 3)))
        elif text.startswith("dict"):  # goods
            values[field.name] = {rng.choice(VOCABULARY[:4] + ("purple", "coffee")): rng.randint(-1, 3)
                                  for _ in range(rng.randint(0, 4))}
        else:
            values[field.name] = None if "None" in text and rng.random() < 0.2 else rng.choice(VOCABULARY)
    return cls(seat, **values)


@settings(max_examples=sized(ci=8, long=300))
@given(setups(), st.integers(0, 2**32 - 1))
def test_commands_not_listed_are_refused_with_a_stable_code(setup, policy_seed):
    """decide accepts exactly the listed commands: arbitrary commands of every type are either listed (and
    accepted) or refused with a documented code; other seats are told it is not their turn."""
    seats, options, seed = setup
    rng = random.Random(policy_seed)
    table = Table.start(game, options, seats, seed=seed)
    known = set(game.ALL_CODES)
    for _ in range(300):
        if game.is_terminal(table.state):
            break
        seat = game.to_act(table.state)[0]
        commands = game.legal_commands(table.state, seat)
        for _ in range(5):
            probe = random_command(rng, seat)
            if probe in commands:
                assert game.decide(table.state, probe)
                continue
            try:
                game.decide(table.state, probe)
            except RuleViolation as refused:
                assert refused.code in known, refused.code
            else:
                raise AssertionError(f"unlisted {probe} accepted")
        other = (seat + 1) % seats
        try:
            game.decide(table.state, EndTurn(other))
        except RuleViolation as refused:
            assert refused.code == "not_your_turn"
        else:
            raise AssertionError("another seat acted")
        table.play(choose(rng, commands))


COMBINATIONS = [
    (seats, expansions, layout, neutral)
    for expansions, layouts in sorted(BOXES.items())
    for seats in (2, 5)
    for layout in layouts
    for neutral in ((False, True) if seats <= 4 else (False,))
]


@pytest.mark.parametrize("seats, expansions, layout, neutral", COMBINATIONS)
def test_every_box_layout_and_variant_plays_to_the_end_with_2_and_5_seats(seats, expansions, layout, neutral):
    """A deterministic sweep so every combination is covered whatever hypothesis draws."""
    options = {"layout": layout, "neutral_assistants": neutral, **({"expansions": list(expansions)} if expansions
                                                                    else {})}
    if layout == "random":  # every box and seat count is also played with the caravan leader
        options["caravan_leader"] = True
    rng = random.Random(f"{seats}-{expansions}-{layout}-{neutral}")
    table = Table.start(game, options, seats, seed=f"sweep-{seats}-{expansions}-{layout}-{neutral}".encode())
    coffee = [0] * seats
    steps = 0
    while not game.is_terminal(table.state):
        seat = game.to_act(table.state)[0]
        events = table.play(choose(rng, game.legal_commands(table.state, seat)))
        book_coffee(coffee, events)
        check_invariants(table.state, seats, options, coffee)
        steps += 1
        assert steps < MAX_COMMANDS
    assert table.replayed() == table.state
    assert game.result(table.state)["winners"]
