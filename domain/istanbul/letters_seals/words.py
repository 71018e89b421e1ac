"""Letters & Seals in words: its commands with what they cost and yield, its events as lines of the log, what its
places offer, the auction and the kiosk's choosing as phases, a player's letters, seals and companion. Gathered by
the base's words (domain/istanbul/words.py) like every box's: `COMMANDS`, `EVENTS`, `OFFERS`, `PHASES`,
`HOLDINGS`, `TABLE`. A letter is named by its place ("a letter for the Tea House"); a delivered one shows only
its back."""

from __future__ import annotations

from domain.istanbul.letters_seals.card_words import TILE_KINDS, TILES, effect
from domain.istanbul.letters_seals.data import (
    BACK_SEALS,
    EMBASSY_LETTERS,
    FRONT_SEALS,
    GENERAL_SUPPLY,
    KIOSK_LETTERS,
    PERSONAL_SUPPLY,
    SOCIETY_SEALS,
)
from domain.istanbul.phrases.cards import quoted, title
from domain.istanbul.phrases.moves import arrival, mover
from domain.istanbul.phrases.places import places_of
from domain.istanbul.phrases.terms import Board, figure, good, goods, goods_and_lira, lira
from domain.words import count, listing, seat, seats, sentence


def tiles(ids) -> str:
    """Kiosk tiles by their effects: "the kiosk tiles “take 2 fabric” and “take 1 bonus card”"."""
    ids = list(ids)
    if len(ids) == 1:
        return title(ids[0])
    return f"the kiosk tiles {listing(f'“{effect(t)}”' for t in ids)}" if ids else "no tile yet"


def who(e: dict) -> str:
    return sentence(seat(e["seat"]))


def letters(b: Board, places, sealed: int = 0) -> str:
    """Letters given or spent: face-up ones by their places, delivered ones by their number."""
    said = [f"a letter for {b.place(p)}" for p in places] + [count(sealed, "delivered letter")] * bool(sealed)
    return listing(said, "no letter")


def seals(places, sealed: int) -> int:
    return FRONT_SEALS * len(places) + BACK_SEALS * sealed


def _society(b: Board, c: dict) -> str:
    stacks = (places_of(b).get("secret_society") or {}).get("lira_stacks") or []
    first = f" and, the first time, {lira(stacks[0])}" if stacks else ""
    return (f"Join the Secret Society with {letters(b, c['letters'], c['sealed'])} ({SOCIETY_SEALS} seals): the next "
            f"ruby of {b.place(c['place'])} without its price{first}")


def _courier(b: Board, c: dict) -> str:
    pay = {"lira": lira(2), "sealed": "a delivered letter", "drawn": "the letter just taken",
           "free": "nothing (your encounter tile)"}.get(c["pay"])
    if c["pay"] == "letter":
        pay = letters(b, [c.get("letter")])
    return f"Take a letter from the courier for {pay}"


def _auction(b: Board, c: dict) -> str:
    bid = f", then open the auction of 2 bonus cards at {lira(c['bid'])}" if c.get("bid") else " (no auction: no lira)"
    return f"Take 1 {good(c['good'])} at the Auction House{bid}"


def _bid(b: Board, c: dict) -> str:
    phase = b.phase()
    if c.get("amount") is None:
        return f"Pass: let {seat(phase.get('leader'))}'s bid of {lira(phase.get('bid', 0))} stand"
    return f"Bid {lira(c['amount'])} for the 2 bonus cards (the bid to beat: {lira(phase.get('bid', 0))})"


def _choose(b: Board, c: dict) -> str:
    tile = TILES.get(c["tile"])
    if tile is None or not c.get("use"):
        return f"Take {title(c['tile'])} and turn it over without using it"
    branch = tile.options[c["option"]] if tile.kind == "choose" and c.get("option") is not None else tile
    said = TILE_KINDS["gain" if tile.kind == "choose" else tile.kind](branch)
    paid = [f"{good(c['good'])}"] * bool(c.get("good")) + [quoted(c.get("card"))] * bool(c.get("card"))
    paid += [letters(b, [c["letter"]]) if c["letter"] else "a delivered letter"] * (c.get("letter") is not None)
    return f"Take a kiosk tile and {said}" + (f" ({listing(paid)})" if paid else "")


def _companion(b: Board, c: dict) -> str:
    me = mover(b)
    steps = b.steps(me.get("companion"), c["place"])
    how = [count(steps, "step") if steps else "staying"] + [f"playing {quoted(c.get('card'))}"] * bool(c.get("card"))
    met = arrival(b, c["place"], me.get("seat"), assistant=False)
    return f"Move your companion to {b.place(c['place'])} ({'; '.join(how + met)})"


def _neutral(b: Board, c: dict) -> str:
    pay = {"lira": lira(2), "letter": letters(b, [c.get("letter")]), "sealed": "a delivered letter",
           "drawn": "what it just gave"}.get(c["pay"])
    pay = pay or (f"“{title(c['pay'])}”" if c["pay"][:1].isupper() else f"1 {good(c['pay'])}")
    takes = f", taking 1 {good(c['good'])}" if c.get("good") else ""
    return f"Use {figure(c['figure'])} from afar with a bonus card{takes}, for {pay}"


COMMANDS = {
    "visit_embassy": lambda b, c: f"Take {count(EMBASSY_LETTERS, 'letter')} at the Embassy, face up",
    "join_secret_society": _society,
    "use_courier": _courier,
    "take_bonus_turn": lambda b, c: (f"Give up {letters(b, c['letters'], c['sealed'])} "
                                     f"({seals(c['letters'], c['sealed'])} seals) for a bonus turn now"),
    "visit_auction_house": _auction,
    "bid": _bid,
    "visit_kiosk": lambda b, c: (f"Take {count(KIOSK_LETTERS, 'letter')} at the Kiosk and turn up kiosk tiles: each "
                                 "seat chooses one in turn, you first and last"),
    "choose_kiosk_tile": _choose,
    "bring_in_companion": lambda b, c: f"Bring your companion in at {b.place(mover(b).get('merchant'))}",
    "move_companion": _companion,
    "take_companion": lambda b, c: "Take your companion into your own supply",
    "step_family_member": lambda b, c: (f"Step your family member to {b.place(c['place'])} with a bonus card and "
                                        "carry out its action there, without encounters"),
    "use_neutral_figure": _neutral,
}


def _society_joined(b: Board, e: dict) -> str:
    money = f" and {lira(e['lira'])}" if e["lira"] else ""
    return (f"{who(e)} joined the Secret Society with {letters(b, e['letters'], len(e['sealed']))} and took a ruby of "
            f"{b.place(e['place'])}{money}")


def _chosen(b: Board, e: dict) -> str:
    if not e["used"]:
        return f"{who(e)} chose {title(e['tile'])} and turned it over unused"
    got = [goods(e["gained"], "")] * bool(e.get("gained")) + [lira(e["lira"])] * (e.get("lira", 0) > 0)
    got += ["a wheelbarrow extension"] * e.get("extension", False) + ["the Wainwright's ruby"] * e.get("ruby", False)
    got += ["its companion"] * e.get("companion", False)
    paid = [goods(e["paid"], "")] * bool(e.get("paid")) + [lira(-e["lira"])] * (e.get("lira", 0) < 0)
    paid += [quoted(e.get("card"))] * bool(e.get("card"))
    paid += [letters(b, e.get("letters") or (), len(e.get("sealed") or ()))] * bool(e.get("letters") or e.get("sealed"))
    text = f"{who(e)} used a kiosk tile"
    text += f": took {listing(got)}" if got else ""
    text += f", paying {listing(paid)}" if paid else ""
    text += "; its merchant stack went to the Fountain" if e.get("fountain") else ""
    return text + ("; it rolls a die for lira" if e.get("roll") else "")


EVENTS = {
    "letter_pile_shuffled": lambda b, e: ("The spent letters were shuffled into a new pile" if e.get("reshuffle")
                                          else f"The {count(e['size'], 'letter')} were shuffled into a pile"),
    "letters_drawn": lambda b, e: (f"{who(e)} took {letters(b, e['letters'])}, face up"
                                   + (f"; {e['owed']} more after a reshuffle" if e.get("owed") else "")),
    "letters_delivered": lambda b, e: (f"{who(e)} delivered {letters(b, e['places'])}: turned over, "
                                       f"{BACK_SEALS} seals each"),
    "embassy_visited": lambda b, e: f"{who(e)} visited the Embassy",
    "secret_society_joined": _society_joined,
    "courier_used": lambda b, e: (f"{who(e)} took a letter from the courier for "
                                  + (lira(e["lira"]) if e["lira"] else letters(b, e["letters"], len(e["sealed"]))
                                     if e["letters"] or e["sealed"] else "nothing")),
    "bonus_turn_taken": lambda b, e: f"{who(e)} gave up {letters(b, e['letters'], len(e['sealed']))} for a bonus turn",
    "auction_house_visited": lambda b, e: (f"{who(e)} took {e['gained']} {good(e['good'])} at the Auction House"
                                           + (f" and opened the auction of 2 bonus cards at {lira(e['bid'])}"
                                              if e.get("bid") else "; no auction (no lira)")),
    "bid_placed": lambda b, e: (f"{who(e)} passed" if e["amount"] is None else f"{who(e)} bid {lira(e['amount'])}"),
    "auction_won": lambda b, e: (f"{who(e)} won the auction for {lira(e['bid'])}, paid to "
                                 + ("the supply" if e["auctioneer"] == e["seat"] else seat(e["auctioneer"]))
                                 + ": 2 bonus cards to draw"),
    "kiosk_tiles_shuffled": lambda b, e: ("The kiosk tiles' discard pile was shuffled into a new stack"
                                          if e.get("reshuffle") else f"The {count(e['size'], 'kiosk tile')} were shuffled"),
    "kiosk_visited": lambda b, e: (f"{who(e)} visited the Kiosk and turned up {tiles(e['tiles'])}"
                                   + (f"; {e['owed']} more once the discarded tiles are shuffled" if e.get("owed")
                                      else "")),
    "kiosk_tiles_revealed": lambda b, e: f"The Kiosk turned up {tiles(e['tiles'])}",
    "kiosk_tile_chosen": _chosen,
    "kiosk_die_rolled": lambda b, e: f"{who(e)} rolled {e['die']} for the kiosk tile",
    "companion_brought_in": lambda b, e: f"{who(e)} brought its companion in at {b.place(e['place'])}",
    "companion_moved": lambda b, e: (f"{who(e)} moved its companion from {b.place(e['origin'])} to "
                                     f"{b.place(e['place'])}" + (f", playing “{title(e['card'])}”" if e.get("card")
                                                                 else "")),
    "companion_taken": lambda b, e: (f"{who(e)} took its companion into its supply from "
                                     + ("the general supply" if e["origin"] == GENERAL_SUPPLY else
                                        b.place(e["origin"]))),
    "movement_card_paid": lambda b, e: f"{who(e)} paid {lira(e['lira'])} for “{title(e['card'])}”",
    "merchant_joined": lambda b, e: f"{who(e)} joined {seat(e['owner'])}'s merchant without paying it",
    "family_member_stepped": lambda b, e: (f"{who(e)}'s family member stepped from {b.place(e['origin'])} to "
                                           f"{b.place(e['place'])}"),
    "neutral_figure_used": lambda b, e: (f"{who(e)} used {figure(e['figure'])} from afar"
                                         + (f", took {e['gained']} {good(e['good'])}" if e.get("good") else "")
                                         + (f", paid {lira(e['lira'])}" if e.get("lira") else "")
                                         + (f", gave “{title(e['card'])}”" if e.get("card") else "")
                                         + (f", gave 1 {good(e['paid_good'])}" if e.get("paid_good") else "")
                                         + (f", gave {letters(b, e['letters'], len(e['sealed']))}"
                                            if e.get("letters") or e.get("sealed") else "")),
    "bonus_card_copied": lambda b, e: (f"{who(e)} carried out “{title(e['card'])}” from the discard pile"
                                       + (f": {goods_and_lira({e['good']: e['gained']} if e.get('good') else {}, e['lira'])}"
                                          if e.get("gained") or e.get("lira") else "")),
}


OFFERS = {
    21: lambda b: f"take {count(EMBASSY_LETTERS, 'letter')}, face up",
    22: lambda b: (f"take {count(KIOSK_LETTERS, 'letter')} and turn up one kiosk tile more than there are players: "
                   "each seat chooses one in turn, the visitor first and last"
                   + _shown(b)),
    23: lambda b: "take 1 good, then auction 2 bonus cards: every seat bids once, the auctioneer last",
    24: lambda b: (f"give up letters showing exactly {SOCIETY_SEALS} seals for the next ruby of a ruby track"
                   + _stacks(b)),
}


def _shown(b: Board) -> str:
    kiosk = places_of(b).get("kiosk") or {}
    shown = kiosk.get("shown") or []
    return f" (face up now: {tiles(shown)})" if shown else ""


def _stacks(b: Board) -> str:
    stacks = (places_of(b).get("secret_society") or {}).get("lira_stacks") or []
    return f", the first visits also take {listing(stacks)} lira" if stacks else ""


PHASES = {
    "Auction": lambda b, p: (f"the auction of 2 bonus cards: {seat(p.get('leader'))} leads with "
                             f"{lira(p.get('bid', 0))}, {seats(p.get('bidders', ()), 'nobody')} still to bid"),
    "KioskChoice": lambda b, p: (f"the kiosk tiles are chosen in turn: {seats(p.get('choosers', ()), 'nobody')} "
                                 f"still to choose"),
}


def holdings(b: Board, p: dict) -> list[str]:
    if "letters" not in p:
        return []
    face_up, sealed = p["letters"], p.get("sealed_letters", 0)
    shown = f" ({listing(f'for {b.place(x)}' for x in face_up)})" if face_up else ""
    out = [f"letters: {len(face_up)} face up{shown}, {sealed} delivered, {count(p.get('seals', 0), 'seal')}"
           if face_up or sealed else "no letters"]
    where = p.get("companion")
    out.append("companion " + ("not yet won" if where == GENERAL_SUPPLY else "in its supply" if where == PERSONAL_SUPPLY
                               else f"at {b.place(where)}"))
    return out


def table(b: Board) -> list[str]:
    supply = b.view.get("letters")
    if supply is None:
        return []
    turns = supply.get("bonus_turns") or []
    taken = f"; bonus turns taken this round: {seats(turns)}" if turns else ""
    now = "".join(" " + line for line in turn(b))
    return [f"Letters: {supply.get('pile_size', 0)} in the pile, {supply.get('spent', 0)} spent{taken}.{now}"]


def turn(b: Board) -> list[str]:
    """What marks this turn: the companion moves in it, or it is a bonus turn."""
    supply = b.view.get("letters") or {}
    said = (["This turn moves the companion."] if supply.get("companion_turn") else []) + (
        ["This is a bonus turn."] if supply.get("bonus_turn") else [])
    return [" ".join(said)] if said else []
