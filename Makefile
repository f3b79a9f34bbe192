# Two entry points: `make play` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench clean chromium nodejs postgresql redis compiled

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,web,postgres,redis,balance,rl,compiled,train,print]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/cardtable play draws-troidal --vs greedy

# pytest's processes for the pure-path suite (pytest-xdist): two, one a core of the 2-core machine
# CI runs on. Not `auto`: the tests start processes of their own (servers, chromium, --workers 2,
# Ray), so more workers than cores only wait, and auto counts physical cores when psutil is
# installed (one on a 2-vCPU machine). worksteal: the browser and property tests take up to
# minutes each; an idle worker takes queued tests from the busy one instead of waiting.
# `make test PYTEST_WORKERS=auto` on a bigger machine; 0 runs it in this process, serially.
PYTEST_WORKERS ?= 2

# The whole suite runs on the pure path; then, when the compiled build exists, the tests that pin
# behaviour (contract, generator, playthroughs, the typed observation writers) run again on it (tests/test_compiled.py, in the
# first run, compares the two paths' games byte for byte). CARDTABLE_REQUIRE_COMPILED=1 (CI)
# makes a missing build a failure instead of a notice.
test: $(STAMP) chromium nodejs postgresql redis compiled
	$(BIN)/ruff check src tests benchmarks examples
	node --test tests/js
	CARDTABLE_PURE=1 $(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist worksteal
	@if env -u CARDTABLE_REQUIRE_COMPILED $(BIN)/python -c "import sys; from cardtable.accel_build import is_fresh; sys.exit(not is_fresh())"; then \
	  echo "the compiled path: contract, generator and playthrough tests"; \
	  CARDTABLE_REQUIRE_COMPILED=1 $(BIN)/python -m pytest tests/test_compiled.py \
	    tests/test_contract_quiet.py tests/test_core_rng.py tests/test_playthroughs.py \
	    tests/test_encodings.py tests/test_fast_observe.py -k "not byte_identical"; \
	elif [ -n "$$CARDTABLE_REQUIRE_COMPILED" ]; then \
	  echo "CARDTABLE_REQUIRE_COMPILED is set but there is no fresh compiled build"; exit 1; \
	else echo "no fresh compiled build: only the pure path was tested"; fi

# The optional compiled build of the hot modules (Cython; see docs/performance.md): rebuilt only
# when a source changed; on a machine without a C compiler one line says so and the pure path
# runs. CARDTABLE_PURE=1 keeps the .py files even with a build.
compiled: $(STAMP)
	env -u CARDTABLE_REQUIRE_COMPILED $(BIN)/python -m cardtable.accel_build --if-stale --if-possible

bench: $(STAMP)
	$(BIN)/cardtable bench draws-troidal --seconds 10

clean:
	rm -rf $(VENV) build src/*.egg-info src/cardtable/_compiled .pytest_cache .ruff_cache .hypothesis

# The browser tests drive Debian's chromium (Playwright's own browser download does not work
# everywhere). Installed with apt when missing; if that is impossible the tests fail and say how.
chromium:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || { \
	  echo "installing chromium with apt for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo "sudo -n" ); \
	  { $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } \
	  || echo "could not install chromium; the browser tests will fail and say how"; }
	@fc-list 2>/dev/null | grep -qi "noto sans cjk" || { \
	  echo "installing fonts-noto-cjk with apt: the Japanese table and its screenshots need a font"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo "sudo -n" ); \
	  { $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk; } \
	  || echo "could not install fonts-noto-cjk; Japanese pages will draw without a Japanese font"; }
	@{ [ -f /usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf ] && [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] \
	   && command -v pdftoppm >/dev/null 2>&1; } || { \
	  echo "installing fonts-ipaexfont-gothic, fonts-dejavu-core and poppler-utils with apt: printed cards embed a TrueType Japanese font"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo "sudo -n" ); \
	  { $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-ipaexfont-gothic fonts-dejavu-core poppler-utils; } \
	  || echo "could not install the printing fonts; cardtable print and its tests will fail and say how"; }

# The table page's ES modules are unit-tested by node's built-in test runner (tests/js, also run
# by tests/web/test_js_units.py). Installed with apt when missing, as chromium is.
nodejs:
	@command -v node >/dev/null 2>&1 || { \
	  echo "installing nodejs with apt for the page's unit tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo "sudo -n" ); \
	  { $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs; } \
	  || echo "could not install nodejs; the page's unit tests will fail and say how"; }

# The storage tests run on SQLite and on a real PostgreSQL that they start in a temporary
# directory (tests/web/conftest.py: initdb and pg_ctl from Debian's package). Installed with
# apt when missing, as chromium is; without it those tests are skipped and say why.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || { \
	  echo "installing postgresql with apt for the storage tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo "sudo -n" ); \
	  { $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } \
	  || echo "could not install postgresql; its storage tests will be skipped and say why"; }

# The tests of several servers sharing a database run again with Redis pub/sub announcing the
# moves (serve --redis): a redis-server the tests start on a free port (tests/web/conftest.py).
redis:
	@command -v redis-server >/dev/null 2>&1 || { \
	  echo "installing redis-server with apt for the shared-server tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo "sudo -n" ); \
	  { $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server; } \
	  || echo "could not install redis-server; its shared-server tests will be skipped and say why"; }
