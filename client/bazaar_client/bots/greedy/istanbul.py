"""One-ply evaluation of an Istanbul command from the seat's view.

A turn is a chain of small commands, so the evaluation looks at the command's immediate yield:
- Rubies decide the game: `buy_ruby` and `deliver_to_sultan` come first, then `take_mosque_tile`.
- `move` to a place is scored by what the seat could do there now: the Sultan's palace when its wheelbarrow covers
  the next delivery, the gemstone dealer when it can pay, a market by the demanded goods it holds, a warehouse by
  the room left for that good, the wainwright while it can afford an extension, a mosque while it holds enough of
  a colour for a tile it lacks; other places get small fixed scores. A place where the seat has no assistant to
  leave (none under its merchant, none of its own there) gives nothing: then the fountain, which brings them
  back, is worth most. Spending a bonus card on a move costs a little (cards are worth keeping).
- The tea house: the expected lira of the announced number with two dice (the number if the roll reaches it,
  else 2).
- Selling: more goods at once is better. Doing a place's action beats leaving it (`end_turn` scores 0).
- The boxes' pieces (coffee, tavern tiles, guild cards, seals, the companion) are valued by the weights the mcts
  evaluation uses (`bazaar_client.bots.istanbul_pieces`, in lira; `LIRA_POINTS` points a lira here): a command that gains or
  spends them scores what it gains less what it spends. A ruby bought with coffee (`deliver_coffee`,
  `pay_baksheesh`) or with seals (`join_secret_society`) is a ruby. A `move` to a box's place is scored by what
  the seat could do there now (coffee for the next ruby at the Coffee House, baksheesh or an affordable tavern
  tile at the Tavern, six seals at the Secret Society), plus a seal for each face-up letter the arrival delivers.
"""

from __future__ import annotations

from itertools import product

from bazaar_client.bots import istanbul_pieces as box
from bazaar_client.bots.istanbul_pieces import LIRA_POINTS

RUBY = 100.0
MOSQUE_TILE = 40.0
ACTION = {"leave_assistant": 20, "pick_up_assistant": 20, "buy_extension": 12, "fill_goods": 10, "collect_mail": 8,
          "visit_black_market": 8, "take_black_market_good": 8, "use_smuggler": 6, "catch_family_member": 6,
          "return_assistants": 5, "draw_bonus_card": 4, "send_family_member": 3, "use_governor": 3,
          "play_bonus_card": 3, "pay_governor": 2, "use_mosque_tile": 2, "accept_roll": 1, "pay_merchants": 1,
          "discard_bonus_card": 1, "accept_undo": 1, "end_turn": 0,
          # the boxes' steps that gain no piece by themselves
          "visit_auction_house": 6, "finish_guild_card": 5, "discard_guild_card": 1}
WAREHOUSES = {2: "red", 3: "green", 4: "yellow"}  # fabric, spice, fruit
SMALL_PLACES = {5: 8, 6: 6, 7: 4, 8: 8, 9: 8, 12: 3}
FOUNTAIN = 7
MOSQUES = {14: "small", 15: "great"}
NO_ASSISTANT_FOUNTAIN = 30.0
CARD_ON_MOVE = 3.0
MERCHANT_FEE = 2
TWO_DICE = [a + b for a, b in product(range(1, 7), repeat=2)]
# the boxes' places (Mocha & Baksheesh 17-20, Letters & Seals 21-24)
ROASTERY, GUILD_HALL, TAVERN, COFFEE_HOUSE = 17, 18, 19, 20
EMBASSY, KIOSK, AUCTION_HOUSE, SECRET_SOCIETY = 21, 22, 23, 24
BOX_PLACES = {ROASTERY: 10, GUILD_HALL: 10, EMBASSY: 15, KIOSK: 10, AUCTION_HOUSE: 6}
BAKSHEESH_COFFEE, SOCIETY_SEALS = 4, 6
GOOD_LIRA = 2.5  # a good paid for coffee, in lira (the mcts evaluation's GOOD)
BONUS_CARD_LIRA = 2.5
RUBY_PLACE = 60.0  # a place where the seat can take a ruby now (as the Sultan's palace and gemstone dealer)
GUILD_CARD_PLAY = 10.0  # a place's action without walking there; the card is spent


def tea_house(number: int) -> float:
    hit = sum(1 for total in TWO_DICE if total >= number) / len(TWO_DICE)
    return hit * number + (1 - hit) * 2


def covers(have: dict, wanted: dict, any_count: int = 0) -> bool:
    missing = sum(max(0, count - have.get(good, 0)) for good, count in wanted.items())
    spare = sum(have.values()) - sum(min(count, have.get(good, 0)) for good, count in wanted.items())
    return missing == 0 and spare >= any_count


def can_act(state: dict, me: dict, place: int) -> bool:
    """An assistant to leave there: one under the merchant, or the seat's own already standing there."""
    if "stack" not in me or me["stack"]:
        return True
    return [place, me["seat"]] in state.get("assistants", [])


def fee(state: dict, me: dict, place: int) -> int:
    """The lira owed on arriving at `place`: 2 for each other player's merchant (and companion) and each neutral
    merchant there, nothing at the fountain."""
    if place == FOUNTAIN:
        return 0
    others = [p for p in state.get("players", ()) if p.get("seat") != me.get("seat")]
    figures = sum(1 for p in others if p.get("merchant") == place) + sum(1 for p in others
                                                                         if p.get("companion") == place)
    return MERCHANT_FEE * (figures + list(state.get("neutral_merchants", ())).count(place))


def place_worth(state: dict, me: dict, place: int) -> float:
    places = state.get("places", {})
    goods = me.get("goods", {})
    if place == FOUNTAIN and not me.get("stack", [None]):
        return NO_ASSISTANT_FOUNTAIN
    due = fee(state, me, place)
    if not can_act(state, me, place) or me.get("lira", 0) < due:
        return 0.0
    if place == 13:
        palace = places.get("sultans_palace", {})
        return 60.0 if covers(goods, palace.get("next_goods", {}), palace.get("any", 0)) else 0.0
    if place == 16:
        return 60.0 if me.get("lira", 0) - due >= places.get("gemstone_dealer", {}).get("price", 99) else 0.0
    if place in (10, 11):
        market = places.get("large_market" if place == 10 else "small_market", {})
        return 5.0 * sum(min(n, goods.get(g, 0)) for g, n in market.get("demand_goods", {}).items())
    if place in WAREHOUSES:
        capacity = me.get("capacity", 2)
        return 10.0 * (capacity - goods.get(WAREHOUSES[place], 0)) / max(1, capacity)
    if place == 1:
        return 15.0 if me.get("lira", 0) >= 7 and me.get("extensions", 0) < 3 else 0.0
    if place in MOSQUES:
        mosque = places.get("mosques", {}).get(MOSQUES[place])
        if mosque is None:
            return 20.0 if any(goods.get(g, 0) >= 2 for g in goods) else 0.0
        owned = set(me.get("mosque_tiles", ()))
        return 20.0 if any(colour not in owned and values and goods.get(colour, 0) >= values[0]
                           for colour, values in mosque.items() if colour != "rubies") else 0.0
    if place in BOX_PLACES or place in (TAVERN, COFFEE_HOUSE, SECRET_SOCIETY):
        return box_place_worth(state, me, place) + LIRA_POINTS * box.SEAL * me.get("letters", []).count(place)
    return float(SMALL_PLACES.get(place, 2))


def coffee(me: dict) -> int:
    return me.get("goods", {}).get("coffee", 0)


def box_place_worth(state: dict, me: dict, place: int) -> float:
    places = state.get("places", {})
    if place == COFFEE_HOUSE:
        house = places.get("coffee_house", {})
        return RUBY_PLACE if house.get("rubies") and coffee(me) >= house.get("coffee", 99) else 0.0
    if place == TAVERN:
        return tavern_worth(places.get("tavern", {}), me)
    if place == SECRET_SOCIETY:
        return RUBY_PLACE if me.get("seals", 0) >= SOCIETY_SEALS else 0.0
    return float(BOX_PLACES[place])


def tavern_worth(tavern: dict, me: dict) -> float:
    """Baksheesh when the seat can pay it (a ruby), else an affordable tile of a kind it lacks."""
    goods = me.get("goods", {})
    if coffee(me) >= BAKSHEESH_COFFEE and covers(goods, tavern.get("baksheesh", {}).get("goods", {})):
        return RUBY_PLACE
    tile = cheapest_tile(tavern, me)
    return 15.0 if tile is not None and tile <= coffee(me) else 0.0


def cheapest_tile(tavern: dict, me: dict, kind: str | None = None) -> int | None:
    """The coffee the cheapest tavern tile the seat may take costs (of `kind`, or of any kind it lacks)."""
    owned = {tile.rsplit("_", 1)[0] for tile in me.get("tavern_tiles", ())}
    costs = [stack[0]["coffee"] for k, stack in tavern.get("tiles", {}).items()
             if stack and k not in owned and kind in (None, k)]
    return min(costs, default=None)


def box_score(state: dict, me: dict, move: dict) -> float | None:
    """The score of a box's command: what it gains less what it spends, by the shared weights; None for a
    command of the base game."""
    kind, held = move["type"], coffee(me)
    gained_coffee = lambda n: LIRA_POINTS * (box.coffee(held + n) - box.coffee(held))  # noqa: E731
    if kind in ("deliver_coffee", "pay_baksheesh", "join_secret_society"):
        return RUBY
    if kind == "roast_coffee":
        options = [move.get("lira"), move.get("good"), move.get("card")]
        paid = (2 if move.get("lira") else 0) + (GOOD_LIRA if move.get("good") else 0)
        paid += (box.GUILD_CARD if str(move.get("card")).startswith("G") else BONUS_CARD_LIRA) if move.get("card") else 0
        return 6.0 + gained_coffee(2 * sum(1 for o in options if o)) - LIRA_POINTS * paid
    if kind == "take_tavern_tile":
        cost = cheapest_tile(state.get("places", {}).get("tavern", {}), me, move["kind"]) or 0
        return 6.0 + LIRA_POINTS * (box.TAVERN_TILE - (box.coffee(held) - box.coffee(held - cost)))
    if kind == "visit_guild_hall":
        return 6.0 + gained_coffee(1) + LIRA_POINTS * box.GUILD_CARD
    if kind == "use_coffee_trader":
        price = {"lira": 2.0, "free": 0.0}.get(move["pay"], GOOD_LIRA)
        return gained_coffee(1) - LIRA_POINTS * price
    if kind == "place_barrier":
        return place_worth(state, me, move["act_at"]) - LIRA_POINTS * (box.coffee(held) - box.coffee(held - 2))
    if kind == "play_guild_card":
        return GUILD_CARD_PLAY
    if kind == "visit_embassy":
        return LIRA_POINTS * 2 * box.SEAL
    if kind == "visit_kiosk":
        return LIRA_POINTS * box.SEAL + 6.0
    if kind == "use_courier":
        return LIRA_POINTS * (box.SEAL - 2)
    if kind == "take_bonus_turn":
        seals = len(move.get("letters") or ()) + 2 * (move.get("sealed") or 0)
        return LIRA_POINTS * (box.BONUS_TURN - box.SEAL * seals)
    if kind == "take_companion":  # won from the general supply, or taken back from the board to bring in again
        return LIRA_POINTS * box.COMPANION if me.get("companion") == box.GENERAL_SUPPLY else 0.5
    if kind in ("bring_in_companion", "move_companion"):
        return companion_worth(state, me, move.get("place", me.get("merchant")))
    return None


def companion_worth(state: dict, me: dict, place: int) -> float:
    """A turn of the companion instead of the merchant: the place's worth as for the merchant (the companion
    needs no assistant), halved because the merchant stays where it is, and nothing at the fountain, whose
    assistants the merchant's own walk there brings back (greedy otherwise shuttled the companion in and out
    there every turn)."""
    if place == FOUNTAIN:
        return 0.0
    return 0.5 * place_worth(state, {**me, "stack": [me.get("seat")]}, place)


def score(state: dict, move: dict) -> float:
    kind = move["type"]
    me = state["players"][state["you"]]
    if kind in ("buy_ruby", "deliver_to_sultan"):
        return RUBY
    if kind == "take_mosque_tile":
        return MOSQUE_TILE
    if kind == "sell_goods":
        return 8.0 + 3.0 * sum(move["goods"].values())
    if kind == "visit_tea_house":
        return tea_house(move["number"])
    if kind == "move":
        return place_worth(state, me, move["place"]) - (CARD_ON_MOVE if move.get("card") else 0.0)
    boxed = box_score(state, me, move)
    if boxed is not None:
        return boxed
    if kind == "catch_family_member":
        return ACTION[kind] + (1 if move.get("reward") == "lira" else 0)
    return float(ACTION.get(kind, 0))
