"""Istanbul's notation: the command's type in words, its required values in order, then each optional value that is
set as `name=value` (a true flag as its bare name).

    move fountain                        Move(place=7)
    move sultans-palace card=B09         Move(place=13, card="B09")
    pick up assistant neutral            PickUpAssistant(neutral=True)
    sell goods red:1,blue:2              SellGoods(goods={"red": 1, "blue": 2})
    return assistants fountain,tea-house ReturnAssistants(places=(7, 9))
    catch family member 1 lira           CatchFamilyMember(owner=1, reward="lira")
    play bonus card B10 place=post-office
    end turn

Places are written by name in lower case with hyphens (`tea-house`), and read by that name, by their full name
(`Sultan's Palace`) or by number; goods as `good:count` pairs (the colours, or fabric, spice, fruit, jewelry);
card and tile ids as the view shows them (`B08`, `K20`); an empty list as `-`. Reading forgives case and spaces,
and reads the older canonical form that logs, tests and scripts wrote (`move place=13 card=B09`,
`use_mosque_tile tile=red die=- reroll=yes`, `deliver_to_sultan any_goods={}`): every field may be given as
`name=value`, `-` is none, `yes`/`no` a flag. A word that names nothing is refused with the words it may be: with a
view, the places in play. The fields, their kinds and their choices are the commands' own (`Annotated[T, Doc]`),
so a new command needs no code here. `parse(to_text(c), c.seat) == c` for every command.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from functools import cache

from domain.istanbul.commands import COMMANDS
from domain.istanbul.content import BASE, EXPANSIONS, GREAT_BAZAAR
from domain.notation import NotationError, number, one_of, split_list, unknown, words_of

PLACE_NAMES = {pid: name for box in (BASE, *EXPANSIONS.values(), GREAT_BAZAAR) for pid, name in box.place_names}
PLACE_FIELDS = ("place", "act_at")  # an int naming one place
PLACES_FIELDS = ("places", "letters")  # a tuple of places (a letter is named by its place)
GOODS_ALIASES = {"fabric": "red", "spice": "green", "fruit": "yellow", "jewelry": "blue", "jewellery": "blue"}
GOOD_FIELDS = ("good", "pay")
REQUIRED = object()
EMPTY = "-"


@dataclasses.dataclass(frozen=True)
class Field:
    name: str
    kind: str  # "place", "places", "goods", "flag", "int", "word"
    default: object
    choices: tuple
    low: int | None
    high: int | None
    text: str


@cache
def fields(cls) -> tuple[Field, ...]:
    """Every field of a command but the seat, with its kind read off its type and name."""
    hints = typing.get_type_hints(cls, include_extras=True)
    out = []
    for f in dataclasses.fields(cls)[1:]:
        hint = hints[f.name]
        doc = hint.__metadata__[0] if hasattr(hint, "__metadata__") else None
        plain = str(typing.get_args(hint)[0] if doc else hint)
        if f.name in PLACE_FIELDS:
            kind = "place"
        elif f.name in PLACES_FIELDS:
            kind = "places"
        else:
            kind = ("goods" if "dict" in plain else "flag" if "bool" in plain else "int" if "int" in plain
                    else "word")
        default = f.default if f.default is not dataclasses.MISSING else REQUIRED
        out.append(Field(f.name, kind, default, tuple(doc.choices) if doc else (), doc and doc.minimum,
                         doc and doc.maximum, doc.text if doc else f.name))
    return tuple(out)


def slug(name: str) -> str:
    return name.lower().replace("'", "").replace(" ", "-")


def say(kind: str) -> str:
    return kind.replace("_", " ")


# --- writing -----------------------------------------------------------------------------------------------------
def _write(field: Field, value) -> str:
    if field.kind == "place":
        return slug(PLACE_NAMES.get(value, str(value)))
    if field.kind == "places":
        return ",".join(slug(PLACE_NAMES.get(p, str(p))) for p in value) or EMPTY
    if field.kind == "goods":
        return ",".join(f"{good}:{n}" for good, n in value.items() if n) or EMPTY
    if value is None:
        return EMPTY
    return str(value)


def to_text(command) -> str:
    cls = type(command)
    if COMMANDS.get(getattr(cls, "TYPE", None)) is not cls:
        raise NotationError(f"not an Istanbul command: {command!r}")
    words = [say(cls.TYPE)]
    for field in fields(cls):
        value = getattr(command, field.name)
        if field.default is REQUIRED:
            words.append(_write(field, value))
        elif value != field.default:
            words.append(field.name if field.kind == "flag" and value is True else f"{field.name}={_write(field, value)}")
    return " ".join(words)


# --- reading -----------------------------------------------------------------------------------------------------
class Places:
    """The places a text may name: those in play (the view's `place_names`), else every box's."""

    def __init__(self, view: dict | None):
        names = view.get("place_names") if isinstance(view, dict) else None
        self.names = {int(k): v for k, v in names.items()} if names else PLACE_NAMES
        self.by_slug = {slug(name): pid for pid, name in self.names.items()}
        # a full name as typed (`Sultan's Palace`, `tea house`) becomes its slug before the words are split
        self.pattern = re.compile(r"\b(" + "|".join(
            r"[\s\-]+".join(re.escape(w).replace("'", "'?") for w in name.lower().split()) for name in
            sorted(self.names.values(), key=len, reverse=True)) + r")\b", re.IGNORECASE)

    def joined(self, text: str) -> str:
        return self.pattern.sub(lambda m: slug(re.sub(r"[\s\-]+", " ", m.group(0))), text)

    def place(self, word: str) -> int:
        """The place `word` names (a number, a slug, or a phrase of words that should have been one)."""
        if word.isascii() and word.isdigit():
            if int(word) in self.names:
                return int(word)
            raise NotationError(f"no place numbered {word}: the places are {self._listed()}")
        if slug(word) in self.by_slug:
            return self.by_slug[slug(word)]
        raise NotationError(unknown(word, list(self.by_slug), "place"))

    def _listed(self) -> str:
        return ", ".join(f"{pid} {slug(name)}" for pid, name in sorted(self.names.items()))


def _read(field: Field, word: str, places: Places):
    if word in (EMPTY, "()", "{}") and field.kind in ("places", "goods"):
        return () if field.kind == "places" else {}
    if word == EMPTY and field.default is None:
        return None
    if field.kind == "place":
        place = places.place(word)
        if field.choices and place not in field.choices:
            raise NotationError(f"{field.name} is one of {', '.join(slug(PLACE_NAMES[p]) for p in field.choices)}")
        return place
    if field.kind == "places":
        return tuple(places.place(p) for p in split_list(word))
    if field.kind == "goods":
        return {_word(field, good): number(n, f"the count of {good}", 0, field.high)
                for good, _, n in (pair.partition(":") for pair in split_list(word))}
    if field.kind == "flag":
        return one_of(word, ("yes", "no", "true", "false"), f"answer for {field.name}", "answers") in ("yes", "true")
    if field.kind == "int":
        return number(word, field.name, field.low, field.high)
    return _word(field, word)


def _word(field: Field, word: str) -> str:
    if field.name in GOOD_FIELDS or field.kind == "goods":
        word = GOODS_ALIASES.get(word, word)
    if field.choices:
        what = "good" if field.kind == "goods" else WHAT.get(field.name, field.name.replace("_", " "))
        return one_of(word, field.choices, what)
    return word.upper() if word.upper() in ids() else word  # a card id where any word may stand (L09's pay)


WHAT = {"pay": "payment"}  # a field's name where the noun reads better than the field's own


@cache
def ids() -> frozenset:
    """Every card and tile id a command names (written in upper case)."""
    return frozenset(c for cls in COMMANDS.values() for f in fields(cls) if f.name in ("card", "tile")
                     for c in f.choices if c.upper() == c)


def _type(words: list[str]) -> tuple[type, int]:
    for length in range(min(4, len(words)), 0, -1):
        cls = COMMANDS.get("_".join(words[:length]))
        if cls is not None:
            return cls, length
    raise NotationError(f"not an Istanbul move: {' '.join(words)!r}; say e.g. 'move fountain', 'sell goods red:1', "
                        f"'end turn' (the moves are {', '.join(say(t) for t in COMMANDS)})")


def usage(cls) -> str:
    required = [f for f in fields(cls) if f.default is REQUIRED]
    if not required:
        return f"'{say(cls.TYPE)}' takes no value"
    return f"'{say(cls.TYPE)}' takes {len(required)}: " + "; ".join(f"{f.name}, {f.text}" for f in required)


def parse(text: str, seat: int, view: dict | None = None):
    """The command `text` names for `seat`; `view` (the seat's) says which places are in play."""
    places = Places(view)
    tokens = text.split() if isinstance(text, str) else words_of(text)
    if not tokens:
        raise NotationError("an empty line: say e.g. 'move fountain', 'sell goods red:1', 'end turn'")
    cls, length = _type([t.lower() for t in tokens])
    rest = words_of(places.joined(" ".join(tokens[length:])))
    by_name = {f.name: f for f in fields(cls)}
    given, positional = {}, []
    for word in rest:
        name, eq, value = word.partition("=")
        if eq:
            if name not in by_name or name in given:
                raise NotationError(f"'{say(cls.TYPE)}' has no second or unknown field {name!r}: its fields are "
                                    f"{', '.join(by_name) or 'none'}")
            given[name] = _read(by_name[name], value, places)
        elif name in by_name and by_name[name].kind == "flag" and by_name[name].default is not REQUIRED:
            given[name] = True
        else:
            positional.append(word)
    unnamed = [f for f in fields(cls) if f.default is REQUIRED and f.name not in given]
    surplus = len(positional) - len(unnamed)
    at = next((i for i, f in enumerate(unnamed) if f.kind == "place"), None)
    if surplus > 0 and at is not None:  # a place's name in words of its own (`sultan palace`): one value
        positional[at:at + surplus + 1] = [" ".join(positional[at:at + surplus + 1])]
    if len(positional) != len(unnamed):
        raise NotationError(f"cannot read {text.strip()!r}: {usage(cls)}")
    for field, word in zip(unnamed, positional):
        given[field.name] = _read(field, word, places)
    return cls(seat, **given)
