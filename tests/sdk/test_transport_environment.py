"""The SDK reads the environment's proxy and CA settings once, when a client is made, not on every request."""

from bazaar_client.sdk.transport import Transport


def test_proxies_and_ca_bundle_come_from_the_environment_once(monkeypatch):
    monkeypatch.setenv("HTTPS_PROXY", "http://proxy.example:3128")
    monkeypatch.setenv("NO_PROXY", "localhost")
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", "/etc/ssl/example.pem")
    remote, local = Transport("https://bazaar.example"), Transport("http://localhost:8000")
    assert remote.session.proxies["https"] == "http://proxy.example:3128"
    assert "https" not in local.session.proxies  # NO_PROXY names it
    assert remote.session.verify == "/etc/ssl/example.pem"
    # read once: a later change of the environment is not looked up per request
    assert not remote.session.trust_env
    monkeypatch.setenv("HTTPS_PROXY", "http://elsewhere.example:3128")
    assert remote.session.proxies["https"] == "http://proxy.example:3128"
