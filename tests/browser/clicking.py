"""Driving the /play page as a player does, quickly: the tests wait on the page's own marks (the version its
picture and moves show, the answer to its last post) inside the page, and click with the browser's own mouse.

Selenium's WebDriverWait looks every half second, and a whole game waits thousands of times; here one call
into the page waits there, looking every few milliseconds. A WebDriver click costs ~50 ms of chromedriver's
checks; here the page says where the control is (scrolled into view, and the topmost thing at its centre, or
the click would land elsewhere) and Chrome's input pipeline presses and releases the left button there: a
trusted click, hit-tested by the browser like a person's.
"""

from __future__ import annotations

WAIT_MS = 40_000  # generous: the suite shares two cores with servers, workers and other browsers

# The page is live at `version` as `seat` (None: any): view, picture, moves and hotspots read, no button still
# disabled by a post. Answers what a player would look at, or null when WAIT_MS passed first.
SHOWN = """
const [version, seat, wait, done] = arguments;
const deadline = Date.now() + wait;
(function look() {
  const s = window.bazaar, img = document.getElementById('board');
  const ready = !!(s && s.svg && s.view && s.version === version && (seat === null || s.view.seat === seat)
    && s.replayAt === null && img && img.complete && img.naturalWidth > 0
    && img.dataset.version === String(version) && !document.querySelector('#moves button:disabled'));
  if (ready) {
    return done({version: s.version, seat: s.view.seat, moves: s.moves,
      places: [...document.querySelectorAll('#hotspots button.target')].map((b) => Number(b.dataset.place)),
      undo: !document.getElementById('undo').hidden,
      turn: document.getElementById('turn').textContent,
      result: document.getElementById('result').hidden ? null : document.getElementById('result').textContent});
  }
  if (Date.now() > deadline) return done(null);
  setTimeout(look, 4);
})();
"""

# What the page shows now, for a message when it never got there.
STATE = """
const s = window.bazaar || {}, img = document.getElementById('board');
return {version: s.version, seat: s.view && s.view.seat, replayAt: s.replayAt, moves: (s.moves || []).length,
  svg: !!s.svg, complete: img.complete, width: img.naturalWidth, pictured: img.dataset.version,
  disabled: document.querySelectorAll('#moves button:disabled').length, posting: s.posting, posted: s.posted,
  error: document.getElementById('error').textContent};
"""

# Where to click `how`: a CSS selector, or {within, move: i} for the button of the page's i-th legal move among
# `within`'s buttons. A move in a closed group: its group's summary, to open it first. The point must be the
# control's own (nothing laid over it). Clears the page's record of its last post.
AIM = """
const [how] = arguments;
const s = window.bazaar;
let el;
if (typeof how === 'string') el = document.querySelector(how);
else {
  const wanted = JSON.stringify(s.moves[how.move]);
  el = [...document.querySelectorAll(how.within + ' button.move')].find((b) => b.dataset.move === wanted);
}
if (!el) return 'missing';
const group = el.closest('details');
const opens = !!(group && !group.open);
if (opens) el = group.querySelector('summary');
if (el.disabled) return 'disabled';
el.scrollIntoView({block: 'nearest', inline: 'nearest'});
const r = el.getBoundingClientRect();
const x = r.left + r.width / 2, y = r.top + r.height / 2;
const hit = document.elementFromPoint(x, y);
if (!hit || !(hit === el || el.contains(hit))) return 'covered by ' + (hit ? hit.outerHTML.slice(0, 80) : 'nothing');
s.posted = null;
return {x: x, y: y, opens: opens};
"""

# The answer to the post the last click made (its HTTP status), or null when WAIT_MS passed first.
POSTED = """
const [wait, done] = arguments;
const deadline = Date.now() + wait;
(function look() {
  const s = window.bazaar;
  if (s.posted) return done(s.posted.status);
  if (Date.now() > deadline) return done(null);
  setTimeout(look, 4);
})();
"""


def shown(driver, version: int, seat: int | None = None, wait_ms: int = WAIT_MS) -> dict:
    """What the page shows once it is live at `version` (as `seat`)."""
    driver.set_script_timeout(wait_ms / 1000 + 10)
    page = driver.execute_async_script(SHOWN, version, seat, wait_ms)
    if page is None:
        raise AssertionError(f"the page never showed version {version} as seat {seat}: "
                             f"{driver.execute_script(STATE)} {driver.get_log('browser')}")
    return page


def press(driver, x: float, y: float) -> None:
    """The left mouse button pressed and released at (x, y) of the viewport."""
    for kind in ("mousePressed", "mouseReleased"):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent",
                               {"type": kind, "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1})


def click(driver, how) -> None:
    """Click the control `how` names (see AIM), opening its group of moves first if it is closed."""
    for _ in range(2):
        aim = driver.execute_script(AIM, how)
        assert isinstance(aim, dict), f"cannot click {how}: {aim}"
        press(driver, aim["x"], aim["y"])
        if not aim["opens"]:
            return
    raise AssertionError(f"{how}: its group never opened")


def click_move(driver, moves: list[dict], move: dict, within: str) -> None:
    """Click the button of `move` (one of the page's `moves`) among `within`'s buttons."""
    click(driver, {"within": within, "move": moves.index(move)})


def posted(driver, move: dict) -> None:
    """The last click posted `move` and the service took it."""
    driver.set_script_timeout(WAIT_MS / 1000 + 10)
    status = driver.execute_async_script(POSTED, WAIT_MS)
    assert status == 201, (f"{move} was not taken: {status} {driver.execute_script(STATE)} "
                           f"{driver.get_log('browser')}")
