"""The hash chain of `events/envelope.py`, link by link, on envelopes sealed here (no store): each kind of
tampering is caught at the envelope it breaks, including the ones that re-hash what they touched."""

from events.envelope import GENESIS, expected_hash, seal, verify_chain


def chain(n: int) -> list[dict]:
    out, prev = [], GENESIS
    for version in range(1, n + 1):
        env = seal({"game": "g", "version": version, "type": "thing_done", "v": 1, "at": "t", "seat": 0,
                    "visibility": "public", "payload": {"n": version}, "command": None}, prev)
        out.append(env)
        prev = env["hash"]
    return out


def rehashed(env: dict, **changes) -> dict:
    """`env` changed, with its own hash recomputed: it is consistent by itself, only its successor's link breaks."""
    changed = {**env, **changes}
    return {**changed, "hash": expected_hash(changed)}


def test_an_intact_chain_verifies():
    assert verify_chain(chain(6)) is None


def test_a_middle_event_rewritten_and_rehashed_breaks_the_next_link():
    log = chain(6)
    log[2] = rehashed(log[2], payload={"n": 99})
    assert log[2]["hash"] == expected_hash(log[2])  # the rewritten event checks out on its own
    assert verify_chain(log) == 4  # the event after it no longer links to it


def test_the_last_event_rewritten_and_rehashed_is_caught_only_by_a_known_head():
    """A chain commits to its past, not its future: a rewritten last event is a valid chain of its own, and only
    a head known from elsewhere (the version and hash a client was served) tells the difference."""
    log = chain(4)
    forged = [*log[:3], rehashed(log[3], payload={"n": 99})]
    assert verify_chain(forged) is None and forged[-1]["hash"] != log[-1]["hash"]


def test_a_relinked_event_is_caught_where_its_link_was_changed():
    log = chain(5)
    log[1] = rehashed(log[1], prev_hash=GENESIS)  # claims to follow the genesis, not event 1
    assert verify_chain(log) == 2


def test_a_payload_changed_without_rehashing_is_caught_at_that_event():
    log = chain(5)
    log[2] = {**log[2], "payload": {"n": 99}}
    assert verify_chain(log) == 3


def test_renumbered_dropped_and_swapped_events_are_caught():
    log = chain(5)
    assert verify_chain([log[0], rehashed(log[1], version=7), *log[2:]]) == 2
    assert verify_chain([log[0], *log[2:]]) == 2
    assert verify_chain([log[0], log[2], log[1], *log[3:]]) == 2
