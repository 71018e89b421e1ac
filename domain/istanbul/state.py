"""The state: small frozen dataclasses and tuples; phases are types (a field meaningless in a phase is absent).

Everything is here, secrets included (hands, deck order, demand stacks); `view` decides what a seat sees. What
lies on a place belongs to its module (places/): `places` maps each module's key to its own frozen slice, so an
expansion's place adds a slice without touching this file. Each phase names the seats whose decision it awaits.
"""

from __future__ import annotations

from domain.istanbul.frozen import FrozenDict, record, replace
from domain.istanbul.goods import NONE, freeze
from domain.istanbul.letters_seals.data import GENERAL_SUPPLY
from domain.istanbul.mocha_baksheesh.data import NO_RULES, GuildExtra, GuildRules
from domain.istanbul.options import Options

NEUTRAL = -1  # owner of a neutral assistant (variant "neutral assistants")


@record
class Player:
    lira: int
    merchant: int  # the merchant's place
    family: int  # the family member's place
    goods: dict[str, int] = NONE  # good -> count (goods.Goods)
    extensions: int = 0
    rubies: int = 0
    stack: tuple[int, ...] = ()  # owners of the assistants under the merchant, bottom first
    spare: int = 1  # own assistants in the player's supply (the 5th, taken with the blue mosque tile)
    tiles: tuple[str, ...] = ()  # mosque tile colours owned, in the order taken
    hand: tuple[str, ...] = ()  # bonus card ids, sorted (secret)
    guild_hand: tuple[str, ...] = ()  # Mocha & Baksheesh: guild card ids, sorted (secret)
    tavern_tiles: tuple[str, ...] = ()  # Mocha & Baksheesh: tavern tile ids owned, in the order taken
    letters: tuple[int, ...] = ()  # Letters & Seals: face-up letters (1 seal), their place numbers, sorted
    sealed: tuple[int, ...] = ()  # Letters & Seals: delivered letters (2 seals each), sorted; the view shows
    # only their number (the back hides the place), the state keeps each letter's place so letters are conserved
    companion: int = GENERAL_SUPPLY  # Letters & Seals: the companion's place, or the general / personal supply

    def __post_init__(self):
        freeze(self, "goods")

    @property
    def seals(self) -> int:
        """The seals the letters show (7.8): 1 per face-up letter, 2 per delivered one."""
        return len(self.letters) + 2 * len(self.sealed)

    @property
    def capacity(self) -> int:
        return 2 + self.extensions


# --- phases: each names the seats whose decision it awaits (to_act) -------------------------------------------------
# A field an expansion adds to a phase the base game has is listed in the class's VIEW_OPTIONAL: the view shows it
# only when it differs from its default, so the base game's views keep their exact shape.
class _CurrentSeat:
    def awaited(self, state) -> tuple[int, ...]:
        return (state.current,)


@record
class Setup:
    """Chance steps of the set-up are pending."""

    def awaited(self, state) -> tuple[int, ...]:
        return ()


@record
class Movement(_CurrentSeat):
    """Phase 1: the merchant must move (or a card replaces the move), or a guild card replaces the turn."""

    VIEW_OPTIONAL = ("committed",)
    committed: bool = False  # a movement card (B10) was played: a merchant turn, so no guild card any more


@record
class AssistantStep(_CurrentSeat):
    """Phase 1, at the destination: pick up or leave an assistant, or end the turn."""


@record
class Payment(_CurrentSeat):
    """Phase 2: pay 2 lira to every other merchant here (all or nothing), or end the turn."""


@record
class Caravan:
    """Caravansary sub-step: `drawn` cards taken so far (2 then discard 1)."""

    drawn: int = 0
    reward_due: bool = False  # B06 played meanwhile: the card it draws next is not a caravansary draw


@record
class Dice:
    """Black market / tea house roll. `dice` is () while the roll is pending."""

    kind: str  # "black_market" | "tea_house"
    number: int = 0  # tea house: the announced number
    dice: tuple[int, ...] = ()
    red_used: bool = False
    good_pending: bool = False  # black market rolled first: the single good is taken after the roll


@record
class SingleGood:
    """Black market rolled first: the roll (sum `total`) is resolved, the red/green/yellow good is still due."""

    total: int


@record
class GuildDrawing:
    """Guild Hall sub-step: `owed` guild cards still to draw (after a reshuffle), then the discard if `discard`."""

    owed: int
    discard: bool


@record
class Action(_CurrentSeat):
    """Phase 3 at `place` (the family member's place when sent from the police station; the place next to the
    barrier, or a guild card's place, when no figure acts)."""

    VIEW_OPTIONAL = ("no_figure", "figure_left")
    place: int
    by_family: bool = False
    done: int = 0  # performances of the place action so far
    allowed: int = 1  # 1 + repeat cards (B03/B04/B05) played
    any_goods: bool = False  # B07 played (small market sells any goods)
    green_used: bool = False
    assistant_taken: bool = False  # fountain: an assistant was picked up on arrival (own, or one neutral)
    assistant_left: bool = False  # fountain: an assistant of the stack was left here before the action
    step: Caravan | Dice | SingleGood | GuildDrawing | None = None
    no_figure: bool = False  # the tavern's barrier or a guild card: no figure acts here, so no encounters follow
    figure_left: bool = False  # no encounters follow: K19 took the acting stack away, or L06's family step


@record
class GovernorPayment:
    """The governor's card was drawn; pay 2 lira or discard a card."""


@record
class Encounters(_CurrentSeat):
    """Phase 4 at the merchant's place: catch family members (compulsory), use governor / smuggler once each."""

    used: tuple[str, ...] = ()
    step: GovernorPayment | None = None


@record
class AfterGuildCard(_CurrentSeat):
    """A guild card was carried out and put on its discard pile: the turn ends when the player says so (bonus
    cards that need no place may still be played)."""

    card: str


@record
class FinalCards:
    """After the last turn: seats in `queue` (head acts) may still play cards that bring lira or goods."""

    queue: tuple[int, ...]

    def awaited(self, state) -> tuple[int, ...]:
        return self.queue[:1]


@record
class Over:
    """The game has ended."""

    def awaited(self, state) -> tuple[int, ...]:
        return ()


Phase = Setup | Movement | AssistantStep | Payment | Action | Encounters | AfterGuildCard | FinalCards | Over


@record
class GuildTurn:
    """A guild card being played (rules 5.8): its place's action with the card's rules, then its extra."""

    card: str
    place: int
    rules: GuildRules
    then: GuildExtra


@record
class Swap:
    """M04: give up to 3 goods or coffee (`given` empty until then), then take as many."""

    given: dict[str, int] = NONE

    def __post_init__(self):
        freeze(self, "given")


@record
class CardRoll:
    """M05: the card's two dice; () while the roll is pending, then awaiting M06 or acceptance."""

    kind: str
    dice: tuple[int, ...] = ()


CardStep = Swap | CardRoll


@record
class LetterSupply:
    """Letters & Seals: the face-down letter pile (top first, secret), the discard pile of spent letters, and
    letters still `owed` to a seat (seat, n) once the discard pile is reshuffled into a new pile (4.2)."""

    pile: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    owed: tuple[int, int] | None = None
    bonus_turns: tuple[int, ...] = ()  # seats that took their bonus turn this round (5.10, R-34)
    bonus_turn: bool = False  # the current turn is a bonus turn (it cannot earn another)


@record
class State:
    seats: int
    options: Options
    layout: tuple[int, ...]  # place ids, row-major over the grid (content.py); () until a random layout is drawn
    players: tuple[Player, ...]
    assistants: tuple[tuple[int, int], ...]  # (place, owner) of assistants on the board, sorted
    places: FrozenDict  # place module key -> that module's slice (what lies on its places)
    ruby_supply: int  # the general supply (refills 13 / 16)
    figures: FrozenDict  # neutral figure name -> its place (0 until placed at set-up)
    deck: tuple[str, ...] = ()  # top first (secret)
    discard: tuple[str, ...] = ()  # face up, top last
    neutral_merchants: tuple[int, ...] = ()  # 2 players: places of the three neutral merchants
    start_player: int = 0
    current: int = 0
    phase: Phase = Setup()
    pending: tuple[tuple, ...] = ()  # chance steps awaited, first = next: ("roll", label, arg) / ...
    yellow_used: bool = False  # yellow mosque tile used this turn
    ending: bool = False  # the end of the game was triggered; this round is finished
    out: tuple[int, ...] = ()  # seats that forfeited: skipped in turn order, never among the winners
    guild: GuildTurn | None = None  # Mocha & Baksheesh: the guild card being carried out this turn
    card_step: CardStep | None = None  # a bonus card's own sub-decision (M04's swap, M05's roll), answered first
    letters: LetterSupply | None = None  # Letters & Seals: the letter piles and this round's bonus turns
    companion_turn: bool = False  # Letters & Seals: the current seat moves its companion this turn, not its merchant
    unpaid: tuple[int, ...] = ()  # Letters & Seals, L07: the seat whose merchant this turn's move joined (not paid)

    def player(self, seat: int) -> Player:
        return self.players[seat]


MOVEMENT = Movement()  # field-less phases: one shared instance each (equal to any other)
COMMITTED = Movement(committed=True)
ASSISTANT_STEP = AssistantStep()
PAYMENT = Payment()
_ACTIONS = {place: Action(place=place) for place in range(1, 26)}  # every place of every box, built once


def action_at(place: int) -> Action:
    """A fresh action phase at `place` (a frozen dataclass of nine fields is slow to build, and this is evolve's
    commonest phase change)."""
    return _ACTIONS.get(place) or Action(place=place)


def action_rules(state: State) -> GuildRules:
    """The guild card's rules when the current action is the guild card's own (not a family member's or the
    barrier's action it leads to), else the printed rules (NO_RULES)."""
    guild = state.guild
    if guild is None:
        return NO_RULES
    phase = state.phase
    if type(phase) is Action and phase.place == guild.place and not phase.by_family:
        return guild.rules
    return NO_RULES


# --- small pure updates shared by the evolve functions (no validation here) -----------------------------------
def players_with(state: State, seat: int, **changes) -> tuple[Player, ...]:
    """The players with `seat`'s Player changed (for evolve functions that change the state once)."""
    players = list(state.players)  # a list's item set, then tuple(): cheaper than splicing two slices
    players[seat] = replace(players[seat], **changes)
    return tuple(players)


def with_place(state: State, key: str, slice_) -> State:
    """`state` with place module `key`'s slice replaced."""
    return replace(state, places=state.places.set(key, slice_))


def acted(state: State, **changes) -> State:
    """The place action was carried out once more (Action.done + 1), with other Action changes."""
    return replace(state, phase=acted_phase(state.phase, **changes))


def acted_phase(phase: Action, **changes) -> Action:
    return replace(phase, done=phase.done + 1, **changes)


def with_step(state: State, step) -> State:
    return replace(state, phase=replace(state.phase, step=step))


def push_roll(state: State, label: str, index: int = 0, by_dealer: bool = False, front: bool = True) -> State:
    """Queue a two-dice chance step (the player's own roll goes first; dealer relocations queue behind)."""
    item = ("roll", label, index, by_dealer)
    return replace(state, pending=(item,) + state.pending if front else state.pending + (item,))


def relocation(label: str, index: int = 0) -> tuple:
    """The pending item of the dealer's relocation roll for a figure (queued behind: push_roll(..., by_dealer=True,
    front=False)), for an evolve function that changes more of the state in the same copy."""
    return ("roll", label, index, True)


def next_seat(state: State, seat: int) -> int:
    """The next seat in turn order that is still in the game."""
    for step in range(1, state.seats + 1):
        candidate = (seat + step) % state.seats
        if candidate not in state.out:
            return candidate
    return seat


def last_of_round(state: State) -> int:
    """The last seat still in the game before the start player's turn comes round again."""
    order = [(state.start_player + i) % state.seats for i in range(state.seats)]
    return [s for s in order if s not in state.out][-1]
