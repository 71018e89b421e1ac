"""`bazaar bot` shows a game's progress as its bot plays a seat (the moves in words, how many it has played, whose
turn it is while it waits) and ends with the result in words, against the service's own bot in the other seat
(the worker plays it)."""

import json
import re

from click.testing import CliRunner

from bazaar_client.cli.main import main
from bazaar_client.sdk import Client

PLAYED = re.compile(r"^(\d+) moves played$")


def test_the_bot_command_shows_progress_and_ends_with_the_result_in_words(server, running_worker):
    bazaar = Client(server)
    created = bazaar.create("tiny", options={"goal": 20, "bots": [None, {"bot": "random"}]})
    start = bazaar.view(created.id).version
    runner = CliRunner()
    env = {"BAZAAR_URL": server, "BAZAAR_TOKEN": created.token(0), "COLUMNS": "200"}
    done = runner.invoke(main, ["bot", created.id, "--bot", "random", "--seed", "7"], env=env,
                         catch_exceptions=False)
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    counts = [int(m.group(1)) for line in lines if (m := PLAYED.match(line))]
    final = bazaar.view(created.id, words=True)
    ours = [e for e in bazaar.events(created.id, after=start, limit=1000).events if e.seat == 0 and e.command]
    assert final.finished and counts == list(range(1, len(ours) + 1))
    assert "waiting for seat 1" in lines  # whose turn, while the other seat plays
    assert lines[-1].startswith(f"random played {len(ours)} moves. ")
    assert final.words.result and lines[-1].endswith(final.words.result)  # the service's words
    as_json = runner.invoke(main, ["bot", created.id, "--json"], env=env, catch_exceptions=False)
    document = json.loads(as_json.output)  # one document, no progress around it
    assert document["result"] == final.result and document["moves"] == 0 and document["words"]
