"""What must be drawn now, and the consequences of a draw (no randomness here: the dealer draws).

Besides the queued steps in `state.pending`, the bonus deck is reshuffled from the discard pile whenever it is
empty while the discard pile is not (8.4, ruling R-28), before anything else happens.
"""

from __future__ import annotations

from domain.core import ChanceDrawn, Pick, Roll, Shuffle, apply_permutation
from domain.istanbul import places
from domain.istanbul.events import BonusDeckShuffled, DiceRolled, FigurePlaced
from domain.istanbul.letters_seals import letters
from domain.istanbul.letters_seals.events import LetterPileShuffled, LettersDrawn
from domain.istanbul.letters_seals.places import auction_house
from domain.istanbul.places.dice import CARD_ROLLS, choice_open, decide_card_roll, resolve
from domain.istanbul.setup import decide_setup_chance
from domain.istanbul.state import Dice, Over, Setup, State

RESHUFFLE = "bonus_reshuffle"
BY_LABEL = {label: module for module in places.MODULES for label in getattr(module, "CHANCE_LABELS", ())}


def chance(state: State):
    if not state.pending and (state.deck or not state.discard) and (state.letters is None
                                                                     or state.letters.owed is None):
        return None  # the common case first: asked before every command
    if isinstance(state.phase, Over):
        return None
    if not state.deck and state.discard and not isinstance(state.phase, Setup):
        return Shuffle(RESHUFFLE, len(state.discard))
    if state.letters is not None and state.letters.owed is not None:  # letters owed: the spent ones reshuffled
        return Shuffle(letters.RESHUFFLE, len(state.letters.discard))
    if not state.pending:
        return None
    kind, label, arg, by_dealer = state.pending[0]
    if kind == "pick":
        return Pick(label, state.seats)
    if kind == "shuffle":
        return Shuffle(label, arg, secret=label != "layout")  # the layout is public; deck and stacks are not
    if kind == "die":  # one die of the player's own (kiosk tile K16)
        return Roll(label, 1, 6)
    if kind == "reshuffle":  # a place's discard pile becomes its stack (the guild cards): its size now
        return Shuffle(label, len(state.places[arg].discard))
    return Roll(label, 2, 6, by_dealer=by_dealer)


def decide_chance(state: State, drawn: ChanceDrawn) -> list:
    """The consequences of `drawn`, which domain.core.check_outcome found possible for the awaited request."""
    label, outcome = drawn.label, tuple(drawn.outcome)
    if label == RESHUFFLE:
        deck = apply_permutation(sorted(state.discard), outcome)
        return [BonusDeckShuffled(len(deck), deck, True)] + auction_house.owed_draws(state, deck)
    if label == letters.RESHUFFLE:
        pile = apply_permutation(sorted(state.letters.discard), outcome)
        seat, owed = state.letters.owed
        return [LetterPileShuffled(len(pile), pile, True), LettersDrawn(seat, pile[:owed], 0)]
    events = decide_setup_chance(state, label, outcome)
    if events is not None:
        return events
    module = BY_LABEL.get(label)
    if module is not None:
        return module.decide_chance(state, label, outcome)
    if label in ("black_market", "tea_house"):
        seat = state.current
        step = state.phase.step
        events = [DiceRolled(seat, label, outcome)]
        rolled = Dice(step.kind, step.number, outcome, step.red_used)
        if not choice_open(state, seat, rolled):
            events.append(resolve(state, seat, rolled, outcome))
        return events
    if label in CARD_ROLLS:
        return decide_card_roll(state, label, outcome)
    _, figure, index, _ = state.pending[0]
    return [FigurePlaced(figure, index, sum(outcome), outcome)]
