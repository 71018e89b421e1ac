"""Which first requests send a connection to its game's worker (service/operations/affinity.py), from a table
written by hand: a game's API and its play page do; its event streams, and everything else, stay where they land."""

import pytest

from service.operations.affinity import GAME_PATH

TABLE = [
    (b"POST /v1/games/5eed0000cafe0001/commands HTTP/1.1\r\n", b"5eed0000cafe0001"),
    (b"GET /v1/games/5eed0000cafe0001 HTTP/1.1\r\n", b"5eed0000cafe0001"),
    (b"GET /v1/games/5eed0000cafe0001?words=short HTTP/1.1\r\n", b"5eed0000cafe0001"),
    (b"GET /v1/games/5eed0000cafe0001/legal-moves HTTP/1.1\r\n", b"5eed0000cafe0001"),
    (b"GET /play/5eed0000cafe0001 HTTP/1.1\r\n", b"5eed0000cafe0001"),
    (b"GET /v1/games/5eed0000cafe0001/events HTTP/1.1\r\n", None),  # a live stream, or a page of events
    (b"GET /v1/games/5eed0000cafe0001/events?after=3 HTTP/1.1\r\n", None),
    (b"POST /v1/games HTTP/1.1\r\n", None),  # a game being made has no worker yet
    (b"GET /v1/games?status=open HTTP/1.1\r\n", None),
    (b"GET /healthz HTTP/1.1\r\n", None),
    (b"GET /v1/me HTTP/1.1\r\n", None),
    (b"POST /v1/games/5eed00", None),  # the request line is not all there yet
    (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", None),  # not HTTP at all
]


@pytest.mark.parametrize(("first", "game"), TABLE)
def test_a_connection_goes_to_its_games_worker_only_for_a_games_own_requests(first, game):
    found = GAME_PATH.match(first)
    assert (found.group(1) if found else None) == game
