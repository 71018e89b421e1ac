import pytest

from bazaar_client.sdk import Client


@pytest.fixture(scope="module")
def bazaar(server) -> Client:
    """A spectator client of the suite's real server (gunicorn + Redis); `as_seat(token)` for a seat."""
    return Client(server)
