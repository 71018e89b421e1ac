"""The SDK's package names: every name in `bazaar_client.sdk.__all__` is there, from its module, and importing what the
service imports (the bots, through them the views) does not load the HTTP client."""

import subprocess
import sys

from bazaar_client import sdk


def test_every_public_name_resolves_to_its_module():
    assert sorted(sdk.__all__) == sorted(sdk._WHERE)
    for name in sdk.__all__:
        assert getattr(sdk, name) is getattr(sys.modules[sdk._WHERE[name]], name)


def test_the_service_starts_without_the_http_client():
    probe = ("import sys, service.operations.wsgi; "
             "print(sorted(m for m in ('requests', 'urllib3', 'bazaar_client.sdk.client') if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"
