"""A published append as append.lua writes it: "<first version>\n", then each field and value as "<length>:<bytes>".
The expected values are written out by hand here, not made by the code under test."""

import pytest

from events.redis_live import parse


@pytest.mark.parametrize("message, expected", [
    (b"1\n2:zs3:abc", (1, [(b"zs", b"abc")])),
    (b"7\n1:e0:2:z13:\n:\x00", (7, [(b"e", b""), (b"z1", b"\n:\x00")])),  # binary values, a colon and a newline inside
    (b"12\n1:a1:b1:c1:d", (12, [(b"a", b"b"), (b"c", b"d")])),
])
def test_a_published_append_is_its_first_version_and_entries(message, expected):
    assert parse(message) == expected


@pytest.mark.parametrize("message", [
    b"",  # nothing
    b"1\n",  # no entry
    b"x\n1:a1:b",  # no version
    b"0\n1:a1:b",  # no event has version 0
    b"1\n1:a",  # a field without its value
    b"1\n5:ab1:c",  # a length past the end
    b"1\n1:a5:bc",  # a length past the end, the parts even
    b"1\n-1:a1:b",  # a negative length
    b"1\n1:ab",  # bytes after the last part
    b"1 1:a1:b",  # no newline
])
def test_anything_else_is_refused(message):
    with pytest.raises(ValueError):
        parse(message)
