"""Whole games played by clicking the board in a real browser: a Jaipur match to its end (cards picked in the
market and the hand, the move the pick makes confirmed), and a 5-seat Istanbul with both expansions (the Great
Bazaar) whose moves are clicked on the board's places and in the moves list for a good many turns, then finished
through the API, and its end screen read. Each page's clickable places are exactly the places its legal moves
name; the log in words follows the game; the replay shows an earlier version.

Screenshots of the start, the middle and the end of each game go to the test's tmp dir, or to the directory
BAZAAR_SCREENSHOTS names (`make screenshots` writes docs/screenshots/): 1000 px wide, palette PNGs.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.api.client import Api, MostlyGreedy, play_to_the_end

WAIT_S = 40  # generous: the suite shares two cores with servers, workers and other browsers
WIDTH = 1000


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("BAZAAR_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def screenshot(driver, folder: Path, name: str) -> Path:
    """The whole page, scaled to WIDTH px and stored as a small palette PNG."""
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(driver.get_window_size()["width"], min(max(height + 140, 800), 2400))
    raw = folder / f".{name}.raw.png"
    assert driver.save_screenshot(str(raw))
    image = Image.open(raw).convert("RGB")
    if image.width > WIDTH:
        image = image.resize((WIDTH, round(image.height * WIDTH / image.width)), Image.LANCZOS)
    path = folder / f"{name}.png"
    image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(path, optimize=True)
    raw.unlink()
    return path


def ready(driver, version: int) -> bool:
    """The page shows `version` live: view, picture, moves and hotspots all read."""
    return driver.execute_script(
        "const s = window.bazaar, img = document.getElementById('board');"
        "return !!(s && s.svg && s.version === arguments[0] && img.complete && img.naturalWidth > 0"
        " && img.dataset.version === String(arguments[0]) && !document.querySelector('#moves button:disabled'));",
        version)


def settled(driver, api: Api, gid: str) -> dict:
    """The game's view once the page shows its latest version (a roll of the worker's may land meanwhile)."""
    def caught_up(d):
        view = api.view(gid)
        return view if not view["awaiting_chance"] and ready(d, view["version"]) else None
    try:
        return WebDriverWait(driver, WAIT_S).until(caught_up)
    except Exception:
        shown = driver.execute_script(
            "const s = window.bazaar, img = document.getElementById('board');"
            "return [s.version, s.replayAt, s.moves.length, !!s.svg, img.complete, img.naturalWidth,"
            " img.dataset.version, document.querySelectorAll('#moves button:disabled').length]")
        raise AssertionError(f"the page never caught up: it shows {shown}, the game is at {api.view(gid)['version']}; "
                             f"{driver.get_log('browser')} {driver.find_element(By.ID, 'error').text!r}") from None


def posted(driver, api: Api, gid: str, version: int, move: dict) -> None:
    """The click posted `move`: the game moved past `version`."""
    try:
        WebDriverWait(driver, WAIT_S).until(lambda d: api.view(gid)["version"] > version)
    except Exception:
        tried = driver.execute_script("return [window.bazaar.posting, window.bazaar.posted]")
        raise AssertionError(f"{move} was not posted at {version}: {driver.find_element(By.ID, 'error').text!r} "
                             f"(the page tried {tried}) {driver.get_log('browser')}") from None


def page_moves(driver) -> list[dict]:
    return driver.execute_script("return window.bazaar.moves")


def hotspot_places(driver) -> set[int]:
    return {int(b.get_attribute("data-place")) for b in driver.find_elements(By.CSS_SELECTOR, "#hotspots button.target")}


def click_offered(driver, move: dict) -> None:
    """Click the button of `move` among those the page offers after a pick or a click on a place."""
    wanted = json.dumps(move, sort_keys=True)
    buttons = WebDriverWait(driver, WAIT_S).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#choice button.move"))
    button = next(b for b in buttons if json.dumps(json.loads(b.get_attribute("data-move")), sort_keys=True) == wanted)
    button.click()


def pick(driver, where: str, indexes: list[int]) -> None:
    for i in indexes:
        driver.find_element(By.CSS_SELECTOR, f"#hotspots button.card[data-{where}='{i}']").click()


def play_jaipur_move(driver, view: dict, move: dict, before_confirming=None) -> None:
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
    click_offered(driver, move)


@pytest.mark.slow(seconds=120)
def test_a_jaipur_match_played_to_the_end_by_clicking(api: Api, open_browser, tmp_path):
    folder = shots(tmp_path)
    gid, tokens = api.create("jaipur", 2, seed="browser-jaipur")
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
        view = api.view(gid)
        if view["status"] == "finished":
            break
        if view["awaiting_chance"]:
            continue
        seat = view["to_act"][0]
        driver = drivers[seat]
        WebDriverWait(driver, WAIT_S).until(lambda d, v=view["version"]: ready(d, v))
        moves = page_moves(driver)
        assert moves == api.moves(gid, tokens[seat])
        seat_view = api.view(gid, tokens[seat])
        if played == 0:
            screenshot(driver, folder, "jaipur-start")
        move = choose(rng, moves, lambda known=seat_view: known)
        if played >= 30 and not middle and move["type"] in ("exchange", "sell"):  # a pick on the board, shown
            middle = True
            play_jaipur_move(driver, seat_view, move, lambda d=driver: screenshot(d, folder, "jaipur-middle"))
        else:
            play_jaipur_move(driver, seat_view, move)
        posted(driver, api, gid, view["version"], move)
        played += 1
        assert played < 400, "the match did not end"
    final = api.view(gid)
    driver = drivers[0]
    WebDriverWait(driver, WAIT_S).until(lambda d: ready(d, final["version"]))
    result = driver.find_element(By.ID, "result").text
    assert "won the match" in result or "Nobody won" in result
    assert "Finished" in driver.find_element(By.ID, "turn").text
    log = driver.find_elements(By.CSS_SELECTOR, "#log li")
    assert len(log) > played / 2 and any("sold" in li.text or "took" in li.text for li in log)
    screenshot(driver, folder, "jaipur-end")
    # the replay: back to an early version and forward to live again
    driver.find_element(By.ID, "replay-back").click()
    WebDriverWait(driver, WAIT_S).until(lambda d: d.find_element(By.ID, "board").get_attribute("data-version")
                                        == str(final["version"] - 1))
    assert "replay" in driver.find_element(By.ID, "replay-at").text
    driver.find_element(By.ID, "replay-live").click()
    WebDriverWait(driver, WAIT_S).until(lambda d: ready(d, final["version"]))
    for d in drivers:
        assert not [e for e in d.get_log("browser") if e["level"] == "SEVERE"], d.get_log("browser")


ISTANBUL_CLICKED = 60  # commands clicked before the rest is played through the API


@pytest.mark.slow(seconds=150)
def test_a_five_seat_great_bazaar_istanbul_clicked_then_finished(api: Api, open_browser, running_worker, tmp_path):
    folder = shots(tmp_path)
    options = {"expansions": ["mocha_baksheesh", "letters_seals"], "layout": "random"}
    gid, tokens = api.create("istanbul", 5, seed="browser-istanbul", options=options)
    driver = open_browser(1600, 1300)
    rng = random.Random(29)
    choose = MostlyGreedy(every=4)
    shown = None
    clicked = on_board = 0
    middle = False
    while clicked < ISTANBUL_CLICKED:
        view = api.view(gid)
        assert view["status"] == "active"
        if view["awaiting_chance"] or not view["to_act"]:
            continue
        seat = view["to_act"][0]
        if shown != seat:  # the page of the seat to act (a new token in the fragment: the page starts over)
            driver.get("about:blank")
            driver.get(f"{api.base}/play/{gid}#token={tokens[seat]}")
            shown = seat
        view = settled(driver, api, gid)
        if view["to_act"][0] != seat:
            continue
        moves = page_moves(driver)
        assert moves == api.moves(gid, tokens[seat])
        # the clickable places are exactly those the legal moves name
        assert hotspot_places(driver) == {m["place"] for m in moves if isinstance(m.get("place"), int)}
        if clicked == 0:
            screenshot(driver, folder, "istanbul-start")
        elif clicked >= ISTANBUL_CLICKED // 2 and not middle and hotspot_places(driver):  # places to click, shown
            middle = True
            screenshot(driver, folder, "istanbul-middle")
        move = choose(rng, moves, lambda t=tokens[seat]: api.view(gid, t))
        place = move.get("place")
        if isinstance(place, int):
            driver.find_element(By.CSS_SELECTOR, f"#hotspots button.target[data-place='{place}']").click()
            if len([m for m in moves if m.get("place") == place]) > 1:
                click_offered(driver, move)
            on_board += 1
        else:  # from the list in words: its group opened if closed
            wanted = json.dumps(move, sort_keys=True)
            button = next(b for b in driver.find_elements(By.CSS_SELECTOR, "#moves button.move")
                          if json.dumps(json.loads(b.get_attribute("data-move")), sort_keys=True) == wanted)
            details = button.find_element(By.XPATH, "ancestor::details")
            if details.get_attribute("open") is None:
                details.find_element(By.TAG_NAME, "summary").click()
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
            WebDriverWait(driver, WAIT_S).until(lambda d, b=button: b.is_displayed() and b.is_enabled())
            button.click()
        posted(driver, api, gid, view["version"], move)
        clicked += 1
    assert on_board >= 5, "moves to places were clicked on the board"
    final = play_to_the_end(api, gid, tokens, rng, choose=MostlyGreedy(every=4))
    assert final["status"] == "finished"
    driver.get("about:blank")
    driver.get(f"{api.base}/play/{gid}#token={tokens[0]}")
    WebDriverWait(driver, WAIT_S).until(lambda d: ready(d, final["version"]))
    assert "wins" in driver.find_element(By.ID, "result").text or "win" in driver.find_element(By.ID, "result").text
    assert not driver.find_elements(By.CSS_SELECTOR, "#hotspots button")
    lines = driver.find_elements(By.CSS_SELECTOR, "#log li")  # the whole log, read page by page, to its last line
    assert int(lines[-1].get_attribute("data-version")) > final["version"] - 5 and len(lines) > 500
    screenshot(driver, folder, "istanbul-end")
    assert not [e for e in driver.get_log("browser") if e["level"] == "SEVERE"], driver.get_log("browser")
