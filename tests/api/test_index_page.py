"""`/` lists each game with its current version and the time of its last move, read from its log (the index
keeps a game's status, written when it starts and ends, not every move): a game moved on is not shown as it was
created."""

from __future__ import annotations

import re


def test_the_list_shows_each_games_current_version_and_last_move(api):
    gid, tokens = api.create("tiny", 2, seed="index-page", open_game=True)
    for _ in range(3):
        seat = api.view(gid)["to_act"][0]
        assert api.command(gid, tokens[seat], {"type": "add", "amount": 1}).status_code == 201
    version = api.view(gid)["version"]
    last = api.events(gid)[-1]["at"]
    page = api.call("GET", "/", headers={"Accept": "text/html"}, validate=False).text
    row = next(r for r in page.split("<tr") if gid in r)
    cells = re.findall(r"<td>([^<]*)</td>", row)
    assert str(version) in cells and last in cells, (version, last, cells)
