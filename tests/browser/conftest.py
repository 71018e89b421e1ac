"""Real headless Chromium (Debian's `chromium` and `chromium-driver`) driven by Selenium.

The session installs the two packages with apt-get when they are missing (the project's own files must install
what its tests need: a fresh machine has no browser), and skips with the reason only when that fails.
Playwright is not used: its browser download is not reachable here, and Selenium drives the system's
chromedriver without downloading anything.
"""

from __future__ import annotations

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from tests.api.client import Api
from tests.support import debian

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PACKAGES = ("chromium", "chromium-driver")


def install_browser() -> str | None:
    """None when the browser and its driver are there (installing them if needed), else why not."""
    return debian.install(PACKAGES, (CHROMIUM, CHROMEDRIVER))


@pytest.fixture(scope="session")
def browser_installed():
    reason = install_browser()
    if reason:
        pytest.skip(f"no headless browser for the page tests: {reason}")


@pytest.fixture
def open_browser(browser_installed, tmp_path):
    """`open_browser(width, height)` -> a new headless Chromium window; all are closed after the test."""
    drivers = []

    def start(width: int = 1200, height: int = 1000) -> webdriver.Chrome:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        # as root in a container: no sandbox; the closed network: no background connections (they are refused
        # by the machine and slow the start down)
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-quic", f"--user-data-dir={tmp_path / f'profile-{len(drivers)}'}",
                     f"--window-size={width},{height}"):
            options.add_argument(flag)
        driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
        drivers.append(driver)
        if width < 500:  # a window is never narrower than 500 px: emulate the phone's screen instead
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
        return driver

    yield start
    for driver in drivers:
        driver.quit()


@pytest.fixture(scope="module")
def api(server):
    return Api(server)
