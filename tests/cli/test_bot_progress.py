"""`bazaar bot` shows a game's progress as its bot plays a seat (the moves in words, how many it has played, whose
turn it is while it waits) and ends with the result in words, against a slow player in the other seat (a bot of
the SDK's that pauses before each move; the worker deals the dealer's draws)."""

import json
import re
import threading
import time

from click.testing import CliRunner

from bazaar_client.bots.random_bot import RandomBot
from bazaar_client.bots.runner import play_seat
from bazaar_client.cli.main import main
from bazaar_client.sdk import Client

PLAYED = re.compile(r"^(\d+) moves? played$")  # "1 move played", "2 moves played"
# Seat 1 thinks this long before each move. The command reads the game right after its own move, so seat 1 is
# still to act when it looks, and it says so. With the service's own bot in seat 1 that was a race: a worker
# quick enough could play before the command looked.
PAUSE_S = 1.0
# An open game's seed fixes the dealer's draws, and each bot's seed its choices: in this game seat 0 passes the
# turn before the total reaches the goal. Unseeded, seat 0 now and then reached the goal in its first turn and
# seat 1 never played, so nobody was waited for: CI's failure, and a fresh clone's.
SEED = "bot-progress"


class SlowPlayer:
    name = "slow"

    def __init__(self):
        self.random = RandomBot(seed=11)

    def choose(self, view, moves):
        time.sleep(PAUSE_S)
        return self.random.choose(view, moves)


def test_the_bot_command_shows_progress_and_ends_with_the_result_in_words(server, running_worker):
    bazaar = Client(server)
    created = bazaar.create("tiny", options={"goal": 20}, seed=SEED, open=True)
    start = bazaar.view(created.id).version
    other = threading.Thread(target=play_seat, args=(bazaar.as_seat(created.token(1)), created.id, SlowPlayer()),
                             daemon=True)
    other.start()
    runner = CliRunner()
    env = {"BAZAAR_URL": server, "BAZAAR_TOKEN": created.token(0), "COLUMNS": "200"}
    done = runner.invoke(main, ["bot", created.id, "--bot", "random", "--seed", "7"], env=env,
                         catch_exceptions=False)
    assert done.exit_code == 0, done.output
    other.join(timeout=30)
    lines = done.output.splitlines()
    counts = [int(m.group(1)) for line in lines if (m := PLAYED.match(line))]
    final = bazaar.view(created.id, words=True)
    ours = [e for e in bazaar.events(created.id, after=start, limit=1000).events if e.seat == 0 and e.command]
    assert final.finished and counts == list(range(1, len(ours) + 1))
    assert any(e.seat == 1 and e.command for e in bazaar.events(created.id, after=start, limit=1000).events)
    assert "waiting for seat 1" in lines  # whose turn, while the other seat plays
    assert lines[-1].startswith(f"random played {len(ours)} moves. ")
    assert final.words.result and lines[-1].endswith(final.words.result)  # the service's words
    as_json = runner.invoke(main, ["bot", created.id, "--json"], env=env, catch_exceptions=False)
    document = json.loads(as_json.output)  # one document, no progress around it
    assert document["result"] == final.result and document["moves"] == 0 and document["words"]
