"""Istanbul's text notation: the command's type in words, then its required values in order, then any optional
value that is set as `name=value` (a true flag as its bare name).

    move fountain                      {"type": "move", "place": 7}
    move fountain card=B08             {"type": "move", "place": 7, "card": "B08"}
    pick up assistant neutral          {"type": "pick_up_assistant", "neutral": true}
    sell goods red:1,blue:2            {"type": "sell_goods", "goods": {"red": 1, "blue": 2}}
    return assistants fountain,tea-house
    catch family member 1 lira         {"type": "catch_family_member", "owner": 1, "reward": "lira"}
    play bonus card B03 place=post-office
    end turn

Places are written by name in lower case with hyphens (`sultans-palace`, `tea-house`) or by number (1..16,
or further places an expansion names in the view's `place_names`); goods mappings as `good:count` pairs
(zero counts left out); card and tile ids as the view shows them (`B08`). `FIELDS` lists every command's
fields; tests/sdk/test_notation.py checks it against openapi.yaml, so it cannot drift from the API."""

from __future__ import annotations

from bazaar_client.sdk.notation.common import NotationError, split_list

# The base game's places by number (the view's `place_names`); names are the notation's spelling of them.
PLACE_NAMES = {1: "Wainwright", 2: "Fabric Warehouse", 3: "Spice Warehouse", 4: "Fruit Warehouse", 5: "Post Office",
               6: "Caravansary", 7: "Fountain", 8: "Black Market", 9: "Tea House", 10: "Large Market",
               11: "Small Market", 12: "Police Station", 13: "Sultan's Palace", 14: "Small Mosque",
               15: "Great Mosque", 16: "Gemstone Dealer"}

# type -> (required fields in order, optional fields)
FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "move": (("place",), ("card", "joined")),
    "leave_assistant": ((), ()),
    "pick_up_assistant": ((), ("neutral",)),
    "pay_merchants": ((), ()),
    "end_turn": ((), ()),
    "buy_extension": ((), ()),
    "fill_goods": ((), ()),
    "collect_mail": ((), ()),
    "draw_bonus_card": (("source",), ()),
    "discard_bonus_card": (("card",), ()),
    "return_assistants": (("places",), ()),
    "visit_black_market": ((), ("good",)),
    "take_black_market_good": (("good",), ()),
    "visit_tea_house": (("number",), ()),
    "accept_roll": ((), ()),
    "sell_goods": (("goods",), ()),
    "send_family_member": (("place",), ()),
    "deliver_to_sultan": ((), ("any_goods",)),
    "take_mosque_tile": (("tile",), ()),
    "buy_ruby": ((), ()),
    "catch_family_member": (("owner", "reward"), ()),
    "use_governor": ((), ()),
    "pay_governor": ((), ("card",)),
    "use_smuggler": (("good", "pay"), ()),
    "play_bonus_card": (("card",), ("good", "place", "reward")),
    "use_mosque_tile": (("tile",), ("good", "place", "die", "reroll")),
    # Mocha & Baksheesh
    "roast_coffee": ((), ("lira", "good", "card")),
    "visit_guild_hall": ((), ()),
    "discard_guild_card": (("card",), ()),
    "place_barrier": (("places", "act_at"), ("tile",)),
    "take_tavern_tile": (("kind",), ()),
    "pay_baksheesh": (("place",), ()),
    "deliver_coffee": ((), ()),
    "use_coffee_trader": (("pay",), ()),
    "play_guild_card": (("card",), ()),
    "finish_guild_card": ((), ("good",)),
    "turn_die_to_six": (("die",), ("card",)),
    "give_goods": (("goods",), ()),
    "take_goods": (("goods",), ()),
    # Letters & Seals
    "visit_embassy": ((), ()),
    "join_secret_society": (("letters", "sealed", "place"), ()),
    "use_courier": (("pay",), ("letter",)),
    "take_bonus_turn": (("letters", "sealed"), ()),
    "visit_auction_house": (("good",), ("bid",)),
    "bid": ((), ("amount",)),
    "visit_kiosk": ((), ()),
    "choose_kiosk_tile": (("tile",), ("use", "option", "good", "letter", "card")),
    "bring_in_companion": ((), ()),
    "move_companion": (("place",), ("card",)),
    "take_companion": ((), ()),
    "step_family_member": (("place", "card"), ()),
    "use_neutral_figure": (("card", "figure", "pay"), ("good", "letter")),
    # the Great Bazaar
    "visit_catacombs": (("good",), ("place",)),
}
# how a field's value is written, by field name (anything else is a plain word)
PLACE, PLACES, GOODS, INT, FLAG = "place", "places", "goods", "int", "flag"
KINDS = {"place": PLACE, "places": PLACES, "goods": GOODS, "any_goods": GOODS, "number": INT, "owner": INT,
         "die": INT, "neutral": FLAG, "reroll": FLAG, "act_at": PLACE, "lira": FLAG,
         # Letters & Seals: face-up letters by their places ("-": none), counts and amounts, the kiosk's choices
         "letters": PLACES, "sealed": INT, "amount": INT, "bid": INT, "letter": INT, "option": INT, "use": FLAG,
         "joined": INT}


def slug(name: str) -> str:
    return name.lower().replace("'", "").replace(" ", "-")


class Places:
    """Place numbers <-> names; an expansion's extra places come from the view's `place_names`."""

    def __init__(self, place_names: dict | None = None):
        names = {**PLACE_NAMES, **{int(k): v for k, v in (place_names or {}).items()}}
        self.by_number = {number: slug(name) for number, name in names.items()}
        self.by_name = {name: number for number, name in self.by_number.items()}

    def name(self, number: int) -> str:
        return self.by_number.get(number, str(number))

    def number(self, word: str) -> int:
        if word.isdigit():
            return int(word)
        if word not in self.by_name:
            raise NotationError(f"unknown place {word!r}")
        return self.by_name[word]


def _write(field: str, value, places: Places) -> str:
    kind = KINDS.get(field)
    if kind == PLACE:
        return places.name(value)
    if kind == PLACES:
        return ",".join(places.name(p) for p in value) or "-"
    if kind == GOODS:
        return ",".join(f"{good}:{count}" for good, count in value.items() if count)
    return str(value)


def _read(field: str, word: str, places: Places):
    """Case-insensitive: card and kiosk tile ids are upper case (`B08`, `K20`), every other word lower case."""
    kind = KINDS.get(field)
    is_id = field == "card" or (field == "tile" and word[:1] in "kK" and word[1:].isdigit())  # B08, K20
    word = word.upper() if is_id else word.lower()
    try:
        if kind == PLACE:
            return places.number(word)
        if kind == PLACES:
            return [] if word == "-" else [places.number(p) for p in split_list(word)]
        if kind == GOODS:
            return {good: int(count) for good, _, count in (pair.partition(":") for pair in split_list(word))}
        if kind == INT:
            return int(word)
    except ValueError as err:
        raise NotationError(f"bad value for {field}: {word!r}") from err
    return word


def format_move(command: dict, place_names: dict | None = None) -> str:
    kind = command["type"]
    if kind not in FIELDS:
        raise NotationError(f"no Istanbul notation for {kind!r}")
    required, optional = FIELDS[kind]
    places = Places(place_names)
    words = [kind.replace("_", " ")] + [_write(f, command[f], places) for f in required]
    for field in optional:
        value = command.get(field)
        if value is None or value is False:
            continue
        words.append(field if KINDS.get(field) == FLAG else f"{field}={_write(field, value, places)}")
    return " ".join(words)


def parse_move(text: str, place_names: dict | None = None) -> dict:
    words = text.strip().split()
    lowered = [w.lower() for w in words]
    # the type is the longest run of leading words that names a command (`pick up assistant`)
    for length in range(min(4, len(words)), 0, -1):
        kind = "_".join(lowered[:length])
        if kind in FIELDS:
            break
    else:
        raise NotationError(f"not Istanbul notation: {text!r} (e.g. 'move fountain', 'sell goods red:1', 'end turn')")
    required, optional = FIELDS[kind]
    rest = words[length:]
    places = Places(place_names)
    # a bare word is a flag only when it names an optional flag field (`use_courier letter letter=5`: the first
    # `letter` is the payment, a value)
    positional = [w for w in rest if "=" not in w and not (w.lower() in optional and KINDS.get(w.lower()) == FLAG)]
    if len(positional) != len(required):
        raise NotationError(f"'{kind.replace('_', ' ')}' takes {len(required)} value(s): {', '.join(required) or 'none'}")
    command: dict = {"type": kind}
    for field, word in zip(required, positional):
        command[field] = _read(field, word, places)
    for word in rest:
        name, eq, value = word.partition("=")
        if name.lower() not in optional:
            continue
        if not eq:
            if KINDS.get(name.lower()) == FLAG:
                command[name.lower()] = True
            continue  # a value, read above
        else:
            command[name.lower()] = _read(name.lower(), value, places)
    return command
