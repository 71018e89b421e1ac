"""gunicorn's per-request bookkeeping, made once per web worker (service/operations/gunicorn_worker.py): the
settled configuration answers every setting as gunicorn's own does, a peer's trust to set forwarding and
scheme headers is what gunicorn decides, remembered per address, and the environ's constant part is gunicorn's,
copied for each request and made again when the logs are reopened."""

import io
import logging
import types

import pytest
from gunicorn.config import Config
from gunicorn.http import wsgi
from gunicorn.http.parser import RequestParser

from service.operations.gunicorn_worker import PeerTrustRequest, ProblemGeventWorker, SettledConfig, SettledEnviron

GUNICORNS_BASE_ENVIRON = wsgi.base_environ

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


def _same_environ(mine: dict, theirs: dict) -> bool:
    errors_mine, errors_theirs = mine.pop("wsgi.errors"), theirs.pop("wsgi.errors")
    return mine == theirs and errors_mine.streams == errors_theirs.streams


def test_the_settled_environ_is_gunicorns_copied_for_each_request(tmp_path):
    cfg = SettledConfig(_config(workers=3))
    settled = SettledEnviron(GUNICORNS_BASE_ENVIRON, cfg)
    first = settled(cfg)
    first["wsgi.input"] = "the first request's"  # what a request adds stays its own
    assert _same_environ(settled(cfg), GUNICORNS_BASE_ENVIRON(cfg))
    other = SettledConfig(_config(workers=1))
    assert settled(other)["wsgi.multiprocess"] is False and settled(cfg)["wsgi.multiprocess"] is True


def test_reopening_the_logs_renews_the_settled_environ(monkeypatch, tmp_path):
    """SIGUSR1 reopens the log files (new streams): the environ's wsgi.errors must write to the new ones."""
    handler = logging.StreamHandler(io.StringIO("before"))
    monkeypatch.setattr(logging.getLogger("gunicorn.error"), "handlers", [handler])
    cfg = SettledConfig(_config(errorlog=str(tmp_path / "error.log")))
    settled = SettledEnviron(GUNICORNS_BASE_ENVIRON, cfg)
    monkeypatch.setattr(wsgi, "base_environ", settled)
    assert settled(cfg)["wsgi.errors"].streams == [handler.stream]

    reopened = io.StringIO("after")

    class Log:
        def reopen_files(self):
            handler.stream = reopened

    ProblemGeventWorker._reopen_logs(types.SimpleNamespace(log=Log()))
    assert settled(cfg)["wsgi.errors"].streams == [reopened]
