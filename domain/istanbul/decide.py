"""decide(state, command) -> events, or a RuleViolation with a stable code.

A command is accepted exactly when it is among legal_commands (so the two never disagree); a refused command is
diagnosed by the module that owns it (turn, figures, cards, tiles, the dice, each place), after the checks common
to all. After the handler, reaching the ruby target triggers the end of the game.
"""

from __future__ import annotations

from domain.core import AwaitingChance, ChanceDrawn, GameOver, NotYourTurn, check_outcome
from domain.istanbul import cards, figures, places, refusals, tiles, turn
from domain.istanbul import violations as v
from domain.istanbul.chance import chance, decide_chance
from domain.istanbul.commands import AcceptRoll, EndTurn
from domain.istanbul.events import GameEndTriggered
from domain.istanbul.evolve import evolve
from domain.istanbul.legal import listed
from domain.istanbul.letters_seals import bonus_turn, card_plays, companion, letters
from domain.istanbul.mocha_baksheesh import guild_cards, swap
from domain.istanbul.mocha_baksheesh.commands import TurnDieToSix
from domain.istanbul.places import dice
from domain.istanbul.scoring import target
from domain.istanbul.state import FinalCards, Over, Setup, State

# every module owning commands: its COMMANDS, decide(state, command), diagnose(state, command), STEP_COMMANDS
RULES = (turn, dice, figures, cards, tiles, guild_cards, swap, bonus_turn, companion, card_plays)
HANDLERS = {cls: module.decide for module in (*RULES, *places.MODULES) for cls in module.COMMANDS}
HANDLERS.update(turn.DECIDE)  # the turn's commands are the commonest: straight to their functions
DIAGNOSE = {cls: module.diagnose for module in RULES for cls in module.COMMANDS}
DIAGNOSE.update({cls: places.diagnose for cls in places.BY_COMMAND})
STEP_COMMANDS = frozenset(cls for module in (*RULES, *places.MODULES) for cls in getattr(module, "STEP_COMMANDS", ()))


def decide(state: State, command) -> list:
    if isinstance(command, ChanceDrawn):
        check_outcome(chance(state), command)  # a hand-built log may not inject a die of 7 or a short shuffle
        events = decide_chance(state, command)
        return events if state.letters is None else _delivered(state, [command, *events])[1:]
    if isinstance(state.phase, Over):
        raise GameOver()
    if chance(state) is not None:
        raise AwaitingChance()
    if command.seat not in state.phase.awaited(state):  # to_act, the chance step ruled out above
        raise NotYourTurn()
    if not listed(state, command):
        code = diagnose(state, command)
        raise v.violation(code, refusals.message(state, command, code))
    events = HANDLERS[type(command)](state, command)
    if not (state.ending or places.RUBY_EVENTS.isdisjoint(map(type, events))):
        events += _end_trigger(state, command.seat, events)
    return events if state.letters is None else _delivered(state, events)


def _delivered(state: State, events: list) -> list:
    """Letters & Seals: after every command and chance step, the current seat's letters for a place where one of
    its figures stands are delivered (ruling R-33), at the start of its turn too (after turn_ended)."""
    after = state
    for event in events:
        after = evolve(after, event)
    if isinstance(after.phase, (Over, Setup, FinalCards)) or chance(after) is not None:
        return events
    return events + letters.deliveries(after)


def _end_trigger(state: State, seat: int, events: list) -> list:
    """The end of the game is triggered when the seat's rubies reach the target (after an event that may bring
    one: places' RUBY_EVENTS)."""
    after = state
    for event in events:
        after = evolve(after, event)
    rubies = after.players[seat].rubies
    if rubies >= target(state) and not after.ending:
        return [GameEndTriggered(seat, rubies)]
    return []


def diagnose(state: State, command) -> str:
    """The most specific code for a refused command: a sub-decision it does not answer is pending, a guild card
    is not yet carried out, else its owner says why."""
    cls = type(command)
    if state.card_step is not None and cls not in CARD_STEP_COMMANDS:
        return v.DECISION_PENDING
    if getattr(state.phase, "step", None) is not None and cls not in STEP_COMMANDS:
        return v.DECISION_PENDING
    if state.guild is not None and (cls is EndTurn or cls in figures.COMMANDS):
        return v.GUILD_CARD_INCOMPLETE  # no encounters in a guild card's turn, no end before finish_guild_card
    owner = DIAGNOSE.get(cls)
    return owner(state, command) if owner is not None else v.ILLEGAL_COMMAND


CARD_STEP_COMMANDS = frozenset(swap.COMMANDS + (AcceptRoll, TurnDieToSix))
