"""Istanbul for the search: a complete state determinised from a seat's view, the turn the tree searches, and
an evaluation of where the turn leaves the seat. The rules are `domain.istanbul`'s, used as a pure simulator on
determinised states: the base game, Mocha & Baksheesh, Letters & Seals and the Great Bazaar (what Letters & Seals
hides is drawn in `bazaar_client.bots.mcts.istanbul_letters`), and the Caravan Leader variant.

- Determinisation (only what the seat may not know is drawn): the view shows the board, every seat's lira,
  goods, rubies, tiles, stacks and card counts, its own bonus cards, the deck's size and the discard pile's size
  and top card, and each market's top demand tile and stack size. Hidden are the other seats' cards, the deck's
  order, the discard pile below its top and the demand tiles below the top: the cards not in the seat's hand
  (and not the discard's top) are dealt at random to the other hands, the deck and the rest of the discard
  pile; each market's other tiles are shuffled below its top. Dice are rolled at random as the tree meets them.
  Mocha & Baksheesh hides the guild cards likewise (the other hands, the stack, the discard pile below its top:
  dealt from the cards not in the seat's hand, on the discard's top or in play); its tavern, coffee house, guild
  turn and card steps are public. The caravan tile shows its leader; who takes it at the turn's end is read
  from the turn (the current seat, at the Caravansary after its action).
  Everything public is rebuilt from the view: `view(determinise(view)) == view`, and the seat's legal commands
  are the true state's (tests/bots check both, per box and variant).
- Horizon: the end of the turn in progress, usually the seat's own (a turn is a chain of small commands: move,
  assistant, payment, action, encounters, cards). The tree searches the whole chain with the rules, so sub-steps
  the one-ply greedy scores blindly (whether an assistant is there to leave, what the payment costs, what the
  dice give, which card a caravansary draw brings) are played out; dice and draws differ between
  determinisations. Other seats' choices inside the turn (Letters & Seals' kiosk choices and auction bids) are
  searched too, each seat playing for its own reward, so the kiosk and the auction are judged by their outcome,
  and a bid in another seat's auction by what it costs or wins.
- Evaluation (`worth`, in lira): rubies dominate, then lira, goods up to the wheelbarrow's room, extensions,
  mosque tiles, bonus cards, assistants still free to work, the boxes' pieces (coffee, tavern tiles, guild cards,
  seals, the companion: weights in `bazaar_client.bots.istanbul_pieces`, shared with greedy), and half the best gain the
  merchant could make next turn within reach (the boxes' places too: coffee for a ruby at the Coffee House or
  the Tavern, a roast, guild cards, a letter delivered where the seat arrives). Reward: a logistic of the seat's
  gain over the turn; 1 or 0 once the game is over.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable
from functools import lru_cache

from bazaar_client.bots import istanbul_pieces as box
from bazaar_client.bots.greedy import istanbul as greedy
from bazaar_client.bots.mcts import istanbul_letters as letters
from bazaar_client.bots.mcts.draws import shuffle
from bazaar_client.bots.mcts.search import Plan
from bazaar_client.sdk import GameView
from domain import istanbul
from domain.core import ChanceDrawn, chance_kind
from domain.istanbul import state as phases
from domain.istanbul.board import distance
from domain.istanbul.catalogue import TAVERN_TILES
from domain.istanbul.content import content_of
from domain.istanbul.data import (
    CARAVANSARY,
    COFFEE,
    DEMAND_STACKS,
    DEMAND_TILES,
    FOUNTAIN,
    GEMSTONE_DEALER,
    GEMSTONE_MAX_PRICE,
    GOODS,
    MARKET_PAYOUT,
    MERCHANT_FEE,
    SETUP,
    SULTAN_TRACK,
    SULTANS_PALACE,
    WAINWRIGHT,
    WAINWRIGHT_COST,
    WAREHOUSE_GOOD,
)
from domain.istanbul.frozen import FrozenDict, replace
from domain.istanbul.goods import Goods
from domain.istanbul.letters_seals.data import EMBASSY, EMBASSY_LETTERS, GENERAL_SUPPLY, SECRET_SOCIETY, SOCIETY_SEALS
from domain.istanbul.mocha_baksheesh.data import (
    BAKSHEESH_COFFEE,
    COFFEE_HOUSE,
    COFFEE_HOUSE_TRACK,
    COFFEE_ROASTERY,
    GUILD_CARD_IDS,
    GUILD_HALL,
    ROASTERY_COFFEE,
    ROASTERY_LIRA,
    TAVERN,
)
from domain.istanbul.mocha_baksheesh.places import coffee_house, guild_hall, tavern
from domain.istanbul.options import Options
from domain.istanbul.places import caravansary, gemstone_dealer, markets, mosques, post_office, sultans_palace, wainwright
from domain.istanbul.state import CardRoll, GuildTurn, Player, State, Swap

RUBY = 40.0  # lira: a ruby costs 12-23 at the gemstone dealer, and rubies alone decide the game
LIRA_NEEDED = 25  # lira beyond this (the dearest ruby and a little) are worth LIRA_HOARDED each: spend them
LIRA_HOARDED = 0.3
# a good is worth what it brings: a market pays 2-5 lira a good, five make a ruby at the Sultan's. At 4 the
# search kept its goods rather than sell them (in 4 games mcts sold 5 times, greedy 39) and lost the lira race
GOOD = 2.5
# an extension costs 7 lira, carries one more good of each kind for the rest of the game, and the third brings a
# ruby: at 6 it looked like a loss and the search bought a quarter as many as greedy
EXTENSION = 12.0
MOSQUE_TILE = 16.0  # its ability for the rest of the game; a mosque's two tiles bring a ruby
BONUS_CARD = 2.5
FREE_ASSISTANT = 8.0  # the first assistant under the merchant: without one, a new place gives nothing
SPARE_ASSISTANT = 2.0  # the second; each further one adds 1
REACH_SHARE = 0.5  # per turn of walking to a place where the seat could gain
TURN_SCALE = 8.0  # a turn that gains this many lira is worth about 73% (logistic)
COMMANDS = istanbul.COMMANDS
ROLLOUT_STEPS = 12
ROLLOUT_NOISE = 0.1  # the rollout's chance of a random step instead of the greedy one
# what the rollout's policy never weighs while something else is possible (ending the turn is weighed: an action
# may cost more than it brings)
IDLE = frozenset({"play_bonus_card", "use_mosque_tile", "discard_bonus_card", "turn_die_to_six"})


SEARCHED = frozenset({"mocha_baksheesh", "letters_seals"})  # the boxes whose hidden parts `determinise` draws


# Greedy's scores of the root's moves as a progressive bias of up to this many reward units (search.py).
# On the bench's first 40 two-seat tables against greedy: no prior 26/40, 0.5 28/40, 1.0 31/40
PRIOR = 1.0
# most of a turn's decisions are between two or three commands: they need far fewer iterations than the move among
# a dozen places, which gets the whole budget
ITERATIONS_PER_MOVE = 15


def supported(view: dict) -> bool:
    return set(view.get("options", {}).get("expansions", ())) <= SEARCHED


def plan(view: GameView, moves, rng: random.Random, iterations: int | None) -> Plan | None:
    """The search of one decision (bazaar_client/bots/mcts/__init__.py), where every box in play is searched and
    every listed move is a game command (not a platform question)."""
    if not supported(view.state) or not all(m["type"] in COMMANDS for m in moves):
        return None
    listed = {command_from_move(m, view.seat): m for m in moves}
    return Plan(IstanbulSimulator(view, rng), listed,
                None if iterations is None else min(iterations, ITERATIONS_PER_MOVE * len(moves)),
                priors(view, listed))


def priors(view: GameView, listed: dict) -> dict:
    """greedy's one-ply scores of the listed moves, scaled to [0, PRIOR] (the best move PRIOR, the worst 0)."""
    scores = {command: greedy.score(view.state, move) for command, move in listed.items()}
    low, high = min(scores.values()), max(scores.values())
    if high <= low:
        return {}
    return {command: PRIOR * (score - low) / (high - low) for command, score in scores.items()}


def command_from_move(move: dict, seat: int):
    """A listed wire move as the domain command it stands for (for matching the search's choice)."""
    cls = istanbul.COMMANDS[move["type"]]
    values = {}
    for f in dataclasses.fields(cls):
        if f.name == "seat":
            continue
        value = move.get(f.name, f.default)
        if isinstance(value, dict):
            value = Goods(value)
        elif isinstance(value, list):
            value = tuple(value)
        values[f.name] = value
    return cls(seat=seat, **values)


class IstanbulSimulator:
    def __init__(self, view: GameView, rng: random.Random):
        self.seat = view.seat
        self.view = view.state
        self.rng = rng  # the dice rolled inside the tree
        self.public = public_parts(self.view)
        root = self.determinise(random.Random(0))
        self.baseline = worth(root, self.seat)  # hidden cards count by number only
        self.turn = root.current  # whose turn the search is in: the seat's own, or one that awaits its choice

    # --- what the seat does not see, drawn at random -------------------------------------------------------

    def determinise(self, rng: random.Random) -> State:
        v, me = self.view, self.seat
        hands, deck, discard = deal_cards(v, me, rng, self.public["cards"])
        dealt = [{"hand": hand} for hand in hands]  # each seat's hidden pieces, set on its player in one copy
        places = dict(self.public["places"])
        places[markets.KEY] = markets.Markets(FrozenDict({
            market: demand_stack(v["places"][markets.VIEW_NAMES[market]], market, rng) for market in markets.PLACES}))
        if guild_hall.KEY in places:
            guild_hands, places[guild_hall.KEY] = deal_guild_cards(v, me, rng)
            for pieces, guild_hand in zip(dealt, guild_hands, strict=True):
                pieces["guild_hand"] = guild_hand
        extra = {}
        if letters.in_play(v):
            sealed, extra["letters"] = letters.deal_letters(v, rng)
            for pieces, delivered in zip(dealt, sealed, strict=True):
                pieces["sealed"] = delivered
            places.update(letters.slices(v, rng))
        players = tuple(replace(p, **pieces) for p, pieces in zip(self.public["players"], dealt, strict=True))
        return State(**{**self.public["state"], "players": players, "places": FrozenDict(places), "deck": deck,
                        "discard": discard, **extra})

    # --- the tree's moves: the turn in progress -----------------------------------------------------------

    def to_move(self, state: State) -> int:
        return istanbul.to_act(state)[0]

    def actions(self, state: State) -> list:
        """The awaited seat's commands until the turn in progress ends (the horizon): other seats' choices inside
        it are searched too (Letters & Seals' kiosk choices and auction bids), each seat playing for its own
        reward. Ending the search at the first of them left a kiosk visit or an auction without its outcome,
        and a bid in another seat's auction with no consequence at all: bids were chosen at random."""
        awaited = istanbul.to_act(state)
        if not awaited or state.current != self.turn:
            return []  # the turn has passed (or the game is over): the horizon
        return istanbul.legal_commands(state, awaited[0])

    def apply(self, state: State, command) -> State:
        for event in istanbul.decide(state, command):
            state = istanbul.evolve(state, event)
        return self.settle(state)

    def settle(self, state: State) -> State:
        """Draw the chance steps the command left pending, at random (dice, reshuffles, the dealer's rolls)."""
        while (request := istanbul.chance(state)) is not None:
            kind, size, dice = chance_kind(request)
            if kind == "shuffle":
                outcome = tuple(self.rng.sample(range(size), size))
            elif kind == "roll":
                outcome = tuple(self.rng.randint(1, size) for _ in range(dice))
            else:
                outcome = (self.rng.randrange(size),)
            drawn = ChanceDrawn(draw=0, kind=kind, label=request.label, size=size, dice=dice,
                                secret=request.secret, outcome=outcome)
            for event in (drawn, *istanbul.decide(state, drawn)):  # the draw itself is folded too, as the table does
                state = istanbul.evolve(state, event)
        return state

    def rollout(self, state: State, rng: random.Random) -> list[float]:
        """The rest of the turn by a greedy policy on `worth` (each step: the command whose result is worth most
        to the seat, sometimes a random one; bonus cards and tiles only when nothing else is left), then the
        evaluation."""
        known = None  # (a state, the seat's worth there) when the last greedy step weighed it for the seat
        for _ in range(ROLLOUT_STEPS):
            options = self.actions(state)
            if not options:
                break
            if len(options) == 1:
                state = self.apply(state, options[0])
                continue
            busy = [c for c in options if type(c).TYPE not in IDLE] or options
            if rng.random() < ROLLOUT_NOISE:
                state = self.apply(state, busy[rng.randrange(len(busy))])
                continue
            mover = self.to_move(state)  # another seat's choice inside the turn is played for that seat
            after = [self.apply(state, c) for c in busy]
            keys = [(worth(s, mover), rng.random()) for s in after]  # the random tie-break, drawn in order
            best = max(range(len(after)), key=keys.__getitem__)
            state = after[best]
            known = (state, keys[best][0]) if mover == self.seat else None
        return self.rewards(state, known[1] if known is not None and known[0] is state else None)

    def rewards(self, state: State, value: float | None = None) -> list[float]:
        """Exact once the game is over; else the seat's gain over the turn, as a logistic of `TURN_SCALE`
        lira (the horizon is the turn in progress, so only its gain differs between the leaves; a reward
        relative to the other seats would be nearly constant and drown in the exploration term). `value`: the
        seat's worth in `state` where the rollout's last step weighed it already (a sixth of the evaluations
        at Letters & Seals)."""
        if istanbul.is_terminal(state):
            return rewards(state)
        if value is None:
            value = worth(state, self.seat)
        gain = 1.0 / (1.0 + math.exp(-(value - self.baseline) / TURN_SCALE))
        return [gain if s == self.seat else 1.0 - gain for s in range(state.seats)]


# --- the view, read back into the engine's state ------------------------------------------------------------------

def public_parts(v: dict) -> dict:
    """Everything the view shows, as the engine's records: the players (hands left out), the places' slices
    (the markets' stacks left out), the phase and the rest of the state's fields."""
    shown = v["options"]
    options = Options(layout=shown["layout"], neutral_assistants=shown["neutral_assistants"],
                      expansions=tuple(shown.get("expansions", ())), caravan_leader=shown.get("caravan_leader", False))
    tables = content_of(options)
    seats = v["seats"]
    players = tuple(Player(lira=p["lira"], merchant=p["merchant"], family=p["family_member"], goods=Goods(p["goods"]),
                           extensions=p["extensions"], rubies=p["rubies"], stack=tuple(p["stack"]),
                           spare=p["spare_assistants"], tiles=tuple(p["mosque_tiles"]),
                           tavern_tiles=tuple(p.get("tavern_tiles", ())), letters=tuple(p.get("letters", ())),
                           companion=p.get("companion", GENERAL_SUPPLY)) for p in v["players"])
    places = v["places"]
    setup = SETUP[seats]
    palace = places["sultans_palace"]
    fields = sum(palace["next_goods"].values()) + palace["any"]
    gems = places["gemstone_dealer"]
    slices = {
        wainwright.KEY: wainwright.Wainwright(places["wainwright"]["rubies"], places["wainwright"]["extensions"]),
        post_office.KEY: post_office.PostOffice(places["post_office"]["state"]),
        sultans_palace.KEY: sultans_palace.SultansPalace(
            taken=max(0, min(fields, len(SULTAN_TRACK)) - setup["sultan_first"]), rubies=palace["rubies"]),
        mosques.KEY: mosques.Mosques(
            FrozenDict({m: places["mosques"][name]["rubies"] for m, name in mosques.VIEW_NAMES.items()}),
            FrozenDict({tile: tuple(values) for name in mosques.VIEW_NAMES.values()
                        for tile, values in places["mosques"][name].items() if tile != "rubies"})),
        gemstone_dealer.KEY: gemstone_dealer.GemstoneDealer(
            taken=min(gems["price"], GEMSTONE_MAX_PRICE) - setup["gem_first"], rubies=gems["rubies"]),
    }
    slices.update(expansion_slices(v, tables))
    layout = tuple(place for row in v["layout"] for place in row)
    state = {
        "seats": seats, "options": options, "layout": layout,
        "assistants": tuple((place, owner) for place, owner in v["assistants"]),
        "ruby_supply": v["ruby_supply"],
        "figures": FrozenDict({figure: v[figure] for figure in tables.figures}),
        "neutral_merchants": tuple(v["neutral_merchants"]), "start_player": v["start_player"],
        "current": v["current"], "phase": phase(v["phase"]), "pending": (), "yellow_used": v["yellow_tile_used"],
        "ending": v["ending"], "out": tuple(v.get("out", ())),
    }
    if letters.in_play(v):
        state["companion_turn"] = v["letters"]["companion_turn"]
    if options.expansions:
        state["guild"], state["card_step"] = guild_turn(v, tables), card_step(v["card_step"])
    return {"players": players, "places": slices, "state": state, "cards": tables.deck}


def expansion_slices(v: dict, tables) -> dict:
    """The slices a box or variant adds, as far as the view shows them (the guild cards are dealt per
    determinisation: `deal_guild_cards`)."""
    places, slices = v["places"], {}
    if "caravan_tile" in places:
        slices[caravansary.KEY] = caravansary.CaravanTile(places["caravan_tile"]["leader"], caravan_claimant(v))
    if "coffee_house" in places:
        house = places["coffee_house"]
        slices[coffee_house.KEY] = coffee_house.CoffeeHouse(COFFEE_HOUSE_TRACK.index(house["coffee"]), house["rubies"])
    if "tavern" in places:
        shown = places["tavern"]
        sides = [side.id for side in tables.baksheesh_sides]
        slices[tavern.KEY] = tavern.Tavern(
            FrozenDict({kind: tuple(t["tile"] for t in tiles) for kind, tiles in shown["tiles"].items()}),
            tuple(shown["barrier"] or ()), shown["barrier_holder"], sides.index(shown["baksheesh"]["side"]))
    if "guild_hall" in places:
        slices[guild_hall.KEY] = guild_hall.GuildCards()
    return slices


def caravan_claimant(v: dict) -> int | None:
    """Who takes the caravan tile at the turn's end: the current seat, unless it leads already, once it carried
    out the Caravansary action this turn. The view shows the action done while the phase is still the action
    there; after it (encounters) the merchant standing at the Caravansary is taken to have done it."""
    current, shown = v["current"], v["places"]["caravan_tile"]
    phase = v["phase"]
    me = v["players"][current]
    if shown["leader"] == current or me["merchant"] != CARAVANSARY:
        return None
    if phase["name"] == "Action" and phase["place"] == CARAVANSARY and (phase["done"] or "step" in phase):
        return current
    return current if phase["name"] == "Encounters" else None


def guild_turn(v: dict, tables) -> GuildTurn | None:
    shown = v["guild_turn"]
    if shown is None:
        return None
    card = tables.guild_cards[shown["card"]]
    return GuildTurn(card.id, shown["place"], card.rules, card.then)


def card_step(shown: dict | None):
    if shown is None:
        return None
    if shown["name"] == "Swap":
        return Swap(Goods(shown["given"]))
    return CardRoll(shown["kind"], tuple(shown["dice"]))


def deal_guild_cards(v: dict, me: int, rng: random.Random) -> tuple[list, guild_hall.GuildCards]:
    """(each seat's guild hand, the Guild Hall's stack and discard pile): the seat's own hand as shown, the rest
    dealt at random from the guild cards it cannot see; the discard pile's top stays on top."""
    hall = v["places"]["guild_hall"]
    own = v["players"][me]["guild_cards"]
    top = hall["discard_top"]
    playing = v["guild_turn"]["card"] if v["guild_turn"] else None
    unseen = list(GUILD_CARD_IDS)
    for card in [*own, *([top] if top else []), *([playing] if playing else [])]:
        unseen.remove(card)
    shuffle(rng, unseen)
    hands = []
    for s, p in enumerate(v["players"]):
        n = 0 if s == me else p["guild_card_count"]
        hands.append(tuple(own) if s == me else tuple(sorted(unseen[:n])))
        unseen = unseen[n:]
    deck, rest = tuple(unseen[:hall["deck_size"]]), tuple(unseen[hall["deck_size"]:])
    return hands, guild_hall.GuildCards(deck, (*rest, top) if top else rest)


def phase(shown: dict):
    """The phase record the view names, with its shown fields (and its sub-step's)."""
    fields = {k: tuple(x) if isinstance(x, list) else x for k, x in shown.items() if k not in ("name", "step")}
    if shown["name"] in letters.PHASES:
        return letters.paused_phase(shown["name"], fields)
    if "step" in shown:
        fields["step"] = phase(shown["step"])
    return getattr(phases, shown["name"])(**fields)


def deal_cards(v: dict, me: int, rng: random.Random, cards: tuple[str, ...]) -> tuple[list, tuple, tuple]:
    """(each seat's hand, the deck, the discard pile): the seat's own hand as shown, the rest dealt at random
    from the cards it cannot see (of `cards`, the box's bonus cards); the discard pile's top stays on top."""
    unseen = list(cards)
    own = v["players"][me]["bonus_cards"]
    top = v["discard_pile"]["top"]
    for card in [*own, *([top] if top else [])]:
        unseen.remove(card)
    shuffle(rng, unseen)
    hands = []
    for s, p in enumerate(v["players"]):
        if s == me:
            hands.append(tuple(own))
        else:
            n = p["bonus_card_count"]
            hands.append(tuple(sorted(unseen[:n])))
            unseen = unseen[n:]
    size = v["bonus_deck_size"]
    deck, rest = tuple(unseen[:size]), tuple(unseen[size:])
    discard = (*rest, top) if top else rest
    return hands, deck, discard


def demand_stack(shown: dict, market: int, rng: random.Random) -> tuple[str, ...]:
    top = shown["demand"]
    below = [tile for tile in DEMAND_STACKS[market] if tile != top]
    shuffle(rng, below)
    return ((top,) if top else ()) + tuple(below[: max(0, shown["stack_size"] - 1)])


# --- the evaluation ---------------------------------------------------------------------------------------------

def rewards(state: State) -> list[float]:
    """A finished game's rewards: 1 for a winner (shared in a tie), 0 otherwise."""
    won = set(istanbul.result(state)["winners"])
    return [1.0 / len(won) if s in won else 0.0 for s in range(state.seats)]


def worth(state: State, seat: int) -> float:
    p = state.players[seat]
    goods = min(p.goods.total(GOODS), 4 * p.capacity)
    lira = min(p.lira, LIRA_NEEDED) + LIRA_HOARDED * max(0, p.lira - LIRA_NEEDED)
    return (RUBY * p.rubies + lira + GOOD * goods + EXTENSION * p.extensions + MOSQUE_TILE * len(p.tiles)
            + BONUS_CARD * len(p.hand) + assistants(len(p.stack))
            + box.pieces(p.goods.count(COFFEE), len(p.tavern_tiles), len(p.guild_hand), p.seals, p.companion)
            + reach(state, seat))


def assistants(free: int) -> float:
    """Free assistants: the first is worth most (without one a new place gives nothing), more add less."""
    return FREE_ASSISTANT * min(free, 1) + SPARE_ASSISTANT * max(0, min(free, 2) - 1) + max(0, free - 2)


def reach(state: State, seat: int) -> float:
    """The best gain the seat could make at a place where it can act (an assistant under its merchant, or its own
    assistant there; the fountain always), halved for each turn the walk there takes (a merchant moves 1 or 2
    steps a turn): it may be taken first, or cost fees.

    The evaluation's hot spot (a rollout step weighs every command by `worth`, so it runs for ~17 places per
    evaluation): `gain_at` inlined, the fee looked up only where a neutral merchant stands, and a place whose
    fee the seat cannot pay skipped (its gain is 0, which never beats `best`). Same values as `gain_at`."""
    p = state.players[seat]
    mine = {place for place, owner in state.assistants if owner == seat}
    anywhere = bool(p.stack)
    neutral = state.neutral_merchants
    best = 0.0
    for share, place, gain_of in walks_from(state, p.merchant):
        if RUBY * share <= best:
            break  # no gain beats a ruby's: nothing farther can do better
        if anywhere or place in mine or place == FOUNTAIN:
            due = fee_at(state, seat, place) if place in neutral else 0
            if p.lira >= due:
                gain = (gain_of(state, seat, p, place, due) - due) * share
                if gain > best:  # max(best, gain), without the call
                    best = gain
    return best


def walks_from(state: State, merchant: int) -> tuple[tuple[float, int, Callable], ...]:
    """`walks` on the state's board, found by the identity of its options and layout: a search's states all share
    those two objects, and walks' lru_cache hashed the Options dataclass and the layout, and compared Options
    field by field, at every evaluation (a twentieth of worth). The entry keeps both objects, so an id is never
    matched after its object is gone."""
    options, layout = state.options, state.layout
    key = (id(options), id(layout), merchant)
    hit = _WALKS.get(key)
    if hit is not None and hit[0] is options and hit[1] is layout:
        return hit[2]
    found = walks(options, layout, merchant)
    if len(_WALKS) >= WALKS_REMEMBERED:
        _WALKS.clear()
    _WALKS[key] = (options, layout, found)
    return found


_WALKS: dict = {}
WALKS_REMEMBERED = 256  # a board has 16-25 merchant places; a process searches one or a few boards at a time


@lru_cache(maxsize=512)
def walks(options: Options, layout: tuple[int, ...], merchant: int) -> tuple[tuple[float, int, Callable], ...]:
    """(REACH_SHARE to the power of the turns the walk takes, place, its gain's function in GAINS) for every
    other place, nearest first."""
    grid = content_of(options).grid
    return tuple(sorted(((REACH_SHARE ** max(1, -(-distance(grid, layout, merchant, place) // 2)), place,
                          gain_function(place)) for place in layout if place != merchant),
                        key=lambda walk: -walk[0]))


def fee_at(state: State, seat: int, place: int) -> int:
    """The lira the neutral merchants at `place` will still ask when the seat gets there (2 each; they stay until
    paid). The other players' merchants are not counted: they move before the walk ends (counting them, the
    search won 27 of 40 base-game tables against the old greedy, against 32 of the same 40 without them)."""
    return 0 if place == FOUNTAIN else MERCHANT_FEE * state.neutral_merchants.count(place)  # 2 seats: 3 of them


def gain_at(state: State, seat: int, place: int) -> float:
    """What an action at `place` would add to `worth` (roughly, before dice and draws), less the neutral
    merchants' fee there; nothing where the seat cannot pay it (the rules end its turn there). Without the fee, at 15 lira the
    gemstone dealer's ruby at 15 looked within reach behind a neutral merchant, and the search walked to and fro
    for 5,000 moves (bench game `bots-bench-istanbul2-boxes-33`) instead of selling for the 2 lira it lacked."""
    due = fee_at(state, seat, place)
    if state.players[seat].lira < due:
        return 0.0
    return _gain_at(state, seat, place, due) - due


def _gain_at(state: State, seat: int, place: int, due: int) -> float:
    return gain_function(place)(state, seat, state.players[seat], place, due)


# --- each place's gain, (state, seat, the seat's player, place, the fee due there) -> lira -----------------------

def _gemstone_dealer(state: State, seat: int, p: Player, place: int, due: int) -> float:
    price = gemstone_dealer.price(state)
    return RUBY - price if p.lira - due >= price and state.places[gemstone_dealer.KEY].rubies else 0.0


def _sultans_palace(state: State, seat: int, p: Player, place: int, due: int) -> float:
    goods = p.goods
    fixed, wild = sultans_palace.delivery(state)
    enough = goods.covers(fixed) and goods.total() - fixed.total() >= wild
    return RUBY - GOOD * (fixed.total() + wild) if enough and state.places[sultans_palace.KEY].rubies else 0.0


def _market(state: State, seat: int, p: Player, place: int, due: int) -> float:
    goods = p.goods
    tiles = markets.stack(state, place)
    wanted = DEMAND_TILES[tiles[0]] if tiles else Goods()
    sold = min(5, sum([min(n, goods.get(good, 0)) for good, n in wanted.items()]))  # Goods.count, inline
    return MARKET_PAYOUT[place][sold - 1] - GOOD * sold if sold else 0.0


def _warehouse(state: State, seat: int, p: Player, place: int, due: int) -> float:
    return GOOD * (p.capacity - p.goods.get(WAREHOUSE_GOOD[place], 0))


def _fountain(state: State, seat: int, p: Player, place: int, due: int) -> float:
    back = sum(1 for _, owner in state.assistants if owner == seat)
    free = len(p.stack)
    return assistants(free + back) - assistants(free)


def _wainwright(state: State, seat: int, p: Player, place: int, due: int) -> float:
    return EXTENSION - WAINWRIGHT_COST if p.lira - due >= WAINWRIGHT_COST and p.extensions < 3 else 0.0


def _box_place(state: State, seat: int, p: Player, place: int, due: int) -> float:
    """A box's place (box_gain_at), plus a face-up letter delivered there."""
    return BOX_GAINS[place](state, seat, p) + box.SEAL * p.letters.count(place)


def _other_place(state: State, seat: int, p: Player, place: int, due: int) -> float:
    """A place this evaluation does not weigh (box_gain_at's 2), plus a face-up letter delivered there."""
    return 2.0 + box.SEAL * p.letters.count(place)


def gain_function(place: int) -> Callable:
    """The function of GAINS, _box_place or _other_place that weighs `place`."""
    return GAINS.get(place) or (_box_place if place in BOX_GAINS else _other_place)


GAINS = {GEMSTONE_DEALER: _gemstone_dealer, SULTANS_PALACE: _sultans_palace, FOUNTAIN: _fountain,
         WAINWRIGHT: _wainwright, **dict.fromkeys(MARKET_PAYOUT, _market), **dict.fromkeys(WAREHOUSE_GOOD, _warehouse)}


def box_gain_at(state: State, seat: int, place: int) -> float:
    """`gain_at` for the boxes' places (2 for any other place)."""
    gain = BOX_GAINS.get(place)
    return 2.0 if gain is None else gain(state, seat, state.players[seat])


def _coffee_house(state: State, seat: int, p: Player) -> float:
    price = coffee_house.cost(state)
    return RUBY - box.COFFEE * price if p.goods.count(COFFEE) >= price and coffee_house.has_ruby(state) else 0.0


def _roastery(state: State, seat: int, p: Player) -> float:
    held = p.goods.count(COFFEE)
    paid = [ROASTERY_LIRA if p.lira >= ROASTERY_LIRA else None, GOOD if p.goods.total(GOODS) else None,
            BONUS_CARD if p.hand else (box.GUILD_CARD if p.guild_hand else None)]
    roasted = box.coffee(held + ROASTERY_COFFEE * sum(1 for cost in paid if cost is not None)) - box.coffee(held)
    return roasted - sum(cost for cost in paid if cost is not None)


def _guild_hall(state: State, seat: int, p: Player) -> float:
    held = p.goods.count(COFFEE)
    return box.coffee(held + 1) - box.coffee(held) + box.GUILD_CARD


def _secret_society(state: State, seat: int, p: Player) -> float:
    return RUBY - box.SEAL * SOCIETY_SEALS if p.seals >= SOCIETY_SEALS else 0.0


def _embassy(state: State, seat: int, p: Player) -> float:
    return box.SEAL * EMBASSY_LETTERS


BOX_GAINS = {COFFEE_HOUSE: _coffee_house, TAVERN: lambda state, seat, p: tavern_gain(state, seat),
             COFFEE_ROASTERY: _roastery, GUILD_HALL: _guild_hall, EMBASSY: _embassy, SECRET_SOCIETY: _secret_society}


def tavern_gain(state: State, seat: int) -> float:
    """Baksheesh (4 coffee and the tile's goods for a ruby) when the seat can pay it, else the cheapest tavern tile
    of a kind it lacks."""
    p = state.players[seat]
    held = p.goods.count(COFFEE)
    if held >= BAKSHEESH_COFFEE:
        side = tavern.side_goods(state)
        if p.goods.covers(side):
            return RUBY - box.COFFEE * BAKSHEESH_COFFEE - GOOD * side.total()
    owned = {TAVERN_TILES[t].kind for t in p.tavern_tiles}
    costs = [TAVERN_TILES[stack[0]].cost for kind, stack in tavern.here(state).stacks.items()
             if stack and kind not in owned]
    affordable = [cost for cost in costs if cost <= held]
    return box.TAVERN_TILE - box.COFFEE * min(affordable) if affordable else 0.0
