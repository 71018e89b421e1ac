"""Counts read as a person writes them: `1 move played`, never `1 moves played` (what `bazaar bot` said after its
first move until now)."""

from bazaar_client.cli.said import counted


def test_one_is_singular_and_every_other_count_plural():
    assert [counted(n, "move") for n in (0, 1, 2, 120)] == ["0 moves", "1 move", "2 moves", "120 moves"]
    assert [counted(n, "match", "matches") for n in (1, 3)] == ["1 match", "3 matches"]
