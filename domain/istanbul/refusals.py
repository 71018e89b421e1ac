"""Why a command is refused, in the game's words: `message(state, command, code)` is the RuleViolation's message
for the code the rules chose (decide.py's diagnosis; the code never changes here). It says which place, how far,
what is missing, from what the refused seat may see (its own view, its own hand), then what the seat may do now:

    move sultans-palace  ->  the Sultan's Palace is 4 steps from your merchant at the Fountain: a move goes 1 or 2
                             steps (within reach: the Post Office, ...); now you may: move or play bonus card

A message is read by the seat that posted the command only, and says nothing its view hides.
"""

from __future__ import annotations

from domain.istanbul import board as geometry
from domain.istanbul import places
from domain.istanbul import violations as v
from domain.istanbul.catalogue import CARDS, GUILD_CARDS
from domain.istanbul.content import content
from domain.istanbul.data import GOODS, MOSQUE_TILES
from domain.istanbul.legal import legal_commands
from domain.istanbul.notation import say
from domain.istanbul.phrases.cards import TIMINGS, quoted, title
from domain.istanbul.phrases.terms import Board, good, goods, lira
from domain.istanbul.view import view
from domain.istanbul.words import TABLES
from domain.words import count, listing

ORIGINS = {"move_companion": "companion", "step_family_member": "family_member"}  # whose place a move starts from
STEPS = {"merchant": "a move goes 1 or 2 steps", "companion": "a companion goes 1 step",
         "family_member": "a family member steps to a neighbouring place"}
PAYMENTS = ("lira", "free", "letter", "sealed", "drawn")  # the payments a `pay` field names besides a good
FIGURES = {"use_governor": "governor", "pay_governor": "governor", "use_smuggler": "smuggler",
           "use_coffee_trader": "coffee_trader", "use_courier": "courier"}


def message(state, command, code: str) -> str:
    """The message of the refusal of `command` with `code`: why, then what the seat may do now."""
    b = Board(view(state, command.seat))
    reason = REASONS.get(code, _plain)(state, command, b, code)
    moves = sorted({say(type(c).TYPE) for c in legal_commands(state, command.seat)})
    return f"{reason}; now you may: {listing(moves, 'nothing', 'or')}"


def _plain(state, command, b: Board, code: str) -> str:
    return f"{say(type(command).TYPE)} cannot be played that way now (the turn awaits {_now(b)})"


def _now(b: Board) -> str:
    phase = b.phase()
    said = TABLES.phases.get(phase.get("name"))
    return said(b, phase) if said else "another step of the turn"


def _wrong_phase(state, command, b, code) -> str:
    module = places.BY_COMMAND.get(type(command))
    where = [p for p in getattr(module, "PLACES", ()) if p in state.layout]
    at = f" (the action of {b.places(where, 'or')})" if where else ""
    return f"{say(type(command).TYPE)}{at} is not possible now: the turn awaits {_now(b)}"


def _unreachable(state, command, b, code) -> str:
    figure = ORIGINS.get(type(command).TYPE, "merchant")
    origin, dest = b.me().get(figure), getattr(command, "place", None)
    if dest not in state.layout:
        return f"there is no place {dest} on this board: the places are numbered {min(state.layout)} to " \
               f"{max(state.layout)}"
    card = getattr(command, "card", None)
    reach = sorted({c.place for c in legal_commands(state, command.seat) if type(c) is type(command)
                    and getattr(c, "card", None) == card})
    how = f"with {named(card)}" if card else STEPS.get(figure, "")
    barrier = places_of(state).get("barrier") or ()
    blocked = f"; the barrier lies between {b.places(barrier)}" if barrier else ""
    within = f" (within reach: {b.places(reach)})" if reach else ""
    if origin not in state.layout:
        return f"{b.place(dest)} is out of your {figure.replace('_', ' ')}'s reach: {how}{blocked}{within}"
    far = geometry.distance(content(state).grid, state.layout, origin, dest)
    return (f"{b.place(dest)} is {count(far, 'step')} from your {figure.replace('_', ' ')} at {b.place(origin)}: "
            f"{how}{blocked}{within}")


def places_of(state) -> dict:
    tavern = state.places.get("tavern")
    return {"barrier": tavern.barrier} if tavern is not None and tavern.barrier else {}


def _lira(state, command, b, code) -> str:
    return f"you have {lira(b.me().get('lira', 0))}, not enough for {say(type(command).TYPE)}"


def _cannot_pay(state, command, b, code) -> str:
    here = b.me().get("merchant")
    payees = b.payees(here, command.seat)
    return (f"the merchants at {b.place(here)} ask {lira(2 * len(payees))} ({listing(payees)}) and you have "
            f"{lira(b.me().get('lira', 0))}: end the turn instead")


def _goods(state, command, b, code) -> str:
    held = {g: n for g, n in (b.me().get("goods") or {}).items() if n}
    pay = getattr(command, "pay", None)
    if pay in GOODS and not held.get(pay):
        return f"you hold no {good(pay)} to pay with"
    if isinstance(pay, str) and pay not in (*GOODS, *PAYMENTS):
        return f"no good is called {pay}: pay with {listing((good(g) for g in GOODS), last='or')}"
    asked = getattr(command, "goods", None) or getattr(command, "any_goods", None)
    offered = f"; you offer {goods(asked)}" if asked else ""
    market = (b.view.get("places") or {}).get({10: "large_market", 11: "small_market"}.get(b.phase().get("place")))
    if market and type(command).TYPE == "sell_goods":
        return (f"the demand tile at {b.place(b.phase()['place'])} takes at most {goods(market['demand_goods'] or {})}, "
                f"of what you hold ({goods(held, 'no goods')}){offered}")
    return f"you hold {goods(held, 'no goods')}: not the goods {say(type(command).TYPE)} asks for{offered}"


def _coffee(state, command, b, code) -> str:
    return f"you have {(b.me().get('goods') or {}).get('coffee', 0)} coffee, not enough for {say(type(command).TYPE)}"


def named(card) -> str:
    """A card the command names: by its effect when it is a card, else as written."""
    if card in CARDS or card in GUILD_CARDS:
        return quoted(card) if card in CARDS else title(card)
    return f"a card called {card}, which does not exist"


def _card(state, command, b, code) -> str:
    hand = b.me().get("bonus_cards") or []
    card = getattr(command, "card", None)
    yours = listing((quoted(c) for c in hand), "no bonus card")
    if card is None:
        return f"this asks for a bonus card from your hand, which holds {yours}"
    return f"{named(card)} is not in your hand, which holds {yours}"


def _timing(state, command, b, code) -> str:
    card = getattr(command, "card", None)
    row = CARDS.get(card)
    if row is None:
        return f"this is not the moment for that: the turn awaits {_now(b)}"
    when = (f"during the action of {b.places((p for p in (row.place, *row.places) if p), 'or')}"
            if row.timing == "at_place" else TIMINGS.get(row.timing, "in your turn"))
    return f"{quoted(card)} is played {when}: now the turn awaits {_now(b)}"


def _figure(state, command, b, code) -> str:
    name = FIGURES.get(type(command).TYPE, "figure")
    where = b.view.get(name)
    here = b.me().get("merchant")
    if code == v.FIGURE_ALREADY_USED:
        return f"you have already met the {name.replace('_', ' ')} this turn"
    return f"the {name.replace('_', ' ')} is at {b.place(where)}, not where you act ({b.place(here)})"


def _mosque(state, command, b, code) -> str:
    tile = getattr(command, "tile", "")
    if tile not in MOSQUE_TILES:
        return f"no mosque tile is called {tile}: they are {listing(MOSQUE_TILES)}"
    if code == v.TILE_ALREADY_OWNED:
        return f"you already own the {tile} mosque tile"
    held = (b.me().get("goods") or {}).get(tile, 0)
    return f"the {tile} mosque tile asks you to hold more {good(tile)} than your {held}, and to pay 1 of them"


def _target(state, command, b, code) -> str:
    return f"{say(type(command).TYPE)} cannot go there or pay that way now (the turn awaits {_now(b)})"


REASONS = {
    v.WRONG_PHASE: _wrong_phase,
    v.PLACE_UNREACHABLE: _unreachable,
    v.CANNOT_PAY_MERCHANTS: _cannot_pay,
    v.NOT_ENOUGH_LIRA: _lira,
    v.NOT_ENOUGH_GOODS: _goods,
    v.INVALID_GOODS: _goods,
    v.NOT_ENOUGH_COFFEE: _coffee,
    v.CARD_NOT_IN_HAND: _card,
    v.CARD_TIMING: _timing,
    v.FIGURE_NOT_HERE: _figure,
    v.FIGURE_ALREADY_USED: _figure,
    v.MOSQUE_REQUIREMENT: _mosque,
    v.TILE_ALREADY_OWNED: _mosque,
    v.INVALID_TARGET: _target,
    v.NO_ASSISTANT: lambda s, c, b, code: f"no assistant is left in your stack to leave at {b.place(b.me().get('merchant'))}",
    v.ASSISTANT_PRESENT: lambda s, c, b, code: (f"your own assistant is at {b.place(b.me().get('merchant'))}: pick it "
                                                "up instead of leaving another"),
    v.NO_ASSISTANT_HERE: lambda s, c, b, code: f"no assistant of yours is at {b.place(b.me().get('merchant'))}",
    v.ACTION_UNAVAILABLE: lambda s, c, b, code: (f"the action of {b.place(b.phase()['place'])} cannot be carried "
                                                 "out that way now" if b.phase().get("place") else _plain(s, c, b, code)),
    v.ACTION_DONE: lambda s, c, b, code: f"you have already carried out the action of {b.place(b.phase().get('place'))}",
    v.NOT_AT_PLACE: lambda s, c, b, code: f"{say(type(c).TYPE)} is another place's action: you act at "
                                          f"{b.place(b.phase().get('place'))}",
    v.MUST_CATCH_FAMILY: lambda s, c, b, code: "another player's family member is here: catch it first",
    v.NO_RUBIES_LEFT: lambda s, c, b, code: "no ruby is left there",
    v.WHEELBARROW_COMPLETE: lambda s, c, b, code: "your wheelbarrow has all its extensions",
    v.DECISION_PENDING: lambda s, c, b, code: f"first answer what is pending: {_now(b)}",
    v.TILE_NOT_OWNED: lambda s, c, b, code: (f"you own no {c.tile} mosque tile" if getattr(c, "tile", None) in
                                             MOSQUE_TILES else _mosque(s, c, b, code)),
    v.TILE_ALREADY_USED: lambda s, c, b, code: "the yellow mosque tile is used once a turn, and you used it",
    v.FAMILY_IN_POLICE: lambda s, c, b, code: "your family member is already at the Police Station",
    v.FAMILY_NOT_IN_POLICE: lambda s, c, b, code: f"your family member is at {b.place(b.me().get('family_member'))}",
    v.NO_BONUS_CARDS: lambda s, c, b, code: "no bonus card is left in the deck or the discard pile",
    v.INVALID_NUMBER: lambda s, c, b, code: "announce a number from 3 to 12",
    v.GUILD_CARD_INCOMPLETE: lambda s, c, b, code: "the guild card's action is not carried out completely yet",
    v.GUILD_CARD_NOT_IN_HAND: lambda s, c, b, code: f"{named(getattr(c, 'card', None))} is not among your guild "
                                                    "cards",
    v.MERCHANT_TURN_BEGUN: lambda s, c, b, code: "a movement card made this a merchant's turn: no guild card now",
    v.NO_GUILD_CARDS: lambda s, c, b, code: "no guild card is left",
    v.TAVERN_TILE_OWNED: lambda s, c, b, code: "you already own a tavern tile of that kind",
    v.NO_TAVERN_TILES: lambda s, c, b, code: "no tavern tile of that kind is left",
    v.INVALID_BARRIER: lambda s, c, b, code: "the barrier lies between two neighbouring places, and acts at one of "
                                             "them (never the Tavern)",
    v.NO_LETTERS: lambda s, c, b, code: "no letter is left in the pile or among the spent ones",
    v.WRONG_SEALS: lambda s, c, b, code: "those letters are not yours or do not show the seals asked (exactly 6 for "
                                         "the Secret Society, 3 or 4 for a bonus turn)",
    v.BONUS_TURN_TAKEN: lambda s, c, b, code: "a bonus turn is taken once a round, and never in a bonus turn",
}
