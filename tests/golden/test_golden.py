"""Golden playthroughs (as OpenSpiel's): a seeded game's commands, events and each seat's view, recorded in a
file and compared on every run. A change of rules, of an event's shape or of what a seat sees shows up as a
diff at the step where it happens. Regenerate deliberately with BAZAAR_REGEN_GOLDEN=1 and review the diff.
"""

import hashlib
import json
import os
import random
from pathlib import Path

import pytest

from domain import registry
from events.codec import command_to_wire, to_wire
from tests.support.driver import Table

HERE = Path(__file__).resolve().parent
# Every product game has a recorded playthrough: by default its fewest seats, no options and 150 commands (a new
# game's is written on its first run, for review); the recordings made before kept their own choices.
CHOICES = {
    "jaipur": dict(seats=2, options={}, commands=None),
    "istanbul": dict(seats=3, options={"layout": "random"}, commands=150),
}
CASES = {name: {"seats": registry.get(name).MIN_SEATS, "options": {}, "commands": 150, **CHOICES.get(name, {}),
                "seed": f"golden-{name}".encode()} for name in registry.PRODUCT}


def digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def transcript(name: str) -> list:
    case = CASES[name]
    game = registry.get(name)
    table = Table.start(game, case["options"], case["seats"], case["seed"])
    rng = random.Random(case["seed"])
    steps = [{"setup": [[type(e).TYPE, to_wire(e)] for e in table.events]}]
    while not game.is_terminal(table.state) and (case["commands"] is None or len(steps) <= case["commands"]):
        seat = game.to_act(table.state)[0]
        command = rng.choice(game.legal_commands(table.state, seat))
        events = table.play(command)
        steps.append({
            "seat": seat,
            "command": command_to_wire(command),
            "events": [[type(e).TYPE, to_wire(e)] for e in events],
            "views": {str(s): digest(game.view(table.state, s)) for s in [*range(case["seats"]), None]},
        })
    return steps


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name):
    path = HERE / f"{name}.json"
    fresh = json.loads(json.dumps(transcript(name)))
    if os.environ.get("BAZAAR_REGEN_GOLDEN") or not path.exists():
        path.write_text(json.dumps(fresh, indent=0, sort_keys=True) + "\n")
        if not os.environ.get("BAZAAR_REGEN_GOLDEN"):
            pytest.fail(f"{path.name} was missing and has been written; review and commit it")
    recorded = json.loads(path.read_text())
    for index, (was, now) in enumerate(zip(recorded, fresh)):
        assert now == was, f"{name}: step {index} differs from the recorded playthrough"
    assert len(fresh) == len(recorded), f"{name}: {len(fresh)} steps, the recording has {len(recorded)}"
