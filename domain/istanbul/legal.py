"""legal_commands(state, seat): every complete command the seat may post now; decide accepts exactly these.
to_act(state): the seats whose decision the phase awaits (none while a chance step is pending)."""

from __future__ import annotations

from itertools import repeat
from operator import is_

from domain.istanbul import cards, figures, places, tiles, turn
from domain.istanbul.chance import chance
from domain.istanbul.commands import AcceptRoll, CatchFamilyMember, EndTurn, PlayBonusCard, UseMosqueTile, once
from domain.istanbul.evolve import evolve
from domain.istanbul.frozen import MISSING, recall, remember
from domain.istanbul.letters_seals import bonus_turn, card_plays, companion
from domain.istanbul.letters_seals.commands import StepFamilyMember, TakeBonusTurn, TakeCompanion, UseNeutralFigure
from domain.istanbul.mocha_baksheesh import guild_cards, swap
from domain.istanbul.mocha_baksheesh.commands import TurnDieToSix
from domain.istanbul.places import dice
from domain.istanbul.state import (
    Action,
    AfterGuildCard,
    AssistantStep,
    CardRoll,
    Encounters,
    FinalCards,
    Movement,
    Payment,
    State,
)


def _movement(state: State, seat: int) -> list:
    out = turn.legal_movement(state, seat) + guild_cards.legal_plays(state, seat)  # a guild card instead of the move
    if state.letters is None:
        return out
    return out + companion.legal_movement(state, seat) + card_plays.legal_movement(state, seat)


def _action(state: State, seat: int) -> list:
    if state.guild is not None:
        return guild_cards.legal_action(state, seat)  # the card's action is owed: no encounters, no end of turn
    out = places.legal(state, seat, state.phase) + figures.legal(state, seat)  # encounters end the action
    return out if state.letters is None else out + companion.legal_at_fountain(state, seat)


# The commands of each phase of the own turn; bonus cards and mosque tiles follow in every one of them. A place
# module bringing a phase of its own (an expansion's auction, kiosk) adds it with LEGAL_BY_PHASE.
LEGAL_BY_PHASE = {
    Movement: _movement,
    AssistantStep: turn.legal_assistant_step,
    Payment: turn.legal_payment,
    Action: _action,
    Encounters: figures.legal,
    AfterGuildCard: guild_cards.legal_after,
}
CARD_COMMANDS = (PlayBonusCard, TurnDieToSix)
for _module in places.MODULES:
    LEGAL_BY_PHASE.update(getattr(_module, "LEGAL_BY_PHASE", {}))


def to_act(state: State) -> tuple[int, ...]:
    if chance(state) is not None:
        return ()
    return state.phase.awaited(state)


def legal_commands(state: State, seat: int) -> list:
    listing = recall(state, seat)
    if listing is MISSING:
        listing = remember(state, seat, tuple(_legal_commands(state, seat)))
    return list(listing)


def _legal_commands(state: State, seat: int) -> list:
    if chance(state) is not None or seat not in state.phase.awaited(state):  # to_act, inline
        return []
    if state.card_step is not None:  # a bonus card's own sub-decision comes first
        return _keeping(state, seat, _card_step(state, seat))
    phase = state.phase
    if isinstance(phase, FinalCards):
        return cards.legal(state, seat) + [once(EndTurn, seat)]
    rule = LEGAL_BY_PHASE.get(type(phase))
    if rule is None:
        return []
    out = rule(state, seat)
    if state.letters is not None:
        # a bonus turn instead of the end of the turn; the types are scanned first, in C (`in` alone compares
        # every listed command through its dataclass __eq__, which only ever matches one of the same class)
        if EndTurn in map(type, out) and once(EndTurn, seat) in out:
            out += bonus_turn.legal(state, seat)
        out += _keeping(state, seat, card_plays.legal_any_time(state, seat))  # L09
    return out + _keeping(state, seat, cards.legal(state, seat) + tiles.legal(state, seat))


def _card_step(state: State, seat: int) -> list:
    """A bonus card's own sub-decision: a card's roll (M05, L02, K16's die) is accepted, or first turned by M06;
    M04's swap is answered by its give and take."""
    if type(state.card_step) is CardRoll:
        return dice.legal_card_roll(state, seat) + [c for c in cards.legal(state, seat) if isinstance(c, TurnDieToSix)]
    return swap.legal(state, seat)


def _keeping(state: State, seat: int, commands: list) -> list:
    """In a guild card's turn, before its action is done: only the card and tile uses after which the action
    can still be carried out (the card must be carried out completely, rules 5.8)."""
    if state.guild is None or not commands or guild_cards.complete(state.phase):
        return commands
    return [c for c in commands if _continuable(state, seat, c)]


def _continuable(state: State, seat: int, command) -> bool:
    after = state
    for event in HANDLERS[type(command)](state, command):
        after = evolve(after, event)
    if after.card_step is not None or guild_cards.complete(after.phase):
        return True  # a sub-decision comes first (its answers are filtered in turn)
    request = chance(after)
    if request is not None and not getattr(request, "by_dealer", False):
        return True  # an own roll or a draw comes first (the answers after it are filtered in turn)
    if isinstance(after.phase, places.OWN_PHASES):
        return True  # the kiosk's choosing or an auction under way: it ends by itself, and the card's action with it
    return places.completable(after, seat, after.phase)  # a neutral figure's relocation (L09) changes nothing here


LISTED_WHOLE = (TakeBonusTurn, TakeCompanion, StepFamilyMember, UseNeutralFigure)  # Letters & Seals: checked whole
HANDLERS = {cls: module.decide for module in (cards, tiles, swap, card_plays) for cls in module.COMMANDS}
HANDLERS[AcceptRoll] = dice.decide


def listed(state: State, asked) -> bool:
    """`asked in legal_commands(state, asked.seat)` for an awaited seat, computing only the part of the list
    that can hold it: bonus cards come only from cards.legal, mosque tiles only from tiles.legal, everything else
    from the phase's own commands (decide's check, without building the whole list). A guild card's turn and a
    bonus card's sub-decision (Mocha & Baksheesh) are checked against the whole list."""
    seat = asked.seat
    listing = recall(state, seat)
    if listing is not MISSING:  # listed just before (the usual way: list, choose, decide)
        # the very object chosen from the list is found by identity first, in C: `in` alone compares each command
        # before it field by field through the dataclass's __eq__ (a search's rollout decides every listed command)
        return any(map(is_, listing, repeat(asked))) or asked in listing
    if state.guild is not None or state.card_step is not None or isinstance(asked, LISTED_WHOLE):
        return asked in legal_commands(state, seat)
    phase = state.phase
    cls = type(asked)
    if isinstance(phase, FinalCards):
        return asked in (cards.legal(state, seat) if cls in CARD_COMMANDS else [once(EndTurn, seat)])
    rule = LEGAL_BY_PHASE.get(type(phase))
    if rule is None:
        return False
    if cls in CARD_COMMANDS:
        return asked in cards.legal(state, seat)
    if cls is UseMosqueTile:
        return asked in tiles.legal(state, seat)
    if rule is _action:  # encounters (and end_turn) come from figures.legal, everything else from the place
        if cls in figures.COMMANDS or cls is EndTurn:
            return asked in figures.legal(state, seat)
        return asked in places.legal(state, seat, phase)
    return asked in rule(state, seat)


def timeout_command(state: State, seat: int):
    """The smallest legal completion of the seat's obligations (the service's timeout hook): end the turn when
    possible, keep the dice, take lira for a caught family member, else the first listed command."""
    commands = legal_commands(state, seat)
    for kind in (EndTurn, AcceptRoll):
        for candidate in commands:
            if isinstance(candidate, kind):
                return candidate
    for candidate in commands:
        if isinstance(candidate, CatchFamilyMember) and candidate.reward == "lira":
            return candidate
    return commands[0]
