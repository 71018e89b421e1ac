"""The pages bring players together in a real browser: a creator makes a game on `/` and takes seat 0, the page
shows a link for the other seat, a friend's browser opens it and takes that seat, and both play; each claim's
entropy came from its own browser (not the server). A stranger joins a public seat from `/`'s list."""

from __future__ import annotations

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from selenium.webdriver.support.ui import WebDriverWait as Wait

from tests.api.client import Api
from tests.browser.test_play_page import WAIT_S, loaded

HEX64 = set("0123456789abcdef")


class Reloading(Wait):
    """Selenium's wait, told that a page reloading (a seat taken) is no failure: an element found before the
    reload is stale, or (chromedriver's word for it when the reload lands between finding and reading it) its
    node "does not belong to the document"."""

    def until(self, method, message: str = ""):
        def look(driver):
            try:
                return method(driver)
            except WebDriverException as error:
                if "does not belong to the document" in str(error):
                    return False
                raise
        return super().until(look, message)


def WebDriverWait(driver, timeout):  # noqa: N802 - selenium's own name, for a page that may reload meanwhile
    return Reloading(driver, timeout, ignored_exceptions=[StaleElementReferenceException])


def game_of(driver) -> str:
    return driver.current_url.split("/play/")[1].split("#")[0]


def test_a_creator_shares_a_link_and_a_friend_takes_the_seat(api: Api, open_browser):
    creator = open_browser()
    creator.get(f"{api.base}/")
    form = creator.find_element(By.ID, "create-game")
    Select(form.find_element(By.NAME, "game")).select_by_value("jaipur")
    Select(form.find_element(By.NAME, "others")).select_by_value("code")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(creator, WAIT_S).until(lambda d: "/play/" in d.current_url and "#token=" in d.current_url)
    WebDriverWait(creator, WAIT_S).until(loaded)
    gid = game_of(creator)
    assert creator.find_element(By.ID, "who").text == "You are seat 0."
    WebDriverWait(creator, WAIT_S).until(lambda d: "Waiting for seat 1" in d.find_element(By.ID, "awaiting").text)
    link = creator.find_element(By.CSS_SELECTOR, "#share a.share").get_attribute("href")
    assert link.startswith(f"{api.base}/play/{gid}#invite={gid}-1-")

    friend = open_browser()
    friend.get(link)
    WebDriverWait(friend, WAIT_S).until(lambda d: d.find_elements(By.ID, "take-seat"))[0].click()
    WebDriverWait(friend, WAIT_S).until(lambda d: d.find_element(By.ID, "who").text == "You are seat 1.")
    WebDriverWait(friend, WAIT_S).until(loaded)
    # the creator's page learns of it from the live stream: the game is dealt and someone is to act
    WebDriverWait(creator, WAIT_S).until(lambda d: "To act: seat" in d.find_element(By.ID, "turn").text)
    assert creator.find_element(By.ID, "awaiting").text == ""
    view = api.view(gid)
    assert view["status"] == "active" and view["seating"] == "claims"
    claims = [e["payload"] for e in api.events(gid) if e["type"] == "seat_claimed"]
    assert [c["seat"] for c in claims] == [0, 1]
    assert all(not c["generated"] and len(c["entropy"]) == 64 and set(c["entropy"]) <= HEX64 for c in claims)
    for driver in (creator, friend):
        assert not [e for e in driver.get_log("browser") if e["level"] == "SEVERE"], driver.get_log("browser")


def test_a_stranger_joins_a_public_seat_from_the_list(api: Api, open_browser):
    created = api.call("POST", "/v1/games", json={"game": "jaipur", "seats": 2, "invitations": ["code", "public"]})
    gid = created.json()["id"]
    stranger = open_browser()
    stranger.get(f"{api.base}/")
    join = next(a for a in stranger.find_elements(By.CSS_SELECTOR, "ul.open-games a.join")
                if f"/play/{gid}#join=" in a.get_attribute("href"))
    join.click()
    WebDriverWait(stranger, WAIT_S).until(lambda d: d.find_elements(By.ID, "take-seat"))[0].click()
    WebDriverWait(stranger, WAIT_S).until(lambda d: d.find_element(By.ID, "who").text == "You are seat 1.")
    assert "Waiting for seat 0" in WebDriverWait(stranger, WAIT_S).until(
        lambda d: d.find_element(By.ID, "awaiting").text)
    assert api.view(gid)["status"] == "waiting"
