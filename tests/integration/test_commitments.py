"""The hash chain commits to hidden content without revealing it (issue: a spectator once recovered every
bonus card and secret shuffle by hashing candidates against the published hashes).

An attacker holds a redacted envelope (`sealed`, `prev_hash`, `hash`) and guesses the hidden content. We give
the attacker the best possible guess, the true content (read from the complete log after the end), and try
every keyless construction the published digests could be built from. If the truth does not reproduce them,
no other candidate can either, so nothing is recoverable; after the end everything is checked with the seed.
The games are played on a store in memory: what is sealed is decided before any store sees it (the contract tests,
tests/integration/test_store_contract.py, hold both stores to sealing and reading it back whole).
"""

import hashlib

import pytest

from events.envelope import PRIVATE, canonical, check_sealed, expected_hash, verify_chain
from service.games import audit
from service.games.redaction import redact_envelope
from tests.support.play import play_randomly
from tests.support.service import InProcess

CASES = [("jaipur", 2, "commit-jaipur"), ("istanbul", 2, "commit-istanbul"), ("istanbul", 5, "commit-istanbul-5")]


def sha(value) -> str:
    return hashlib.sha256(canonical(value)).hexdigest()


def attacks(shown: dict, truth: dict):
    """What the attacker compares: (published digest, digest of a guess) pairs for each construction."""
    guess = {name: truth[name] for name in PRIVATE if name in truth}
    public = {k: v for k, v in shown.items() if k not in ("hash", "redacted", "sealed") and k not in PRIVATE}
    yield shown["hash"], sha({**public, **guess})  # the chain over the bare content (the old leak)
    yield shown["hash"], sha({**public, **guess, "sealed": sha(guess)})
    yield shown.get("sealed"), sha(guess)  # an unkeyed commitment
    yield shown.get("sealed"), sha(guess.get("payload"))


@pytest.mark.parametrize("name, seats, seed", CASES)
def test_no_hidden_value_is_recoverable_from_published_digests(name, seats, seed):
    games = InProcess.in_memory()
    gid, _tokens = play_randomly(games, name, seats, seed)
    loaded = games.load(gid)
    assert loaded.finished
    complete = games.store.log.read(gid)
    game = loaded.game
    hidden = 0
    for viewer in [None, *range(seats)]:
        shown_log = [redact_envelope(game, env, viewer) for env in complete]
        assert verify_chain(shown_log) is None  # every viewer can check the chain while the game runs
        for truth, shown in zip(complete, shown_log):
            if not shown.get("redacted"):
                continue
            hidden += 1
            assert "sealed" in shown
            for published, guessed in attacks(shown, truth):
                assert published != guessed, f"{truth['type']} v{truth['version']} leaks to seat {viewer}"
    assert hidden > 0  # the game did hide something


@pytest.mark.parametrize("name, seats, seed", CASES[:2])
def test_after_the_end_the_seed_checks_every_commitment(name, seats, seed):
    games = InProcess.in_memory()
    gid, _tokens = play_randomly(games, name, seats, seed + "-end")
    complete = games.store.log.read(gid)
    seed_revealed = complete[-1]["payload"]["seed"]
    assert all(check_sealed(env, seed_revealed) for env in complete)
    audit.validate(complete)  # chain, commitments and re-execution all hold
    private = next(i for i, env in enumerate(complete) if "sealed" in env)
    forged = [dict(env) for env in complete]
    forged[private]["sealed"] = "0" * 64
    for i in range(private, len(forged)):  # a forger rehashes the chain after the edit
        if i > private:
            forged[i]["prev_hash"] = forged[i - 1]["hash"]
        forged[i]["hash"] = expected_hash(forged[i])
    assert verify_chain(forged) is None
    with pytest.raises(audit.ImportRejected) as err:
        audit.validate(forged)
    assert err.value.code == "import_seal_mismatch" and err.value.line == private + 1
