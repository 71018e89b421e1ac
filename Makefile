# Everything a newcomer needs: `make run` and `make test` on a machine with only Python 3.11+.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: install run test test-long screenshots bench load mutation mutation-domain clean lock

# Python writes the bytecode of what it imports (__pycache__, ignored by git) and pytest its rewritten test
# modules, whatever the calling shell says: with PYTHONDONTWRITEBYTECODE set (as on our CI machines), every one
# of the ~150 processes a test run starts (servers, workers, CLIs) compiled Flask, redis-py, RQ and our own
# code from source again (importing the service: 3.1 CPU-s against 1.0 s), a quarter of the suite's CPU time.
unexport PYTHONDONTWRITEBYTECODE

# Installs exactly the versions in constraints.txt (pinned), so a fresh clone gets what the tests passed with.
# With uv (pinned here, installed into the venv by pip): the same packages at the same versions as pip installs
# them, in ~7 s instead of pip's ~57 s (49 CPU-seconds of resolving and unpacking on a fresh clone, a tenth of
# CI's budget). If uv cannot be had, pip does it; --no-compile: pip would byte-compile every file of every
# package, and Python compiles what is imported, once, on first use.
UV_VERSION := 0.13.9
# The clients are a distribution of their own (client/, `bazaar-client`), installed beside the server's.
$(VENV)/.installed: pyproject.toml client/pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	( $(PY) -m pip install -q --no-compile uv==$(UV_VERSION) && \
	  $(PY) -m uv pip install -q --python $(PY) -c constraints.txt -e ./client -e '.[test]' ) || \
	  $(PY) -m pip install -q --no-compile -c constraints.txt -e ./client -e '.[test]'
	touch $@

install: $(VENV)/.installed

run: install
	$(PY) -m service.operations.run

# Lint first (seconds), then the whole suite on one worker more than the cores: many tests wait on servers,
# workers and clocks (one keeps a stream quiet for a minute), and the extra worker runs while they wait. The
# slowest tests are scheduled first. Beside it, the tests marked `cluster` once more with the games on a Redis
# Cluster of three masters the suite starts itself (its output shown after the main run's): much of that pass
# is waiting for the cluster to form, time the main run uses. Its nodes take ports in 10000-29999 (their buses
# included), below the ephemeral range every other server of the suite binds in.
test: install
	$(VENV)/bin/ruff check .
	BAZAAR_TEST_REDIS=cluster $(PY) -m pytest -p no:xdist -m cluster tests/integration > .cluster-pass.log 2>&1 & \
	  cluster=$$!; \
	  $(PY) -m pytest -n $$(( $$(nproc) + 1 )) --dist worksteal; main=$$?; \
	  wait $$cluster; status=$$?; \
	  echo "--- the cluster pass:"; cat .cluster-pass.log; \
	  exit $$(( main || status ))

# The browser suite's whole games (tests/browser/test_whole_games.py), their screenshots kept in docs/screenshots/
# (start, middle and end of a Jaipur match and of a 5-seat Great Bazaar Istanbul, every command clicked: about
# three to five minutes on two cores; `make test` clicks a 2-seat one. The README shows one).
screenshots: install
	BAZAAR_SCREENSHOTS=docs/screenshots $(PY) -m pytest -p no:randomly -n 2 --durations=2 tests/browser/test_whole_games.py

test-long: install
	HYPOTHESIS_PROFILE=long $(PY) -m pytest -n auto --dist worksteal

bench: install
	$(PY) -m tests.bench.run

# 200 players and 5,000 idle live streams against the service, and the one-XADD baseline, on loopback (a few
# minutes; BAZAAR_LOAD_PLAYERS, BAZAAR_LOAD_SPECTATORS, BAZAAR_LOAD_SECONDS scale it). Not part of `make test`.
load: install
	$(PY) -m tests.bench.load

# Mutation testing with mutmut (DEVELOPERS.md, "Mutation testing"), not part of `make test`: each mutant of the
# integrity code (hash chain, seals, compact entries, the store's append and chained reads, redaction), or of the
# domain (the table's and Jaipur's rules), against the fast tests that reach it; then the score per module. What is
# mutated and which tests judge it: pyproject.toml, [tool.mutmut] and [tool.bazaar.mutation]. mutmut works in a
# copy, mutants/; `.venv/bin/mutmut show NAME` shows a mutant, `.venv/bin/mutmut browse` all of them.
mutation: install
	$(PY) -m tests.support.mutation run integrity

mutation-domain: install
	$(PY) -m tests.support.mutation run domain

# Re-resolve the newest versions pyproject.toml allows, in a scratch venv, and pin them.
lock:
	rm -rf .lock-venv
	$(PYTHON) -m venv .lock-venv
	.lock-venv/bin/python -m pip install -q ./client '.[test]'
	{ sed -n '1,2p' constraints.txt; .lock-venv/bin/python -m pip freeze --exclude-editable | grep -v '^bazaar'; } > constraints.new
	mv constraints.new constraints.txt
	rm -rf .lock-venv build

clean:
	rm -rf $(VENV) var .pytest_cache .hypothesis *.egg-info mutants
