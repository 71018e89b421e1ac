"""The process's one keep-alive timer (service/streams/heartbeat.py) on a clock the test moves: when each stream is
woken. That the wakes become keep-alives on real streams is tested in tests/api/test_stream_fanout.py and, at
the production interval, tests/api/test_live_stream.py."""

from collections import Counter

from service.streams.heartbeat import SLOTS, Heartbeat

INTERVAL = 16.0
TICK = INTERVAL / SLOTS


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def run(heartbeat: Heartbeat, clock: Clock, until: float, step: float = TICK) -> None:
    """Turn the wheel every `step` seconds, as its thread would, until the clock reads `until`."""
    while clock.now + step <= until:
        clock.now += step
        heartbeat.turn(clock.now)


def test_streams_opened_together_owe_their_keepalives_spread_evenly_over_the_interval():
    clock = Clock()
    heartbeat = Heartbeat(INTERVAL, clock)
    wakes: list[tuple[int, float]] = []
    for n in range(160):
        heartbeat.add(lambda n=n: wakes.append((n, clock.now)))
    opened = clock.now
    run(heartbeat, clock, opened + INTERVAL)
    assert sorted(n for n, _ in wakes) == list(range(160))  # each once in its first interval
    per_slot = Counter(int((at - opened) / TICK) for _, at in wakes)
    assert max(per_slot.values()) <= 2 * 160 / SLOTS, per_slot  # no burst: about 10 a slot
    wakes.clear()
    run(heartbeat, clock, opened + 3 * INTERVAL)  # and they stay spread while idle
    assert max(Counter(int((at - opened) / TICK) % SLOTS for _, at in wakes).values()) <= 2 * 2 * 160 / SLOTS


def test_a_quiet_stream_is_woken_every_interval_and_what_it_sends_postpones_the_next():
    clock = Clock()
    heartbeat = Heartbeat(INTERVAL, clock)
    wakes: list[float] = []
    beat = heartbeat.add(lambda: wakes.append(clock.now))
    run(heartbeat, clock, clock.now + 3 * INTERVAL)
    gaps = [b - a for a, b in zip(wakes, wakes[1:])]
    assert len(wakes) >= 2 and all(abs(gap - INTERVAL) <= TICK for gap in gaps), wakes
    last = wakes[-1]
    run(heartbeat, clock, last + INTERVAL / 2)
    heartbeat.sent(beat)  # an event went out half an interval after the last keep-alive
    sent_at = clock.now
    run(heartbeat, clock, sent_at + 2 * INTERVAL)
    assert wakes[len(gaps) + 1] - sent_at >= INTERVAL - TICK  # not an interval after the keep-alive
    assert wakes[len(gaps) + 1] - sent_at <= INTERVAL + TICK


def test_a_closed_stream_is_never_woken():
    clock = Clock()
    heartbeat = Heartbeat(INTERVAL, clock)
    woken = []
    beat = heartbeat.add(lambda: woken.append("closed"))
    heartbeat.add(lambda: woken.append("open"))
    heartbeat.remove(beat)
    run(heartbeat, clock, clock.now + 2 * INTERVAL)
    assert set(woken) == {"open"}


def test_a_wheel_held_up_for_intervals_wakes_each_overdue_stream_once_on_its_next_turn():
    clock = Clock()
    heartbeat = Heartbeat(INTERVAL, clock)
    woken = Counter()
    for n in range(50):
        heartbeat.add(lambda n=n: woken.update([n]))
    clock.now += 3 * INTERVAL  # the process was starved: no turn for three intervals
    heartbeat.turn(clock.now)
    assert woken == Counter(range(50))
    run(heartbeat, clock, clock.now + INTERVAL - 2 * TICK)
    assert woken == Counter(range(50))  # and each owes the next an interval later, not at once
