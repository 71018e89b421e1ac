import pytest

from tests.api.client import Api


@pytest.fixture(scope="module")
def api(server):
    return Api(server)
