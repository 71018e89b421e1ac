"""Letters and seals (Letters & Seals, rules 5.9, 5.10, 7.8; rulings R-33 to R-35): the letter pile, drawing,
delivering, and the ways of spending seals.

A letter is its place number: face up (1 seal) in front of its owner (`Player.letters`), or delivered and
showing its back (2 seals, `Player.sealed`; the view shows only how many, and which delivered letters are spent is
decided canonically, since the backs look alike). The face-down pile's order is secret;
spent letters go to a discard pile that is reshuffled when the pile runs out (4.2), and letters a seat could not
draw meanwhile are `owed` and drawn right after that reshuffle.

Delivery (R-33) is automatic: after every command or chance step in a seat's own turn (its start included) the
face-up letters naming a place where one of its figures stands (merchant, family member) turn over. Letters never
change in other seats' turns.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from domain.istanbul.frozen import replace
from domain.istanbul.letters_seals.data import BACK_SEALS, FRONT_SEALS, LETTERS
from domain.istanbul.letters_seals.events import LetterPileShuffled, LettersDelivered, LettersDrawn
from domain.istanbul.state import Player, State, players_with

RESHUFFLE = "letter_reshuffle"
SETUP_SHUFFLE = ("shuffle", "letter_pile", len(LETTERS), False)


def in_play(state: State) -> bool:
    return state.letters is not None


def draw(state: State, seat: int, n: int) -> list:
    """`n` letters for `seat` from the pile's top; what the pile lacks is owed until the spent letters are
    reshuffled (nothing, when there are none either)."""
    supply = state.letters
    taken = supply.pile[:n]
    owed = min(n - len(taken), len(supply.discard)) if len(taken) < n else 0
    return [LettersDrawn(seat, taken, owed)] if taken or owed else []


def figures_of(state: State, seat: int) -> tuple[int, ...]:
    """The places where the seat's own figures stand (merchant, family member, the companion when on the board)."""
    p = state.players[seat]
    return (p.merchant, p.family, p.companion)  # a companion off the board is -1 or 0: never a letter's place


def deliverable(state: State, seat: int) -> tuple[int, ...]:
    """The seat's face-up letters (one entry each) for a place where one of its figures stands."""
    letters = state.players[seat].letters
    if not letters:
        return ()
    here = figures_of(state, seat)
    return tuple(place for place in letters if place in here)


def deliveries(state: State) -> list:
    """Letters the current seat delivers now (R-33), while its turn runs."""
    if state.letters is None or state.letters.owed is not None:
        return []
    places = deliverable(state, state.current)
    return [LettersDelivered(state.current, places)] if places else []


@lru_cache(maxsize=4096)
def _spends(letters: tuple[int, ...], sealed: int, seals: tuple[int, ...]) -> tuple:
    # (face-up places chosen, number of delivered letters)
    """Every (face-up letters, delivered count) showing exactly one of `seals` in total, face-up letters as
    sorted place tuples without repeats of the same choice."""
    out = set()
    for target in seals:
        for backs in range(min(sealed, target // BACK_SEALS) + 1):
            fronts = target - BACK_SEALS * backs
            if fronts % FRONT_SEALS or fronts > len(letters):
                continue
            for chosen in combinations(letters, fronts // FRONT_SEALS):
                out.add((chosen, backs))
    return tuple(sorted(out))


def spends(player: Player, seals: tuple[int, ...]) -> tuple:
    """(face-up letters, number of delivered letters) showing exactly one of `seals`."""
    return _spends(player.letters, len(player.sealed), seals)


def backs(player: Player, n: int) -> tuple[int, ...]:
    """The `n` delivered letters a payment of `n` backs gives up (they look alike: the first in place order)."""
    return player.sealed[:n]


# --- evolve helpers ----------------------------------------------------------------------------------------------
def _without(letters: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...]:
    """`letters` less one entry per place in `gone`; evolve is total, so a place not held (an event applied out of
    its batch's order) is passed over."""
    rest = list(letters)
    for place in gone:
        if place in rest:
            rest.remove(place)
    return tuple(rest)


def spent(state: State, seat: int, letters: tuple[int, ...], sealed: tuple[int, ...], **player_changes) -> State:
    """`seat` gives up face-up `letters` and delivered `sealed` ones, onto the spent letters' pile."""
    p = state.players[seat]
    players = players_with(state, seat, letters=_without(p.letters, letters), sealed=_without(p.sealed, sealed),
                           **player_changes)
    supply = state.letters
    return replace(state, players=players, letters=replace(supply, discard=supply.discard + letters + sealed))


def apply_letter_pile_shuffled(state: State, e: LetterPileShuffled) -> State:
    supply = state.letters
    return replace(state, letters=replace(supply, pile=e.letters, discard=() if e.reshuffle else supply.discard))


def apply_letters_drawn(state: State, e: LettersDrawn) -> State:
    supply = state.letters
    p = state.players[e.seat]
    owed = (e.seat, e.owed) if e.owed else None
    return replace(state, players=players_with(state, e.seat, letters=tuple(sorted(p.letters + e.letters))),
                   letters=replace(supply, pile=supply.pile[len(e.letters):], owed=owed))


def apply_letters_delivered(state: State, e: LettersDelivered) -> State:
    p = state.players[e.seat]
    return replace(state, players=players_with(state, e.seat, letters=_without(p.letters, e.places),
                                               sealed=tuple(sorted(p.sealed + e.places))))


APPLY = {LetterPileShuffled: apply_letter_pile_shuffled, LettersDrawn: apply_letters_drawn,
         LettersDelivered: apply_letters_delivered}
