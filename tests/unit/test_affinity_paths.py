"""Which first requests send a connection to its game's worker (service/operations/affinity.py), from a table
written by hand: a game's API and its play page do, and its events when a token asks for them (a seat's live
stream); a spectator's stream, and everything else, stay where they land."""

import pytest

from service.operations.affinity import game_of

TABLE = [
    (b"POST /v1/games/5eed0000cafe0001/commands HTTP/1.1\r\n", b"5eed0000cafe0001"),
    (b"GET /v1/games/5eed0000cafe0001 HTTP/1.1\r\n", b"5eed0000cafe0001"),
    (b"GET /v1/games/5eed0000cafe0001?words=short HTTP/1.1\r\n", b"5eed0000cafe0001"),
    (b"GET /v1/games/5eed0000cafe0001/legal-moves HTTP/1.1\r\n", b"5eed0000cafe0001"),
    (b"GET /play/5eed0000cafe0001 HTTP/1.1\r\n", b"5eed0000cafe0001"),
    (b"GET /v1/games/5eed0000cafe0001/events HTTP/1.1\r\n", None),  # a head not all there yet: no token seen
    # a seat's live stream, or page of events: with its token, in any case and among any headers
    (b"GET /v1/games/5eed0000cafe0001/events HTTP/1.1\r\nHost: b\r\nAuthorization: Bearer st_x\r\n\r\n",
     b"5eed0000cafe0001"),
    (b"GET /v1/games/5eed0000cafe0001/events?after=3 HTTP/1.1\r\nAccept: text/event-stream\r\n"
     b"authorization: Bearer st_x\r\nLast-Event-ID: 9\r\n\r\n", b"5eed0000cafe0001"),
    # a spectator's: no token, whatever else the request carries
    (b"GET /v1/games/5eed0000cafe0001/events HTTP/1.1\r\nHost: b\r\nAccept: text/event-stream\r\n\r\n", None),
    (b"GET /v1/games/5eed0000cafe0001/events?authorization: HTTP/1.1\r\nHost: b\r\n\r\n", None),
    (b"GET /v1/games/5eed0000cafe0001/events HTTP/1.1\r\nX-Authorization: Bearer st_x\r\n\r\n", None),
    # the next request's head on the same connection is not this one's
    (b"GET /v1/games/5eed0000cafe0001/events HTTP/1.1\r\nHost: b\r\n\r\n"
     b"GET /v1/games/5eed0000cafe0001 HTTP/1.1\r\nAuthorization: Bearer st_x\r\n\r\n", None),
    (b"POST /v1/games HTTP/1.1\r\n", None),  # a game being made has no worker yet
    (b"GET /v1/games?status=open HTTP/1.1\r\n", None),
    (b"GET /healthz HTTP/1.1\r\n", None),
    (b"GET /v1/me HTTP/1.1\r\n", None),
    (b"POST /v1/games/5eed00", None),  # the request line is not all there yet
    (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", None),  # not HTTP at all
]


@pytest.mark.parametrize(("first", "game"), TABLE)
def test_a_connection_goes_to_its_games_worker_only_for_a_games_own_requests(first, game):
    assert game_of(first) == game
