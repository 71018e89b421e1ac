"""The games in their own words over HTTP: a view's position, each legal move's notation and words, the log, and a
move posted as the line a player types (issue 29). Bodies are checked against openapi.yaml by the test client.

What the words say is the domain's tests' (tests/unit/<game>/test_words.py); here: that the routes say them for
the right reader, that every listed notation plays exactly the move it was listed for, and that a line that names
no move is refused with what was expected and appends nothing."""

from __future__ import annotations

import random
import re
import time

import pytest

from tests.api.client import Api

RAW = re.compile(r"None|[{}\[\]_]|\bTrue\b|\bFalse\b")  # what a dict or an identifier looks like, not a sentence


@pytest.fixture(scope="module")
def worker(running_worker):
    return running_worker


def said_moves(api: Api, gid: str, token: str) -> tuple[list[dict], list[dict]]:
    r = api.call("GET", f"/v1/games/{gid}/legal-moves?words=true", token)
    assert r.status_code == 200, r.text
    body = r.json()
    assert len(body["said"]) == len(body["moves"])
    return body["moves"], body["said"]


def play_twins(api: Api, game: str, seats: int, options: dict, seed: str, max_moves: int, rng) -> tuple[str, str]:
    """Two open games of one seed (a fair game mixes in the server's secret): one played by JSON bodies, the other
    by the notation listed for the same moves. They stay the same game move for move, so every line played named
    exactly its move."""
    by_body, body_tokens = api.create(game, seats, seed=seed, options=options, open_game=True)
    by_line, line_tokens = api.create(game, seats, seed=seed, options=options, open_game=True)
    for _ in range(max_moves):
        view = wait_settled(api, by_body)
        if view["status"] == "finished":
            break
        seat = view["to_act"][0]
        moves, said = said_moves(api, by_body, body_tokens[seat])
        pick = rng.randrange(len(moves))
        assert said[pick]["words"] and not RAW.search(said[pick]["words"]), said[pick]
        played = api.command(by_body, body_tokens[seat], moves[pick])
        assert played.status_code == 201, played.text
        wait_settled(api, by_line)
        typed = api.command(by_line, line_tokens[seat], {"notation": said[pick]["notation"]})
        assert typed.status_code == 201, (said[pick], typed.text)
        assert strip(typed.json()["events"]) == strip(played.json()["events"]), said[pick]
    return by_body, by_line


def strip(events: list[dict]) -> list:
    return [(e["type"], e["payload"], e["command"]) for e in events]


def wait_settled(api: Api, gid: str) -> dict:
    """The spectator's view once no roll of the dealer is pending (the worker rolls them)."""
    for _ in range(500):
        view = api.view(gid)
        if view["awaiting_chance"] is None:
            return view
        time.sleep(0.01)
    raise AssertionError(f"a roll never landed in {gid}")


def test_a_jaipur_match_played_by_its_notation_is_the_match_played_by_bodies(api):
    by_body, by_line = play_twins(api, "jaipur", 2, {}, "words-jaipur", 400, random.Random(5))
    ends = [api.view(gid) for gid in (by_body, by_line)]
    assert ends[0]["status"] == "finished"
    assert [{k: v for k, v in e.items() if k not in ("id", "head_hash")} for e in ends] == [
        {k: v for k, v in ends[1].items() if k not in ("id", "head_hash")}] * 2
    said = api.call("GET", f"/v1/games/{by_line}?words=true").json()["words"]
    winner = ends[0]["result"]["winners"][0]
    assert said["result"].startswith(f"Seat {winner} won the match"), said["result"]
    assert said["position"] and not any(RAW.search(line) for line in said["position"])


@pytest.mark.slow(seconds=10)
def test_istanbul_with_both_boxes_by_its_notation(api, worker):
    options = {"expansions": ["mocha_baksheesh", "letters_seals"]}
    play_twins(api, "istanbul", 5, options, "words-istanbul", 150, random.Random(9))


def test_the_log_is_said_for_its_reader(api):
    """Each seat reads its own dealt hand in the log and only the size of the other's; a spectator only sizes.
    The hands and sizes come from each seat's view (another route), not from the words."""
    gid, tokens = api.create("jaipur", 2, seed="words-log")
    hands = {s: api.view(gid, tokens[s])["state"]["players"][s]["hand"] for s in (0, 1)}

    def dealt(token: str | None) -> str:
        log = api.call("GET", f"/v1/games/{gid}/log", token).json()
        assert log["version"] == api.view(gid)["version"]
        assert all(line["text"] and not RAW.search(line["text"]) for line in log["lines"])
        return next(line["text"] for line in log["lines"] if line["type"] == "round_dealt")

    watched = dealt(None)
    assert "(you)" not in watched
    for s in (0, 1):
        own, other = dealt(tokens[s]), 1 - s
        mine = own.split(f"seat {s} (you) holds ", 1)[1].split(";", 1)[0]
        assert all(good in mine for good in hands[s]), (own, hands[s])
        assert f"seat {other} holds {len(hands[other])} cards," in own
        assert f"seat {s} holds {len(hands[s])} cards," in watched
        assert not any(good in watched.split("; seat")[1 + s] for good in hands[s] if good not in ("camel",)), watched
    lines = api.call("GET", f"/v1/games/{gid}/log?after=4&limit=1").json()["lines"]
    assert [(line["version"], line["type"]) for line in lines] == [(5, "round_dealt")]


def test_the_short_position_is_said_for_its_reader_and_in_fewer_lines(api):
    """`words=short`: each seat reads its own hand by name (as its view holds it, another route) and the other's
    only by size; a spectator reads sizes only; the whole position (`words=true`) says more lines."""
    gid, tokens = api.create("jaipur", 2, seed="words-short")
    hands = {s: api.view(gid, tokens[s])["state"]["players"][s]["hand"] for s in (0, 1)}

    def said(token: str | None, form: str = "short") -> dict:
        r = api.call("GET", f"/v1/games/{gid}?words={form}", token)
        assert r.status_code == 200, r.text
        return r.json()["words"]

    for s in (0, 1):
        short, full = said(tokens[s]), said(tokens[s], "true")
        assert (short["form"], full["form"]) == ("short", "full") and short["result"] is None
        assert 4 <= len(short["position"]) < len(full["position"]) + 2, short
        assert not any(RAW.search(line) for line in short["position"])
        mine = next(line for line in short["position"] if line.startswith("You: hand "))
        assert all(good in mine for good in hands[s]), (mine, hands[s])
        other = next(line for line in short["position"] if line.startswith(f"Seat {1 - s}: "))
        assert other.startswith(f"Seat {1 - s}: {len(hands[1 - s])} cards in hand,"), other
    watched = said(None)["position"]
    assert not any(line.startswith("You: ") for line in watched)
    for s in (0, 1):
        assert next(line for line in watched if line.startswith(f"Seat {s}: ")).startswith(
            f"Seat {s}: {len(hands[s])} cards in hand,")


@pytest.mark.slow(seconds=5)
def test_a_five_seat_istanbul_says_its_short_position_in_a_dozen_lines_at_most(api):
    gid, tokens = api.create("istanbul", 5, seed="words-short-5",
                             options={"expansions": ["mocha_baksheesh", "letters_seals"]})
    for token in (*tokens, None):
        r = api.call("GET", f"/v1/games/{gid}?words=short", token)
        assert r.status_code == 200, r.text
        short = r.json()["words"]["position"]
        full = api.call("GET", f"/v1/games/{gid}?words=true", token).json()["words"]["position"]
        assert len(short) <= 12 < 30 <= len(full), (len(short), len(full))
        assert short[0] == full[0]  # whose turn and what is awaited: the same first line
        assert not any(RAW.search(line) for line in short), short


def page_through(api: Api, gid: str, token: str | None, limit: int) -> list[dict]:
    """The log read page by page from the start, each page resuming at the last one's `next`, until a page holds
    fewer than `limit` lines; checks each page's `next` on the way."""
    lines, after = [], 0
    while True:
        page = api.call("GET", f"/v1/games/{gid}/log?after={after}&limit={limit}", token).json()
        assert len(page["lines"]) <= limit
        lines += page["lines"]
        if len(page["lines"]) < limit:
            assert page["next"] == page["version"]  # every event so far was read
            return lines
        assert page["next"] == page["lines"][-1]["version"]
        after = page["next"]


@pytest.mark.parametrize("moves", [40, 1000], ids=["running", "finished"])
def test_the_log_paged_by_lines_is_the_log_read_in_one_page(api, moves):
    """`limit` counts lines, and `next` resumes right after the last line a page holds: the pages put together are
    the log read whole, for each seat and a spectator (each reads its own redaction), in a running game and a
    finished one; and a page of N lines reaches past the events that say nothing."""
    gid, tokens = api.create("jaipur", 2, seed="words-pages")
    rng = random.Random(7)
    for _ in range(moves):
        view = api.view(gid)
        if view["status"] == "finished":
            break
        seat = view["to_act"][0]
        assert api.command(gid, tokens[seat], rng.choice(api.moves(gid, tokens[seat]))).status_code == 201
    assert (api.view(gid)["status"] == "finished") == (moves == 1000)
    for reader, token in ((0, tokens[0]), (1, tokens[1]), (None, None)):
        whole = api.call("GET", f"/v1/games/{gid}/log?limit=1000", token).json()
        assert 40 < len(whole["lines"]) < 1000 and whole["next"] == whole["version"]
        versions = [line["version"] for line in whole["lines"]]
        assert len(versions) < whole["version"], "some events say nothing (the dealer's draws)"
        for limit in ((1, 7, 50) if reader == 0 else (7,)):
            assert page_through(api, gid, token, limit) == whole["lines"], (reader, limit)
        silent = next(v for v in range(1, whole["version"] + 1) if v not in versions)
        page = api.call("GET", f"/v1/games/{gid}/log?after={silent - 1}&limit=2", token).json()
        assert [line["version"] for line in page["lines"]] == [v for v in versions if v > silent][:2]


def test_a_line_that_names_no_move_is_refused_with_what_was_expected_and_appends_nothing(api):
    gid, tokens = api.create("jaipur", 2, seed="words-refusal")
    seat = api.view(gid)["to_act"][0]
    before = api.view(gid)["version"]
    cases = {
        "sell sliver x2": ("bad_notation", "did you mean silver"),
        "dance": ("bad_notation", "take camels"),
        "": ("bad_notation", "a line of text"),
    }
    for line, (code, hint) in cases.items():
        r = api.command(gid, tokens[seat], {"notation": line}, valid_request=bool(line))
        assert r.status_code == 400 and r.json()["code"] == code and hint in r.json()["detail"], r.text
    mixed = api.command(gid, tokens[seat], {"notation": "take camels", "type": "take_camels"}, valid_request=False)
    assert mixed.status_code == 400 and mixed.json()["code"] == "malformed_command", mixed.text
    not_a_line = api.command(gid, tokens[seat], {"notation": ["take", "camels"]}, valid_request=False)
    assert not_a_line.status_code == 400 and not_a_line.json()["code"] == "bad_notation", not_a_line.text
    assert api.view(gid)["version"] == before


def test_a_query_other_than_words_is_refused(api):
    gid, tokens = api.create("jaipur", 2)
    for path in (f"/v1/games/{gid}?words=yes", f"/v1/games/{gid}?colour=red", f"/v1/games/{gid}?words=brief",
                 f"/v1/games/{gid}/legal-moves?word=true", f"/v1/games/{gid}/legal-moves?words=short",
                 f"/v1/games/{gid}/log?limit=0"):
        r = api.call("GET", path, tokens[0], validate=False)
        assert r.status_code == 400, (path, r.text)
