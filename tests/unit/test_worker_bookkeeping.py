"""gunicorn's per-request bookkeeping, made once per web worker (service/operations/gunicorn_worker.py): the
settled configuration answers every setting as gunicorn's own does, and a peer's trust to set forwarding and
scheme headers is what gunicorn decides, remembered per address."""

import pytest
from gunicorn.config import Config
from gunicorn.http.parser import RequestParser

from service.operations.gunicorn_worker import PeerTrustRequest, SettledConfig

# What gunicorn's documentation says of `forwarded_allow_ips` (default "127.0.0.1,::1") and
# `secure_scheme_headers` (X-Forwarded-Proto: https means https): only a listed peer may say the scheme.
TRUST = {"127.0.0.1": "https", "::1": "https", "203.0.113.7": "http", "10.0.0.2": "http"}


def _config(**settings) -> Config:
    cfg = Config()
    for name, value in settings.items():
        cfg.set(name, value)
    return cfg


@pytest.mark.parametrize("settings", [{}, {"workers": 3, "keepalive": 7, "forwarded_allow_ips": "10.0.0.2"},
                                      {"certfile": "/etc/bazaar/cert.pem", "keyfile": "/etc/bazaar/key.pem"}])
def test_a_settled_config_answers_every_setting_and_property_as_gunicorns_config(settings):
    cfg = _config(**settings)
    settled = SettledConfig(cfg)
    for name in cfg.settings:
        mine, theirs = getattr(settled, name), getattr(cfg, name)
        assert mine is theirs if callable(theirs) else mine == theirs, name
    for name in ("is_ssl", "worker_class", "proc_name", "address", "env", "uid", "gid", "sendfile"):
        assert getattr(settled, name) == getattr(cfg, name), name
    assert settled.forwarded_allow_networks() == cfg.forwarded_allow_networks()


class _Source:
    def __init__(self, data: bytes):
        self.data = data

    def recv(self, size: int) -> bytes:
        chunk, self.data = self.data[:size], self.data[size:]
        return chunk


class _Parser(RequestParser):
    mesg_class = PeerTrustRequest


def _scheme(cfg, peer: str) -> str:
    request = b"GET /healthz HTTP/1.1\r\nHost: bazaar\r\nX-Forwarded-Proto: https\r\n\r\n"
    return next(_Parser(cfg, _Source(request), (peer, 50000))).scheme


def test_only_a_listed_peer_sets_the_scheme_on_its_first_request_and_every_later_one():
    PeerTrustRequest._trusted.clear()
    cfg = SettledConfig(Config())
    for _ in range(3):  # the first request decides, the later ones remember
        assert {peer: _scheme(cfg, peer) for peer in TRUST} == TRUST


def test_the_remembered_peers_are_bounded(monkeypatch):
    monkeypatch.setattr(PeerTrustRequest, "TRUSTED_KEPT", 5)
    PeerTrustRequest._trusted.clear()
    cfg = SettledConfig(Config())
    for n in range(12):
        assert _scheme(cfg, f"198.51.100.{n}") == "http"
        assert len(PeerTrustRequest._trusted) <= 5
    assert _scheme(cfg, "127.0.0.1") == "https"
