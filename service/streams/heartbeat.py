"""Keep-alives for every live stream of a process, from one timer: a wheel of SLOTS slots per interval.

A live stream owes its client a `: keep-alive` comment after each SSE_KEEPALIVE_S quiet seconds (proxies and
browsers drop silent connections). A timer per stream (a blocking read with a timeout) made each of 5,000 idle
streams arm, fire and drop a timer of its own every interval; here one thread (a greenlet under gevent) wakes
SLOTS times an interval, and only the streams whose keep-alive falls due in that slot are woken: it puts
`KEEPALIVE` in their queue, and each stream sends the comment itself (it alone writes its response).

Spread: streams opened together (a page of spectators, a reconnect storm) would owe their keep-alives together,
every interval, and a command queued behind a burst of thousands of sends waits for all of it. So a new stream's
first keep-alive falls at a point of its first interval taken from a low-discrepancy sequence (multiples of the
golden ratio, modulo 1): any number opened at once spread evenly over the interval, and stay spread while idle.
A stream that sends something owes its next keep-alive an interval later (`Heartbeat.sent`); the wheel finds
that out lazily, when it reaches the stream's old slot, and moves it on.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable

SLOTS = 16  # wheel slots per interval: a keep-alive goes out within one slot (interval / SLOTS) of when it is owed
GOLDEN = (math.sqrt(5) - 1) / 2


class Beat:
    """One stream's place on the wheel."""

    def __init__(self, wake: Callable[[], None], due: float):
        self.wake = wake  # called (on the wheel's thread) when the stream owes a keep-alive; must not block
        self.due = due  # the clock's time of the next keep-alive, unless something is sent before
        self.gone = False


class Heartbeat:
    def __init__(self, interval_s: float, clock: Callable[[], float] = time.monotonic):
        self.interval, self.clock = interval_s, clock
        self.tick = interval_s / SLOTS
        # a keep-alive is due at most an interval and a tick ahead: two more slots than that never alias
        self.slots: list[list[Beat]] = [[] for _ in range(SLOTS + 2)]
        self.lock = threading.Lock()
        self.placed = 0
        self.running = False
        self.last_tick = self._tick_of(clock())

    def start(self) -> None:
        """Turn the wheel every tick from now on, on a thread of its own (once; later calls do nothing)."""
        with self.lock:
            start, self.running = not self.running, True
        if start:
            threading.Thread(target=self.run, name="heartbeat", daemon=True).start()

    def add(self, wake: Callable[[], None]) -> Beat:
        """A new stream's beat, its first keep-alive spread over its first interval."""
        with self.lock:
            self.placed += 1
            phase = (self.placed * GOLDEN) % 1.0
            beat = Beat(wake, self.clock() + self.interval * max(phase, 1 / SLOTS))
            self._place(beat)
        return beat

    def sent(self, beat: Beat) -> None:
        """Its stream wrote to its client: the next keep-alive is owed an interval from now."""
        beat.due = self.clock() + self.interval

    def remove(self, beat: Beat) -> None:
        beat.gone = True  # dropped from its slot when the wheel next reaches it

    def run(self) -> None:
        while True:
            time.sleep(self.tick)
            self.turn(self.clock())

    def turn(self, now: float) -> None:
        """Wake the streams whose keep-alive is due by the slot `now` falls in (and any slots missed since)."""
        current = self._tick_of(now)
        with self.lock:
            for tick in range(self.last_tick + 1, current + 1):
                index = tick % len(self.slots)
                beats, self.slots[index] = self.slots[index], []
                for beat in beats:
                    if beat.gone:
                        continue
                    if self._tick_of(beat.due) <= tick:
                        beat.due = now + self.interval
                        beat.wake()
                    self._place(beat)
            self.last_tick = max(self.last_tick, current)

    def _tick_of(self, moment: float) -> int:
        return int(moment / self.tick)

    def _place(self, beat: Beat) -> None:
        # never behind the wheel: a slot already passed would be reached again only a whole turn later
        tick = max(self._tick_of(beat.due), self.last_tick + 1)
        self.slots[tick % len(self.slots)].append(beat)
