"""Whole games played by clicking the board in a real browser, to their ends: a Jaipur match (cards picked in
the market and the hand, the move the pick makes confirmed) and an Istanbul game of the Great Bazaar with
both expansions, every command clicked on the board's places or in the list of moves in words. At every step
the page's moves are the API's legal moves and its clickable places exactly those they name; at the end the
page states the API's result; the log in words follows the game; the replay shows an earlier version.

The Istanbul game has ISTANBUL_SEATS seats: 2 in `make test` (608 clicked commands, 70-90 s on the suite's two
cores, its neutral merchants included; 3 seats took twice that, and the 5 seats' 1,308 commands 3-5 minutes,
too much beside the rest of the suite), 5 in `make screenshots`.
The games are open (their seeds public from the start, not mixed with the server's secret entropy), and the
moves are chosen with seeded generators: every run plays the same games, of the same lengths. Screenshots of
the start, the middle and the end of each game go to the test's tmp dir, or to the directory
BAZAAR_SCREENSHOTS names (`make screenshots` writes docs/screenshots/): 1000 px wide, palette PNGs.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pytest
from PIL import Image
from selenium.webdriver.common.by import By

from tests.api.client import Api, MostlyGreedy
from tests.browser.clicking import click, click_move, posted, shown

WIDTH = 1000
SCREENSHOTS = os.environ.get("BAZAAR_SCREENSHOTS")
ISTANBUL_SEATS = 5 if SCREENSHOTS else 2


def shots(tmp_path: Path) -> Path:
    folder = Path(SCREENSHOTS or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def screenshot(driver, folder: Path, name: str) -> Path:
    """The whole page, scaled to WIDTH px and stored as a small palette PNG; the window keeps its size."""
    size = driver.get_window_size()
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(size["width"], min(max(height + 140, 800), 2400))
    raw = folder / f".{name}.raw.png"
    assert driver.save_screenshot(str(raw))
    driver.set_window_size(size["width"], size["height"])
    image = Image.open(raw).convert("RGB")
    if image.width > WIDTH:
        image = image.resize((WIDTH, round(image.height * WIDTH / image.width)), Image.LANCZOS)
    path = folder / f"{name}.png"
    image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(path, optimize=True)
    raw.unlink()
    return path


def settled(api: Api, gid: str) -> dict:
    """The game's view once no roll of the worker's is pending (the dealer draws in the background)."""
    deadline = time.monotonic() + 30
    while True:
        view = api.view(gid)
        if not view["awaiting_chance"]:
            return view
        assert time.monotonic() < deadline, f"a roll never landed: {view}"
        time.sleep(0.005)


def words_result(api: Api, gid: str) -> str:
    r = api.call("GET", f"/v1/games/{gid}?words=true")
    assert r.status_code == 200, r.text
    return r.json()["words"]["result"]


def ends_as_the_api_says(driver, api: Api, gid: str, final: dict) -> None:
    """The finished page states the API's result: its words, and the winners by seat."""
    page = shown(driver, final["version"])
    assert page["result"] == words_result(api, gid)
    winners = final["result"]["winners"]
    assert page["turn"].startswith("Finished. Winner" + ("" if len(winners) == 1 else "s") + ": "
                                   + ", ".join(f"seat {s}" for s in winners) + "  ("), page["turn"]
    assert not page["moves"] and not driver.find_elements(By.CSS_SELECTOR, "#hotspots button")


def no_errors(driver) -> None:
    assert not [e for e in driver.get_log("browser") if e["level"] == "SEVERE"], driver.get_log("browser")


# --- Jaipur ------------------------------------------------------------------------------------------------


def pick(driver, where: str, indexes: list[int]) -> None:
    for i in indexes:
        click(driver, f"#hotspots button.card[data-{where}='{i}']")


def play_jaipur_move(driver, view: dict, moves: list[dict], move: dict, before_confirming=None) -> None:
    """Pick the cards that make `move` on the board, then confirm it."""
    market = list(view["state"]["market"])
    hand = list(view["state"]["players"][view["seat"]]["hand"])

    def slots(cards: list, goods: list) -> list[int]:
        out = []
        for good in goods:
            i = next(i for i, c in enumerate(cards) if c == good and i not in out)
            out.append(i)
        return out

    if move["type"] == "take_one":
        pick(driver, "market", slots(market, [move["good"]]))
    elif move["type"] == "take_camels":
        pick(driver, "market", slots(market, ["camel"]))
    elif move["type"] == "sell":
        pick(driver, "hand", slots(hand, [move["good"]] * move["count"]))
    else:
        pick(driver, "market", slots(market, list(move["take"])))
        pick(driver, "hand", slots(hand, list(move["give"])))
    if before_confirming:
        before_confirming()
    click_move(driver, moves, move, "#choice")


@pytest.mark.slow(seconds=30)
def test_a_jaipur_match_played_to_the_end_by_clicking(api: Api, open_browser, tmp_path):
    folder = shots(tmp_path)
    gid, tokens = api.create("jaipur", 2, seed="browser-jaipur", open_game=True)
    drivers = []
    for seat in (0, 1):
        driver = open_browser(1200, 1000)
        driver.get(f"{api.base}/play/{gid}#token={tokens[seat]}")
        drivers.append(driver)
    rng = random.Random(29)
    choose = MostlyGreedy(every=5)
    played = 0
    middle = False
    while True:
        view = settled(api, gid)
        if view["status"] == "finished":
            break
        seat = view["to_act"][0]
        driver = drivers[seat]
        moves = shown(driver, view["version"], seat)["moves"]
        assert moves == api.moves(gid, tokens[seat])
        seat_view = api.view(gid, tokens[seat])
        if played == 0:
            screenshot(driver, folder, "jaipur-start")
        move = choose(rng, moves, lambda known=seat_view: known)
        if played >= 30 and not middle and move["type"] in ("exchange", "sell"):  # a pick on the board, shown
            middle = True
            play_jaipur_move(driver, seat_view, moves, move, lambda d=driver: screenshot(d, folder, "jaipur-middle"))
        else:
            play_jaipur_move(driver, seat_view, moves, move)
        posted(driver, move)
        played += 1
        assert played < 400, "the match did not end"
    final = api.view(gid)
    driver = drivers[0]
    ends_as_the_api_says(driver, api, gid, final)
    log = driver.find_elements(By.CSS_SELECTOR, "#log li")
    assert len(log) > played / 2 and any("sold" in li.text or "took" in li.text for li in log)
    screenshot(driver, folder, "jaipur-end")
    # the replay: back to an early version and forward to live again
    driver.find_element(By.ID, "replay-back").click()
    shown_back = driver.execute_async_script(
        "const [v, done] = arguments; (function look() { const img = document.getElementById('board');"
        " if (img.dataset.version === String(v)) return done(true); setTimeout(look, 4); })();",
        final["version"] - 1)
    assert shown_back and "replay" in driver.find_element(By.ID, "replay-at").text
    driver.find_element(By.ID, "replay-live").click()
    shown(driver, final["version"])
    for d in drivers:
        no_errors(d)


# --- Istanbul ----------------------------------------------------------------------------------------------


def play_istanbul_move(driver, moves: list[dict], move: dict) -> bool:
    """Click `move`: on the board when it names a place (and then among that place's moves, if several), else in
    the list in words (its group opened if closed). True when it was clicked on the board."""
    place = move.get("place")
    if isinstance(place, int):
        click(driver, f"#hotspots button.target[data-place='{place}']")
        if sum(m.get("place") == place for m in moves) > 1:
            click_move(driver, moves, move, "#choice")
        return True
    click_move(driver, moves, move, "#moves")
    return False


@pytest.mark.slow(seconds=100)
def test_a_great_bazaar_istanbul_with_both_expansions_clicked_to_the_end(api: Api, open_browser, running_worker,
                                                                         tmp_path):
    folder = shots(tmp_path)
    options = {"expansions": ["mocha_baksheesh", "letters_seals"], "layout": "random"}
    gid, tokens = api.create("istanbul", ISTANBUL_SEATS, seed="browser-istanbul", options=options, open_game=True)
    driver = open_browser(1600, 1300)
    rng = random.Random(29)
    choose = MostlyGreedy(every=8)
    showing = None
    clicked = on_board = 0
    middle = False
    started = time.monotonic()
    while True:
        view = settled(api, gid)
        if view["status"] == "finished":
            break
        seat = view["to_act"][0]
        if showing != seat:  # the page of the seat to act: a new token in the fragment, and the page starts over
            driver.get(f"{api.base}/play/{gid}#token={tokens[seat]}")
            showing = seat
        # the move is chosen from the API's legal moves while the page catches up, then the page must offer them
        legal = api.moves(gid, tokens[seat])
        move = choose(rng, legal, lambda t=tokens[seat]: api.view(gid, t))
        page = shown(driver, view["version"], seat)
        assert page["moves"] == legal
        # the clickable places are exactly those the legal moves name
        assert set(page["places"]) == {m["place"] for m in legal if isinstance(m.get("place"), int)}
        assert len(page["places"]) == len(set(page["places"]))
        if clicked == 0:
            screenshot(driver, folder, "istanbul-start")
        elif not middle and page["places"] and max(p["rubies"] for p in view["state"]["players"]) >= 3:
            middle = True  # the leader halfway to the end, and places to click: shown
            screenshot(driver, folder, "istanbul-middle")
        on_board += play_istanbul_move(driver, legal, move)
        posted(driver, move)
        clicked += 1
        assert clicked < 5000, "the game did not end"
    seconds = time.monotonic() - started
    print(f"\n{ISTANBUL_SEATS}-seat Istanbul clicked to the end: {clicked} commands ({on_board} on the board) "
          f"in {seconds:.0f} s, {1000 * seconds / clicked:.0f} ms each")
    assert middle and on_board > clicked / 8, "moves to places were clicked on the board"
    final = api.view(gid)
    assert final["status"] == "finished"
    driver.get(f"{api.base}/play/{gid}#token={tokens[0]}")
    ends_as_the_api_says(driver, api, gid, final)
    # the whole log, read afresh by the page 500 lines at a time (a finished game's, private draws said): each of
    # seat 0's lines once, in order, as the API says them
    driver.refresh()
    ends_as_the_api_says(driver, api, gid, final)
    shown_lines = [(int(li.get_attribute("data-version")), li.text.split(" ", 1)[1])
                   for li in driver.find_elements(By.CSS_SELECTOR, "#log li")]
    assert shown_lines == whole_log(api, gid, tokens[0]) and len(shown_lines) > 500
    screenshot(driver, folder, "istanbul-end")
    no_errors(driver)


def whole_log(api, gid: str, token: str) -> list[tuple[int, str]]:
    """A seat's log in words from the API, page after page by its `next` (an oracle the page's own paging is not)."""
    lines, after = [], 0
    while True:
        page = api.call("GET", f"/v1/games/{gid}/log?after={after}&limit=200", token).json()
        lines += [(line["version"], line["text"]) for line in page["lines"]]
        if len(page["lines"]) < 200:
            return lines
        after = page["next"]
