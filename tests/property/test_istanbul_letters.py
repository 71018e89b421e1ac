"""Letters & Seals played at random to the end through the game's functions, at 2 and 5 seats, with and without
the caravan leader and the neutral assistants, with either bonus deck (the conformance suite plays it through the
table too, tests/contract): every game ends,
the 36 letters and the 24 kiosk tiles are conserved, no seat takes more than one bonus turn in a round, an
auction awaits exactly the seat whose bid is due, the kiosk exactly the seat whose choice is due (one tile left
for each), a replay equals the live state, every view fits the view schema and none shows the letter pile's
order before the end."""

from __future__ import annotations

import random

import pytest
from jsonschema import Draft202012Validator

import domain.istanbul as game
from domain.core import ChanceDrawn, Pick, Shuffle
from domain.istanbul.events import BonusCardPlayed, TurnEnded
from domain.istanbul.letters_seals.commands import JoinSecretSociety, TakeBonusTurn, UseCourier, VisitEmbassy, VisitKiosk
from domain.istanbul.letters_seals.data import KIOSK_TILE_IDS, LETTERS
from domain.istanbul.letters_seals.events import BonusTurnTaken, CompanionMoved
from domain.istanbul.letters_seals.places.auction_house import Auction
from domain.istanbul.letters_seals.places.kiosk import KioskChoice
from domain.istanbul.state import Setup

VIEW_SCHEMA = Draft202012Validator(game.VIEW_SCHEMA)

MAX_COMMANDS = 40_000
PLACES = sorted(letter.place for letter in LETTERS)


def drawn(rng: random.Random, request) -> ChanceDrawn:
    if isinstance(request, Shuffle):
        order = list(range(request.size))
        rng.shuffle(order)
        return ChanceDrawn(0, "shuffle", request.label, request.size, 1, request.secret, tuple(order))
    if isinstance(request, Pick):
        return ChanceDrawn(0, "pick", request.label, request.choices, 1, request.secret,
                           (rng.randrange(request.choices),))
    dice = tuple(rng.randint(1, request.sides) for _ in range(request.dice))
    return ChanceDrawn(0, "roll", request.label, request.sides, request.dice, request.secret, dice)


def choose(rng: random.Random, commands: list):
    """Mostly the letters' own commands when offered, so seals pile up (the embassy, the courier) and are spent
    at the Secret Society; a bonus turn now and then, so seats often end a bonus turn still holding seals."""
    for kinds, odds in (((JoinSecretSociety,), 0.9), ((VisitEmbassy, UseCourier, VisitKiosk), 0.8), ((TakeBonusTurn,), 0.3)):
        eager = [c for c in commands if isinstance(c, kinds)]
        if eager and rng.random() < odds:
            return rng.choice(eager)
    return rng.choice(commands)


def check(state) -> None:
    supply = state.letters
    held = [place for p in state.players for place in (*p.letters, *p.sealed)]
    if supply.pile or supply.discard or held:
        assert sorted([*supply.pile, *supply.discard, *held]) == PLACES
    assert all(p.seals == len(p.letters) + 2 * len(p.sealed) for p in state.players)
    assert len(set(supply.bonus_turns)) == len(supply.bonus_turns)
    assert all(p.companion in (-1, 0, *state.layout) for p in state.players)
    kiosk = state.places["kiosk"]
    assert sorted(kiosk.stack + kiosk.discard + kiosk.shown + kiosk.turned) == sorted(KIOSK_TILE_IDS)


def next_events(state, rng: random.Random, pick) -> list:
    """The next events of a random game: a draw and what follows from it, or what the awaited seat's command
    `pick(seat, legal)` decides."""
    request = game.chance(state)
    if request is not None:
        command = drawn(rng, request)
        return [command, *game.decide(state, command)]
    seat = game.to_act(state)[0]
    return game.decide(state, pick(seat, game.legal_commands(state, seat)))


class BonusTurnsThisRound:
    """At most one bonus turn per player per round (R-34), tracked from the events alone, not by the engine."""

    def __init__(self, seats: int):
        self.seats, self.taken = seats, []

    def pick(self, seat: int, legal: list, rng: random.Random):
        """A random command, after checking that a seat whose bonus turn this round is taken is offered none."""
        if seat in self.taken:
            assert not [c for c in legal if isinstance(c, TakeBonusTurn)]
        return choose(rng, legal)

    def see(self, state, event, before: int) -> None:
        """`event` just evolved into `state`; `before`: the seat current before it."""
        if isinstance(event, BonusTurnTaken):
            assert event.seat not in self.taken, "a second bonus turn in one round"
            self.taken.append(event.seat)
        if isinstance(event, TurnEnded) and (event.next_seat - state.start_player) % self.seats <= (
                before - state.start_player) % self.seats:
            self.taken = []  # the turn passed the start player: a new round


GAMES = [  # seats, seed, options besides the box
    (2, 1, {"layout": "recommended"}),
    (5, 2, {"layout": "random"}),
    (2, 3, {"layout": "random", "neutral_assistants": True, "caravan_leader": True, "bonus_deck": "letters_seals"}),
    (5, 4, {"layout": "recommended", "caravan_leader": True}),
]


@pytest.mark.parametrize("seats, seed, options", GAMES, ids=[f"{s}-{sorted(o.items())}" for s, _, o in GAMES])
def test_random_games_end_with_letters_conserved_and_one_bonus_turn_per_round(seats, seed, options):
    rng = random.Random(seed)
    options = {"expansions": ["letters_seals"], **options}
    state = game.initial_state(options, seats)
    log = []
    bonus_turns = BonusTurnsThisRound(seats)
    auctions = kiosks = companion_turns = l_cards = 0
    for _ in range(MAX_COMMANDS):
        if game.is_terminal(state):
            break
        events = next_events(state, rng, lambda seat, legal: bonus_turns.pick(seat, legal, rng))
        for event in events:
            before = state.current
            state = game.evolve(state, event)
            companion_turns += isinstance(event, CompanionMoved)
            l_cards += isinstance(event, BonusCardPlayed) and event.card.startswith("L")
            bonus_turns.see(state, event, before)
        log += events
        if not isinstance(state.phase, Setup):
            check(state)
        if isinstance(state.phase, Auction) and not state.phase.owed and game.chance(state) is None:  # the bidder
            assert game.to_act(state) == state.phase.bidders[:1] and state.phase.bidders[-1:] in (
                (state.phase.auctioneer,), ())
            auctions += 1
        if isinstance(state.phase, KioskChoice) and game.chance(state) is None:  # exactly the seat choosing now
            live = [s for s in state.phase.choosers if s not in state.out]
            assert game.to_act(state) == tuple(live[:1]) and live[-1] == state.phase.active
            assert len(state.places["kiosk"].shown) == len(live)  # one tile each, the active seat the last
            kiosks += 1
        if len(log) % 101 < len(events) or isinstance(state.phase, (Auction, KioskChoice)):  # a sample: views are costly
            view = game.view(state, 0)
            VIEW_SCHEMA.validate(view)
            if not game.is_terminal(state):
                assert "pile" not in view["letters"]
    assert game.is_terminal(state) and game.result(state)["winners"] and auctions and kiosks and companion_turns and l_cards
    replayed = game.initial_state(options, seats)
    for event in log:
        replayed = game.evolve(replayed, event)
    assert replayed == state
