"""What the conformance suite needs to know about each game to play it: seat counts and option choices.

Every registered game must have a profile here: a game missing from this table fails the suite, and a game
that fails to import fails it too (nothing drops out silently).
"""

from __future__ import annotations

from hypothesis import strategies as st

PROFILES = {
    "jaipur": {
        "seats": (2,),
        "options": st.fixed_dictionaries({}, optional={
            "opponent_sees_hand_size": st.sampled_from([True]),
        }).map(lambda o: o if not o else {**o, "opponent_sees_herd_size": o["opponent_sees_hand_size"]})
        | st.just({"opponent_sees_hand_size": False, "opponent_sees_herd_size": False}),
        "max_commands": 2_000,
    },
    "istanbul": {
        "seats": (2, 3, 4, 5),
        "options": st.fixed_dictionaries({"layout": st.sampled_from(["short_paths", "long_paths", "ordered", "random"])},
                                         optional={"neutral_assistants": st.booleans()}),
        "max_commands": 20_000,
    },
    "tiny": {
        "seats": (2,),
        "options": st.just({}),
        "max_commands": 200,
    },
}


def options_for(name: str, seats: int, options: dict) -> dict:
    """A game's own restrictions on option combinations (Istanbul: neutral assistants with 2-4 seats)."""
    if name == "istanbul" and seats == 5:
        return {k: v for k, v in options.items() if k != "neutral_assistants"}
    return options
