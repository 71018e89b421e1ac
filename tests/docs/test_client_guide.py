"""The client guide in docs/ stands on its own and keeps up with the engines: every command a game accepts, every
place and bonus card it can deal, and every option it takes is explained, and no link leaves the repository."""

import re
from pathlib import Path

import pytest

from domain import registry
from domain.istanbul import data as istanbul_data

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
# every product game has a page of the guide, named after it
GUIDES = {name: (registry.get(name), DOCS / f"{name}.md") for name in registry.PRODUCT}
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


@pytest.mark.parametrize("name", sorted(GUIDES))
def test_every_option_is_explained(name):
    """Each option the game's OPTIONS_SCHEMA states (the contract the service publishes)."""
    game, page = GUIDES[name]
    text = page.read_text()
    missing = [key for key in game.OPTIONS_SCHEMA["properties"] if f"`{key}`" not in text]
    assert not missing, f"{page.name} does not explain {missing}"


def test_every_platform_option_is_explained():
    common = (DOCS / "README.md").read_text()
    for key in ("clock", "timeout_policy", "undo", "seed", "open"):
        assert f"`{key}`" in common, key
