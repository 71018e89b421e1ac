"""Undo on the /play page, in a real browser, for each value of the game's `undo` option: the page offers "Undo
my last move" exactly where the platform's rules allow it, and a click takes the game back to the position
before the seat's move, as the API (the oracle) and the page then both show.

The rules, as domain/table/undo.py and openapi.yaml state them: "none" takes nothing back; "turn" lets a seat
take back its own moves while its turn lasts, never once another seat has moved; "consent" lets a seat ask to
go back to any version since the last chance outcome or reveal, whoever moved since, and every other seat
must accept. The page's control takes back the seat's own last move: a seat that has not moved has none.
An Istanbul turn of two seats: a move of the merchant (no roll, no card), then the end of the turn.
"""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.api.client import Api
from tests.browser.clicking import click, click_move, posted, shown

OWN = "after its own move, in its own turn"
NEXT = "after its turn ended and the next seat moved"
NOT_MOVED = "a seat that has not moved"

# (the game's undo option, the moment) -> the seat is offered Undo; read from the rules above, not from the page
OFFERED = {
    ("none", OWN): False,
    ("none", NEXT): False,
    ("none", NOT_MOVED): False,
    ("turn", OWN): True,
    ("turn", NEXT): False,
    ("turn", NOT_MOVED): False,
    ("consent", OWN): True,
    ("consent", NEXT): True,
    ("consent", NOT_MOVED): False,
}
# where Undo is not offered, the service refuses the take-back too, with this code
REFUSED = {
    ("none", OWN): "undo_disabled",
    ("none", NEXT): "undo_disabled",
    ("turn", NEXT): "undo_not_own_moves",
}


def page_of(driver, api: Api, gid: str, token: str) -> None:
    driver.get(f"{api.base}/play/{gid}#token={token}")


def version_after(api: Api, gid: str, version: int, driver) -> dict:
    """The game's view once it moved past `version` (the page's click made it move)."""
    deadline = time.monotonic() + 30
    while (view := api.view(gid))["version"] <= version:
        assert time.monotonic() < deadline, \
            f"the game stayed at version {version}: {driver.find_element(By.ID, 'error').text!r}"
        time.sleep(0.01)
    return view


def click_move_to_a_place(driver, moves: list[dict]) -> dict:
    move = next(m for m in moves if m["type"] == "move" and m.get("card") is None)
    click(driver, f"#hotspots button.target[data-place='{move['place']}']")
    if sum(m.get("place") == move["place"] for m in moves) > 1:
        click_move(driver, moves, move, "#choice")
    posted(driver, move)
    return move


def refused(api: Api, gid: str, token: str, to_version: int) -> str:
    r = api.call("POST", f"/v1/games/{gid}/undo", token, json={"to_version": to_version})
    assert r.status_code == 422, r.text
    return r.json()["code"]


def taken_back(driver, api: Api, gid: str, seat: int, token: str, before: dict, moves_before: list[dict],
               version: int) -> None:
    """The game is back at `before` (the seat's view then) after a take-back past `version`: through the API,
    and on the page (its version, the take-back's line in the log in words, the moves offered again)."""
    now = version_after(api, gid, version, driver)
    assert api.view(gid, token)["state"] == before["state"]
    assert now["to_act"] == before["to_act"]
    assert api.moves(gid, token) == moves_before
    page = shown(driver, now["version"], seat)
    assert page["moves"] == moves_before
    assert set(page["places"]) == {m["place"] for m in moves_before if isinstance(m.get("place"), int)}
    lines = api.call("GET", f"/v1/games/{gid}/log?after={now['version'] - 1}&limit=1", token).json()["lines"]
    assert [line["type"] for line in lines] == ["moves_taken_back"]
    text = driver.execute_script(
        "const li = document.querySelector(`#log li[data-version='${arguments[0]}']`); return li && li.textContent",
        now["version"])
    assert text == f"{now['version']} {lines[0]['text']}"


@pytest.mark.slow(seconds=5)
@pytest.mark.parametrize("mode", ["none", "turn", "consent"])
def test_undo_is_offered_where_the_undo_option_allows_it_and_takes_the_move_back(api: Api, open_browser, mode):
    gid, tokens = api.create("istanbul", 2, seed="browser-undo", options={"undo": mode}, open_game=True)
    start = api.view(gid)
    assert not start["awaiting_chance"]
    seat = start["to_act"][0]
    other = 1 - seat
    me = open_browser(1400, 1100)
    page_of(me, api, gid, tokens[seat])

    # a move of the merchant, clicked on the board
    before, moves_before = api.view(gid, tokens[seat]), api.moves(gid, tokens[seat])
    page = shown(me, before["version"], seat)
    assert page["moves"] == moves_before
    assert not page["undo"], "nothing of the seat's to take back yet"
    click_move_to_a_place(me, page["moves"])
    moved = api.view(gid)
    assert moved["to_act"] == [seat], "the turn goes on after the move"
    assert shown(me, moved["version"], seat)["undo"] is OFFERED[(mode, OWN)]
    # the same browser tab as the other seat (a shared screen): that seat has no move of its own to take back
    page_of(me, api, gid, tokens[other])
    assert shown(me, moved["version"], other)["undo"] is OFFERED[(mode, NOT_MOVED)]
    page_of(me, api, gid, tokens[seat])
    assert shown(me, moved["version"], seat)["undo"] is OFFERED[(mode, OWN)]

    answerer = None
    if mode == "consent":
        answerer = open_browser(1400, 1100)
        page_of(answerer, api, gid, tokens[other])

    def take_back(before: dict, moves_before: list[dict], version: int) -> None:
        click(me, "#undo")
        if mode == "consent":  # a request, which the other seat accepts on its page
            asked = version_after(api, gid, version, me)
            assert asked["undo_request"]["by"] == seat and asked["undo_request"]["to_version"] == before["version"]
            assert not shown(me, asked["version"], seat)["undo"], "one request at a time"
            answers = shown(answerer, asked["version"], other)["moves"]
            assert {"type": "accept_undo"} in answers and {"type": "decline_undo"} in answers
            click_move(answerer, answers, {"type": "accept_undo"}, "#moves")
            posted(answerer, {"type": "accept_undo"})
            version = asked["version"]
        taken_back(me, api, gid, seat, tokens[seat], before, moves_before, version)

    if OFFERED[(mode, OWN)]:
        for _ in range(2):  # and again: the move made anew was posted at the take-back's version, no position itself
            take_back(before, moves_before, moved["version"])
            click_move_to_a_place(me, moves_before)
            moved = api.view(gid)
            assert shown(me, moved["version"], seat)["undo"] is OFFERED[(mode, OWN)]
    else:
        assert refused(api, gid, tokens[seat], before["version"]) == REFUSED[(mode, OWN)]

    # the turn ends (clicked in the list of moves), and the next seat moves
    ending, ending_moves = api.view(gid, tokens[seat]), api.moves(gid, tokens[seat])
    moves = shown(me, moved["version"], seat)["moves"]
    click_move(me, moves, {"type": "end_turn"}, "#moves")
    posted(me, {"type": "end_turn"})
    ended = api.view(gid)
    assert ended["to_act"] == [other]
    step = next(m for m in api.moves(gid, tokens[other]) if m["type"] == "move")
    assert api.command(gid, tokens[other], step).status_code == 201
    after = api.view(gid)
    assert shown(me, after["version"], seat)["undo"] is OFFERED[(mode, NEXT)]
    if OFFERED[(mode, NEXT)]:
        take_back(ending, ending_moves, after["version"])  # to before the end of the turn
    else:
        assert refused(api, gid, tokens[seat], ending["version"]) == REFUSED[(mode, NEXT)]


@pytest.mark.slow(seconds=5)
def test_a_take_back_across_a_card_drawn_is_refused_in_words_and_offered_no_more(api: Api, open_browser):
    """The governor sells a bonus card from the face-down deck: a reveal, which no undo crosses. The page cannot
    see it in the log (it offers Undo after the seat's own moves of its turn); the service refuses, the page
    says why in the service's words, and offers that undo no more."""
    for attempt in range(40):  # a game whose governor stands where the first seat can move
        gid, tokens = api.create("istanbul", 2, seed=f"browser-undo-governor-{attempt}", options={"undo": "turn"},
                                 open_game=True)
        start = api.view(gid)
        seat = start["to_act"][0]
        moves = api.moves(gid, tokens[seat])
        reach = [m for m in moves if m["type"] == "move" and m["card"] is None
                 and m["place"] == start["state"]["governor"]]
        if reach:
            break
    else:
        pytest.fail("in 40 games the governor never stood within the first move's reach")
    me = open_browser(1400, 1100)
    page_of(me, api, gid, tokens[seat])
    shown(me, start["version"], seat)
    click(me, f"#hotspots button.target[data-place='{reach[0]['place']}']")
    posted(me, reach[0])
    for wanted in ({"type": "leave_assistant"}, {"type": "use_governor"}):
        at = api.view(gid)
        moves = shown(me, at["version"], seat)["moves"]
        click_move(me, moves, wanted, "#moves")
        posted(me, wanted)
    drew = api.view(gid)
    assert not drew["awaiting_chance"] and drew["to_act"] == [seat]
    assert [e["type"] for e in api.events(gid, tokens[seat])[at["version"]:]][-1] == "bonus_card_drawn"
    assert shown(me, drew["version"], seat)["undo"], "the page cannot see the reveal"
    click(me, "#undo")
    said = WebDriverWait(me, 30, 0.01).until(lambda d: d.find_element(By.ID, "error").text)
    refusal = api.call("POST", f"/v1/games/{gid}/undo", tokens[seat], json={"to_version": at["version"]})
    assert refusal.status_code == 422 and refusal.json()["code"] == "undo_across_chance"
    assert said == f"undo_across_chance: {refusal.json()['detail']}"
    assert api.view(gid)["version"] == drew["version"]
    # a refused take-back is offered no more (nor the seat's moves behind the same card)
    WebDriverWait(me, 15, 0.01).until(lambda d: not d.find_element(By.ID, "undo").is_displayed(),
                                      "the refused Undo is still offered")
    assert not shown(me, drew["version"], seat)["undo"]
