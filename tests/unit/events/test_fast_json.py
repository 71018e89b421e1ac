"""Where orjson stands in for the stdlib's json in the event formats, it must write the very bytes the stdlib
writes: the chain's hashes are defined over the stdlib's canonical JSON (events/envelope.py), and the compact
layout's timestamps must read back as the strings they stood for (events/layout.py)."""

import json
from datetime import timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from events import layout
from events.envelope import canonical, canonical_plain, compact_json, expected_hash, is_plain, sealed_digest
from events.layout import COMPACT

TEXT = st.text(st.characters(exclude_categories=["Cs"]))
PLAIN = st.recursive(st.none() | st.booleans() | st.integers(-(2**70), 2**70) | TEXT,
                     lambda inner: st.lists(inner) | st.dictionaries(TEXT, inner), max_leaves=30)


# Anything the stdlib writes: floats of every kind, NaN and Infinity, integer keys, tuples, booleans as keys' values.
ANY = st.recursive(st.none() | st.booleans() | st.integers(-(2**70), 2**70) | TEXT | st.floats(),
                   lambda inner: st.lists(inner) | st.tuples(inner, inner)
                   | st.dictionaries(TEXT | st.integers(-5, 5).map(str), inner)
                   | st.dictionaries(st.integers(-5, 5), inner, max_size=3), max_leaves=30)


def stdlib_canonical(doc) -> bytes:
    """The definition the chain's hashes are made over, written out here rather than taken from the module."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


@settings(max_examples=500)
@given(PLAIN)
def test_canonical_plain_writes_the_canonical_bytes_of_any_float_free_document(doc):
    assert canonical_plain(doc) == stdlib_canonical(doc)


@settings(max_examples=1000)
@given(ANY)
def test_canonical_and_the_compact_form_write_the_stdlibs_bytes_of_any_document(doc):
    """They take orjson's way only for a document `is_plain` vouches for: a float, NaN, Infinity or an integer key
    anywhere sends them to the stdlib."""
    assert canonical(doc) == stdlib_canonical(doc)
    assert compact_json(doc) == json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode()


def test_a_float_anywhere_makes_a_document_not_plain():
    assert is_plain({"a": [1, "x", None, True, {"b": (2, 3)}]})
    for doc in ({"a": 1.0}, [[[float("nan")]]], {"a": {"b": [1, float("inf")]}}, {1: "a"}, [1.5]):
        assert not is_plain(doc)


def test_canonical_plain_falls_back_where_orjson_refuses():
    assert canonical_plain({2: "a", 1: "b"}) == stdlib_canonical({2: "a", 1: "b"})  # keys that are not strings
    assert canonical_plain([2**64]) == stdlib_canonical([2**64])
    assert canonical([2**64]) == stdlib_canonical([2**64]) and compact_json([2**64]) == b"[18446744073709551616]"


def test_an_entry_holding_a_float_is_hashed_over_the_stdlibs_canonical_json():
    """orjson writes 1e-05 as `0.00001` and 1e-07 as `1e-7`: the store must not take the quick way there."""
    for number in (1e-05, 1e-07, 0.5, float("nan")):
        value = layout._compress(json.dumps({"t": "noted", "v": 1, "a": 0, "p": {"x": number}}).encode())
        env = layout.unpack(COMPACT, value, "0123456789abcdef", 3, "0" * 64, None)
        assert env["hash"] == expected_hash(env)
        private = {"t": "noted", "v": 1, "a": 0, "i": "seat:0", "p": {"x": number}}
        value = layout._compress(json.dumps(private).encode())
        env = layout.unpack(COMPACT, value, "0123456789abcdef", 3, "0" * 64, "seed")
        assert env["sealed"] == sealed_digest("seed", env) and env["hash"] == expected_hash(env)
    plain = layout._compress(b'{"t":"noted","v":1,"a":0,"p":{"x":"1e-7"}}')
    env = layout.unpack(COMPACT, plain, "0123456789abcdef", 3, "0" * 64, None)
    assert env["hash"] == expected_hash(env)


@settings(max_examples=2000)
@given(st.integers(-62_135_596_800_000, 253_402_300_799_999))  # years 1 to 9999
def test_a_compact_timestamp_reads_back_as_datetime_formats_it(millis):
    formatted = (layout.EPOCH + timedelta(milliseconds=millis)).isoformat(timespec="milliseconds")
    assert layout.timestamp(millis) == formatted.replace("+00:00", "Z")
