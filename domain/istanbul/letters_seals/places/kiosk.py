"""Kiosk 22 (Letters & Seals, 6.19, 7.7, rulings R-38, R-39): take 1 letter, face up; reveal 1 kiosk tile more
than there are players (the stack's discard pile reshuffled when the stack runs out); then, the active seat first
and clockwise, each seat in the game chooses one face-up tile, may carry out its action, and turns it over; the
active seat may then also carry out the last tile left. Every tile of the visit then goes to the discard pile.

The choosing is a phase of its own (`KioskChoice`): `to_act` names exactly the seat whose choice is awaited and
its legal moves are its choices, turning a tile over unused first (the timeout's choice). A passive seat's tile
takes effect at once (R-38: its ruby, its merchant stack on the fountain, its companion), but its letters are
delivered only in its own turn (R-33). While the active seat chooses (first and last) it is in its own turn
("Während eures Zuges dürft ihr beliebig viele Bonuskarten und die Fähigkeiten eurer Moschee-Plättchen
einsetzen"): the bonus cards whose timing allows a moment in the middle of a place action (not B01, nor the
cards bound to a place or to the movement) and the yellow mosque tile are listed beside its choices, and L09. While
a passive seat chooses, nobody plays a card or uses a tile: it is not the passive seat's turn, and the active
seat is not awaited (`istanbul.card_timing` for the chooser, `not_your_turn` for the others).

The tiles lie here: the face-down stack (secret), the face-up discard pile, and the tiles of the running visit
(`shown`, still to choose; `turned`, chosen). A visit cut short (its seat forfeited) leaves its tiles to be
discarded at the next visit.
"""

from __future__ import annotations

from domain.core import apply_permutation
from domain.istanbul import violations as v
from domain.istanbul.commands import once
from domain.istanbul.content import content
from domain.istanbul.data import COFFEE, FOUNTAIN, GOODS, MAX_EXTENSIONS
from domain.istanbul.events import BonusCardDrawn, DiceRolled
from domain.istanbul.frozen import record, replace
from domain.istanbul.goods import NONE, Goods
from domain.istanbul.letters_seals import letters
from domain.istanbul.letters_seals.commands import ChooseKioskTile, VisitKiosk
from domain.istanbul.letters_seals.data import KIOSK, KIOSK_EXTRA_TILES, KIOSK_LETTERS, KIOSK_TILES, PERSONAL_SUPPLY
from domain.istanbul.letters_seals.events import (
    KioskDieRolled,
    KioskTileChosen,
    KioskTilesRevealed,
    KioskTilesShuffled,
    KioskVisited,
)
from domain.istanbul.letters_seals.places.auction_house import others_in_turn_order
from domain.istanbul.places import dice, wainwright
from domain.istanbul.schema import array, integer, nullable, obj, string
from domain.istanbul.state import Action, CardRoll, acted_phase, players_with, with_place
from domain.istanbul.wheelbarrow import capped_gain, hand_remove

PLACES = (KIOSK,)
COMMANDS = (VisitKiosk, ChooseKioskTile)
PHASE_COMMANDS = (ChooseKioskTile,)
KEY = "kiosk"
TILES = {tile.id: tile for tile in KIOSK_TILES}
SETUP_CHANCE = (("shuffle", "kiosk_tiles", len(KIOSK_TILES), False),)
RESHUFFLE = "kiosk_reshuffle"
RESHUFFLE_STEP = ("reshuffle", RESHUFFLE, KEY, False)  # its size is the discard pile's when it is drawn
DIE = dice.KIOSK_DIE  # K16: the choosing seat's own die (a chance step with the seat as its argument)
CHANCE_LABELS = (RESHUFFLE, DIE)
RUBY_EVENTS = (KioskTileChosen,)  # K17/K18: a third extension brings the wainwright's ruby
EXTENSION_LIRA = 10  # K17
EXTENSION_GOODS = Goods({good: 1 for good in GOODS})  # K18: one of each


@record
class KioskTiles:
    stack: tuple[str, ...] = ()  # face down, top first (secret)
    discard: tuple[str, ...] = ()  # face up, top last
    shown: tuple[str, ...] = ()  # this visit's face-up tiles still to choose, in the order turned up
    turned: tuple[str, ...] = ()  # this visit's tiles chosen and turned over
    owed: int = 0  # tiles still to turn up once the discard pile is reshuffled


@record
class KioskChoice:
    """Phase: the seats choose kiosk tiles. `choosers`: the seats still to choose, in order, the active seat
    first and last; `left`: the active seat's merchant stack went to the fountain (K19), so no encounters
    follow; `action`: the active seat's action phase, resumed when every tile is chosen."""

    active: int
    choosers: tuple[int, ...]
    left: bool = False
    action: Action | None = None

    def awaited(self, state) -> tuple[int, ...]:
        if state.card_step is not None:  # the active seat's own decision (its K16 die awaiting M06, a card's step)
            return (self.active,)
        return tuple(s for s in self.choosers if s not in state.out)[:1]

    def own_turn_moment(self, state) -> bool:
        """The active seat chooses: a moment of its own turn (timing.own_turn), in the middle of the action."""
        return self.awaited(state) == (self.active,)


def initial(seats: int) -> KioskTiles:
    return KioskTiles()


def tiles(state) -> KioskTiles:
    return state.places[KEY]


TILE = string("a kiosk tile id, K01-K24 (rules 7.7)", tuple(TILES))


def view(state, revealed: bool) -> dict:
    here = tiles(state)
    out = {"stack_size": len(here.stack), "discard_size": len(here.discard),
           "discard_top": here.discard[-1] if here.discard else None,
           "shown": list(here.shown), "turned": list(here.turned)}
    if revealed:
        out["stack"] = list(here.stack)
        out["discard"] = list(here.discard)
    return {"kiosk": out}


VIEW_SCHEMA = {"kiosk": obj("Kiosk 22 (Letters & Seals): the kiosk tiles' face-down stack, face-up discard pile "
                            "and the tiles of the visit under way", {
    "stack_size": integer("tiles in the face-down stack", minimum=0),
    "discard_size": integer("tiles on the face-up discard pile", minimum=0),
    "discard_top": nullable({**TILE, "description": "the discard pile's top tile (null: empty)"}),
    "shown": array("the visit's face-up tiles still to choose", TILE),
    "turned": array("the visit's tiles already chosen (turned over)", TILE),
    "stack": array("the stack, top first: only once the game is over", TILE),
    "discard": array("the discard pile, bottom first: only once the game is over", TILE),
}, optional=("stack", "discard"))}


# --- set-up and chance ---------------------------------------------------------------------------------------------
def decide_setup(state, label: str, outcome: tuple[int, ...]) -> list | None:
    if label != SETUP_CHANCE[0][1]:
        return None
    stack = apply_permutation(tuple(TILES), outcome)
    return [KioskTilesShuffled(len(stack), stack, False)]


def decide_chance(state, label: str, outcome: tuple[int, ...]) -> list:
    if label == DIE:
        seat = state.pending[0][2]
        if seat == state.current and dice.choice_open(state, seat, CardRoll(DIE, outcome)):
            # the active seat's own roll, which M06 may turn to 6: the die waits for its choice
            return [DiceRolled(seat, DIE, outcome)]
        return [KioskDieRolled(seat, outcome[0])]
    stack = apply_permutation(sorted(tiles(state).discard), outcome)
    return [KioskTilesShuffled(len(stack), stack, True), KioskTilesRevealed(stack[:tiles(state).owed])]


# --- legal commands --------------------------------------------------------------------------------------------
def legal(state, seat, action):
    return [once(VisitKiosk, seat)]


def _goods(state) -> tuple[str, ...]:
    """The goods a tile's "good" may be: coffee too where it is in play (the Great Bazaar)."""
    return GOODS + (COFFEE,) if COFFEE in content(state).goods else GOODS


def _letters_left(state) -> bool:
    supply = state.letters
    return bool(supply.pile or supply.discard)


def _branch_uses(state, seat: int, tile: str, option, branch) -> list:
    """Every complete use of a branch (a "gain" row): each way to pay it, each good to take."""
    player = state.players[seat]
    if branch.gain.count(COFFEE) and COFFEE not in content(state).goods:
        return []  # K13/K14's coffee: the Great Bazaar only
    if player.lira < branch.pay_lira or (branch.cards and not state.deck) or (
            branch.letters and not _letters_left(state)):
        return []
    goods = [None]
    if branch.pay_good:
        goods = [g for g in _goods(state) if player.goods.count(g)]
    elif branch.good:
        goods = list(_goods(state))
    paid_letters = [None]
    if branch.pay_letters:
        paid_letters = sorted(set(player.letters)) + ([0] if player.sealed else [])
    cards = sorted(set(player.hand)) if branch.pay_cards else [None]
    return [once(ChooseKioskTile, seat, tile, True, option, g, letter, card)
            for g in goods for letter in paid_letters for card in cards]


def _uses(state, seat: int, tile: str) -> list:
    row = TILES[tile]
    player = state.players[seat]
    kind = row.kind
    if kind == "gain":
        return _branch_uses(state, seat, tile, None, row)
    if kind == "choose":
        return [use for i, branch in enumerate(row.options) for use in _branch_uses(state, seat, tile, i, branch)]
    if kind == "extension":
        pays = player.lira >= row.pay_lira and player.goods.covers(row.pay)
        if pays and player.extensions < MAX_EXTENSIONS and state.places[wainwright.KEY].extensions:
            return [once(ChooseKioskTile, seat, tile, True)]
        return []
    if kind == "companion":
        return [once(ChooseKioskTile, seat, tile, True)] if player.companion != PERSONAL_SUPPLY else []
    if kind == "to_fountain":
        return [once(ChooseKioskTile, seat, tile, True)] if player.merchant != FOUNTAIN else []
    return [once(ChooseKioskTile, seat, tile, True)]  # roll_lira


def legal_choice(state, seat) -> list:
    """Turning a tile over unused first (the timeout's choice), then every use of every face-up tile."""
    shown = tiles(state).shown
    return [once(ChooseKioskTile, seat, t, False) for t in shown] + [u for t in shown for u in _uses(state, seat, t)]


LEGAL_BY_PHASE = {KioskChoice: legal_choice}


def diagnose(state, command) -> str:
    if isinstance(command, VisitKiosk):
        return v.ILLEGAL_COMMAND
    if not isinstance(state.phase, KioskChoice):
        return v.WRONG_PHASE
    if command.tile not in tiles(state).shown:
        return v.INVALID_TARGET
    row = TILES[command.tile]
    player = state.players[command.seat]
    if row.kind == "extension" and player.extensions >= MAX_EXTENSIONS:
        return v.WHEELBARROW_COMPLETE
    branch = row.options[command.option] if row.kind == "choose" and command.option in (0, 1) else row
    if player.lira < branch.pay_lira:
        return v.NOT_ENOUGH_LIRA
    if not player.goods.covers(branch.pay) or (branch.pay_good and command.good not in player.goods):
        return v.NOT_ENOUGH_GOODS
    if branch.pay_cards and command.card not in player.hand:
        return v.CARD_NOT_IN_HAND
    return v.ACTION_UNAVAILABLE


# --- decisions -------------------------------------------------------------------------------------------------
def decide(state, command):
    seat = command.seat
    if isinstance(command, VisitKiosk):
        return _visit(state, seat)
    if not command.use:
        return [KioskTileChosen(seat, command.tile, False)]
    return _use(state, command)


def _visit(state, seat: int) -> list:
    here = tiles(state)
    wanted = len(others_in_turn_order(state, seat)) + 1 + KIOSK_EXTRA_TILES
    stack = here.stack[:wanted]
    return [KioskVisited(seat, stack, wanted - len(stack))] + letters.draw(state, seat, KIOSK_LETTERS)


def _use(state, command) -> list:
    seat = command.seat
    player = state.players[seat]
    row = TILES[command.tile]
    branch = row.options[command.option] if row.kind == "choose" else row
    take = Goods(branch.gain)
    paid = Goods(branch.pay)
    if branch.good:
        take = take.plus({command.good: branch.good})
    if branch.pay_good:
        paid = paid.plus({command.good: branch.pay_good})
    letter = command.letter
    fields = {
        "gained": capped_gain(player, take) if take else NONE,
        "paid": paid,
        "lira": branch.lira - branch.pay_lira,
        "card": command.card,
        "letters": (letter,) if letter else (),
        "sealed": letters.backs(player, 1) if letter == 0 else (),
    }
    if row.kind == "extension":
        fields.update(extension=True, ruby=player.extensions + 1 == MAX_EXTENSIONS
                      and state.places[wainwright.KEY].rubies > 0)
    fields["companion"] = row.kind == "companion"
    fields["fountain"] = row.kind == "to_fountain"
    fields["roll"] = row.kind == "roll_lira"
    events = [KioskTileChosen(seat, command.tile, True, command.option, **fields)]
    if branch.cards:
        events.append(BonusCardDrawn(seat, state.deck[0], "deck"))
    if branch.letters:
        events += letters.draw(state, seat, branch.letters)
    return events


# --- evolve ------------------------------------------------------------------------------------------------------
def apply_kiosk_tiles_shuffled(state, e):
    here = tiles(state)
    return with_place(state, KEY, replace(here, stack=e.tiles, discard=() if e.reshuffle else here.discard))


def _reveal(state, shown: tuple[str, ...], owed: int):
    here = tiles(state)
    return with_place(state, KEY, replace(here, stack=here.stack[len(shown):], shown=here.shown + shown, owed=owed))


def apply_kiosk_visited(state, e):
    here = tiles(state)
    # a visit cut short by a forfeit left its tiles: they go to the discard pile now
    state = with_place(state, KEY, replace(here, discard=here.discard + here.turned + here.shown, shown=(),
                                           turned=()))
    state = _reveal(state, e.tiles, e.owed)
    if e.owed:
        state = replace(state, pending=(RESHUFFLE_STEP,) + state.pending)
    others = others_in_turn_order(state, e.seat)
    return replace(state, phase=KioskChoice(e.seat, (e.seat, *others, e.seat), False, state.phase))


def apply_kiosk_tiles_revealed(state, e):
    return _reveal(state, e.tiles, 0)


def _effects(state, e):
    p = state.players[e.seat]
    changes = {"lira": p.lira + e.lira}
    if e.gained or e.paid:
        changes["goods"] = p.goods.plus(e.gained).minus(e.paid)
    if e.card is not None:
        changes["hand"] = hand_remove(p.hand, e.card)
        state = replace(state, discard=state.discard + (e.card,))
    if e.extension:
        changes.update(extensions=p.extensions + 1, rubies=p.rubies + e.ruby)
        shop = state.places[wainwright.KEY]
        state = with_place(state, wainwright.KEY, replace(shop, extensions=shop.extensions - 1,
                                                          rubies=shop.rubies - e.ruby))
    if e.companion:
        changes["companion"] = PERSONAL_SUPPLY
    if e.fountain:
        changes["merchant"] = FOUNTAIN  # the stack moves; no assistant is collected there
    if e.letters or e.sealed:
        state = letters.spent(state, e.seat, e.letters, e.sealed, **changes)
    else:
        state = replace(state, players=players_with(state, e.seat, **changes))
    if e.roll:
        state = replace(state, pending=(("die", DIE, e.seat, False),) + state.pending)
    return state


def apply_kiosk_tile_chosen(state, e):
    if e.used:
        state = _effects(state, e)
    phase = state.phase
    here = tiles(state)
    shown = tuple(t for t in here.shown if t != e.tile)
    turned = here.turned + (e.tile,)
    rest = tuple(s for s in phase.choosers if s not in state.out)[1:]  # the head chose (forfeited seats skipped)
    left = phase.left or (e.fountain and e.seat == phase.active and not state.companion_turn)  # the acting stack
    if rest:
        state = with_place(state, KEY, replace(here, shown=shown, turned=turned))
        return replace(state, phase=replace(phase, choosers=rest, left=left))
    state = with_place(state, KEY, replace(here, shown=(), turned=(), discard=here.discard + turned + shown))
    return replace(state, phase=acted_phase(phase.action, figure_left=left))


def apply_kiosk_die_rolled(state, e):
    return replace(state, players=players_with(state, e.seat, lira=state.players[e.seat].lira + e.die))


APPLY = {KioskTilesShuffled: apply_kiosk_tiles_shuffled, KioskVisited: apply_kiosk_visited,
         KioskTilesRevealed: apply_kiosk_tiles_revealed, KioskTileChosen: apply_kiosk_tile_chosen,
         KioskDieRolled: apply_kiosk_die_rolled}
