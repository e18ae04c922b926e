# The two commands a newcomer needs: `make play` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# apt-get needs root: sudo where this is not root (empty as root, or where there is no sudo)
SUDO := $(shell [ "$$(id -u)" = 0 ] || command -v sudo)

.PHONY: play test install browser bench clean

# A Debian python without its venv module (no ensurepip) gets Debian's python3-venv first.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV) && $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-venv \
		&& $(PYTHON) -m venv $(VENV); }
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# Debian's chromium for the browser tests (Playwright drives it; it never downloads a browser of its own).
browser:
	@command -v chromium >/dev/null 2>&1 || ($(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium)

play: install
	$(VENV)/bin/bones serve

# Expert's search is compiled once before the tests (on a fresh clone about two minutes; then numba's disk cache),
# not by both test workers at once, each stalled on the same compile.
test: install browser
	$(PY) -m mypy
	$(PY) -c "from bones.cli.warming import warm_expert; warm_expert(['expert'])"
	$(PY) -m pytest -n 2 -p xdist

bench: install
	$(VENV)/bin/bones bench

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .hypothesis
