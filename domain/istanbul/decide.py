"""decide(state, command) -> events, or a RuleViolation with a stable code.

A command is accepted exactly when it is among legal_commands (so the two never disagree); a refused command is
diagnosed for the most specific code. After the handler, reaching the ruby target triggers the end of the game.
"""

from __future__ import annotations

from domain.core import AwaitingChance, ChanceDrawn, GameOver, NotYourTurn, check_outcome
from domain.istanbul import board, cards, figures, places, tiles, turn
from domain.istanbul import commands as cmd
from domain.istanbul import violations as v
from domain.istanbul.chance import chance, decide_chance
from domain.istanbul.data import FOUNTAIN, POLICE_STATION
from domain.istanbul.events import GameEndTriggered
from domain.istanbul.evolve import evolve
from domain.istanbul.legal import legal_commands
from domain.istanbul.places import fountain
from domain.istanbul.places.dice import decide_accept
from domain.istanbul.state import (
    Action,
    AssistantStep,
    Encounters,
    Movement,
    Over,
    Payment,
    SingleGood,
    State,
)

HANDLERS = {
    cmd.Move: turn.decide_move,
    cmd.LeaveAssistant: turn.decide_leave_assistant,
    cmd.PickUpAssistant: turn.decide_pick_up_assistant,
    cmd.PayMerchants: turn.decide_pay_merchants,
    cmd.EndTurn: turn.decide_end_turn,
    cmd.AcceptRoll: decide_accept,
    cmd.CatchFamilyMember: figures.decide_catch,
    cmd.UseGovernor: figures.decide_use_governor,
    cmd.PayGovernor: figures.decide_pay_governor,
    cmd.UseSmuggler: figures.decide_use_smuggler,
    cmd.PlayBonusCard: cards.decide,
    cmd.UseMosqueTile: tiles.decide,
}
for _cls, _module in places.BY_COMMAND.items():
    HANDLERS.setdefault(_cls, _module.decide)


def decide(state: State, command) -> list:
    if isinstance(command, ChanceDrawn):
        check_outcome(chance(state), command)  # a hand-built log may not inject a die of 7 or a short shuffle
        return decide_chance(state, command)
    if isinstance(state.phase, Over):
        raise GameOver()
    if chance(state) is not None:
        raise AwaitingChance()
    if command.seat != state.current:
        raise NotYourTurn()
    if command not in legal_commands(state, command.seat):
        raise diagnose(state, command)
    events = HANDLERS[type(command)](state, command)
    return events + _end_trigger(state, events)


def _end_trigger(state: State, events: list) -> list:
    if state.ending:
        return []
    after = state
    for event in events:
        after = evolve(after, event)
    seat = state.current
    rubies = after.players[seat].rubies
    if rubies >= state.target and not after.ending:
        return [GameEndTriggered(seat, rubies)]
    return []


# --- diagnosis of refused commands -------------------------------------------------------------------------------
def diagnose(state: State, command):
    code = _diagnose(state, command)
    return v.violation(code)


def _diagnose(state: State, c) -> str:
    phase = state.phase
    player = state.players[c.seat]
    step = getattr(phase, "step", None)
    if isinstance(c, cmd.TakeBlackMarketGood) and step is not None:
        return v.INVALID_TARGET if isinstance(step, SingleGood) else v.DECISION_PENDING
    if step is not None and not isinstance(c, (cmd.AcceptRoll, cmd.UseMosqueTile, cmd.DrawBonusCard,
                                               cmd.DiscardBonusCard, cmd.PayGovernor, cmd.PlayBonusCard)):
        return v.DECISION_PENDING
    if isinstance(c, cmd.Move):
        if not isinstance(phase, Movement):
            return v.WRONG_PHASE
        if c.card is not None:
            if c.card not in player.hand:
                return v.CARD_NOT_IN_HAND
            return v.CARD_TIMING if cards.CARDS[c.card].timing != "movement" else v.PLACE_UNREACHABLE
        return v.PLACE_UNREACHABLE
    if isinstance(c, (cmd.LeaveAssistant, cmd.PickUpAssistant)):
        if isinstance(c, cmd.LeaveAssistant) and fountain.before_action(state, c.seat):
            return v.ASSISTANT_PRESENT if board.has_assistant(state, FOUNTAIN, c.seat) else v.NO_ASSISTANT
        if not isinstance(phase, AssistantStep):
            return v.WRONG_PHASE
        if isinstance(c, cmd.LeaveAssistant):
            return v.ASSISTANT_PRESENT if board.has_assistant(state, player.merchant, c.seat) else v.NO_ASSISTANT
        return v.NO_ASSISTANT_HERE
    if isinstance(c, cmd.PayMerchants):
        return v.CANNOT_PAY_MERCHANTS if isinstance(phase, Payment) else v.WRONG_PHASE
    if isinstance(c, cmd.EndTurn):
        if isinstance(phase, (Action, Encounters)) and figures.to_catch(state, c.seat):
            return v.MUST_CATCH_FAMILY
        return v.WRONG_PHASE
    if isinstance(c, cmd.PlayBonusCard):
        return cards.diagnose(state, c)
    if isinstance(c, cmd.UseMosqueTile):
        return tiles.diagnose(state, c)
    if isinstance(c, (cmd.CatchFamilyMember, cmd.UseGovernor, cmd.UseSmuggler, cmd.PayGovernor)):
        if not isinstance(phase, (Action, Encounters)):
            return v.WRONG_PHASE
        if isinstance(c, cmd.UseGovernor):
            if state.governor != player.merchant:
                return v.FIGURE_NOT_HERE
            return v.FIGURE_ALREADY_USED if "governor" in figures.used(state) else v.NO_BONUS_CARDS
        if isinstance(c, cmd.UseSmuggler):
            if state.smuggler != player.merchant:
                return v.FIGURE_NOT_HERE
            if "smuggler" in figures.used(state):
                return v.FIGURE_ALREADY_USED
            return v.NOT_ENOUGH_LIRA if c.pay == "lira" else v.NOT_ENOUGH_GOODS
        if isinstance(c, cmd.CatchFamilyMember):
            return v.INVALID_TARGET
        return v.NOT_ENOUGH_LIRA if c.card is None else v.CARD_NOT_IN_HAND
    module = places.BY_COMMAND.get(type(c))
    if module is not None or isinstance(c, cmd.AcceptRoll):
        return _diagnose_place(state, c, module)
    return v.ILLEGAL_COMMAND


def _diagnose_place(state: State, c, module) -> str:
    phase = state.phase
    if not isinstance(phase, Action):
        return v.WRONG_PHASE
    if module is not None and phase.place not in module.PLACES:
        return v.NOT_AT_PLACE
    if phase.done >= phase.allowed:
        return v.ACTION_DONE
    player = state.players[c.seat]
    if isinstance(c, cmd.BuyExtension):
        return v.WHEELBARROW_COMPLETE if player.extensions >= 3 else v.NOT_ENOUGH_LIRA
    if isinstance(c, cmd.BuyRuby):
        return v.NO_RUBIES_LEFT if state.stock.gem_rubies <= 0 else v.NOT_ENOUGH_LIRA
    if isinstance(c, cmd.TakeMosqueTile):
        if c.tile in player.tiles:
            return v.TILE_ALREADY_OWNED
        return v.MOSQUE_REQUIREMENT
    if isinstance(c, cmd.SellGoods):
        return v.INVALID_GOODS
    if isinstance(c, cmd.DeliverToSultan):
        return v.NO_RUBIES_LEFT if state.stock.sultan_rubies <= 0 else v.NOT_ENOUGH_GOODS
    if isinstance(c, cmd.VisitTeaHouse):
        return v.INVALID_NUMBER
    if isinstance(c, cmd.SendFamilyMember):
        if phase.by_family or player.family != POLICE_STATION:
            return v.FAMILY_NOT_IN_POLICE
        return v.INVALID_TARGET
    if isinstance(c, (cmd.VisitBlackMarket, cmd.ReturnAssistants, cmd.DrawBonusCard, cmd.DiscardBonusCard)):
        return v.INVALID_TARGET if not isinstance(c, cmd.DrawBonusCard) else v.NO_BONUS_CARDS
    return v.ACTION_UNAVAILABLE
