"""Jaipur in words: a command with what it yields, a line of the log, the position, the result, a card or token.

Every function reads only what its reader is shown (the seat's view, an envelope as served to it, a command of its
legal list), never the state, so the words cannot tell what a view hides: another seat's hand, the deck's order, a
bonus token's value before the round is scored. Names are the rulebook's: goods, camels, the herd, rupees, goods
and bonus tokens, the camel token, seals of excellence. The platform's commands and events are the table's words
(domain/table/words.py).
"""

from __future__ import annotations

from domain.jaipur.components import (
    BONUS_VALUES,
    CAMEL,
    CAMEL_TOKEN_VALUE,
    CARD_COUNTS,
    DEAL_PER_PLAYER,
    GOODS_TOKENS,
    HAND_LIMIT,
    MIN_SALE,
    SEALS_TO_WIN,
    bonus_tier,
)
from domain.table import words as table
from domain.words import count, listing, seat, sentence, whose

TIERS = {"three": "3 cards", "four": "4 cards", "five_plus": "5 or more cards"}
REASONS = {"goods_piles": "three goods token piles are empty", "deck": "the deck could not refill the market"}


def cards(names, empty: str = "nothing") -> str:
    """Cards by name, alike ones counted: "2 diamonds, gold and a camel"; an empty market slot as such."""
    seen: dict = {}
    for name in names:
        seen[name] = seen.get(name, 0) + 1
    return listing((_card(name, n) for name, n in seen.items()), empty)


def _card(name: str | None, n: int) -> str:
    if name is None:
        return "an empty slot" if n == 1 else f"{n} empty slots"
    if name in (CAMEL, "diamond"):
        return f"a {name}" if n == 1 else f"{n} {name}s"
    return name if n == 1 else f"{n} {name}"


# --- commands -----------------------------------------------------------------------------------------------------
def command(view: dict, command: dict) -> str:
    """A legal command (wire form, without `seat`) in words, with what it yields as the view shows it."""
    return _command(view, command)


def _command(view: dict, command: dict) -> str:
    kind = command["type"]
    if kind == "take_camels":
        camels = sum(1 for card in view.get("market") or () if card == CAMEL)
        return f"Take {count(camels, 'camel')} into your herd" if camels else "Take the market's camels"
    if kind == "take_one":
        return f"Take {_card(command['good'], 1)} from the market"
    if kind == "sell":
        return "Sell " + _sale(view, command["good"], command["count"])
    if kind == "exchange":
        give = [*command["give"], *[CAMEL] * command["camels"]]
        return f"Take {cards(command['take'])} from the market for {cards(give)}"
    return table.command(command, lambda move: _command(view, move)) or kind


def _sale(view: dict, good: str, n: int) -> str:
    pile = (view.get("goods_tokens") or {}).get(good, [])
    paid = pile[:n]
    short = f" (only {count(len(paid), 'token')} left)" if len(paid) < n else ""
    text = f"{n} {good if n == 1 or good != 'diamond' else 'diamonds'} for {count(sum(paid), 'rupee')}{short}"
    tier = bonus_tier(n)
    if tier is not None:
        left = (view.get("bonus_tokens") or {}).get(tier, 0)
        text += f" and a bonus token for {TIERS[tier]}" if left else f" (no bonus token for {TIERS[tier]} left)"
    return text


# --- the log ------------------------------------------------------------------------------------------------------
def event(envelope: dict, view: dict, reader: int | None) -> str | None:
    """One line of the log from an envelope as served to `reader`; None for one not worth a line."""
    if table.is_platform(envelope):
        return table.event(envelope, reader, options)
    e = envelope.get("payload")
    if e is None:
        return None
    kind = envelope["type"]
    who = sentence(seat(e.get("seat")))
    if kind == "first_player_drawn":
        return f"{who} was drawn by lot to start"
    if kind == "round_dealt":
        return _dealt(e, reader)
    if kind == "bonus_pile_shuffled":
        return f"The {count(e['count'], 'bonus token')} for {TIERS[e['tier']]} were shuffled face down"
    if kind == "goods_exchanged":
        give = [*e["give"], *[CAMEL] * e["camels"]]
        return f"{who} took {cards(e['take'])} from the market for {cards(give)}"
    if kind == "good_taken":
        return f"{who} took the {e['good']}"
    if kind == "camels_taken":
        return f"{who} took {count(e['count'], 'camel')} into the herd"
    if kind == "goods_sold":
        return _sold(who, e)
    if kind == "market_refilled":
        if not e["cards"]:
            return "The deck is empty: the market could not be refilled"
        return f"The market refilled with {cards(e['cards'])} ({count(e['deck_size'], 'card')} left in the deck)"
    if kind == "round_ended":
        return _round(e)
    if kind == "seal_awarded":
        return f"{who} took a seal of excellence ({e['seals']} of {SEALS_TO_WIN})"
    if kind == "match_won":
        return f"{who} won the match"
    if kind == "match_forfeited":
        return f"{who} forfeited: {seat(1 - e['seat'])} wins the match"
    if kind == "match_aborted":
        return (f"The match was stopped in round {e['round']} after {count(e['idle_turns'], 'turn')} without a "
                "card drawn or sold: no result")
    return None


OPTIONS = {  # an option's value other than the rulebook's, in words (docs/jaipur.md's table)
    ("residual_tie", "seal_to_non_starter"): "a round tied on everything gives its seal to the seat that did not start",
    ("deck_end_trigger", "deck_empty_immediately"): "a round ends as soon as the deck is empty",
    ("allow_sale_into_empty_pile", False): "no sale of a good whose token pile is empty",
    ("owner_sees_own_bonus_values", False): "bonus tokens stay face down until the round is scored",
    ("opponent_sees_hand_size", False): "hand and herd sizes are hidden",
}


def options(game_options: dict) -> str | None:
    """The options a match was created with, in words (only those that change the rulebook's game)."""
    said = [OPTIONS[key, value] for key, value in sorted(game_options.items()) if (key, value) in OPTIONS]
    if game_options.get("first_player") is not None:
        said.append(f"{seat(game_options['first_player'])} starts")
    if game_options.get("safety_cap_turns_without_progress"):
        said.append(f"stopped after {count(game_options['safety_cap_turns_without_progress'], 'turn')} without a "
                    "card drawn or sold")
    return f"({listing(said)})" if said else None


def _dealt(e: dict, reader: int | None) -> str:
    text = f"Round {e['round']} was dealt, {seat(e['starter'])} to start: the market shows {cards(e['market'])}"
    for s, hand in enumerate(e["hands"]):
        if hand is not None:
            herd = e["herds"][s]
            text += f"; {whose(s, reader)} holds {cards(hand)}, with {count(herd or 0, 'camel')} in the herd"
        elif e["hand_sizes"][s] is not None:
            text += (f"; {seat(s)} holds {count(e['hand_sizes'][s], 'card')}, with {count(e['herds'][s], 'camel')} "
                     "in the herd")
        else:
            text += f"; {seat(s)} holds {count(DEAL_PER_PLAYER, 'card')}, hand and herd together"
    return text


def _sold(who: str, e: dict) -> str:
    n, good = e["count"], e["good"]
    text = f"{who} sold {n} {good if n == 1 or good != 'diamond' else 'diamonds'} for {count(sum(e['tokens']), 'rupee')}"
    if e["tokens"]:
        text += f" ({'goods token' if len(e['tokens']) == 1 else 'goods tokens'} {listing(e['tokens'])})"
    if e["bonus_tier"] is not None:
        value = "" if e["bonus"] is None else f" worth {e['bonus']}"
        text += f" and a bonus token for {TIERS[e['bonus_tier']]}{value}"
    return text


def _round(e: dict) -> str:
    totals = ", ".join(f"{seat(s)} {count(total, 'rupee')}" for s, total in enumerate(e["totals"]))
    text = f"Round {e['round']} ended ({REASONS.get(e['reason'], e['reason'])}): {totals}"
    if e["camel_token"] is not None:
        text += f"; {seat(e['camel_token'])} had the larger herd and took the camel token ({CAMEL_TOKEN_VALUE})"
    if e["winner"] is None:
        return text + "; a tie in rupees, bonus tokens and goods tokens: nobody takes a seal"
    return text + f"; {seat(e['winner'])} wins the round{_tie_break(e)}"


def _tie_break(e: dict) -> str:
    if len(set(e["totals"])) > 1:
        return ""
    if len(set(e["bonus_counts"])) > 1:
        return " on more bonus tokens"
    if len(set(e["goods_counts"])) > 1:
        return " on more goods tokens"
    return ", the seat that did not start (a tie on everything)"


# --- the position and the result ----------------------------------------------------------------------------------
def position(view: dict) -> list[str]:
    """The position in words for the viewer of `view`: whose turn, the market, the piles, each seat's holdings."""
    me = view.get("you")
    lines = [_heading(view, me)]
    if view.get("market") is not None:
        lines.append(f"Market: {cards(view['market'])}; the deck has {count(view['deck_size'], 'card')}; "
                     f"{count(len(view.get('discard') or ()), 'card')} sold so far.")
        piles = "; ".join(f"{good} {listing(pile, 'none left')}" for good, pile in view["goods_tokens"].items())
        lines.append(f"Goods tokens, the next sale takes from the left: {piles}.")
        bonus = ", ".join(f"{n} for {TIERS[tier]}" for tier, n in view["bonus_tokens"].items())
        lines.append(f"Bonus tokens left, face down: {bonus}.")
    for player in view.get("players") or ():
        lines.append(_holdings(player, me))
    for done in view.get("rounds") or ():
        lines.append(f"Round {done['round']}: " + _round_result(done) + ".")
    said = result(view)
    if said:
        lines.append(said)
    return lines


def short_position(view: dict) -> list[str]:
    """The position in a few lines, what the reader weighs to choose a move: whose turn and the seals, the market,
    each seat's cards and rupees (the reader's first, its hand by name), the goods tokens the next sale takes,
    the rounds scored (or the result, which says them). Only what `position` says too, from the same view: a hidden hand stays a
    size."""
    me = view.get("you")
    lines = [_heading(view, me)]
    if view.get("market") is not None:
        lines.append(f"Market: {cards(view['market'])}; {count(view['deck_size'], 'card')} in the deck.")
    players = sorted(view.get("players") or (), key=lambda p: p["seat"] != me)
    lines += [_short_holdings(p, me) for p in players]
    if view.get("market") is not None:
        tops = ", ".join(f"{good} {pile[0]} ({len(pile)} left)" if pile else f"{good} none left"
                         for good, pile in view["goods_tokens"].items())
        lines.append(f"Goods tokens on top of the piles, the next sale's first: {tops}.")
    said = result(view)  # it says every round too
    if said:
        return [*lines, said]
    return lines + [f"Round {done['round']}: " + _round_result(done) + "." for done in view.get("rounds") or ()]


def _short_holdings(p: dict, me: int | None) -> str:
    name = "You" if p["seat"] == me else sentence(seat(p["seat"]))
    herd = f", herd {count(p['herd'], 'camel')}" if p.get("herd") is not None else ""
    bonus, shown = _bonus(p)
    return (f"{name}: {_hand(p, 'hand and herd')}{herd}; {count(p['goods_total'], 'rupee')} in goods tokens, "
            f"{count(len(bonus), 'bonus token')}{shown}.")


def _hand(p: dict, together: str) -> str:
    """A hand as its reader may see it: its cards (the seat's own), its size, or only the size of hand and herd
    together (camels in hand are hidden until they go to the herd)."""
    if p.get("hand") is not None:
        return f"hand {cards(sorted(p['hand']), 'empty')} ({len(p['hand'])} of {HAND_LIMIT})"
    if p.get("hand_size") is not None:
        return f"{count(p['hand_size'], 'card')} in hand"
    return f"{count(p['hand_and_herd_size'], 'card')} in {together}"


def _bonus(p: dict) -> tuple[list, str]:
    """A seat's bonus tokens, and what they are worth when every one of them is shown."""
    bonus = p.get("bonus_tokens") or []
    values = [t["value"] for t in bonus if t["value"] is not None]
    return bonus, f" worth {listing(values)}" if values and len(values) == len(bonus) else ""


def _heading(view: dict, me: int | None) -> str:
    seals = ", ".join(f"{whose(s, me)} has {n}" for s, n in enumerate(view.get("seals") or ()))
    who = f"You are {seat(me)}" if me is not None else "You are watching"
    phase = view.get("phase")
    if phase == "playing":
        turn = "your turn" if view.get("turn") == me else f"{seat(view.get('turn'))} to play"
        now = f"round {view.get('round')}, {turn}"
    else:
        now = {"choosing_first_player": "the first player is being drawn by lot",
               "dealing": f"round {view.get('round')} is being dealt", "setting_up": "the bonus tokens are being shuffled",
               "match_over": "the match is over"}.get(phase, str(phase))
    return f"{who}; {now}. Seals of excellence ({SEALS_TO_WIN} win the match): {seals}."


def _holdings(p: dict, me: int | None) -> str:
    name = sentence(whose(p["seat"], me))
    hand = _hand(p, "hand and herd together")
    herd = f"; herd {count(p['herd'], 'camel')}" if p.get("herd") is not None else ""
    bonus, shown = _bonus(p)
    return (f"{name}: {hand}{herd}; goods tokens worth {count(p['goods_total'], 'rupee')} "
            f"({count(len(p['goods_tokens']), 'token')}); {count(len(bonus), 'bonus token')}{shown}; "
            f"{count(p['seals'], 'seal')}.")


def _round_result(r: dict) -> str:
    """A scored round: the winner's rupees first."""
    camel = f", camel token to {seat(r['camel_token'])}" if r.get("camel_token") is not None else ""
    if r["winner"] is None:
        return f"tied at {r['totals'][0]} rupees each{camel}: no seal"
    totals = " to ".join(str(r["totals"][s]) for s in (r["winner"], 1 - r["winner"]))
    return f"{seat(r['winner'])} won {totals} rupees{camel}{_tie_break(r)}"


def result(view: dict) -> str | None:
    """Who won, by how much and how, round by round, from a finished view's `result`."""
    res = view.get("result")
    if not res:
        return None
    if res.get("aborted"):
        return "The match was stopped (too many turns without a card drawn or sold): nobody won."
    rounds = "; ".join(f"round {r['round']} {_round_result(r)}" for r in res.get("rounds") or ())
    winners = res.get("winners") or []
    if res.get("forfeited_by") is not None:
        head = f"{sentence(seat(res['forfeited_by']))} forfeited: {seat(winners[0]) if winners else 'nobody'} wins"
    elif winners:
        seals = " to ".join(str(n) for n in sorted(res["scores"], reverse=True))
        head = f"{sentence(seat(winners[0]))} won the match, {seals} in seals of excellence"
    else:
        head = "Nobody won the match"
    return f"{head}" + (f" ({rounds})." if rounds else ".")


# --- cards and tokens ---------------------------------------------------------------------------------------------
def card(card_id: str) -> str:
    """A goods card, the camel, or a bonus tier's tokens in a sentence, from the components' tables."""
    if card_id == CAMEL:
        return (f"Camel ({CARD_COUNTS[CAMEL]} cards): taken all at once into the herd, paid in exchanges for goods; "
                f"the larger herd at the round's end takes the camel token, worth {CAMEL_TOKEN_VALUE} rupees.")
    if card_id in GOODS_TOKENS:
        least = MIN_SALE[card_id]
        sells = f"sells at least {least} at a time" if least > 1 else "sells one or more at a time"
        return (f"{card_id.capitalize()} ({CARD_COUNTS[card_id]} cards): {sells}; its goods tokens, taken from the "
                f"top, are worth {listing(GOODS_TOKENS[card_id])} rupees.")
    if card_id in BONUS_VALUES:
        values = sorted(set(BONUS_VALUES[card_id]))
        return (f"Bonus tokens for a sale of {TIERS[card_id]} ({len(BONUS_VALUES[card_id])} tokens): each worth "
                f"{listing(values, '', 'or')} rupees, unknown until the round is scored.")
    raise KeyError(card_id)
