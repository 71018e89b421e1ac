"""Logs written by earlier releases still verify, import and replay (events are upcast, old command shapes
upgraded), and time travel through them gives the same views."""

from pathlib import Path

import pytest

from service.games import audit
from service.operations.verify import verify
from tests.support.service import InProcess

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.mark.parametrize("name", ["istanbul/v1_export.ndjson"])
def test_an_export_of_an_earlier_release_verifies_and_imports(name):
    lines = (FIXTURES / name).read_text().splitlines()
    assert any('"sell_goods","goods":[' in line for line in lines)  # the old command shape is really in it
    ok, report = verify(lines)
    assert ok, report
    service = InProcess.in_memory()  # the log's shapes are what is tested, not where it is stored
    loaded, tokens = audit.import_log(service.repository, lines, "2026-12-01T00:00:00.000Z", "0123456789abcdef")
    assert loaded.finished and loaded.version == len(lines) + 1 and len(tokens) == 3  # and its `game_imported`
    middle = service.load(loaded.meta.id, until=len(lines) // 2)
    assert middle.version == len(lines) // 2
