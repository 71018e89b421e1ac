"""Base bonus cards as data rows (rules 8.1): id, effect kind, copies, timing, parameters.

Code dispatches on `kind` and `timing`, never on the id, so expansion decks are new rows.
Timings: "any" (any time in your own turn, outside a multi-step sub-decision), "outside_action" (before or after a
place action, never during; B01), "at_place" (in the action phase at `place`), "movement" (phase 1, replacing or
adding to the move).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from domain.istanbul import board
from domain.istanbul.commands import PlayBonusCard
from domain.istanbul.data import CATCH_LIRA, GOODS, POLICE_STATION
from domain.istanbul.events import BonusCardDrawn, BonusCardPlayed
from domain.istanbul.state import Action, AssistantStep, FinalCards, Movement
from domain.istanbul.wheelbarrow import capped_gain, gain, hand_remove, one, update


@dataclass(frozen=True)
class BonusCard:
    id: str
    kind: str
    copies: int
    timing: str
    place: int | None = None
    final: bool = False  # may still be played after the last turn (brings lira or goods, rules 10.3)


BASE_CARDS = (
    BonusCard("B01", "gain_good", 4, "outside_action", final=True),
    BonusCard("B02", "gain_lira", 4, "any", final=True),
    BonusCard("B03", "repeat_action", 2, "at_place", place=13),
    BonusCard("B04", "repeat_action", 2, "at_place", place=5),
    BonusCard("B05", "repeat_action", 2, "at_place", place=16),
    BonusCard("B06", "family_to_police", 2, "any"),
    BonusCard("B07", "sell_any_goods", 2, "at_place", place=11),
    BonusCard("B08", "stay", 2, "movement"),
    BonusCard("B09", "move_3_4", 4, "movement"),
    BonusCard("B10", "return_assistant", 2, "movement"),
)
CARDS = {card.id: card for card in BASE_CARDS}
GAIN_LIRA = 5
MOVE_3_4 = (3, 4)


def base_deck() -> tuple[str, ...]:
    """The canonical (sorted) order the deck shuffle permutes."""
    return tuple(card.id for card in BASE_CARDS for _ in range(card.copies))


def card(card_id: str) -> BonusCard:
    return CARDS[card_id]


# --- legal plays and their consequences, one function per effect kind ----------------------------------------
def _free(state) -> bool:
    from domain.istanbul.turn import free_phase

    return free_phase(state)


def _legal_gain_good(state, seat, card_id):

    if _free(state) or isinstance(state.phase, FinalCards):
        return [PlayBonusCard(seat, card_id, good=g) for g in GOODS]
    return []


def _legal_gain_lira(state, seat, card_id):

    if _free(state) or isinstance(state.phase, FinalCards):
        return [PlayBonusCard(seat, card_id)]
    return []


def _legal_repeat_action(state, seat, card_id):

    phase = state.phase
    if (
        isinstance(phase, Action)
        and phase.step is None
        and phase.place == CARDS[card_id].place
        and 1 <= phase.done == phase.allowed
    ):
        return [PlayBonusCard(seat, card_id)]
    return []


def _legal_family_to_police(state, seat, card_id):


    if not _free(state) or state.players[seat].family == POLICE_STATION:
        return []
    phase = state.phase
    if isinstance(phase, Action) and phase.by_family and phase.done < phase.allowed:
        return []  # the family member was just sent and is about to act: not "before" its own action
    out = [PlayBonusCard(seat, card_id, reward="lira")]
    if state.deck:
        out.append(PlayBonusCard(seat, card_id, reward="card"))
    return out


def _legal_sell_any_goods(state, seat, card_id):

    phase = state.phase
    if (
        isinstance(phase, Action)
        and phase.step is None
        and phase.place == CARDS[card_id].place
        and phase.done < phase.allowed
        and not phase.any_goods
    ):
        return [PlayBonusCard(seat, card_id)]
    return []


def _legal_return_assistant(state, seat, card_id):

    phase = state.phase
    if not isinstance(phase, (Movement, AssistantStep)):
        return []
    here = state.players[seat].merchant
    places = board.own_assistant_places(state, seat)
    if isinstance(phase, AssistantStep):
        places = tuple(p for p in places if p != here)
    return [PlayBonusCard(seat, card_id, place=p) for p in places]


LEGAL_BY_KIND = {
    "gain_good": _legal_gain_good,
    "gain_lira": _legal_gain_lira,
    "repeat_action": _legal_repeat_action,
    "family_to_police": _legal_family_to_police,
    "sell_any_goods": _legal_sell_any_goods,
    "return_assistant": _legal_return_assistant,
    # "stay" and "move_3_4" are played with the move command (turn.py)
}


def legal(state, seat: int) -> list:

    out = []
    final = isinstance(state.phase, FinalCards)
    for card_id in sorted(set(state.players[seat].hand)):
        row = CARDS[card_id]
        if final and not row.final:
            continue
        rule = LEGAL_BY_KIND.get(row.kind)
        if rule is not None:
            out += rule(state, seat, card_id)
    return out


def decide(state, command) -> list:
    row = CARDS[command.card]
    seat = command.seat
    if row.kind == "gain_good":
        gained = capped_gain(state.players[seat], one(command.good))[GOODS.index(command.good)]
        return [BonusCardPlayed(seat, command.card, row.kind, good=command.good, gained=gained)]
    if row.kind == "gain_lira":
        return [BonusCardPlayed(seat, command.card, row.kind, lira=GAIN_LIRA)]
    if row.kind == "family_to_police":
        lira = CATCH_LIRA if command.reward == "lira" else 0
        events = [BonusCardPlayed(seat, command.card, row.kind, lira=lira, reward=command.reward)]
        if command.reward == "card":
            events.append(BonusCardDrawn(seat, state.deck[0], "deck"))
        return events
    if row.kind == "return_assistant":
        return [BonusCardPlayed(seat, command.card, row.kind, place=command.place)]
    return [BonusCardPlayed(seat, command.card, row.kind)]


# --- evolve: the played card goes face up onto the discard pile, then its effect by kind --------------------------
def apply_bonus_card_played(state, e):
    state = update(state, e.seat, hand=hand_remove(state.players[e.seat].hand, e.card))
    state = replace(state, discard=state.discard + (e.card,))
    kind = e.kind
    if kind == "gain_good":
        return gain(state, e.seat, one(e.good, e.gained))
    if kind == "gain_lira":
        return gain(state, e.seat, lira=e.lira)
    if kind == "family_to_police":
        return gain(update(state, e.seat, family=POLICE_STATION), e.seat, lira=e.lira)
    if kind == "repeat_action":
        return replace(state, phase=replace(state.phase, allowed=state.phase.allowed + 1))
    if kind == "sell_any_goods":
        return replace(state, phase=replace(state.phase, any_goods=True))
    if kind == "return_assistant":
        state = replace(state, assistants=board.remove_assistant(state.assistants, e.place, e.seat))
        return update(state, e.seat, stack=state.players[e.seat].stack + (e.seat,))
    return state


APPLY = {BonusCardPlayed: apply_bonus_card_played}
