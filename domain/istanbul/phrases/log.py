"""The base game's events as lines of a log, from the envelope as served to its reader: a card drawn from the deck
by another seat arrives blank, so its line says only that a card was drawn; the reader's own draw names the card.
One function per event type (`WORDS`: board, payload -> line); each box adds its own (`<box>/words.py`)."""

from __future__ import annotations

from domain.istanbul.data import CATCH_LIRA, DEMAND_TILES, FIGURE_FEE
from domain.istanbul.phrases.cards import title
from domain.istanbul.phrases.moves import paying
from domain.istanbul.phrases.terms import Board, figure, good, goods, goods_and_lira, lira
from domain.words import count, listing, seat, seats, sentence

PURPOSES = {"black_market": " at the Black Market", "tea_house": " at the Tea House",
            "roll_two_yields": " for the bonus card's two yields", "roll_named_yield": " for the bonus card's jewelry"}
TIE_BREAKS = {"lira": "more lira", "goods": "more goods", "bonus_cards": "more bonus cards",
              "shared": "a tie on everything: the victory is shared"}
REASONS = {"fountain": "", "yellow_tile": f" with the yellow mosque tile, for {lira(2)}",
           "bonus_card": " with a bonus card"}


def who(e: dict) -> str:
    return sentence(seat(e["seat"]))


def drawn(e: dict, where: str) -> str:
    """A card drawn: named when the envelope shows it, else only that one was drawn."""
    return f"“{title(e['card'])}” from {where}" if e["card"] else f"a bonus card from {where}"


def demand(tile: str | None) -> str:
    return f"the next demand tile asks for {goods(DEMAND_TILES[tile])}" if tile in DEMAND_TILES else "no demand tile is left"


def _start(b: Board, e: dict) -> str:
    money = ", ".join(f"{seat(s)} {lira(n)}" for s, n in enumerate(e["lira"]))
    return f"{who(e)} was drawn by lot to start; the players begin with {money}"


def _layout(b: Board, e: dict) -> str:
    if e["accepted"]:
        return "The places were laid out at random"
    return "A random layout broke the rules of the set-up (the Fountain's place, the Black Market and the Tea House " \
           "apart): the places are shuffled again"


def _deck(b: Board, e: dict) -> str:
    if e.get("reshuffle"):
        return f"The discard pile was shuffled into a new bonus deck of {count(e['size'], 'card')}"
    return f"The bonus deck of {count(e['size'], 'card')} was shuffled"


def _figure(b: Board, e: dict) -> str:
    name = "a neutral merchant" if e["figure"] == "neutral_merchant" else figure(e["figure"])
    return f"{sentence(name)} moved to {b.place(e['place'])} (dice {listing(e['dice'])})"


def _moved(b: Board, e: dict) -> str:
    card = f", playing “{title(e['card'])}”" if e.get("card") else ""
    if e["origin"] == e["place"]:
        return f"{who(e)}'s merchant stayed at {b.place(e['place'])}{card}"
    steps = b.steps(e["origin"], e["place"])
    far = f" ({count(steps, 'step')})" if steps else ""
    return f"{who(e)} moved from {b.place(e['origin'])} to {b.place(e['place'])}{far}{card}"


def _assistant(b: Board, e: dict, done: str) -> str:
    whose = "a neutral" if e["owner"] == -1 else "an" if e["owner"] == e["seat"] else f"{seat(e['owner'])}'s"
    return f"{who(e)} {done} {whose} assistant at {b.place(e['place'])}"


def _paid(b: Board, e: dict) -> str:
    paid = [seat(s) for s in e["owners"]] + ["a neutral merchant" for _ in e["neutral"]]
    return f"{who(e)} paid {paying(paid)} at {b.place(e['place'])}"


def _ended(b: Board, e: dict) -> str:
    winners = e["winners"]
    head = f"The game is over: {seats(winners)} {'wins' if len(winners) == 1 else 'win'}"
    if e.get("tie_break") is None:
        return head + " on rubies"
    return head + (f" on {TIE_BREAKS[e['tie_break']]}" if e["tie_break"] != "shared" else f" ({TIE_BREAKS['shared']})")


def _returned(b: Board, e: dict) -> str:
    return f"{who(e)} brought assistants back from {b.places(e['places'])}{REASONS.get(e['reason'], '')}"


def _sold(b: Board, e: dict) -> str:
    return (f"{who(e)} sold {goods(e['goods'])} at {b.place(e['market'])} for {lira(e['lira'])}; "
            f"{demand(e['next_top'])}")


def _tile(b: Board, e: dict) -> str:
    asked = f" (it asked for {e['value']} held)" if e.get("value") else ""
    extra = ["the mosque's ruby for owning both of its tiles"] if e["ruby"] else []
    extra += ["its fifth assistant"] if e["assistant"] else []
    return f"{who(e)} took the {e['tile']} mosque tile for 1 {good(e['tile'])}{asked}" + (
        f", and {listing(extra)}" if extra else "")


def _roll(b: Board, e: dict) -> str:
    total = e["total"]
    if e["purpose"] == "black_market":
        return f"{who(e)} took {e['blue']} jewelry at the Black Market (the dice showed {total})"
    return f"{who(e)} took {lira(e['lira'])} at the Tea House (the dice showed {total})"


def _played(b: Board, e: dict, verb: str = "played") -> str:
    got = []
    if e.get("gained"):
        got.append(f"{e['gained']} {good(e['good'])}")
    elif e.get("good"):
        got.append(f"{good(e['good'])}")
    if e.get("lira"):
        got.append(lira(e["lira"]))
    if e.get("place") is not None:
        got.append(f"the assistant at {b.place(e['place'])}")
    if e.get("reward") and not e.get("lira"):
        got.append("a bonus card" if e["reward"] == "card" else lira(CATCH_LIRA))
    return f"{who(e)} {verb} “{title(e['card'])}”" + (f": {listing(got)}" if got else "")


def _gained(e: dict) -> str:
    n = e["gained"]
    return f"{n} {good(e['good'])}" if n else f"no {good(e['good'])} (no room left)"


WORDS = {
    "start_player_chosen": _start,
    "layout_drawn": _layout,
    "bonus_deck_shuffled": _deck,
    "demand_tiles_shuffled": lambda b, e: (f"The demand tiles of {b.place(e['market'])} were shuffled; the top one asks "
                                           f"for {goods(DEMAND_TILES[e['top']])}"),
    "figure_placed": _figure,
    "bonus_card_drawn": lambda b, e: f"{who(e)} drew {drawn(e, 'the deck' if e['source'] == 'deck' else 'the discard pile')}",
    "bonus_card_discarded": lambda b, e: f"{who(e)} discarded “{title(e['card'])}”",
    "merchant_moved": _moved,
    "assistant_left": lambda b, e: _assistant(b, e, "left"),
    "assistant_picked_up": lambda b, e: _assistant(b, e, "picked up"),
    "merchants_paid": _paid,
    "turn_ended": lambda b, e: f"{who(e)} ended the turn; {seat(e['next_seat'])} is next",
    "game_end_triggered": lambda b, e: (f"{who(e)} has {count(e['rubies'], 'ruby', 'rubies')}: this round is played to "
                                        "its end, then the game is over"),
    "final_cards_began": lambda b, e: (f"The last round is over: {seats(e['queue'])}, in turn, may still play cards "
                                       "that bring lira or goods"),
    "final_cards_passed": lambda b, e: f"{who(e)} is done playing cards",
    "game_ended": _ended,
    "extension_bought": lambda b, e: (f"{who(e)} bought a wheelbarrow extension for {lira(e['lira'])}"
                                      + (" and took the Wainwright's ruby" if e["ruby"] else "")),
    "goods_filled": lambda b, e: f"{who(e)} filled up with {_gained(e)}",
    "mail_collected": lambda b, e: f"{who(e)} collected the mail: {goods_and_lira(e['goods'], e['lira'])}",
    "caravansary_visited": lambda b, e: f"{who(e)} visited the Caravansary",
    "assistants_returned": _returned,
    "black_market_visited": lambda b, e: f"{who(e)} took {_gained(e)} at the Black Market",
    "black_market_good_deferred": lambda b, e: f"{who(e)} chose to roll first at the Black Market and take the good after",
    "black_market_good_taken": lambda b, e: f"{who(e)} took {_gained(e)} at the Black Market",
    "tea_house_visited": lambda b, e: f"{who(e)} announced {e['number']} at the Tea House",
    "dice_rolled": lambda b, e: (f"{who(e)} rolled {listing(e['dice'])} ({sum(e['dice'])})"
                                 f"{PURPOSES.get(e['purpose'], '')}"),
    "red_tile_used": lambda b, e: (f"{who(e)} used the red mosque tile to roll again" if e["reroll"] else
                                   f"{who(e)} used the red mosque tile: the dice now show {listing(e['dice'])}"),
    "roll_resolved": _roll,
    "goods_sold": _sold,
    "family_member_sent": lambda b, e: f"{who(e)} sent its family member to {b.place(e['place'])}",
    "sultan_delivered": lambda b, e: (f"{who(e)} delivered {goods(e['goods'])} to the Sultan and took a ruby"
                                      + ("; a ruby from the supply refills the palace" if e["refilled"] else "")),
    "mosque_tile_taken": _tile,
    "ruby_bought": lambda b, e: (f"{who(e)} bought a ruby for {lira(e['lira'])} at the Gemstone Dealer"
                                 + ("; a ruby from the supply refills it" if e["refilled"] else "")),
    "green_tile_used": lambda b, e: f"{who(e)} bought {_gained(e)} with the green mosque tile",
    "family_member_caught": lambda b, e: (f"{who(e)} caught {seat(e['owner'])}'s family member and took "
                                          + ("a bonus card" if e["reward"] == "card" else lira(CATCH_LIRA))),
    "governor_used": lambda b, e: f"{who(e)} used the governor",
    "governor_paid": lambda b, e: (f"{who(e)} gave the governor “{title(e['card'])}”" if e.get("card")
                                   else f"{who(e)} paid the governor {lira(FIGURE_FEE)}"),
    "smuggler_used": lambda b, e: (f"{who(e)} took {_gained(e)} from the smuggler for "
                                   + (lira(FIGURE_FEE) if e["pay"] == "lira" else "nothing" if e["pay"] == "free"
                                      else f"1 {good(e['pay'])}")),
    "bonus_card_played": _played,
    "caravan_tile_taken": lambda b, e: f"{who(e)} took the caravan tile: it leads the caravan",
    "seat_forfeited": lambda b, e: f"{who(e)} forfeited and is skipped from now on",
}
