"""Mocha & Baksheesh in words: its commands with what they cost and yield, its events as lines of the log, what
its places offer, a player's guild cards and tavern tiles, M04's and M05's decisions. Gathered by the base's
words (domain/istanbul/words.py) like every box's: `COMMANDS`, `EVENTS`, `OFFERS`, `HOLDINGS`, `STEPS`."""

from __future__ import annotations

from domain.istanbul.catalogue import GUILD_CARDS, TAVERN_TILES
from domain.istanbul.mocha_baksheesh.card_words import TAVERN_KINDS
from domain.istanbul.mocha_baksheesh.data import (
    BAKSHEESH_COFFEE,
    BARRIER_COFFEE,
    EXPANSION,
    GUILD_HALL_COFFEE,
    GUILD_HALL_DRAWS,
    ROASTERY_COFFEE,
    ROASTERY_LIRA,
    SIX,
)
from domain.istanbul.phrases.cards import card as sentence_of
from domain.istanbul.phrases.cards import quoted, title
from domain.istanbul.phrases.moves import DIE_NAMES, rules
from domain.istanbul.phrases.places import places_of
from domain.istanbul.phrases.terms import Board, good, goods, goods_and_lira, lira
from domain.words import a, count, listing, seat, sentence


def who(e: dict) -> str:
    return sentence(seat(e["seat"]))


def _roast(b: Board, c: dict) -> str:
    paid = [lira(ROASTERY_LIRA)] * bool(c.get("lira")) + [f"1 {good(c['good'])}"] * bool(c.get("good"))
    paid += [quoted(c.get("card"))] * bool(c.get("card"))
    return f"Roast {ROASTERY_COFFEE * len(paid)} coffee, paying {listing(paid)}"


def _guild_hall(b: Board, c: dict) -> str:
    table = rules(b)
    keep = "keep both" if table is not None and table.discards == 0 else "then discard 1 guild card"
    return f"Take {GUILD_HALL_COFFEE} coffee and the top {GUILD_HALL_DRAWS} guild cards, {keep}"


def _barrier(b: Board, c: dict) -> str:
    a, z = c["places"]
    table = rules(b)
    cost = BARRIER_COFFEE
    tile = ""
    if c.get("tile"):
        top = ((places_of(b).get("tavern") or {}).get("tiles") or {}).get(c["tile"]) or [{}]
        cost += top[0].get("coffee", 0) - (table.coffee_discount if table is not None else 0)
        tile = f", take the {c['tile']} tile"
    return (f"Place the barrier between {b.place(a)} and {b.place(z)} for {cost} coffee{tile}, take the barrier "
            f"tile, and carry out the action of {b.place(c['act_at'])} without encounters")


def _tavern_tile(b: Board, c: dict) -> str:
    top = ((places_of(b).get("tavern") or {}).get("tiles") or {}).get(c["kind"]) or [{}]
    return f"Take the {c['kind']} tile for {top[0].get('coffee', '?')} coffee: {TAVERN_KINDS[c['kind']]}"


def _baksheesh(b: Board, c: dict) -> str:
    side = (places_of(b).get("tavern") or {}).get("baksheesh") or {}
    return (f"Pay the baksheesh, {BAKSHEESH_COFFEE} coffee and {goods(side.get('goods') or {})}, for the next ruby "
            f"of {b.place(c['place'])}")


def _coffee_trader(b: Board, c: dict) -> str:
    pay = {"lira": lira(2), "free": "nothing (your encounter tile)"}.get(c["pay"], f"1 {good(c['pay'])}")
    return f"Take 1 coffee from the coffee trader for {pay}"


def _finish(b: Board, c: dict) -> str:
    turn = b.view.get("guild_turn") or {}
    extra = GUILD_CARDS[turn["card"]].then if turn.get("card") in GUILD_CARDS else None
    gets = [goods_and_lira({"coffee": extra.coffee}, extra.lira, "")] if extra and (extra.coffee or extra.lira) else []
    gets += [f"1 {good(c['good'])}"] if c.get("good") else []
    return "Finish the guild card" + (f": take {listing(gets)}" if gets else "")


def _six(b: Board, c: dict) -> str:
    step = b.phase().get("step") or b.view.get("card_step") or {}
    dice = step.get("dice") or []
    shows = f" ({dice[c['die']]})" if c["die"] < len(dice) else ""
    how = " with the copy card" if c.get("card") else ""
    return f"Turn {DIE_NAMES[c['die']]}{shows} to {SIX}{how}"


COMMANDS = {
    "roast_coffee": _roast,
    "visit_guild_hall": _guild_hall,
    "discard_guild_card": lambda b, c: f"Discard {title(c['card'])}",
    "place_barrier": _barrier,
    "take_tavern_tile": _tavern_tile,
    "pay_baksheesh": _baksheesh,
    "deliver_coffee": lambda b, c: (f"Deliver {(places_of(b).get('coffee_house') or {}).get('coffee', 0)} coffee at "
                                    "the Coffee House for a ruby"),
    "use_coffee_trader": _coffee_trader,
    "play_guild_card": lambda b, c: f"Play {title(c['card'])}: {sentence_of(c['card']).split(': ', 1)[1].rstrip('.')}",
    "finish_guild_card": _finish,
    "turn_die_to_six": _six,
    "give_goods": lambda b, c: f"Give up {goods(c['goods'])} for the swap",
    "take_goods": lambda b, c: f"Take {goods(c['goods'])} for the goods given",
}


def _guild_drawn(b: Board, e: dict) -> str:
    return f"{who(e)} drew {title(e['card'])}" if e["card"] else f"{who(e)} drew a guild card"


def _barrier_placed(b: Board, e: dict) -> str:
    a, z = e["places"]
    return (f"{who(e)} placed the barrier between {b.place(a)} and {b.place(z)} for {e['coffee']} coffee and acts at "
            f"{b.place(e['act_at'])}")


def _finished(b: Board, e: dict) -> str:
    got = [goods_and_lira({"coffee": e["coffee"]}, e["lira"], "")] if e["coffee"] or e["lira"] else []
    got += [f"{e['gained']} {good(e['good'])}"] if e.get("good") else []
    return f"{who(e)} finished {title(e['card'])}" + (f" and took {listing(got)}" if got else "")


EVENTS = {
    "coffee_taken": lambda b, e: f"{who(e)} took {e['coffee']} coffee",
    "coffee_roasted": lambda b, e: (f"{who(e)} roasted {e['coffee']} coffee, paying " + listing(
        [lira(e["lira"])] * bool(e["lira"]) + [f"1 {good(e['good'])}"] * bool(e["good"])
        + [quoted(e["card"])] * bool(e["card"]))),
    "coffee_delivered": lambda b, e: (f"{who(e)} delivered {e['coffee']} coffee at the Coffee House and took a ruby"
                                      + ("; a ruby from the supply refills it" if e["refilled"] else "")),
    "guild_deck_shuffled": lambda b, e: (f"The guild cards were shuffled into a stack of {count(e['size'], 'card')}"
                                         + (" from their discard pile" if e.get("reshuffle") else "")),
    "guild_hall_visited": lambda b, e: (f"{who(e)} took {e['coffee']} coffee at the Guild Hall: "
                                        f"{count(e['draws'], 'guild card')} to draw"
                                        + (", then one to discard" if e["discard"] else "")),
    "guild_card_drawn": _guild_drawn,
    "guild_card_discarded": lambda b, e: f"{who(e)} discarded {title(e['card'])}",
    "guild_card_played": lambda b, e: (f"{who(e)} played {title(e['card'])}: it carries out the action of "
                                       f"{b.place(e['place'])} instead of a move"),
    "family_member_returned": lambda b, e: f"{who(e)}'s family member went home to the Police Station",
    "guild_card_finished": _finished,
    "barrier_placed": _barrier_placed,
    "tavern_tile_taken": lambda b, e: f"{who(e)} took {title(e['tile'])}",
    "baksheesh_paid": lambda b, e: (f"{who(e)} paid the baksheesh, {goods_and_lira({'coffee': e['coffee'], **e['goods']})}"
                                    f", for a ruby of {b.place(e['place'])}; the baksheesh tile turned over"),
    "coffee_trader_used": lambda b, e: (f"{who(e)} took {e['coffee']} coffee from the coffee trader for "
                                        + {"lira": lira(2), "free": "nothing"}.get(e["pay"], f"1 {good(e['pay'])}")),
    "governor_payment_waived": lambda b, e: f"{who(e)} owed the governor nothing (its encounter tile)",
    "bonus_card_paid": lambda b, e: f"{who(e)} paid {goods(e['goods'])} for “{title(e['card'])}”",
    "goods_given": lambda b, e: f"{who(e)} gave up {goods(e['goods'])} for the swap",
    "goods_taken": lambda b, e: (f"{who(e)} took {goods(e['gained'])} in the swap"
                                 + (f" (chose {goods(e['goods'])}; no room for the rest)"
                                    if dict(e["goods"]) != dict(e["gained"]) else "")),
    "die_turned": lambda b, e: f"{who(e)} turned {DIE_NAMES[e['die']]} to {SIX}: the dice show {listing(e['dice'])}",
    "yields_taken": lambda b, e: (f"{who(e)} took the dice's yields ({listing(e['dice'])}): "
                                  f"{goods_and_lira(e['goods'], e['lira'])}"),
}


def _tavern(b: Board) -> str:
    tavern = places_of(b).get("tavern") or {}
    tops = [a(f"{kind} tile for {stack[0]['coffee']} coffee") for kind, stack in (tavern.get("tiles") or {}).items()
            if stack]
    barrier = tavern.get("barrier")
    where = f"between {b.place(barrier[0])} and {b.place(barrier[1])}" if barrier else "beside the board"
    holder = f", its tile with {seat(tavern['barrier_holder'])}" if tavern.get("barrier_holder") is not None else ""
    side = tavern.get("baksheesh") or {}
    return (f"one of: the barrier for {BARRIER_COFFEE} coffee (it lies {where}{holder}); {listing(tops, 'no tile')}; "
            f"the baksheesh, {BAKSHEESH_COFFEE} coffee and {goods(side.get('goods') or {})}, for the next ruby of the "
            "Sultan's Palace, the Gemstone Dealer or the Coffee House")


def _guild_hall_offers(b: Board) -> str:
    hall = places_of(b).get("guild_hall") or {}
    top = f", {title(hall['discard_top'])} on top" if hall.get("discard_top") else ""
    return (f"{GUILD_HALL_COFFEE} coffee and the top {GUILD_HALL_DRAWS} guild cards, then discard 1 "
            f"({count(hall.get('deck_size', 0), 'card')} in the stack, {hall.get('discard_size', 0)} discarded{top})")


OFFERS = {
    17: lambda b: (f"roast {ROASTERY_COFFEE} coffee for each of 1 to 3 different payments: {lira(ROASTERY_LIRA)}, "
                   "1 good, 1 bonus or guild card"),
    18: _guild_hall_offers,
    19: _tavern,
    20: lambda b: (f"deliver {(places_of(b).get('coffee_house') or {}).get('coffee', 0)} coffee for a ruby "
                   f"({count((places_of(b).get('coffee_house') or {}).get('rubies', 0), 'ruby', 'rubies')} left)"),
}


def holdings(b: Board, p: dict) -> list[str]:
    if EXPANSION not in (b.view.get("options") or {}).get("expansions", ()):
        return []  # the view lists guild cards with any box; they are this box's
    out = []
    if p.get("guild_cards") is not None:
        out.append("guild cards: " + (listing(title(c) for c in p["guild_cards"]) if p["guild_cards"] else "none"))
    else:
        out.append(count(p["guild_card_count"], "guild card"))
    if p.get("tavern_tiles"):
        out.append("tavern tiles: " + "; ".join(f"{TAVERN_TILES[t].kind} ({TAVERN_KINDS[TAVERN_TILES[t].kind]})"
                                              for t in p["tavern_tiles"]))
    return out


def guild_turn(b: Board) -> list[str]:
    turn = b.view.get("guild_turn")
    if not turn:
        return []
    return [f"{sentence(seat(b.acting()))} plays {title(turn['card'])} this turn."]


STEPS = {
    "Swap": lambda step: ("the swap: give up to 3 goods or coffee" if not step.get("given") else
                          f"the swap: take as many goods or coffee as were given ({goods(step['given'])})"),
    "CardRoll": lambda step: (f"its dice show {listing(step['dice'])}: keep them or change them" if step.get("dice")
                              else "its dice are rolled"),
}
