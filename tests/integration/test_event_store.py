"""The Redis game log's own costs: its reads take one round trip each, the seed and the checkpoint they need
included. What every store does (compare-and-append, idempotency, windows, the index) is
tests/integration/test_store_contract.py, run on this store and the in-memory one."""

import json
import re
import uuid

import pytest
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from events import redis_log, redis_scripts
from events.archive import ArchivedGames, DirectoryArchive
from events.envelope import GENESIS, check_sealed, verify_chain
from events.keys import key
from events.layout import CHECKPOINT, COMPACT, DEFLATED, FULL, pack
from events.layout import _compress as compress
from events.layout import _decompress as decompress
from events.redis_log import RedisGameLog, _Heads, _Written
from events.redis_scripts import _send_and_read
from events.redis_store import redis_store
from events.store import Appended, seal_all
from tests.support.round_trips import count_round_trips

pytestmark = pytest.mark.cluster  # also run against a Redis Cluster (Makefile)


@pytest.fixture
def store(redis_client):
    return RedisGameLog(redis_client)


def gid():
    return uuid.uuid4().hex[:16]  # the form of every game id (events/ids.py)


def test_a_read_and_a_tail_batch_each_take_one_round_trip_the_seed_with_the_entries(store, monkeypatch):
    """Compact entries are decoded with the game's seed: it is read in the same pipeline as the entries, not in a
    round trip of its own (every page of events, every load, every batch of a live stream)."""
    g = gid()
    # every field the service writes, in its order: stored in the compact layout, which decodes with the seed
    docs = [{"type": "thing_happened", "v": 1, "at": "2026-11-29T00:00:00.000Z", "seat": None, "command": None,
             "visibility": "public", "payload": {"n": n}} for n in range(3)]
    store.append(g, docs, 0, GENESIS)
    sent = count_round_trips(monkeypatch)
    assert [e["version"] for e in store.read(g)] == [1, 2, 3] and len(sent) == 1
    sent.clear()
    assert [e["version"] for e in store.tail(g, after=0, block_ms=10)] == [1, 2, 3] and len(sent) == 1


def test_a_read_from_the_middle_of_the_log_takes_one_round_trip_from_a_cold_store(redis_client, monkeypatch):
    """A page that starts at an event this process never met chains from the checkpoint below it, read in the same
    round trip as the page (not in one of its own): a client catching up, a time travel, a restarted process."""
    g = gid()
    docs = [{"type": "thing_happened", "v": 1, "at": "2026-11-29T00:00:00.000Z", "seat": None, "command": None,
             "visibility": "public", "payload": {"n": n}} for n in range(40)]
    RedisGameLog(redis_client).append(g, docs, 0, GENESIS)
    whole = RedisGameLog(redis_client).read(g)
    sent = count_round_trips(monkeypatch)
    for after, limit, until in ((5, 3, None), (16, 4, None), (20, 5, None), (31, None, None), (33, 2, 34),
                                (39, 10, None), (40, 10, None), (45, 5, None)):
        sent.clear()
        cold = RedisGameLog(redis_client)
        assert cold.read(g, after, until, limit) == whole[after:until][:limit]
        assert len(sent) == 1, (after, limit)
    warm = RedisGameLog(redis_client)
    assert warm.read(g, 30, limit=2) == whole[30:32]
    sent.clear()
    assert warm.read(g, 32) == whole[32:] and len(sent) == 1  # chained from the hash it remembered


def test_an_append_without_an_idempotency_key_keeps_no_record(store, redis_client):
    """append.lua records a key's range only when a key was given: an append without one writes no idem hash (the
    contract's idempotency tests, test_store_contract.py, hold both stores to the rest of the script's branches)."""
    g = gid()
    store.append(g, [doc(1)], 0, GENESIS)
    assert store.version(g) == 1 and redis_client.exists(key(g, "idem")) == 0


# --- chained reads of compact entries: every way into the middle of a log -----------------------------------------

SEED = "the game's seed"


def doc(n: int) -> dict:
    """An event of the old layout's time: no `command` field, so it is stored whole (layout 1)."""
    return {"type": "thing_happened", "v": 1, "at": "2026-11-29T00:00:00.000Z", "seat": None,
            "visibility": "public", "payload": {"n": n}}


def compact_doc(n: int, private: bool = False) -> dict:
    """Every field the service writes, in its order (stored compactly); every third one seen by seat 0 alone, as a
    card drawn is (its `sealed` is recomputed on read from the seed in the game's meta)."""
    return {"type": "thing_happened", "v": 1, "at": "2026-11-29T00:00:00.000Z", "seat": 0,
            "command": {"type": "act", "n": n} if n % 4 == 0 else None, "visibility": "seat:0" if private else "public",
            "payload": {"n": n}}


def compact_game(log: RedisGameLog, events: int = 40) -> tuple[str, list[dict]]:
    g = gid()
    log.create(g, {"game": "tiny", "seed": SEED}, [])
    log.append(g, [compact_doc(n, private=n % 3 == 0) for n in range(events)], 0, GENESIS, seed=SEED)
    assert {field for field, _value in log.entries(g)} == {COMPACT}
    return g, log.read(g)


def test_a_cold_store_reads_and_tails_from_any_version_and_finds_the_head(redis_client):
    """A new process knows no hash: each read, tail and head starts at the checkpoint at or below it (the seed
    read with the entries, for the private ones' commitments)."""
    g, whole = compact_game(RedisGameLog(redis_client))
    assert verify_chain(whole) is None and all(check_sealed(e, SEED) for e in whole)
    for after in (0, 1, 5, 15, 16, 17, 31, 32, 33, 39, 40):
        assert RedisGameLog(redis_client).read(g, after) == whole[after:], after
        assert RedisGameLog(redis_client).tail(g, after, block_ms=10) == whole[after:], after
        assert RedisGameLog(redis_client).tail(g, after, block_ms=10, count=2) == whole[after:after + 2], after
    assert RedisGameLog(redis_client).head_hash(g) == whole[-1]["hash"]
    short, _ = compact_game(RedisGameLog(redis_client), events=7)  # below the first checkpoint
    assert RedisGameLog(redis_client).head_hash(short) == RedisGameLog(redis_client).read(short)[-1]["hash"]


def test_a_store_that_remembers_a_head_reads_what_another_process_appended_after_it(redis_client):
    for docs in ([doc(n) for n in range(9)], [compact_doc(n, private=n % 3 == 0) for n in range(9)]):
        mine, theirs = RedisGameLog(redis_client), RedisGameLog(redis_client)
        g = gid()
        mine.create(g, {"game": "tiny", "seed": SEED}, [])
        mine.append(g, docs[:5], 0, GENESIS, seed=SEED)  # remembers the hash at 5
        theirs.append(g, docs[5:], 5, theirs.head_hash(g), seed=SEED)
        whole = RedisGameLog(redis_client).read(g)
        assert mine.read(g, 5) == whole[5:] and mine.read(g, 2) == whole[2:]  # at the head it knows, and before
        assert mine.tail(g, 3, block_ms=10) == whole[3:]


def test_a_live_stream_after_an_append_or_a_read_needs_no_walk_back(redis_client, monkeypatch):
    """The hash at the end of what a store created, appended, read or tailed is remembered: the next batch of a live
    stream (a tail after it, of what another process appended) is read in one round trip, not one more to chain
    from the checkpoint below, and chains from the right hash."""
    store, other = RedisGameLog(redis_client), RedisGameLog(redis_client)
    g = gid()
    created = seal_all(g, [compact_doc(n, private=n % 3 == 0) for n in range(18)], 0, GENESIS, SEED)
    store.create(g, {"game": "tiny", "seed": SEED}, created)
    sent = count_round_trips(monkeypatch)

    def one_round_trip(reader: RedisGameLog, after: int, appended: list[dict]) -> None:
        other.append(g, appended, after, other.head_hash(g), seed=SEED)
        sent.clear()
        batch = reader.tail(g, after, block_ms=10)
        assert len(sent) == 1 and batch == RedisGameLog(redis_client).read(g, after) and len(batch) == len(appended)

    one_round_trip(store, 18, [compact_doc(18, private=True)])  # after its creation
    store.append(g, [compact_doc(n) for n in range(19, 21)], 19, store.head_hash(g), seed=SEED)
    one_round_trip(store, 21, [compact_doc(21)])  # after its append
    cold = RedisGameLog(redis_client)
    cold.read(g, 19)  # from the checkpoint at 16: it now knows the hash at 22
    one_round_trip(cold, 22, [compact_doc(22)])  # after a read
    one_round_trip(cold, 23, [compact_doc(23, private=True)])  # after a tail
    expected = RedisGameLog(redis_client).read(g, 19)
    sent.clear()
    assert RedisGameLog(redis_client).tail(g, 19, block_ms=10) == expected
    assert len(sent) == 2  # a cold tail: the entries and the seed, then the walk back from the checkpoint at 16


def test_a_live_stream_behind_its_own_process_s_appends_needs_no_walk_back(redis_client, monkeypatch):
    """A game's live stream in the process that appends the game's moves reads on from the version it last sent,
    which that process's own appends have passed by then (by one move, or a few when the stream lags): its read is
    still one round trip, chained from the right hash. Remembering only the newest hash, every such read walked
    back to the checkpoint below in a round trip of its own and decoded up to 15 entries again."""
    store = RedisGameLog(redis_client)
    g = gid()
    created = seal_all(g, [compact_doc(n, private=n % 3 == 0) for n in range(18)], 0, GENESIS, SEED)
    store.create(g, {"game": "tiny", "seed": SEED}, created)
    sent = count_round_trips(monkeypatch)
    position, head = 18, created[-1]["hash"]  # what the stream has sent; the newest hash the appends chain from
    for behind in (1, 1, 3, 1, 2, 5, 1, 4):
        for _ in range(behind):
            _appended, sealed = store.append(g, [compact_doc(position + behind, private=behind % 2 == 1)],
                                             sealed_version(g, store), head, seed=SEED)
            head = sealed[-1]["hash"]
        sent.clear()
        batch = store.tail(g, position, block_ms=10)
        assert len(sent) == 1, behind
        assert batch == RedisGameLog(redis_client).read(g, position) and len(batch) == behind
        position = batch[-1]["version"]


def test_a_live_stream_reads_its_own_process_s_last_append_without_unpacking_it(redis_client, monkeypatch):
    """The entries this process appended last come back to its live streams on the next read: their envelopes are
    the ones it sealed (unpacking their bytes gives them back), so they are not unpacked again; a copy of each, the
    same as a fresh store reads."""
    store = RedisGameLog(redis_client)
    g = gid()
    created = seal_all(g, [compact_doc(n, private=n % 3 == 0) for n in range(18)], 0, GENESIS, SEED)
    store.create(g, {"game": "tiny", "seed": SEED}, created)
    _appended, sealed = store.append(g, [compact_doc(n, private=n % 2 == 0) for n in range(18, 21)], 18,
                                     created[-1]["hash"], seed=SEED)
    unpacked = []
    real_unpack = redis_log.unpack
    monkeypatch.setattr(redis_log, "unpack", lambda *args: unpacked.append(args[3]) or real_unpack(*args))
    batch = store.tail(g, 18, block_ms=10)
    assert unpacked == [] and batch == sealed == RedisGameLog(redis_client).read(g, 18)
    assert all(mine is not theirs for mine, theirs in zip(batch, sealed, strict=True))
    unpacked.clear()
    again = store.tail(g, 17, block_ms=10)  # from 17: the created 18 is not the last append's, 19-21 are
    assert unpacked == [17, 18]  # 17 for the hash it chains from (walked back to the checkpoint at 16), then 18
    assert again == RedisGameLog(redis_client).read(g, 17)


@pytest.mark.parametrize("altered", ["field", "value", "an entry before"])
def test_entries_rewritten_after_this_process_appended_them_are_read_as_they_are_stored(redis_client, altered):
    """What this process remembers of its last append stands in for an entry only when the entry is byte for byte
    what it wrote there, chained after the same hash: a log rewritten behind its back (the same versions, other
    bytes) reads exactly as a store that never appended it reads it, or fails alike."""
    store = RedisGameLog(redis_client)
    g = gid()
    created = seal_all(g, [compact_doc(n, private=n % 3 == 0) for n in range(18)], 0, GENESIS, SEED)
    store.create(g, {"game": "tiny", "seed": SEED}, created)
    _appended, sealed = store.append(g, [compact_doc(n) for n in range(18, 21)], 18, created[-1]["hash"], seed=SEED)
    entries = RedisGameLog(redis_client).entries(g)
    field, value = entries[19]  # version 20
    if altered == "field":  # the same bytes under another layout's field
        entries[19] = (DEFLATED, value)
    elif altered == "value":
        other = seal_all(g, [compact_doc(99)], 19, RedisGameLog(redis_client).read(g, 18, 19)[0]["hash"], SEED)[0]
        entries[19] = pack(other, g, other["prev_hash"], SEED, proven=True)
    else:  # version 19 rewritten: 20 and 21 keep their bytes, chained after another hash now
        other = seal_all(g, [compact_doc(98)], 18, created[-1]["hash"], SEED)[0]
        entries[18] = pack(other, g, created[-1]["hash"], SEED, proven=True)
    redis_client.delete(key(g, "events"))
    for version, (field, value) in enumerate(entries, start=1):
        redis_client.xadd(key(g, "events"), {field: value}, id=f"0-{version}")
    cold = RedisGameLog(redis_client)
    if altered == "field":
        with pytest.raises(ValueError):
            cold.tail(g, 18, block_ms=10)
        with pytest.raises(ValueError):
            store.tail(g, 18, block_ms=10)
        return
    expected = cold.tail(g, 18, block_ms=10)
    assert [e["hash"] for e in expected][1:] != [e["hash"] for e in sealed][1:]  # 20 and 21 read otherwise now
    assert store.tail(g, 18, block_ms=10) == expected


def test_the_last_appends_remembered_are_bounded_in_games():
    written = _Written(size=2)
    for game in ("a", "b"):
        written.put(game, {1: (b"f", game.encode(), {})})
    written.put("a", {2: (b"f", b"a2", {})})  # a appended again: b is now the game appended longest ago
    written.put("c", {1: (b"f", b"c", {})})
    assert written.get("b") is None and written.get("a") == {2: (b"f", b"a2", {})} and written.get("c") is not None
    written.forget("a")
    assert written.get("a") is None and written.get("c") is not None


def test_a_read_with_the_seats_after_a_remembered_hash_reads_the_replaced_tokens_too(redis_client, monkeypatch):
    """A cached game a move behind is caught up by one XRANGE after the hash the log remembers: a plain read. A read
    that asks for the seats too (the seat check's) goes the whole way, so that a replaced seat token is among what
    it reads."""
    store = redis_store(redis_client)
    g = gid()
    store.log.create(g, {"game": "tiny", "seed": SEED}, [])
    _appended, sealed = store.log.append(g, [compact_doc(n) for n in range(4)], 0, GENESIS, seed=SEED)
    store.log.append(g, [compact_doc(4)], 4, sealed[-1]["hash"], seed=SEED)  # remembers the hashes at 4 and 5
    store.facts.replace_seat_token(g, 1, "new-hash")
    whole = RedisGameLog(redis_client).read(g)
    sent = count_round_trips(monkeypatch)
    (tail,), replaced = store.log.windows(g, [(4, None, None)], seats=True, seed=SEED)
    assert tail == whole[4:] and replaced == {1: "new-hash"} and len(sent) == 1
    sent.clear()
    (tail,), replaced = store.log.windows(g, [(4, None, None)], seed=SEED)  # the plain read: the XRANGE alone
    assert tail == whole[4:] and replaced == {} and len(sent) == 1


def sealed_version(g: str, log: RedisGameLog) -> int:
    return int(log.redis.xlen(key(g, "events")))


def test_the_remembered_hashes_are_bounded_per_game_and_in_games():
    """A game's last KEPT hashes met are remembered (the oldest met goes first, a hash met again counts as new);
    past `size` games, the game met longest ago goes."""
    heads = _Heads(size=3)
    for version in range(1, _Heads.KEPT + 2):
        heads.put("a", version, f"h{version}")
    assert heads.get("a", 1) is None and all(heads.get("a", v) == f"h{v}" for v in range(2, _Heads.KEPT + 2))
    heads.put("a", 2, "h2")  # met again: now the newest, so 3 goes next
    heads.put("a", 100, "h100")
    assert heads.get("a", 2) == "h2" and heads.get("a", 3) is None and heads.get("a", 100) == "h100"
    for game in ("b", "c"):
        heads.put(game, 1, game)
    heads.put("a", 101, "h101")  # a is met again: b is now the game met longest ago
    heads.put("d", 1, "d")
    assert heads.get("b", 1) is None and heads.get("a", 101) == "h101" and heads.get("c", 1) == "c"
    heads.forget("a")
    assert heads.get("a", 101) is None and heads.get("d", 1) == "d"


def test_an_old_layout_log_is_read_from_its_middle_in_one_round_trip(redis_client, monkeypatch):
    """Layout 1 entries keep their hashes: every one is a checkpoint a cold read may start from."""
    g = gid()
    RedisGameLog(redis_client).append(g, [doc(n) for n in range(40)], 0, GENESIS)
    assert {field for field, _value in RedisGameLog(redis_client).entries(g)} == {FULL}
    whole = RedisGameLog(redis_client).read(g)
    sent = count_round_trips(monkeypatch)
    assert RedisGameLog(redis_client).read(g, 35) == whole[35:] and len(sent) == 1
    sent.clear()
    assert RedisGameLog(redis_client).head_hash(g) == whole[-1]["hash"] and len(sent) == 2  # its length, its entries


def test_a_checkpoint_entry_written_without_its_hash_is_chained_from_the_first_event(redis_client):
    """An entry at a checkpoint that keeps no hash (written by hand, or by a tool) is no place to start: reads
    and heads chain from the first event instead, and get the same envelopes."""
    g = gid()
    redis_client.hset(key(g, "meta"), mapping={"game": "tiny", "seed": SEED})
    sealed = seal_all(g, [compact_doc(n, private=n % 3 == 0) for n in range(20)], 0, GENESIS, SEED)
    prev = GENESIS
    for env in sealed:
        field, value = pack(env, g, prev, SEED, proven=True)
        if env["version"] == CHECKPOINT:
            compact = json.loads(decompress(value))
            del compact["h"]
            value = compress(json.dumps(compact, separators=(",", ":")).encode())
        redis_client.xadd(key(g, "events"), {field: value}, id=f"0-{env['version']}")
        prev = env["hash"]
    assert RedisGameLog(redis_client).read(g) == sealed
    for after in (16, 17, 19):
        assert RedisGameLog(redis_client).read(g, after) == sealed[after:], after
        assert RedisGameLog(redis_client).tail(g, after, block_ms=10) == sealed[after:], after
    assert RedisGameLog(redis_client).head_hash(g) == sealed[-1]["hash"]


def test_an_import_s_envelopes_are_proven_and_stored_compactly_unless_they_would_change(redis_client):
    """An import creates its game with envelopes chained elsewhere: each is stored compactly only if it unpacks to
    exactly itself; one in another key order, or whose hash the chain does not give, is kept whole, as it came."""
    log = RedisGameLog(redis_client)
    g = gid()
    sealed = seal_all(g, [compact_doc(n, private=n % 3 == 0) for n in range(4)], 0, GENESIS, SEED)
    reordered = {k: sealed[2][k] for k in reversed(sealed[2])}
    forged = {**sealed[3], "hash": "f" * 64}
    assert log.create(g, {"game": "tiny", "seed": SEED}, [*sealed[:2], reordered, forged]) == Appended(1, 4)
    assert [field for field, _value in log.entries(g)] == [COMPACT, COMPACT, FULL, FULL]
    back = RedisGameLog(redis_client).read(g)
    assert back == [*sealed[:2], reordered, forged] and list(back[2]) == list(reordered)
    assert verify_chain(back) == 4


def test_an_archived_game_is_read_and_chained_from_its_record(redis_client, tmp_path):
    """Once a game has left Redis for the archive, its reads, version and head come from the verified record."""
    store = redis_store(redis_client, archive=DirectoryArchive(tmp_path))
    g, whole = compact_game(store.log, events=20)
    assert store.archiving.move_to_archive(g) and redis_client.exists(key(g, "events"), key(g, "meta")) == 0
    cold = RedisGameLog(redis_client, archived=ArchivedGames(DirectoryArchive(tmp_path)))
    assert cold.read(g) == whole and cold.read(g, 5, 9) == whole[5:9] and cold.read(g, 3, limit=2) == whole[3:5]
    assert cold.version(g) == 20 and cold.head_hash(g) == whole[-1]["hash"]
    unknown = gid()
    assert (cold.read(unknown), cold.version(unknown), cold.head_hash(unknown)) == ([], 0, GENESIS)
    bare = gid()  # events and no meta record (appended without a creation): read from Redis, not the archive
    RedisGameLog(redis_client).append(bare, [doc(1), doc(2)], 0, GENESIS)
    assert [e["payload"] for e in cold.read(bare)] == [{"n": 1}, {"n": 2}]


def test_a_redis_that_forgot_the_scripts_still_creates_and_appends(redis_client):
    """The scripts are sent by their digest; a Redis restarted or failed over without them (SCRIPT FLUSH here)
    answers NOSCRIPT, and the log loads the script and sends the command again, once: nothing is lost or doubled."""
    store, g = RedisGameLog(redis_client), gid()
    doc = {"type": "thing_happened", "v": 1, "at": "2026-11-29T00:00:00.000Z", "seat": None, "command": None,
           "visibility": "public", "payload": {"n": 0}}
    redis_client.script_flush()
    store.create(g, {"game": "test"}, seal_all(g, [doc], 0, GENESIS, None))
    redis_client.script_flush()
    appended, sealed = store.append(g, [doc, doc], 1, store.read(g)[-1]["hash"])
    assert appended == Appended(2, 3, False, "") and [e["version"] for e in store.read(g)] == [1, 2, 3]
    assert verify_chain(store.read(g)) is None


SCRIPT_CALL = re.compile(rb"\*\d+\r\n\$7\r\nEVALSHA\r\n")


class _Failing(redis.Connection):
    """A real connection to the test's Redis whose next `failures` scripts sent fail as a dropped connection does
    (what a connection sends on its own, its handshake, goes through)."""

    failures = 0
    sends = 0

    def send_packed_command(self, command, *args, **kwargs):
        if not SCRIPT_CALL.match(bytes(command if isinstance(command, bytes) else command[0])):
            return super().send_packed_command(command, *args, **kwargs)
        type(self).sends += 1
        if type(self).failures:
            type(self).failures -= 1
            self.disconnect()
            raise redis.ConnectionError("connection dropped (injected)")
        return super().send_packed_command(command, *args, **kwargs)


def _failing_client(redis_client, failures: int, retries: int) -> redis.Redis:
    _Failing.failures, _Failing.sends = failures, 0
    options = redis_client.connection_pool.connection_kwargs
    pool = redis.BlockingConnectionPool(connection_class=_Failing, host=options["host"], port=options["port"],
                                        db=options.get("db", 0), retry=Retry(NoBackoff(), retries))
    return redis.Redis(connection_pool=pool)


def test_an_append_whose_connection_drops_is_sent_again_by_the_connections_retry_policy(redis_client):
    """The append sends its script on a pooled connection itself (events/redis_scripts.py `run_script`), not through
    redis-py's execute_command, and keeps what redis-py does when a connection drops: the connection's retry
    policy, each new attempt on a fresh connection. Past the policy's retries the error is the caller's and
    nothing was appended, and the connection is given back to the pool either way."""
    if not isinstance(redis_client, redis.Redis):
        pytest.skip("a cluster client's commands go through redis-py's own way")
    doc = {"type": "thing_happened", "v": 1, "at": "2026-11-29T00:00:00.000Z", "seat": None, "command": None,
           "visibility": "public", "payload": {"n": 0}}
    g = gid()
    store = RedisGameLog(redis_client)
    store.create(g, {"game": "test"}, seal_all(g, [doc], 0, GENESIS, None))
    store.append(g, [doc], 1, store.read(g)[-1]["hash"])  # the server knows the script now: no NOSCRIPT below

    dropping = RedisGameLog(_failing_client(redis_client, failures=2, retries=2))
    assert dropping.append(g, [doc], 2, store.read(g)[-1]["hash"])[0] == Appended(3, 3, False, "")
    assert _Failing.sends == 3  # two dropped, the third went through

    hopeless_client = _failing_client(redis_client, failures=3, retries=2)
    with pytest.raises(redis.ConnectionError):
        RedisGameLog(hopeless_client).append(g, [doc], 3, store.read(g)[-1]["hash"])
    assert _Failing.sends == 3 and [e["version"] for e in store.read(g)] == [1, 2, 3]
    assert not hopeless_client.connection_pool._get_in_use_connections()  # given back to the pool all the same


def _appends(store, g, n):
    doc = {"type": "thing_happened", "v": 1, "at": "2026-11-29T00:00:00.000Z", "seat": None, "command": None,
           "visibility": "public", "payload": {"n": 0}}
    for _ in range(n):
        version = store.version(g)
        store.append(g, [doc], version, store.read(g)[-1]["hash"] if version else GENESIS)


def _counting_pool(client, monkeypatch) -> list:
    taken = []
    real = client.connection_pool.get_connection
    monkeypatch.setattr(client.connection_pool, "get_connection", lambda *a, **k: taken.append(1) or real(*a, **k))
    return taken


def _own_client(redis_client) -> redis.Redis:
    """A plain client with a pool of its own (no connection kept aside yet), as the service makes one."""
    if not isinstance(redis_client, redis.Redis):
        pytest.skip("a cluster client's commands go through redis-py's own way")
    options = redis_client.connection_pool.connection_kwargs
    return redis.Redis(connection_pool=redis.BlockingConnectionPool(host=options["host"], port=options["port"],
                                                                    db=options.get("db", 0)))


def test_appends_one_after_another_take_their_connection_from_the_pool_once(redis_client, monkeypatch):
    """A script's connection is kept aside for the next script (events/redis_scripts.py `_idle`): the blocking pool's
    queue and locks cost more than the script's round trip. A forked process keeps none of its parent's."""
    client = _own_client(redis_client)
    store, g = RedisGameLog(client), gid()
    taken = _counting_pool(client, monkeypatch)
    _appends(store, g, 5)
    before = len(taken)
    _appends(store, g, 1)
    assert len(taken) - before == 2  # the version and the read, as every command, but not the append
    monkeypatch.setattr(redis_scripts.os, "getpid", lambda: -1)  # as in a child forked after these appends
    before = len(taken)
    _appends(store, g, 1)
    assert len(taken) - before == 3
    assert store.version(g) == 7


def test_a_connection_kept_aside_that_the_server_closed_is_connected_afresh_before_the_script(redis_client):
    """As the pool checks a connection it hands out: a kept connection the server closed meanwhile (a restart, an
    idle timeout) is not the script's first attempt, which would then count against the retry policy."""
    client = _own_client(redis_client)
    store, g = RedisGameLog(client), gid()
    _appends(store, g, 1)
    [kept] = redis_scripts._idle(client.connection_pool)
    redis_client.client_kill(f"127.0.0.1:{kept._sock.getsockname()[1]}")
    sent = []
    real_send = kept.send_packed_command
    kept.send_packed_command = lambda packed, *a, **k: sent.append(b"EVALSHA" in b"".join(packed)) or real_send(packed, *a, **k)
    _appends(store, g, 1)
    assert sent.count(True) == 1 and store.version(g) == 2  # the script sent once, on a fresh socket


def test_connections_kept_aside_are_bounded_and_the_rest_go_back_to_the_pool(redis_client, monkeypatch):
    """As many kept aside as scripts were in flight at once, up to IDLE_MAX: past it, a script's connection goes back
    to the pool for the other commands."""
    client = _own_client(redis_client)
    store, g = RedisGameLog(client), gid()
    pool = client.connection_pool
    idle = redis_scripts._idle(pool)
    idle.extend(pool.get_connection() for _ in range(redis_scripts.IDLE_MAX - 1))
    real = redis_scripts._send_and_read

    def others_finish_meanwhile(connection, command):  # the append's script is in flight as two others end
        if len(idle) < redis_scripts.IDLE_MAX:  # (once: a Redis that does not know the script yet sends it twice)
            idle.extend(pool.get_connection() for _ in range(2))
        return real(connection, command)

    monkeypatch.setattr(redis_scripts, "_send_and_read", others_finish_meanwhile)
    _appends(store, g, 1)
    assert len(idle) == redis_scripts.IDLE_MAX and store.version(g) == 1
    assert len(pool._get_in_use_connections()) == redis_scripts.IDLE_MAX  # the append's own went back


def test_a_connection_whose_script_redis_did_not_know_is_kept_or_given_back_like_any_other(redis_client, monkeypatch):
    """NOSCRIPT is an answer read whole (the script is loaded and sent again): its connection is as good as before,
    kept aside, or given back to the pool when the connections kept aside reached their bound meanwhile."""
    client = _own_client(redis_client)
    store, g = RedisGameLog(client), gid()
    _appends(store, g, 1)
    pool = client.connection_pool
    idle = redis_scripts._idle(pool)
    idle.extend(pool.get_connection() for _ in range(redis_scripts.IDLE_MAX - len(idle)))
    real = redis_scripts._send_and_read

    def another_ends_meanwhile(connection, command):
        if len(idle) < redis_scripts.IDLE_MAX:
            idle.append(pool.get_connection())
        return real(connection, command)

    monkeypatch.setattr(redis_scripts, "_send_and_read", another_ends_meanwhile)
    client.script_flush()
    _appends(store, g, 1)  # NOSCRIPT, loaded, sent again
    assert store.version(g) == 2 and len(idle) == redis_scripts.IDLE_MAX
    assert len(pool._get_in_use_connections()) == redis_scripts.IDLE_MAX


def test_a_client_holding_one_connection_appends_on_that_connection(redis_client):
    """A client made with a single connection (`single_connection_client`) sends every command on it, the append's
    script included (the server's list of clients names the last command each connection sent)."""
    if not isinstance(redis_client, redis.Redis):
        pytest.skip("a cluster client holds no single connection")
    options = redis_client.connection_pool.connection_kwargs
    single = redis.Redis(host=options["host"], port=options["port"], db=options.get("db", 0),
                         single_connection_client=True)
    connection_id = single.client_id()
    store, g = RedisGameLog(single), gid()
    doc = {"type": "thing_happened", "v": 1, "at": "2026-11-29T00:00:00.000Z", "seat": None, "command": None,
           "visibility": "public", "payload": {"n": 0}}
    store.create(g, {"game": "test"}, seal_all(g, [doc], 0, GENESIS, None))
    head = RedisGameLog(redis_client).read(g)[-1]["hash"]
    assert store.append(g, [doc, doc], 1, head)[0] == Appended(2, 3, False, "")
    assert redis_client.client_list(client_id=[connection_id])[0]["cmd"] == "evalsha"
    assert [e["version"] for e in RedisGameLog(redis_client).read(g)] == [1, 2, 3]


def test_the_appends_script_call_is_packed_as_redis_py_packs_it():
    """The append packs its EVALSHA with hiredis itself (events/redis_scripts.py `_send_and_read`): the bytes are the
    ones redis-py's own packer writes for arguments of the kinds an append sends (str, bytes, int)."""
    packer = redis.Connection()._command_packer
    command = ("EVALSHA", "9" * 40, 3, "game:{0123456789abcdef}:events", "game:{0123456789abcdef}:idem",
               "game:{0123456789abcdef}:seats", 12, "", "fp", "0:" + "f" * 64, b"zs2", bytes(range(256)),
               "é→ünïcode", -7, 2**63 - 1)
    sent = []

    class Recording(redis.Connection):
        def send_packed_command(self, packed, check_health=True):
            sent.append(bytes(packed if isinstance(packed, bytes) else b"".join(packed)))

        def read_response(self, *args, **kwargs):
            return [1, 13]

    assert _send_and_read(Recording(), command) == [1, 13]
    assert sent == [b"".join(packer.pack(*command))]
