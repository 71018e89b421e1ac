"""The base game's commands in words, with what they cost and yield as the mover's view shows them: "Move to the
Sultan's Palace (2 steps; leave an assistant; pay 2 lira to seat 1's merchant there)". One function per command
type (`WORDS`); each box adds its own (`<box>/words.py`)."""

from __future__ import annotations

from domain.istanbul.catalogue import GUILD_CARDS
from domain.istanbul.data import (
    BLACK_MARKET_BLUE,
    CATCH_LIRA,
    FIGURE_FEE,
    FOUNTAIN,
    GREEN_TILE_COST,
    MERCHANT_FEE,
    MOSQUE_OF,
    POLICE_STATION,
    RED_TILE_DIE,
    TEA_HOUSE_FAIL,
    WAINWRIGHT_COST,
    WAREHOUSE_GOOD,
    YELLOW_TILE_COST,
)
from domain.istanbul.phrases.cards import ability, title
from domain.istanbul.phrases.terms import Board, good, goods, goods_and_lira, lira, runs
from domain.words import count, listing, seat

DIE_NAMES = ("the first die", "the second die")


def at_least(n: int) -> int:
    """The chance, in percent, that two dice show at least `n`."""
    return round(100 * sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= n) / 36)


def rules(b: Board):
    """The guild card's rules when the action under way is the guild card's own, else None."""
    turn, phase = b.view.get("guild_turn"), b.phase()
    if turn and phase.get("place") == turn["place"] and not phase.get("by_family"):
        return GUILD_CARDS[turn["card"]].rules
    return None


def mover(b: Board) -> dict:
    return b.player(b.reader if b.reader is not None else b.acting())


def here(b: Board) -> int | None:
    """Where the mover acts now: the action's place, else its merchant's."""
    return b.phase().get("place") or mover(b).get("merchant")


def arrival(b: Board, dest: int, who: int, joined: int | None = None, assistant: bool = True) -> list[str]:
    """What a figure arriving at `dest` meets: the assistant step, the payment, the figures met there."""
    out = []
    if assistant and dest != FOUNTAIN:
        if b.assistant_at(dest, who):
            out.append("pick up your assistant there")
        elif b.player(who).get("stack"):
            out.append("leave an assistant")
        else:
            out.append("no assistant left to leave, so the turn ends there")
    payees = b.payees(dest, who, joined)
    if payees:
        out.append(f"pay {paying(payees)} there")
    met = [f for f in b.figures_at(dest, who) if "merchant" not in f and "companion" not in f]
    if met and dest != POLICE_STATION:
        out.append(f"meet {listing(met)}")
    return out


def paying(payees: list[str]) -> str:
    """"2 lira to seat 1's merchant", "4 lira, 2 each to seat 1's merchant and seat 2's companion"."""
    if len(payees) == 1:
        return f"{lira(MERCHANT_FEE)} to {payees[0]}"
    return f"{lira(MERCHANT_FEE * len(payees))}, {MERCHANT_FEE} each to {listing(payees)}"


def _move(b: Board, c: dict) -> str:
    who = mover(b)
    dest, card = c["place"], c.get("card")
    steps = b.steps(who.get("merchant"), dest)
    how = [f"{count(steps, 'step')}" if steps else "staying"]
    if card:
        how.append(f"playing “{title(card)}”")
    consequences = how + arrival(b, dest, who.get("seat"), c.get("joined"))
    return f"Move to {b.place(dest)} ({'; '.join(consequences)})"


def _end_turn(b: Board, c: dict) -> str:
    name = b.phase().get("name")
    if name == "FinalCards":
        return "Play no more cards: you are done"
    if name == "AssistantStep":
        return "End the turn here without using an assistant (no action)"
    if name == "Payment":
        return "End the turn without paying (no action here)"
    if name == "Action" and not b.phase().get("done"):
        return f"End the turn without the action of {b.place(here(b))}"
    return "End your turn"


def _extension(b: Board, c: dict) -> str:
    r, me = rules(b), mover(b)
    cost = r.cost if r is not None and r.cost is not None else WAINWRIGHT_COST
    ruby = "; the third extension brings a ruby" if me.get("extensions") == 2 else ""
    return (f"Buy a wheelbarrow extension for {lira(cost)} (capacity {me.get('capacity')} to "
            f"{me.get('capacity', 0) + 1}{ruby})")


def _fill(b: Board, c: dict) -> str:
    me, kind = mover(b), WAREHOUSE_GOOD.get(here(b), "")
    more = me.get("capacity", 0) - (me.get("goods") or {}).get(kind, 0)
    return f"Fill your {good(kind)} to capacity (+{more} {good(kind)})"


def _mail(b: Board, c: dict) -> str:
    post = (b.view.get("places") or {}).get("post_office") or {}
    return f"Collect the mail: {goods_and_lira(post.get('goods') or {}, post.get('lira', 0))}"


def _draw(b: Board, c: dict) -> str:
    if c["source"] == "deck":
        return "Draw a bonus card from the deck"
    top = (b.view.get("discard_pile") or {}).get("top")
    return f"Take the top card of the discard pile, “{title(top)}”" if top else "Take the discard pile's top card"


def _black_market(b: Board, c: dict) -> str:
    table = rules(b)
    blue = runs(dict(enumerate(table.blue_by_sum))) if table is not None and table.blue_by_sum else runs(
        BLACK_MARKET_BLUE)
    roll = f"roll for jewelry by the dice total ({blue})"
    if c.get("good") is None:
        return f"Roll first at the Black Market ({blue} jewelry), then take 1 fabric, spice or fruit"
    return f"Take 1 {good(c['good'])} at the Black Market, then {roll}"


def _tea_house(b: Board, c: dict) -> str:
    table = rules(b)
    fail = table.fail_lira if table is not None and table.fail_lira is not None else TEA_HOUSE_FAIL
    n = c["number"]
    return (f"Announce {n} at the Tea House and roll 2 dice: {n} or more ({at_least(n)}% likely) pays {lira(n)}, "
            f"less pays {lira(fail)}")


def _accept(b: Board, c: dict) -> str:
    step = b.phase().get("step") or b.view.get("card_step") or {}
    dice = step.get("dice") or []
    return f"Keep the dice as they are ({listing(dice)})" if dice else "Keep the dice as they are"


def _sell(b: Board, c: dict) -> str:
    market = (b.view.get("places") or {}).get("large_market" if here(b) == 10 else "small_market") or {}
    n = sum(c["goods"].values())
    payout = market.get("payout") or []
    pays = f" for {lira(payout[n - 1])}" if 0 < n <= len(payout) else ""
    return f"Sell {goods(c['goods'])} at {b.place(here(b))}{pays}"


def _sultan(b: Board, c: dict) -> str:
    palace = (b.view.get("places") or {}).get("sultans_palace") or {}
    fixed = dict(palace.get("next_goods") or {})
    for g, n in (c.get("any_goods") or {}).items():
        fixed[g] = fixed.get(g, 0) + n
    return f"Deliver {goods(fixed)} to the Sultan for a ruby"


def _mosque_tile(b: Board, c: dict) -> str:
    tile = c["tile"]
    mosques = (b.view.get("places") or {}).get("mosques") or {}
    needed = next((stack[0] for m in mosques.values() for colour, stack in m.items() if colour == tile and stack),
                  None)
    holds = f", holding {needed} of them" if needed else ""
    owned = mover(b).get("mosque_tiles") or []
    ruby = next(("; with it you own both of the mosque's tiles: its ruby" for pair in MOSQUE_OF.values()
                 if tile in pair and all(t in owned for t in pair if t != tile)), "")
    return f"Take the {tile} mosque tile for 1 {good(tile)}{holds}{ruby} ({ability(tile)})"


def _ruby(b: Board, c: dict) -> str:
    dealer = (b.view.get("places") or {}).get("gemstone_dealer") or {}
    return f"Buy a ruby at the Gemstone Dealer for {lira(dealer.get('price', 0))}"


def _catch(b: Board, c: dict) -> str:
    reward = "draw a bonus card" if c["reward"] == "card" else f"take {lira(CATCH_LIRA)}"
    return f"Catch {seat(c['owner'])}'s family member (it goes back to the Police Station) and {reward}"


def _smuggler(b: Board, c: dict) -> str:
    pay = {"lira": lira(FIGURE_FEE), "free": "nothing (your encounter tile)"}.get(c["pay"], f"1 {good(c['pay'])}")
    return f"Take 1 {good(c['good'])} from the smuggler for {pay}"


def _pay(b: Board, c: dict) -> str:
    payees = b.payees(here(b), mover(b).get("seat"))
    return f"Pay {paying(payees)} to act here" if payees else "Pay the merchants here"


def _governor(b: Board, c: dict) -> str:
    free = any(t.startswith("encounter") for t in mover(b).get("tavern_tiles") or ())
    price = "nothing (your encounter tile)" if free else f"{lira(FIGURE_FEE)} or a bonus card"
    return f"Use the governor: draw a bonus card, then give him {price}"


def _governor_paid(b: Board, c: dict) -> str:
    return f"Give the governor “{title(c['card'])}”" if c.get("card") else f"Pay the governor {lira(FIGURE_FEE)}"


def _play(b: Board, c: dict) -> str:
    extra = []
    if c.get("good"):
        extra.append(f"{good(c['good'])}")
    if c.get("place") is not None:
        extra.append(f"the assistant at {b.place(c['place'])}")
    if c.get("reward"):
        extra.append("a bonus card" if c["reward"] == "card" else lira(CATCH_LIRA))
    return f"Play the bonus card “{title(c['card'])}”" + (f": {listing(extra)}" if extra else "")


def _use_tile(b: Board, c: dict) -> str:
    tile = c["tile"]
    if c.get("reroll"):
        return "Use your red mosque tile: roll both dice again"
    if c.get("die") is not None:
        dice = (b.phase().get("step") or {}).get("dice") or []
        shows = f" ({dice[c['die']]})" if c["die"] < len(dice) else ""
        return f"Use your red mosque tile: turn {DIE_NAMES[c['die']]}{shows} to {RED_TILE_DIE}"
    if c.get("good"):
        return f"Use your green mosque tile: buy 1 {good(c['good'])} for {lira(GREEN_TILE_COST)}"
    return (f"Use your {tile} mosque tile: bring your assistant back from {b.place(c.get('place'))} for "
            f"{lira(YELLOW_TILE_COST)}")


WORDS = {
    "move": _move,
    "leave_assistant": lambda b, c: f"Leave an assistant at {b.place(here(b))}",
    "pick_up_assistant": lambda b, c: (f"Pick up {'the neutral' if c.get('neutral') else 'your'} assistant at "
                                       f"{b.place(here(b))}"),
    "pay_merchants": _pay,
    "end_turn": _end_turn,
    "buy_extension": _extension,
    "fill_goods": _fill,
    "collect_mail": _mail,
    "draw_bonus_card": _draw,
    "discard_bonus_card": lambda b, c: f"Discard “{title(c['card'])}”",
    "return_assistants": lambda b, c: f"Bring your assistants back from {b.places(c['places'])} to your merchant",
    "visit_black_market": _black_market,
    "take_black_market_good": lambda b, c: f"Take 1 {good(c['good'])} at the Black Market",
    "visit_tea_house": _tea_house,
    "accept_roll": _accept,
    "sell_goods": _sell,
    "send_family_member": lambda b, c: (f"Send your family member to {b.place(c['place'])} and carry out its "
                                        "action there"),
    "deliver_to_sultan": _sultan,
    "take_mosque_tile": _mosque_tile,
    "buy_ruby": _ruby,
    "catch_family_member": _catch,
    "use_governor": _governor,
    "pay_governor": _governor_paid,
    "use_smuggler": _smuggler,
    "play_bonus_card": _play,
    "use_mosque_tile": _use_tile,
}
