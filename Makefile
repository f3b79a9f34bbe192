# Two entry points: `make play` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench clean chromium

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,web,balance,rl]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/cardtable play draws-troidal --vs greedy

test: $(STAMP) chromium
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/cardtable bench draws-troidal --seconds 10

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .ruff_cache .hypothesis

# The browser tests drive Debian's chromium (Playwright's own browser download does not work
# everywhere). Installed with apt when missing; if that is impossible the tests fail and say how.
chromium:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || { \
	  echo "installing chromium with apt for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo "sudo -n" ); \
	  { $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } \
	  || echo "could not install chromium; the browser tests will fail and say how"; }
