"""Secret Society 24 (Letters & Seals): give up letters showing exactly 6 seals (ruling R-35) and take the next
ruby of the Sultan's Palace 13 or the Gemstone Dealer 16 (in the Great Bazaar also the Coffee House 20) without
its price; that track advances and the refill rule applies (6.13). The first three players to carry out the action
also take the 3, 2 and 1 lira stacks lying here, one each: the rulebook pays "der erste Spieler, der diese Aktion
ausführt ... der zweite ... der dritte Spieler", and its set-up stacks the lira under the "Platzierungen 1./2./3."
(p.15), placings of players. A player who already took a stack takes none at a later execution (a second one
with L11 included); the next stack waits for the next player. The reference's ruling R-36 (the first three
executions, whoever performs them) is not followed: the rulebook wins."""

from __future__ import annotations

from domain.istanbul import violations as v
from domain.istanbul.commands import once
from domain.istanbul.frozen import record, replace
from domain.istanbul.letters_seals import letters
from domain.istanbul.letters_seals.commands import JoinSecretSociety
from domain.istanbul.letters_seals.data import SECRET_SOCIETY, SOCIETY_LIRA, SOCIETY_SEALS
from domain.istanbul.letters_seals.events import SecretSocietyJoined
from domain.istanbul.places.ruby_tracks import TRACKS, with_ruby
from domain.istanbul.schema import array, integer, obj
from domain.istanbul.state import acted, with_place

PLACES = (SECRET_SOCIETY,)
COMMANDS = (JoinSecretSociety,)
KEY = "secret_society"
RUBY_EVENTS = (SecretSocietyJoined,)
SEALS = (SOCIETY_SEALS,)


@record
class SecretSociety:
    placings: tuple[int, ...] = ()  # the seats that took a lira stack, in order (the 1st, 2nd and 3rd player)


def initial(seats: int) -> SecretSociety:
    return SecretSociety()


def stacks_left(state) -> tuple[int, ...]:
    return SOCIETY_LIRA[len(state.places[KEY].placings):]


def view(state, revealed: bool) -> dict:
    return {"secret_society": {"lira_stacks": list(stacks_left(state))}}


VIEW_SCHEMA = {"secret_society": obj("Secret Society 24 (Letters & Seals)", {
    "lira_stacks": array("the lira stacks still here, the next execution's first (3, 2, 1 at the start)",
                         integer("lira in the stack", minimum=1, maximum=3)),
})}


def legal(state, seat, action):
    tracks = with_ruby(state)
    if not tracks:
        return []
    return [once(JoinSecretSociety, seat, chosen, backs, p)
            for chosen, backs in letters.spends(state.players[seat], SEALS) for p in tracks]


def diagnose(state, command) -> str:
    if command.place not in TRACKS or command.place not in state.layout:
        return v.INVALID_TARGET
    if not TRACKS[command.place].has_ruby(state):
        return v.NO_RUBIES_LEFT
    return v.WRONG_SEALS


def decide(state, command):
    player = state.players[command.seat]
    stacks = stacks_left(state)
    placed = command.seat in state.places[KEY].placings
    return [SecretSocietyJoined(command.seat, command.letters, letters.backs(player, command.sealed), command.place,
                                TRACKS[command.place].refill_due(state), stacks[0] if stacks and not placed else 0)]


def apply_secret_society_joined(state, e):
    p = state.players[e.seat]
    state = letters.spent(state, e.seat, e.letters, e.sealed, rubies=p.rubies + 1, lira=p.lira + e.lira)
    state = TRACKS[e.place].advance(state, e.refilled)
    if not e.lira:
        return acted(state)
    here = state.places[KEY]  # the event names the stack taken (old logs: the first three executions took them)
    return acted(with_place(state, KEY, replace(here, placings=here.placings + (e.seat,))))


APPLY = {SecretSocietyJoined: apply_secret_society_joined}
