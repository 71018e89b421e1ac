"""The client guide in docs/ stands on its own and keeps up with the engines: every command a game accepts, every
place and bonus card it can deal, and every option it takes is explained, and no link leaves the repository."""

import re
from dataclasses import fields
from pathlib import Path

import pytest

from domain import istanbul, jaipur
from domain.istanbul import data as istanbul_data
from domain.istanbul import options as istanbul_options
from domain.jaipur.state import Options as JaipurOptions

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
GUIDES = {"jaipur": (jaipur, DOCS / "jaipur.md"), "istanbul": (istanbul, DOCS / "istanbul.md")}
LINK = re.compile(r"\]\(([^)]+)\)")


@pytest.mark.parametrize("page", sorted(DOCS.rglob("*.md")) + [ROOT / "README.md", ROOT / "DEVELOPERS.md"],
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_links_stay_inside_the_repository(page):
    text = page.read_text()
    assert "../shared" not in text and "/work/" not in text
    for target in LINK.findall(text):
        assert not target.startswith(("http://", "https://")), f"{page.name} links outside: {target}"
        path = (page.parent / target.split("#")[0]).resolve()
        assert path.is_relative_to(ROOT) and path.exists(), f"{page.name}: broken link {target}"


@pytest.mark.parametrize("name", sorted(GUIDES))
def test_every_command_is_explained(name):
    game, page = GUIDES[name]
    text = page.read_text()
    missing = [wire for wire in game.COMMANDS if f"`{wire}`" not in text]
    assert not missing, f"{page.name} does not explain {missing}"


def test_every_istanbul_place_card_and_tile_is_explained():
    text = (DOCS / "istanbul.md").read_text()
    places = [f"| {number} |" for number in istanbul_data.PLACE_NAMES]
    grouped = re.findall(r"^\| ([\d /]+) \|", text, re.M)
    listed = {int(n) for cell in grouped for n in cell.split("/") if n.strip()}
    assert set(istanbul_data.PLACE_NAMES) <= listed, places
    for card in istanbul_data.CARD_IDS:
        assert re.search(rf"\b{card}\b", text), card
    for tile in istanbul_data.DEMAND_TILES:
        assert tile[0] + "1" in text and tile[0] + "5" in text
    for layout in istanbul_data.LAYOUTS:
        assert f"`{layout}`" in text


def test_every_option_is_explained():
    jaipur_text = (DOCS / "jaipur.md").read_text()
    for key in (f.name for f in fields(JaipurOptions)):
        assert f"`{key}`" in jaipur_text, key
    istanbul_text = (DOCS / "istanbul.md").read_text()
    for key in istanbul_options.DEFAULTS:
        assert f"`{key}`" in istanbul_text
    common = (DOCS / "README.md").read_text()
    for key in ("clock", "timeout_policy", "undo", "seed", "open"):
        assert f"`{key}`" in common, key
