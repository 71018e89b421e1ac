"""What the conformance suite needs to know about each game to play it: seat counts and option choices.

Every registered game is played: the product's games by the rich profiles below (hypothesis strategies over their
options); any other game (a deployment's, the suite's tiny one, a game registered from outside the tree) by the
profile its package states: its seat range, the options it names in `EXAMPLE_OPTIONS` (besides none), and
`MAX_COMMANDS`, the most commands a game of it takes (`derived`). So a new game is played without a line here, and
a game that fails to import fails the suite (nothing drops out silently). A game may have further profiles (an
expansion: `"game"` names the registered game); `"examples"` are (seats, options) combinations always played, on
top of the random draws, so every player-count extreme, layout and variant the issue names is covered whatever
hypothesis picks.
"""

from __future__ import annotations

from hypothesis import strategies as st

from domain import registry
from tests.conftest import PROFILE, sized

JAIPUR_RULE_OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "residual_tie": st.sampled_from(["no_seal_replay", "seal_to_non_starter"]),
        "deck_end_trigger": st.sampled_from(["failed_refill", "deck_empty_immediately"]),
        "allow_sale_into_empty_pile": st.booleans(),
        "owner_sees_own_bonus_values": st.booleans(),
        "safety_cap_turns_without_progress": st.one_of(st.none(), st.integers(4, 40)),
        "first_player": st.sampled_from([None, 0, 1]),
    },
)
# hand and herd sizes are shown or hidden together (set-up refuses anything else)
JAIPUR_OPTIONS = st.builds(
    lambda rules, sizes: {**rules, **sizes}, JAIPUR_RULE_OPTIONS,
    st.sampled_from([{}, {"opponent_sees_hand_size": True, "opponent_sees_herd_size": True},
                     {"opponent_sees_hand_size": False, "opponent_sees_herd_size": False}]))

PROFILES = {
    "jaipur": {
        "seats": (2,),
        "options": JAIPUR_OPTIONS,
        "max_commands": 2_000,
    },
    "istanbul": {
        "seats": (2, 3, 4, 5),
        "options": st.fixed_dictionaries({"layout": st.sampled_from(["short_paths", "long_paths", "ordered", "random"])},
                                         optional={"neutral_assistants": st.booleans(),
                                                   "caravan_leader": st.booleans()}),
        # 5 seats: drawn, and in tests/property
        "examples": ((2, {"layout": "random", "neutral_assistants": True}),
                     (2, {"layout": "short_paths", "caravan_leader": True}),
                     (5, {"layout": "random", "caravan_leader": True})),
        # the twins of the no-leak check differ in one kind of secret draw (by seed): the demand stacks show
        # their top tile at once, so twins differing there would differ in every view from the start
        "secret_labels": ("bonus_deck", "guild_deck", "bonus_reshuffle", "guild_reshuffle"),
        "games": sized(ci=3, long=100),  # the three examples above plus three draws (layout, seats, variants)
        "max_commands": 20_000,
    },
    "istanbul/mocha_baksheesh": {
        "game": "istanbul",
        "seats": (2, 3, 4, 5),
        "options": st.fixed_dictionaries({"expansions": st.just(["mocha_baksheesh"]),
                                          "layout": st.sampled_from(["recommended", "random"])},
                                         optional={"neutral_assistants": st.booleans(),
                                                   "caravan_leader": st.booleans()}),
        # the caravan leader with the random layouts: every layout is played with and without it
        "examples": tuple((seats, {"expansions": ["mocha_baksheesh"], "layout": layout, "neutral_assistants": neutral,
                                   "caravan_leader": layout == "random"})
                          for seats in (2, 5) for layout in ("recommended", "random")
                          for neutral in ((False, True) if seats < 5 else (False,))),
        "games": sized(ci=2, long=100),  # the six examples above carry the coverage; draws add variety
        "max_commands": 20_000,
    },
    "istanbul/letters_seals": {
        "game": "istanbul",
        "seats": (2, 3, 4, 5),
        "options": st.fixed_dictionaries({"expansions": st.just(["letters_seals"]),
                                          "layout": st.sampled_from(["recommended", "random"])},
                                         optional={"neutral_assistants": st.booleans(),
                                                   "caravan_leader": st.booleans(),
                                                   "bonus_deck": st.sampled_from(["mixed", "letters_seals"])}),
        # 2 and 5 seats, with and without the caravan leader and the neutral assistants, both decks (a 5-seat game
        # without the caravan leader: tests/property/test_istanbul_letters.py, to keep the suite's time)
        "examples": ((2, {"expansions": ["letters_seals"], "layout": "recommended", "neutral_assistants": True}),
                     (2, {"expansions": ["letters_seals"], "layout": "random", "caravan_leader": True,
                          "bonus_deck": "letters_seals"}),
                     (5, {"expansions": ["letters_seals"], "layout": "random", "caravan_leader": True})),
        "games": sized(ci=1, long=100),  # the four examples above carry the coverage; draws add variety
        # its own secrets too: the letter pile and the kiosk's stack (and their reshuffles)
        "secret_labels": ("letter_pile", "kiosk_tiles", "letter_reshuffle", "kiosk_reshuffle", "bonus_deck",
                          "bonus_reshuffle"),
        "max_commands": 20_000,
    },
    "istanbul/great_bazaar": {
        "game": "istanbul",
        # by default a drawn game at 3 seats beside the examples at 2 and 5 seats, with and without the variants
        # (a 5-seat game is ~4 s with the default profile's sampled checks); every count under the long profile
        "seats": (2, 3, 4, 5) if PROFILE == "long" else (3,),
        "options": st.fixed_dictionaries({"expansions": st.just(["mocha_baksheesh", "letters_seals"])},
                                         optional={"layout": st.just("random"), "neutral_assistants": st.booleans(),
                                                   "caravan_leader": st.booleans()}),
        "examples": ((2, {"expansions": ["mocha_baksheesh", "letters_seals"], "neutral_assistants": True,
                          "caravan_leader": True}),
                     (5, {"expansions": ["mocha_baksheesh", "letters_seals"], "layout": "random",
                          "caravan_leader": True}),
                     (5, {"expansions": ["mocha_baksheesh", "letters_seals"]})),
        "games": sized(ci=1, long=100),
        # every box's secrets: the bonus and guild decks, the letter pile, the kiosk's stack (and reshuffles)
        "secret_labels": ("bonus_deck", "guild_deck", "letter_pile", "kiosk_tiles", "bonus_reshuffle",
                          "guild_reshuffle", "letter_reshuffle", "kiosk_reshuffle"),
        "max_commands": 20_000,
    },
}
PRODUCT_PROFILES = tuple(PROFILES)


def derived(game) -> dict:
    """The profile a game states of itself: what the suite plays of a game it has no rich profile for."""
    return {"seats": tuple(range(game.MIN_SEATS, game.MAX_SEATS + 1)),
            "options": st.sampled_from([{}, *getattr(game, "EXAMPLE_OPTIONS", ())]),
            "max_commands": getattr(game, "MAX_COMMANDS", 10_000)}


for _name in registry.names():
    if _name not in PROFILES:
        PROFILES[_name] = derived(registry.get(_name))


def game_of(profile: str) -> str:
    """The registered game a profile plays."""
    return PROFILES[profile].get("game", profile)


def options_for(name: str, seats: int, options: dict) -> dict:
    """A game's own restrictions on option combinations (Istanbul: neutral assistants with 2-4 seats)."""
    if name == "istanbul" and seats == 5:
        return {k: v for k, v in options.items() if k != "neutral_assistants"}
    return options
