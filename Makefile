# Everything a newcomer needs: `make run` and `make test` on a machine with only Python 3.11+.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: install run test test-long bench clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

install: $(VENV)/.installed

run: install
	$(PY) -m service.run

test: install
	$(PY) -m pytest

test-long: install
	HYPOTHESIS_PROFILE=long $(PY) -m pytest

bench: install
	$(PY) -m tests.bench.run

clean:
	rm -rf $(VENV) var .pytest_cache .hypothesis *.egg-info
