"""Game options: validated once in `initial_state`, kept frozen in the state.

Unknown keys are refused so a typo never silently plays the base game; so are combinations the rules exclude,
each with a message naming the rule. `OPTIONS_SCHEMA` and `OPTIONS_FOR_SEATS` state the same options as JSON
Schema (2020-12) for openapi.yaml (service/http/contract.py), built from the tables here;
tests/api/test_create_schema.py holds the schema and `parse_options` to the same answers.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.core import InvalidOptions
from domain.istanbul.data import MAX_SEATS, MIN_SEATS

BASE_LAYOUTS = ("short_paths", "long_paths", "ordered", "random")
EXPANSION_LAYOUTS = ("recommended", "random")  # 5x4: the rulebook's first-game picture, or random (11.1)
LAYOUTS = BASE_LAYOUTS + ("recommended",)
EXPANSIONS = ("mocha_baksheesh", "letters_seals")
# boxes the engine knows in part: refused (and named) until every rule of theirs is in (domain/istanbul/README.md)
INCOMPLETE: dict[str, str] = {}
# both boxes together are the Great Bazaar (rulebook p.17, reference 11.3): places 1-25 in 5x5, every bonus card
GREAT_BAZAAR = EXPANSIONS
GREAT_BAZAAR_LAYOUTS = ("random",)  # "zufällig verteilt ... den Brunnen 7 in die Mitte": no printed layout
# Letters & Seals' set-up step 1: its bonus cards alone, or mixed with the base game's (the Great Bazaar: all)
BONUS_DECKS = ("mixed", "letters_seals")
DEFAULTS = {"layout": "short_paths", "neutral_assistants": False, "expansions": [], "caravan_leader": False,
            "bonus_deck": "mixed"}
NEUTRAL_MAX_SEATS = 4  # the neutral assistants variant takes a spare colour
BONUS_DECK_EXPANSIONS = ("letters_seals",)  # the boxes whose set-up offers the choice of bonus deck, alone


@dataclass(frozen=True)
class Options:
    layout: str = "short_paths"
    neutral_assistants: bool = False
    expansions: tuple[str, ...] = ()
    # variant (11.4): the caravan tile; the rulebook's variants "can be combined freely" with every box
    caravan_leader: bool = False
    bonus_deck: str = "mixed"  # with Letters & Seals: "letters_seals" leaves the base game's cards in the box

    @property
    def great_bazaar(self) -> bool:
        return self.expansions == GREAT_BAZAAR


def parse_options(options: dict | None, seats: int) -> Options:
    if isinstance(seats, bool) or not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidOptions(f"istanbul needs {MIN_SEATS}-{MAX_SEATS} seats, not {seats!r}")
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise InvalidOptions("options must be an object")
    unknown = sorted(set(options) - set(DEFAULTS))
    if unknown:
        raise InvalidOptions(f"unknown option {unknown[0]!r}")
    expansions = _expansions(options.get("expansions", DEFAULTS["expansions"]))
    layouts = layouts_for(expansions)
    layout = options.get("layout", layouts[0] if expansions else DEFAULTS["layout"])
    if layout not in layouts and expansions == GREAT_BAZAAR:
        raise InvalidOptions("the Great Bazaar lays places 1-25 out at random in 5x5, the Fountain in the centre "
                             "(rulebook p.17): layout must be random")
    if layout not in layouts:
        if expansions and layout in BASE_LAYOUTS:
            raise InvalidOptions(f"layout {layout!r} is a 4x4 base-game layout; with an expansion the 20 places lie "
                                 f"in a 5x4 grid (rulebook p.11): layout must be one of {', '.join(layouts)}")
        if layout in LAYOUTS:
            raise InvalidOptions(f"layout {layout!r} needs the expansion's 5x4 grid; the base game's layouts are "
                                 f"{', '.join(layouts)}")
        raise InvalidOptions(f"layout must be one of {', '.join(layouts)}")
    neutral = options.get("neutral_assistants", DEFAULTS["neutral_assistants"])
    if not isinstance(neutral, bool):
        raise InvalidOptions("neutral_assistants must be a boolean")
    if neutral and seats > NEUTRAL_MAX_SEATS:
        raise InvalidOptions("the neutral assistants variant needs a spare colour: 2-4 players")
    leader = options.get("caravan_leader", DEFAULTS["caravan_leader"])
    if not isinstance(leader, bool):
        raise InvalidOptions("caravan_leader must be a boolean")
    deck = options.get("bonus_deck", DEFAULTS["bonus_deck"])
    if deck not in BONUS_DECKS:
        raise InvalidOptions(f"bonus_deck must be one of {', '.join(BONUS_DECKS)}")
    if deck != DEFAULTS["bonus_deck"] and expansions != BONUS_DECK_EXPANSIONS:
        raise InvalidOptions("bonus_deck is Letters & Seals' choice (rulebook p.15, set-up step 1): only with "
                             "expansions [\"letters_seals\"] alone (the Great Bazaar uses every card)")
    return Options(layout=layout, neutral_assistants=neutral, expansions=expansions, caravan_leader=leader,
                   bonus_deck=deck)


def layouts_for(expansions: tuple[str, ...]) -> tuple[str, ...]:
    """The layouts a box (the base game, one expansion, or the Great Bazaar) may be laid out in."""
    return GREAT_BAZAAR_LAYOUTS if expansions == GREAT_BAZAAR else EXPANSION_LAYOUTS if expansions else BASE_LAYOUTS


def _expansions(value) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise InvalidOptions(f"expansions must be a list of names ({', '.join(EXPANSIONS)})")
    unknown = [name for name in value if name not in EXPANSIONS]
    if unknown and unknown[0] in INCOMPLETE:
        raise InvalidOptions(INCOMPLETE[unknown[0]])
    if unknown:
        raise InvalidOptions(f"unknown expansion {unknown[0]!r}: this engine plays {', '.join(EXPANSIONS)}")
    if len(set(value)) != len(value):
        raise InvalidOptions("each expansion is named once")
    return tuple(name for name in EXPANSIONS if name in value)


def _boxes() -> list[tuple[str, ...]]:
    """Every set of expansions, in their canonical order."""
    boxes: list[tuple[str, ...]] = [()]
    for name in EXPANSIONS:
        boxes += [(*box, name) for box in boxes]
    return boxes


def _expansions_are(box: tuple[str, ...]) -> dict:
    """JSON Schema: `expansions` names exactly these (in any order; left out for none)."""
    if not box:
        return {"properties": {"expansions": {"maxItems": 0}}}
    return {"required": ["expansions"], "properties": {"expansions": {
        "minItems": len(box), "maxItems": len(box), "allOf": [{"contains": {"const": name}} for name in box]}}}


OPTIONS_SCHEMA = {
    "properties": {
        "layout": {"enum": list(LAYOUTS), "description": "The places' layout. The base game: "
                   f"{', '.join(BASE_LAYOUTS)} (default {DEFAULTS['layout']}); with one expansion (5x4): "
                   f"{', '.join(EXPANSION_LAYOUTS)} (default {EXPANSION_LAYOUTS[0]}); the Great Bazaar (both): "
                   f"{', '.join(GREAT_BAZAAR_LAYOUTS)}."},
        "expansions": {"type": "array", "items": {"enum": list(EXPANSIONS)}, "uniqueItems": True,
                       "description": "The boxes added to the base game, each named once; both are the Great "
                                      "Bazaar."},
        "neutral_assistants": {"type": "boolean", "description": "The neutral assistants variant "
                               f"({NEUTRAL_MAX_SEATS} seats at most)."},
        "caravan_leader": {"type": "boolean", "description": "The Caravan Leader variant."},
        "bonus_deck": {"enum": list(BONUS_DECKS), "description": f"With {' and '.join(BONUS_DECK_EXPANSIONS)} "
                       f"alone: its bonus cards mixed with the base game's, or alone (default "
                       f"{DEFAULTS['bonus_deck']})."},
    },
    "allOf": [
        *({"if": _expansions_are(box), "then": {"properties": {"layout": {"enum": list(layouts_for(box))}}}}
          for box in _boxes()),
        {"if": {"required": ["bonus_deck"], "properties": {"bonus_deck": {"not": {"const": DEFAULTS["bonus_deck"]}}}},
         "then": _expansions_are(BONUS_DECK_EXPANSIONS)},
    ],
}
# what else a seat count allows (JSON Schema, on top of OPTIONS_SCHEMA)
OPTIONS_FOR_SEATS = {seats: {"properties": {"neutral_assistants": {"const": False}}}
                     for seats in range(NEUTRAL_MAX_SEATS + 1, MAX_SEATS + 1)}
