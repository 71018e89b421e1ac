"""The /play page in a real browser: it shows the board, a click on a legal move posts it and the picture
changes, and a spectator's browser sees the move arrive live. Screenshots land in the test's tmp dir."""

from __future__ import annotations

from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.api.client import Api

WAIT_S = 15


def board_version(driver) -> int | None:
    value = driver.find_element(By.ID, "board").get_attribute("data-version")
    return int(value) if value else None


def loaded(driver) -> bool:
    """The picture is drawn (a decoded image of some width) and the page knows the view."""
    return driver.execute_script(
        "const img = document.getElementById('board');"
        "return !!(window.bazaar && window.bazaar.svg && img.complete && img.naturalWidth > 0);")


def screenshot(driver, tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.png"
    assert driver.save_screenshot(str(path))
    return path


def test_a_seat_plays_and_a_spectator_watches_live(api: Api, open_browser, tmp_path):
    gid, tokens = api.create("jaipur", 2)
    seat = api.view(gid)["to_act"][0]
    player = open_browser()
    player.get(f"{api.base}/play/{gid}#token={tokens[seat]}")
    WebDriverWait(player, WAIT_S).until(loaded)
    buttons = WebDriverWait(player, WAIT_S).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#moves button.move"))
    assert f"You are seat {seat}." == player.find_element(By.ID, "who").text
    assert f"seat {seat} (you)" in player.find_element(By.ID, "turn").text

    spectator = open_browser(390, 844)  # a phone-width screen
    spectator.get(f"{api.base}/play/{gid}")
    WebDriverWait(spectator, WAIT_S).until(loaded)
    assert spectator.find_element(By.ID, "who").text == "Watching as a spectator."
    assert not spectator.find_elements(By.CSS_SELECTOR, "#moves button")
    WebDriverWait(spectator, WAIT_S).until(lambda d: d.find_element(By.ID, "live").text == "live")
    # nothing is wider than the screen: the picture scales down, the moves wrap
    assert spectator.execute_script("return document.documentElement.scrollWidth") <= 390
    screenshot(player, tmp_path, "player-before")

    version = board_version(player)
    svg_before = player.execute_script("return window.bazaar.svg")
    spectator_version = board_version(spectator)
    assert version == spectator_version == api.view(gid)["version"]
    buttons[0].click()

    WebDriverWait(player, WAIT_S).until(lambda d: (board_version(d) or 0) > version)
    assert player.execute_script("return window.bazaar.svg") != svg_before
    assert api.view(gid)["version"] > version  # the click posted the move
    assert f"seat {1 - seat}" in player.find_element(By.ID, "turn").text
    WebDriverWait(player, WAIT_S).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#moves button.move"))
    screenshot(player, tmp_path, "player-after")

    # the spectator did nothing: only the live stream can have brought the move
    WebDriverWait(spectator, WAIT_S).until(lambda d: (board_version(d) or 0) >= api.view(gid)["version"])
    assert f"seat {1 - seat}" in spectator.find_element(By.ID, "turn").text
    screenshot(spectator, tmp_path, "spectator-phone")
    for driver in (player, spectator):
        assert not [e for e in driver.get_log("browser") if e["level"] == "SEVERE"], driver.get_log("browser")


def test_istanbul_page_at_phone_width(api: Api, open_browser, tmp_path):
    gid, tokens = api.create("istanbul", 3)
    seat = api.view(gid)["to_act"][0]
    player = open_browser(390, 844)
    player.get(f"{api.base}/play/{gid}#token={tokens[seat]}")
    WebDriverWait(player, WAIT_S).until(loaded)
    WebDriverWait(player, WAIT_S).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#moves button.move"))
    assert player.execute_script("return document.documentElement.scrollWidth") <= 390
    width = player.execute_script("return document.getElementById('board').getBoundingClientRect().width")
    assert 300 < width <= 390
    screenshot(player, tmp_path, "istanbul-phone")
