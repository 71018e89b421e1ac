"""The envelope's seal and hash against the format events/envelope.py documents, computed here by hand (stdlib
json, hashlib, hmac), and the decoding of a stored event. Each test pins a part of the format a change could
drop without any other test noticing: what `sealed` commits to, which JSON a float is hashed in, which fields a
served copy brings back to `seal`, which envelopes are public without saying so."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from domain import istanbul, jaipur
from domain.istanbul.events import MailCollected
from domain.jaipur.events import GoodTaken
from domain.table.events import Recorded
from events.envelope import GENESIS, check_sealed, decode_event, expected_hash, recorded_from, seal, sealed_digest

SEED = "a seed of the game's"


def by_hand(doc) -> bytes:
    """The canonical JSON the format names: sorted keys, no spaces, UTF-8."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def commitment(seed: str, version: int, private: dict) -> str:
    key = hmac.new(seed.encode(), f"bazaar/seal/{version}".encode(), hashlib.sha256).digest()
    return hmac.new(key, by_hand(private), hashlib.sha256).hexdigest()


def hidden(**fields) -> dict:
    return {"game": "g", "version": 3, "type": "card_drawn", "v": 1, "at": "t", "seat": 1, "visibility": "seat:1",
            "payload": {"card": "ruby"}, "command": {"type": "draw"}, **fields}


def test_a_private_event_s_seal_commits_to_each_private_field_under_its_version_s_key():
    env = seal(hidden(auto={"type": "pass"}), GENESIS, SEED)
    private = {"payload": {"card": "ruby"}, "command": {"type": "draw"}, "auto": {"type": "pass"}}
    assert env["sealed"] == commitment(SEED, 3, private)
    body = {k: v for k, v in env.items() if k not in ("hash", "payload", "command", "auto")}
    assert env["hash"] == hashlib.sha256(by_hand(body)).hexdigest()  # the hash covers `sealed`, not the secrets
    without_auto = seal(hidden(), GENESIS, SEED)
    assert without_auto["sealed"] == commitment(SEED, 3, {"payload": {"card": "ruby"}, "command": {"type": "draw"}})
    assert check_sealed(env, SEED) and not check_sealed(env, "another seed")
    assert not check_sealed({**env, "command": {"type": "peek"}}, SEED)


def test_a_float_is_hashed_and_sealed_in_the_stdlib_s_json():
    """orjson writes 0.00001 where the stdlib writes 1e-05: an envelope holding a float is hashed and sealed in
    the stdlib's bytes, as it was when written, unless the caller promises there is none (`plain`)."""
    env = seal(hidden(payload={"card": "ruby", "odds": 0.00001}), GENESIS, SEED)
    assert env["sealed"] == commitment(SEED, 3, {"payload": {"card": "ruby", "odds": 0.00001},
                                                 "command": {"type": "draw"}})
    assert sealed_digest(SEED, env) == env["sealed"] and check_sealed(env, SEED)
    body = {k: v for k, v in env.items() if k not in ("hash", "payload", "command")}
    assert expected_hash(env) == env["hash"] == hashlib.sha256(by_hand(body)).hexdigest()
    public = seal({"game": "g", "version": 1, "type": "odds_set", "v": 1, "at": "t", "seat": None,
                   "visibility": "public", "payload": {"odds": 0.00001}}, GENESIS)
    assert expected_hash(public) == hashlib.sha256(by_hand({k: v for k, v in public.items() if k != "hash"})).hexdigest()


def test_sealing_a_served_copy_gives_the_envelope_sealing_its_fields_gives():
    """A redacted copy as served (or an exported envelope, as the import chains again) carries `hash`, `sealed`
    and `redacted`: `seal` drops them and sets its own, in the store's order."""
    fresh = seal(hidden(), GENESIS, SEED)
    served = {**hidden(), "hash": "0" * 64, "sealed": "f" * 64, "redacted": True, "prev_hash": "1" * 64}
    again = seal(served, GENESIS, SEED)
    assert again == fresh and list(again) == list(fresh)
    assert list(fresh)[-3:] == ["prev_hash", "sealed", "hash"]
    public = {"game": "g", "version": 1, "type": "x", "v": 1, "at": "t", "visibility": "public", "payload": {}}
    assert list(seal({**public, "hash": "0" * 64, "redacted": False}, GENESIS)) == [*public, "prev_hash", "hash"]


def test_an_envelope_that_names_no_visibility_is_public():
    """A tournament's envelopes have no `visibility`: public, sealed without a seed, with no commitment."""
    env = seal({"tournament": "t", "version": 1, "type": "registered", "v": 1, "at": "t", "by": "o",
                "command": {"type": "register"}, "payload": {"player": "p"}}, GENESIS)
    assert "sealed" not in env and check_sealed(env, SEED)
    assert env["hash"] == hashlib.sha256(by_hand({k: v for k, v in env.items() if k != "hash"})).hexdigest()
    with pytest.raises(ValueError):
        seal(hidden(), GENESIS)  # a private one needs the seed
    public = seal({**hidden(), "visibility": "public"}, GENESIS)
    assert check_sealed(public, SEED) and not check_sealed({**public, "sealed": "0" * 64}, SEED)


def test_a_stored_event_of_an_older_version_is_upcast_by_its_game_s_table():
    env = {"type": "mail_collected", "v": 1, "payload": {"seat": 2, "goods": [1, 0, 2, 0], "lira": 3, "post": 1}}
    assert decode_event(istanbul, env) == MailCollected(2, {"red": 1, "yellow": 2}, 3, 1)
    with pytest.raises(LookupError):
        decode_event(jaipur, {"type": "mail_collected", "v": 1, "payload": {}})
    for game, kind in ((jaipur, "good_taken"), (istanbul, "turn_timed_out")):  # a game's with no upcasters, a table's
        with pytest.raises(LookupError):  # an older version than any upcaster knows: refused, not a crash
            decode_event(game, {"type": kind, "v": 0, "payload": {}})


def test_a_folded_envelope_keeps_its_seat_and_time():
    env = {"type": "good_taken", "v": 1, "seat": 1, "at": "2026-11-29T10:00:00.000Z",
           "payload": {"seat": 1, "good": "silk", "slot": 4}}
    assert recorded_from(jaipur, env) == Recorded(GoodTaken(1, "silk", 4), 1, "2026-11-29T10:00:00.000Z")
