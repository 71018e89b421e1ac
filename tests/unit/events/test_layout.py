"""The compact entry (events/layout.py, layouts 2 and 3) byte for byte as its docstring defines it, and the proof
that keeps whole what it could not give back exactly. The expected bytes are written here by hand: the format is
frozen (entries written with it are read with it forever), so a change to them is a change of format."""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import pytest
import zstandard

from events import layout
from events.envelope import GENESIS, seal
from events.layout import COMPACT, DEFLATED, FULL, checkpoint_hash, pack, stamp, unpack
from events.layout import _decompress as decompress

G = "0123456789abcdef"
SEED = "the game's seed"


def sealed(version: int, **fields) -> dict:
    doc = {"type": "good_taken", "v": 1, "at": "2026-11-29T10:00:00.250Z", "seat": 1,
           "command": {"type": "take_one", "good": "épice"}, "visibility": "public",
           "payload": {"seat": 1, "good": "épice", "slot": 4}, **fields}
    return seal({**doc, "game": G, "version": version}, GENESIS, SEED)


def test_a_compact_entry_holds_only_what_cannot_be_recomputed_in_the_documented_bytes():
    """Short keys, no spaces, UTF-8 as it is, the time as milliseconds since 1970; the defaults (no seat, no
    command, public) and the chain fields left out, but the hash at a checkpoint (every 16th version)."""
    env = sealed(3)
    field, value = pack(env, G, GENESIS, SEED, proven=True)
    assert field == COMPACT
    assert decompress(value) == ('{"t":"good_taken","v":1,"a":1795946400250,"s":1,"c":{"type":"take_one","good":"épice"},'
                                 '"p":{"seat":1,"good":"épice","slot":4}}').encode()
    checkpoint = sealed(16, seat=None, command=None, visibility="seat:0")
    field, value = pack(checkpoint, G, GENESIS, SEED, proven=True)
    assert decompress(value) == ('{"t":"good_taken","v":1,"a":1795946400250,"i":"seat:0",'
                                 '"p":{"seat":1,"good":"épice","slot":4},"h":"' + checkpoint["hash"] + '"}').encode()
    for each in (env, checkpoint):
        assert unpack(*pack(each, G, GENESIS, SEED, proven=True), G, each["version"], GENESIS, SEED) == each


@pytest.mark.parametrize("at", ["2026-11-29T11:00:00.250+01:00", "2026-11-29T10:00:00.250123Z",
                                "2026-11-29T10:00:00Z", "2026-11-29T10:00:00.250", "yesterday"])
def test_a_time_milliseconds_cannot_give_back_is_kept_as_it_was_written(at):
    """Only a time that reads back as the same string becomes milliseconds: an offset, microseconds, no fraction,
    no zone and a string that is no time all come back exactly, even sealed just now (no proof)."""
    env = sealed(5, at=at)
    field, value = pack(env, G, GENESIS, SEED, proven=True)
    assert json.loads(decompress(value))["a"] == at
    assert unpack(field, value, G, 5, GENESIS, SEED) == env
    assert stamp(field, value) == at  # a list of games shows the time as it was written too


def test_an_entry_s_time_is_read_without_its_chain_in_either_layout():
    """What a list of games shows of a game's last move: a compact entry's milliseconds as the time they came from,
    a whole entry's `at` as it is, and nothing for an entry of a layout this release does not know."""
    env = sealed(3)
    assert stamp(*pack(env, G, GENESIS, SEED, proven=True)) == "2026-11-29T10:00:00.250Z"
    whole = {**env, "at": "2026-11-29T10:00:00Z"}
    assert stamp(FULL, json.dumps(whole).encode()) == "2026-11-29T10:00:00Z"
    assert stamp(b"z9", json.dumps(whole).encode()) is None


def test_an_entry_from_elsewhere_that_would_not_come_back_exactly_is_kept_whole():
    """An envelope not sealed just now (an import's, the default) is proven by unpacking: one whose hash the
    chain does not give is stored as it came (layout 1), so its reader sees the forgery, not a repaired hash."""
    forged = {**sealed(3), "hash": "f" * 64}
    field, value = pack(forged, G, GENESIS, SEED)
    assert field == FULL and json.loads(value) == forged
    assert unpack(field, value, G, 3, GENESIS, SEED) == forged
    assert pack(sealed(3), G, GENESIS, SEED)[0] == COMPACT


def test_an_entry_of_an_unknown_layout_or_a_private_one_without_the_seed_is_not_read():
    with pytest.raises(ValueError):
        unpack(b"z9", b"", G, 1, GENESIS, SEED)
    private = sealed(3, visibility="seat:1")
    with pytest.raises(ValueError):
        unpack(*pack(private, G, GENESIS, SEED, proven=True), G, 3, GENESIS, None)


EVENTS = Path(__file__).resolve().parents[3] / "events"


def test_a_compact_entry_is_a_zstandard_frame_any_decoder_reads_with_dictionary_2():
    """Layout 3's value, as its docstring defines it: a Zstandard frame without magic number, checksum or
    dictionary id, holding its content size, compressed with the dictionary file beside the module. Read here by a
    decoder of our own making from the file, not by the module's."""
    field, value = pack(sealed(3), G, GENESIS, SEED, proven=True)
    assert field == COMPACT == b"zs2"
    assert not value.startswith(b"\x28\xb5\x2f\xfd")  # no magic number
    dictionary = zstandard.ZstdCompressionDict((EVENTS / "layout-dictionary-2.zstd").read_bytes())
    assert dictionary.dict_id() == 2
    decoder = zstandard.ZstdDecompressor(dict_data=dictionary, format=zstandard.FORMAT_ZSTD1_MAGICLESS)
    assert decoder.decompress(value) == ('{"t":"good_taken","v":1,"a":1795946400250,"s":1,"c":{"type":"take_one",'
                                         '"good":"épice"},"p":{"seat":1,"good":"épice","slot":4}}').encode()
    assert len(value) < 60  # the dictionary earns its place: the JSON is 112 bytes


def test_an_entry_of_layout_2_written_by_an_earlier_release_is_read_as_it_was():
    """Entries deflated with dictionary 1 (every release from the compact layout until Zstandard) are read forever:
    written here as those releases wrote them (raw deflate, level 6, the dictionary file as preset)."""
    dictionary = (EVENTS / "layout-dictionary-1.ndjson").read_bytes()
    for version, env in ((3, sealed(3)), (16, sealed(16, visibility="seat:0"))):
        compact = {"t": "good_taken", "v": 1, "a": 1795946400250, "s": 1, "c": {"type": "take_one", "good": "épice"}}
        compact |= {"i": "seat:0"} if version == 16 else {}
        compact |= {"p": {"seat": 1, "good": "épice", "slot": 4}} | ({"h": env["hash"]} if version == 16 else {})
        deflate = zlib.compressobj(6, zlib.DEFLATED, -15, 8, zlib.Z_DEFAULT_STRATEGY, dictionary)
        value = deflate.compress(json.dumps(compact, separators=(",", ":"), ensure_ascii=False).encode())
        value += deflate.flush()
        assert unpack(DEFLATED, value, G, version, GENESIS, SEED) == env
        assert stamp(DEFLATED, value) == "2026-11-29T10:00:00.250Z"
        assert checkpoint_hash(DEFLATED, value) == (env["hash"] if version == 16 else None)
    with pytest.raises(ValueError):
        unpack(DEFLATED, b"not deflate", G, 3, GENESIS, SEED)
    with pytest.raises(ValueError):
        unpack(COMPACT, b"not zstandard", G, 3, GENESIS, SEED)


def test_a_context_is_made_when_none_is_free(monkeypatch):
    """The first use in a thread, or one beside another in use, makes a context of its own (the free list is
    empty), and gives it back for the next."""
    monkeypatch.setattr(layout._compress, "free", [])
    monkeypatch.setattr(layout._decompress, "free", [])
    value = layout._compress(b'{"t":"noted","v":1}')
    assert layout._decompress(value) == b'{"t":"noted","v":1}'
    assert len(layout._compress.free) == 1 and len(layout._decompress.free) == 1


def test_a_context_is_lent_for_one_use_and_lent_again_after_it():
    """One context serves use after use; while it is out (another thread's use), the next use gets one of its own."""
    made = []

    def make():
        made.append(f"context {len(made) + 1}")
        return made[-1]

    contexts = layout._Contexts(make, lambda context, data: (context, data))
    assert contexts(b"a") == ("context 1", b"a") and contexts(b"b") == ("context 1", b"b")
    assert contexts.free == ["context 1"]
    out = contexts.free.pop()  # held elsewhere
    assert contexts(b"c") == ("context 2", b"c") and contexts.free == ["context 2"] and out == "context 1"
