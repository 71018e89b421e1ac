"""A player's own stream of notices (`GET /v1/me/events`, Server-Sent Events) as an endless iterator that
survives dropped connections: after any end it reconnects with `Last-Event-ID` set to the last notice yielded,
so none is lost or repeated. It ends only when `close()` is called, or when the token stops being valid."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import requests

from bazaar_client.sdk.errors import BazaarError, from_response
from bazaar_client.sdk.lobby_types import Notice
from bazaar_client.sdk.stream import MAX_RECONNECT_DELAY_S, READ_TIMEOUT_S, parse_sse
from bazaar_client.sdk.transport import Transport


class PlayerStream:
    def __init__(self, transport: Transport, after: str = "0-0"):
        self.transport = transport
        self.last_id = after
        self.reconnects = 0
        self._response: requests.Response | None = None
        self._closed = False

    def close(self) -> None:
        self._closed = True
        if self._response is not None:
            self._response.close()

    def __iter__(self) -> Iterator[Notice]:
        while not self._closed:
            try:
                yield from self._one_connection()
            except (requests.RequestException, BazaarError) as error:
                if isinstance(error, BazaarError) and not error.is_server_fault:
                    raise  # 401: the token is no longer valid, reconnecting will not help
            finally:
                if self._response is not None:
                    self._response.close()
                    self._response = None
            if self._closed:
                return
            self.reconnects += 1
            time.sleep(MAX_RECONNECT_DELAY_S)

    def _one_connection(self) -> Iterator[Notice]:
        response = self.transport.open("GET", "/v1/me/events", stream=True, timeout=(5, READ_TIMEOUT_S),
                                       headers={"Accept": "text/event-stream", "Last-Event-ID": self.last_id})
        self._response = response
        if not response.ok:
            raise from_response(response)
        for message in parse_sse(response.iter_lines(decode_unicode=True)):
            if isinstance(message, int):
                continue
            notice = Notice.from_json(json.loads(message.data))
            self.last_id = notice.id
            yield notice
