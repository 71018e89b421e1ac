"""VIEW_SCHEMA: the JSON Schema (draft 2020-12) of `view(state, seat)`, every property described.

A client reads this to know what `"merchant": 7` or `"stack": [0, -1]` means. Shapes that are fixed refuse
unknown properties, so a view field added without a description fails the schema test. Each place module
describes its own entries of "places" (its VIEW_SCHEMA); the rest is here. What an expansion adds is optional
(present only when that expansion is in play), so one schema covers every option.
"""

from __future__ import annotations

from domain.istanbul import places
from domain.istanbul.catalogue import FIGURE_KINDS, TAVERN_TILES
from domain.istanbul.data import COFFEE, FIGURES, GOODS, MAX_SEATS, MIN_SEATS, PLACE_NAMES, TILE_COLOURS
from domain.istanbul.docs import CARD_IDS
from domain.istanbul.great_bazaar import data as great_bazaar_data
from domain.istanbul.letters_seals import data as letters_data
from domain.istanbul.mocha_baksheesh import data as mocha_data
from domain.istanbul.options import BONUS_DECKS, EXPANSIONS, INCOMPLETE, LAYOUTS
from domain.istanbul.schema import (
    PLACE_RANGE,
    array,
    boolean,
    goods_counts,
    integer,
    nullable,
    obj,
    place,
    seat,
    string,
)

CARD = string("a bonus card id (rules 8.1): B01 any good, B02 5 lira, B03/B04/B05 the sultan's palace / post "
              "office / gemstone dealer action once more, B06 family member home with its reward, B07 sell any "
              "goods at the small market, B08 stay, B09 move 3-4 steps, B10 one assistant back; Mocha & Baksheesh "
              "(8.2): M01 2 coffee, M02 2 coffee for a guild card, M03 1 coffee for 8 lira, M04 swap up to 3 goods "
              "or coffee, M05 roll 2 dice for both yields, M06 a die of an own roll to 6, M07 move to a corner, "
              "M08/M09 the wainwright / coffee house action once more", CARD_IDS)
GUILD = string("a guild card id (Mocha & Baksheesh, 8.5): card N carries out place N's action (texts in "
               "proposed_rows)", mocha_data.GUILD_CARD_IDS)
FIGURE_NAMES = tuple(FIGURE_KINDS)

# --- the phase: its name says which fields it has -----------------------------------------------------------
STEPS = [
    obj("Caravansary sub-step: drawing 2 bonus cards one at a time, then discarding 1", {
        "name": string("sub-step name", ["Caravan"]),
        "drawn": integer("cards drawn at the caravansary so far (0-2); at 2 the discard is due", minimum=0,
                         maximum=2),
    }),
    obj("Black market / tea house roll: pending while dice is empty, then awaiting the red tile's choice", {
        "name": string("sub-step name", ["Dice"]),
        "kind": string("whose roll it is", ["black_market", "tea_house"]),
        "number": integer("tea house: the announced number (3-12); 0 at the black market", minimum=0, maximum=12),
        "dice": array("the two dice rolled (empty while the roll is pending)", integer("a die", minimum=1,
                                                                                      maximum=6), maxItems=2),
        "red_used": boolean("the red mosque tile was used on this roll"),
        "good_pending": boolean("black market rolled first: its single good is taken after the roll"),
    }),
    obj("Black market rolled first: the roll is resolved, the red, green or yellow good is still due", {
        "name": string("sub-step name", ["SingleGood"]),
        "total": integer("the resolved dice sum", minimum=2, maximum=12),
    }),
    obj("The governor's card was drawn: pay 2 lira or discard a card", {
        "name": string("sub-step name", ["GovernorPayment"]),
    }),
    obj("Guild Hall (Mocha & Baksheesh): guild cards still owed from a reshuffled stack, then the discard", {
        "name": string("sub-step name", ["GuildDrawing"]),
        "owed": integer("guild cards still to draw (after the stack is reshuffled)", minimum=0, maximum=2),
        "discard": boolean("a guild card from hand is discarded after the draws"),
    }),
]

STEP = {"description": "an open sub-decision of the phase (absent when none)", "oneOf": STEPS}


def _phase(name: str, description: str, fields: dict | None = None, optional: tuple = ()) -> dict:
    return obj(description, {"name": string("the phase's name", [name]), **(fields or {})}, optional)


PHASES = [
    _phase("Setup", "set-up chance steps (start player, layout, deck, demand stacks, figures) are pending"),
    _phase("Movement", "phase 1: the current seat must move its merchant (or use B08/B09/M07), or play a guild "
           "card instead (Mocha & Baksheesh)", {
               "committed": boolean("Mocha & Baksheesh: a movement card (B10) was played, so this is a merchant "
                                    "turn: no guild card (present only when true)"),
           }, optional=("committed",)),
    _phase("AssistantStep", "phase 1 at the destination: pick up or leave an assistant, or end the turn"),
    _phase("Payment", "phase 2: pay 2 lira to each other merchant here (all or nothing), or end the turn"),
    _phase("Action", "phase 3: the place action at `place` (phase 4 encounters may begin instead)", {
        "place": place("where the action is carried out (the family member's place when sent by the police)"),
        "by_family": boolean("the family member sent from the police station acts (no encounters)"),
        "done": integer("how often the place action was carried out so far", minimum=0),
        "allowed": integer("how often it may be carried out: 1 plus repeat cards played (B03/B04/B05)",
                           minimum=1),
        "any_goods": boolean("B07 was played: the small market buys any goods"),
        "green_used": boolean("the green mosque tile's extra good was bought at this warehouse"),
        "assistant_taken": boolean("fountain: an assistant was picked up on arrival"),
        "assistant_left": boolean("fountain: an assistant of the stack was left here before the action"),
        "no_figure": boolean("Mocha & Baksheesh: no figure acts (the place next to the tavern's barrier, or a guild "
                             "card's place): no encounters follow from it (present only when true)"),
        "figure_left": boolean("Letters & Seals: the acting merchant stack was put on the fountain (kiosk tile "
                               "K19): no encounters follow (present only when true)"),
        "step": STEP,
    }, optional=("step", "no_figure", "figure_left")),
    _phase("Encounters", "phase 4: catch family members (compulsory), use the governor / smuggler (/ coffee "
           "trader) once each", {
        "used": array("neutral figures already used this turn", string("a figure", FIGURE_NAMES)),
        "step": STEP,
    }, optional=("step",)),
    _phase("AfterGuildCard", "Mocha & Baksheesh: a guild card was carried out and discarded; end the turn (bonus "
           "cards that need no place may still be played)", {
        "card": GUILD,
    }),
    _phase("Auction", "Letters & Seals, Auction House 23: 2 bonus cards auctioned; to_act is the seat whose bid "
           "is awaited (bid higher or pass, once each, the auctioneer last)", {
        "auctioneer": seat("the active seat, whose action this is"),
        "bidders": array("seats still to bid, in order, the one awaited first", seat("a seat")),
        "bid": integer("the high bid in lira", minimum=1),
        "leader": seat("the seat holding the high bid"),
        "owed": integer("cards the winner draws once the discard pile is reshuffled", minimum=0, maximum=2),
    }),
    _phase("KioskChoice", "Letters & Seals, Kiosk 22: each seat in turn chooses a face-up kiosk tile (places."
           "kiosk.shown), the active seat first and again last; to_act is the seat whose choice is awaited", {
        "active": seat("the active seat, whose action this is"),
        "choosers": array("seats still to choose, in order, the one awaited first", seat("a seat")),
        "left": boolean("the active seat's merchant stack was put on the fountain (K19): no encounters follow"),
    }),
    _phase("FinalCards", "after the last turn: seats may still play cards bringing lira or goods (B01, B02)", {
        "queue": array("seats still to play final cards, the first one acts now", seat("a seat")),
    }),
    _phase("Over", "the game has ended: see result"),
]

# --- players and places ---------------------------------------------------------------------------------------
PLAYER = obj("one seat's merchant, wheelbarrow and pieces", {
    "seat": seat("the seat"),
    "lira": integer("lira held", minimum=0),
    "goods": goods_counts("goods on the wheelbarrow (each at most `capacity`), and coffee beside it (Mocha & "
                          "Baksheesh, uncapped)", GOODS, (COFFEE,)),
    "capacity": integer("goods of each colour the wheelbarrow holds: 2 plus extensions", minimum=2, maximum=5),
    "extensions": integer("wheelbarrow extensions bought at the wainwright (the 3rd brings a ruby)", minimum=0,
                          maximum=3),
    "rubies": integer("rubies on the wheelbarrow: the score", minimum=0),
    "merchant": place("where the merchant stands; 7 = the fountain, where every merchant starts"),
    "stack": array("owners of the assistants under the merchant, bottom first (-1 = a neutral assistant); the "
                   "bottom one is left first", integer("an assistant's owner seat, or -1 for neutral",
                                                       minimum=-1, maximum=MAX_SEATS - 1)),
    "spare_assistants": integer("own assistants in the supply: the 5th comes with the blue mosque tile",
                                minimum=0, maximum=1),
    "family_member": place("where the family member stands; 12 = the police station (its start)"),
    "mosque_tiles": array("mosque tiles owned by colour, in the order taken: red (dice), green (extra good at a "
                          "warehouse), yellow (recall an assistant), blue (5th assistant)",
                          string("a mosque tile colour", TILE_COLOURS)),
    "bonus_card_count": integer("bonus cards in hand (public)", minimum=0),
    "bonus_cards": array("the bonus cards in hand, sorted: only in the seat's own view, and in everyone's once "
                         "the game is over", CARD),
    "guild_card_count": integer("Mocha & Baksheesh: guild cards in hand (public)", minimum=0),
    "guild_cards": array("Mocha & Baksheesh: the guild cards in hand, sorted: only in the seat's own view, and in "
                         "everyone's once the game is over", GUILD),
    "tavern_tiles": array("Mocha & Baksheesh: tavern tiles owned, in the order taken (movement_N: straight line "
                          "any distance; encounter_N: neutral figures ask nothing)",
                          string("a tavern tile id: kind and coffee cost", sorted(TAVERN_TILES))),
    "letters": array("Letters & Seals: face-up letters (1 seal each), by the place number whose visit delivers "
                     "each, ascending", place("a letter's place")),
    "sealed_letters": integer("Letters & Seals: delivered letters, showing their back (2 seals each)", minimum=0),
    "seals": integer("Letters & Seals: the seals the letters show in all", minimum=0),
    "companion": integer("Letters & Seals: where the companion is: a place, 0 in the player's own supply (brought "
                         "in at the start of a turn), -1 still in the general supply (until the first fountain "
                         "action)", minimum=-1, maximum=PLACE_RANGE["maximum"]),
}, optional=("bonus_cards", "guild_card_count", "guild_cards", "tavern_tiles", "letters", "sealed_letters",
             "seals", "companion"))


def _places() -> dict:
    """Each place module describes its own entries; those of the base game's places are always there."""
    properties, required = {}, []
    for module in places.MODULES:
        properties.update(getattr(module, "VIEW_SCHEMA", {}))
        if module in places.BASE_MODULES:
            required += [k for k in getattr(module, "VIEW_SCHEMA", {}) if k not in getattr(module, "VIEW_OPTIONAL", ())]
    return {**obj("what lies on the places", properties), "required": required}


def _figures() -> dict:
    meanings = {"governor": "the governor's place (meet it: draw a bonus card, pay 2 lira or a card)",
                "smuggler": "the smuggler's place (meet it: take any good, pay 2 lira or a good)",
                "coffee_trader": "Mocha & Baksheesh: the coffee trader's place (meet it: take 1 coffee, pay 2 lira "
                                 "or a good)",
                "courier": "Letters & Seals: the courier's place (meet it: take 1 letter, pay 2 lira or a letter)"}
    return {name: integer(f"{meanings.get(name, name)}; 0 until placed at set-up", minimum=0,
                          maximum=PLACE_RANGE["maximum"]) for name in FIGURE_KINDS}


EXPANSION_VIEW = {
    "letters": obj("Letters & Seals: the letter piles and this round's bonus turns", {
        "pile_size": integer("letters in the face-down pile", minimum=0),
        "spent": integer("spent letters, reshuffled into a new pile when it runs out", minimum=0),
        "bonus_turns": array("seats that took their bonus turn this round", seat("a seat")),
        "bonus_turn": boolean("the current turn is a bonus turn (it earns none)"),
        "companion_turn": boolean("the current seat moved its companion this turn (payments, action and "
                                  "encounters happen at the companion's place), not its merchant"),
        "pile": array("the pile's letters top first: only once the game is over", place("a letter's place")),
    }, optional=("pile",)),
    "guild_turn": nullable(obj("Mocha & Baksheesh: the guild card being carried out this turn (null: none)", {
        "card": GUILD,
        "place": place("whose action it carries out"),
    })),
    "card_step": {"description": "Mocha & Baksheesh: a bonus card's own decision, answered before anything else "
                                 "(null: none)", "oneOf": [
        {"type": "null", "description": "no bonus card decision is open"},
        obj("M04: give up to 3 goods or coffee (give_goods), then take as many (take_goods)", {
            "name": string("the decision", ["Swap"]),
            "given": goods_counts("what was given (empty: give_goods is due; else take_goods of as many)", (),
                                  GOODS + (COFFEE,)),
        }),
        obj("M05, L02: the card's roll (empty while it is pending), then accept_roll or M06; K16 (the Great "
            "Bazaar): the active seat's kiosk die, awaiting accept_roll or M06 (R-53)", {
            "name": string("the decision", ["CardRoll"]),
            "kind": string("the card's kind, or kiosk_die (K16)", ["roll_two_yields", "roll_named_yield",
                                                                    "kiosk_die"]),
            "dice": array("the dice (K16: one)", integer("a die", minimum=1, maximum=6), maxItems=2),
        }),
    ]},
    "proposed_rows": array("An expansion's data rows in play not transcribed from a printed component: "
                           "proposed stand-ins (the reference's 14a) and inferred values", obj("a row", {
                               "table": string("the table", ["bonus_cards", "guild_cards", "tavern_tiles",
                                                             "baksheesh_sides", "die_yields", "letters",
                                                             "kiosk_tiles"]),
                               "id": string("the row's id (a die face for die_yields, the position 1-36 in the "
                                            "canonical pile for letters)"),
                               "status": string("proposed: a stand-in; inferred: deduced from other facts",
                                                ["proposed", "inferred"]),
                               "text": string("what the row says"),
                           })),
}


RESULT = obj("the final result (null while the game runs)", {
    "winners": array("the winning seats (several: a shared victory)", seat("a seat")),
    "scores": array("rubies per seat", integer("rubies", minimum=0)),
    "lira": array("lira per seat (tie-break 1)", integer("lira", minimum=0)),
    "goods": array("goods on the wheelbarrow per seat (tie-break 2)", integer("goods", minimum=0)),
    "bonus_cards": array("bonus cards in hand per seat (tie-break 3)", integer("cards", minimum=0)),
    "tie_break": nullable(string("what decided among tied seats (null: rubies alone)",
                                 ["lira", "goods", "bonus_cards", "shared", "forfeit"])),
    "forfeited": array("seats that forfeited (never winners)", seat("a seat")),
})

VIEW_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Istanbul view",
    "description": "One seat's view of an Istanbul game (you = null: a spectator). Secret while the game runs: "
                   "other seats' bonus cards, the deck order, the demand stacks below their top tiles.",
    "type": "object",
    "properties": {
        "game": string("the game", ["istanbul"]),
        "seats": integer("number of seats", minimum=MIN_SEATS, maximum=MAX_SEATS),
        "options": obj("the game's options", {
            "layout": string("the place layout: the rulebook's short or long paths, places in numeric order, the "
                             "expansion's recommended 5x4 picture, or a random layout drawn at set-up", LAYOUTS),
            "neutral_assistants": boolean("variant: each stack's bottom assistant is neutral (anyone may use it)"),
            "expansions": array("the expansions in play (present only when there are any)",
                                string("an expansion", EXPANSIONS + tuple(INCOMPLETE))),
            "caravan_leader": boolean("variant Caravan Leader (present only when chosen): the caravan tile, see "
                                      "places.caravan_tile"),
            "bonus_deck": string("Letters & Seals (present only with it): its bonus cards mixed with the base "
                                 "game's, or alone", BONUS_DECKS),
        }, optional=("expansions", "caravan_leader", "bonus_deck")),
        "you": nullable(seat("the seat this view is for (null: a spectator)")),
        "layout": array("the grid, rows top to bottom, each row's place numbers left to right (empty until a "
                        "random layout is drawn)", array("one row", place("a place"))),
        "place_names": {
            "type": "object",
            "description": "place number -> English name",
            "propertyNames": {"pattern": "^[0-9]+$"},
            "additionalProperties": string("the place's name", sorted({**PLACE_NAMES,
                                                                       **mocha_data.PLACE_NAMES,
                                                                       **letters_data.PLACE_NAMES,
                                                                       **great_bazaar_data.PLACE_NAMES
                                                                       }.values())),
        },
        "start_player": seat("the start player (the round ends before its next turn)"),
        "current": seat("the seat whose turn it is"),
        "to_act": array("seats whose decision is awaited now (empty while a chance step is pending or after the "
                        "end)", seat("a seat")),
        "phase": {"description": "the turn's phase, by name", "oneOf": PHASES},
        "awaiting_chance": {
            "description": "the chance step awaited (null: none)",
            "oneOf": [
                {"type": "null", "description": "no chance step is awaited"},
                obj("a draw the dealer makes", {
                    "kind": string("what is drawn", ["shuffle", "roll", "pick"]),
                    "label": string("which draw: start_player, layout, bonus_deck, small_demand, large_demand, "
                                    "guild_deck, governor, smuggler, coffee_trader, black_market, tea_house, "
                                    "roll_two_yields (M05), neutral_merchant, bonus_reshuffle, guild_reshuffle"),
                    "by_dealer": boolean("a background dealer draws it (neutral figures); else the acting seat's "
                                         "own roll, drawn with its command"),
                }),
            ],
        },
        "yellow_tile_used": boolean("the current seat used its yellow mosque tile this turn (once per turn)"),
        "ending": boolean("a seat reached the ruby target: this round is the last"),
        "ruby_target": integer("rubies that trigger the end (6 with 2 seats, else 5; 6 with an expansion)",
                               minimum=1),
        "players": array("every seat, by seat number", PLAYER),
        "assistants": array("assistants standing on places", {
            "type": "array",
            "description": "[place, owner seat (-1: neutral)]",
            "prefixItems": [place("where it stands"),
                            integer("its owner seat, or -1 for neutral", minimum=-1, maximum=MAX_SEATS - 1)],
            "items": False,
        }),
        **_figures(),
        "neutral_merchants": array("2 seats: the places of the three neutral merchants (else empty)",
                                   place("a neutral merchant's place")),
        "places": _places(),
        "ruby_supply": integer("rubies in the general supply (refills the sultan's palace and gemstone dealer)",
                               minimum=0),
        "bonus_deck_size": integer("cards in the face-down bonus deck", minimum=0),
        "bonus_deck": array("the face-down deck, top first: only once the game is over", CARD),
        "discard_pile": obj("the face-up bonus card discard pile (on the caravansary)", {
            "size": integer("cards in it", minimum=0),
            "top": nullable({**CARD, "description": "its top card (null: empty)"}),
            "cards": array("all its cards, bottom first: only once the game is over", CARD),
        }, optional=("cards",)),
        "result": {"description": "the final result (null while the game runs)",
                   "oneOf": [{"type": "null", "description": "the game runs"}, RESULT]},
        **EXPANSION_VIEW,
    },
    "additionalProperties": False,
}
OPTIONAL = ("bonus_deck", *EXPANSION_VIEW, *(name for name in FIGURE_KINDS if name not in FIGURES))
VIEW_SCHEMA["required"] = [name for name in VIEW_SCHEMA["properties"] if name not in OPTIONAL]
