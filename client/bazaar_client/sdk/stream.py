"""The live event stream (Server-Sent Events) as an iterator of envelopes that survives dropped connections.

The server sends `id: <version>`, `event: <type>`, `data: <envelope>` and a `: keep-alive` comment every 15
quiet seconds, and closes the stream once a finished game's last event is out. After any other end (a dropped
connection, a proxy timeout, a server restart) we reconnect with `Last-Event-ID` set to the last version we
yielded, so no event is lost or repeated. A refusal the server asks us to wait out (`429` with `Retry-After`: this
client over its limits) is waited out, then we connect again; any other refusal (404, 401) is raised with its
problem's code. The iterator ends only when the game is finished and its last event has been yielded, or when
`close()` is called (from any thread: a reader blocked on the socket is woken)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import requests

from bazaar_client.sdk.errors import BazaarError, from_response
from bazaar_client.sdk.transport import Transport
from bazaar_client.sdk.types import Envelope, GameView

# read timeout: a keep-alive arrives every 15 s (the server's default), so over two silent intervals mean the
# connection is dead
READ_TIMEOUT_S = 35
# the server's `retry:` is 1000 ms; our reconnect never waits longer than this however long it asks
MAX_RECONNECT_DELAY_S = 1.0


@dataclass(frozen=True)
class Message:
    id: str | None
    event: str | None
    data: str


def parse_sse(lines: Iterable[str]) -> Iterator[Message | int]:
    """SSE messages from decoded lines (without their newlines); an `int` is a `retry:` in milliseconds."""
    fields: dict[str, list[str]] = {}
    for line in lines:
        if line == "":
            if "data" in fields:
                yield Message(fields.get("id", [None])[-1], fields.get("event", [None])[-1], "\n".join(fields["data"]))
            fields = {}
            continue
        if line.startswith(":"):
            continue  # comment (keep-alive)
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "retry" and value.isdigit():
            yield int(value)
        elif name in ("id", "event", "data"):
            fields.setdefault(name, []).append(value)


class EventStream:
    """Iterate to receive envelopes after version `after`, live, until the game is over."""

    def __init__(self, transport: Transport, game_id: str, after: int = 0):
        self.transport = transport
        self.game_id = game_id
        self.last_id = after
        self.reconnects = 0
        self.reconnect_delay_s = MAX_RECONNECT_DELAY_S
        self._response: requests.Response | None = None
        self._closed = threading.Event()

    def close(self) -> None:
        """End the iteration, also from another thread while the iterating one waits for the next event: the
        socket is shut down under the blocked read (closing it alone would leave the read waiting for the next
        keep-alive), and a wait between reconnections ends at once. So a deadline can stop a stream it does not
        iterate (`Client.wait_for_turn`)."""
        self._closed.set()
        response = self._response
        if response is not None:
            response.raw.shutdown()
        self._drop()

    def _drop(self) -> None:
        if self._response is not None:
            self._response.close()
            self._response = None

    def __iter__(self) -> Iterator[Envelope]:
        while not self._closed.is_set():
            delay = self.reconnect_delay_s
            try:
                yield from self._one_connection()
            except Exception as error:
                if self._closed.is_set():
                    return  # closed from another thread under the read: whatever the read met, we are done
                if not isinstance(error, requests.RequestException | BazaarError):
                    raise
                if isinstance(error, BazaarError) and not error.is_server_fault:
                    if error.retry_after is None:
                        raise  # 404, 401: reconnecting will not help
                    # 429 (this client's requests or streams over the server's limit): the server asks for this
                    # long a quiet, as Transport.request waits it; a bot of three seats on one host met it
                    delay = max(delay, error.retry_after)
            finally:
                self._drop()
            if self._closed.is_set() or self._game_is_over():
                return
            self.reconnects += 1
            self._closed.wait(delay)

    def _one_connection(self) -> Iterator[Envelope]:
        response = self.transport.open("GET", f"/v1/games/{self.game_id}/events", stream=True,
                                       timeout=(5, READ_TIMEOUT_S),
                                       headers={"Accept": "text/event-stream", "Last-Event-ID": str(self.last_id)})
        self._response = response
        if self._closed.is_set():  # closed while connecting: close() found no response to shut down
            return
        if not response.ok:
            try:
                error = from_response(response)  # the problem's body, read before the connection goes
            finally:
                response.close()
            raise error
        for message in parse_sse(response.iter_lines(decode_unicode=True)):
            if isinstance(message, int):
                self.reconnect_delay_s = min(MAX_RECONNECT_DELAY_S, message / 1000)
                continue
            envelope = Envelope.from_json(json.loads(message.data))
            if envelope.version <= self.last_id:
                continue  # already yielded before a reconnect
            self.last_id = envelope.version
            yield envelope

    def _game_is_over(self) -> bool:
        """True if the game is finished and we have yielded its last event (the server's clean close)."""
        try:
            view = GameView.from_json(self.transport.request("GET", f"/v1/games/{self.game_id}").json())
        except BazaarError as error:
            if error.is_server_fault:
                return False  # the server is away: keep trying to reconnect
            raise
        return view.finished and self.last_id >= view.version

