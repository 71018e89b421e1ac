"""A feed keeps its last batches for the streams that resume within them (service/streams/fanout.py): about RECENT events,
whole batches, and at least the last batch however long; the version they follow on from moves with them."""

from service.streams.fanout import RECENT, Batch, Feed


def batch(first: int, count: int) -> Batch:
    return Batch([{"version": v} for v in range(first, first + count)])


def test_a_feed_keeps_its_last_batches_up_to_recent_events_and_says_where_they_begin():
    feed = Feed(None, "g", 10)
    assert (feed.recent_from, list(feed.recent)) == (10, [])
    version = 10
    for count in (3, 5, 4, 2, 6):
        feed.remember(batch(version + 1, count))
        version += count
    kept = [e["version"] for b in feed.recent for e in b]
    assert kept == list(range(feed.recent_from + 1, version + 1))  # contiguous, up to the last event
    assert len(kept) <= RECENT and len(kept) + 6 > RECENT  # one more batch back would be over RECENT


def test_a_batch_longer_than_recent_is_kept_alone():
    feed = Feed(None, "g", 0)
    feed.remember(batch(1, 2))
    feed.remember(batch(3, RECENT + 5))  # a long catch-up of the feed's own (a reconnect to Redis)
    assert feed.recent_from == 2 and [len(b) for b in feed.recent] == [RECENT + 5]
