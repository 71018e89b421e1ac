"""Every ruling (R-xx) and every numbered section ("rules 6.14", "reference 14a.2") that the code, the tests and the
docs cite resolves in the game's rules reference in docs/rules/, which the repository keeps for that reason."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = {game: ROOT / "docs" / "rules" / f"{game}.md" for game in ("jaipur", "istanbul")}
# which game a file cites, by its path (Istanbul's boxes have packages and tests named after them)
GAME_OF_PATH = (("jaipur", "jaipur"), ("istanbul", "istanbul"), ("mocha", "istanbul"), ("letters", "istanbul"),
                ("great_bazaar", "istanbul"), ("caravan", "istanbul"))
RULING = re.compile(r"\bR-(\d+)\b")
SECTION = re.compile(r"\b(?:rules|reference|section|sections)\s+(\d+[a-z]?(?:\.\d+)*)")
HEADING = re.compile(r"^#{2,4} (\d+[a-z]?(?:\.\d+)*)\.? ", re.M)


def citing_files() -> dict[Path, str]:
    out = {}
    for path in sorted(ROOT.rglob("*")):
        if path.suffix not in (".py", ".md") or {".venv", ".git", "var", "build", "mutants"} & set(path.parts):
            continue
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("docs/rules/"):
            continue
        game = next((game for key, game in GAME_OF_PATH if key in rel), None)
        if game is not None:
            out[path] = game
    return out


def defined(game: str) -> tuple[set[str], set[str]]:
    text = RULES[game].read_text(encoding="utf-8")
    return set(RULING.findall(text)), set(HEADING.findall(text))


def test_the_cited_files_are_found():
    games = citing_files().values()
    assert list(games).count("jaipur") >= 10 and list(games).count("istanbul") >= 50


@pytest.mark.parametrize("game", sorted(RULES))
def test_every_cited_ruling_and_section_is_in_the_rules_reference(game):
    rulings, sections = defined(game)
    missing = []
    for path, cited in citing_files().items():
        if cited != game:
            continue
        text = path.read_text(encoding="utf-8")
        missing += [f"{path.relative_to(ROOT)}: R-{n}" for n in RULING.findall(text) if n not in rulings]
        missing += [f"{path.relative_to(ROOT)}: {s}" for s in SECTION.findall(text)
                    if s not in sections and not any(h.startswith(s + ".") for h in sections)]
    assert not missing, "\n".join(sorted(set(missing)))


def test_nothing_cites_the_rules_outside_the_repository():
    outside = [str(path.relative_to(ROOT)) for path in citing_files()
               if "shared/rules" in path.read_text(encoding="utf-8")]
    assert not outside
