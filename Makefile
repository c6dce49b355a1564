# Developer entry points: `make lab`, `make app`, `make test`, `make bench`, `make clean`.
# Everything runs in a local venv that is (re)installed only when pyproject.toml changes.
# With cargo on the machine, `make lab` and `make test` also build the compiled core
# (core/, imported as alhambra_core) into the venv, again only when a Rust source changes;
# without it they say so in one line and the Python engine plays every game.

PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# `app` too: `make test` runs the browser tests of the app when Chromium is there.
EXTRAS := notebooks,dask,test,app,core
comma := ,
# One stamp per set of extras: adding an extra to EXTRAS installs it.
STAMP := $(VENV)/.installed-$(subst $(comma),-,$(EXTRAS))
# Extra options for JupyterLab, e.g. make lab LAB_ARGS="--no-browser --port 8899"
LAB_ARGS ?=
# Where `make app` serves the notebooks.
APP_PORT ?= 8866
# Jupyter refuses to start as root unless told; dev containers and CI here run as root.
ROOT_ARGS := $(if $(filter 0,$(shell id -u)),--allow-root)
# nbval needs the folder only once it exists; pytest errors on a missing path.
TEST_PATHS := alhambra_lib tests $(wildcard notebooks)
BENCHES := $(filter-out benchmarks/conftest.py,$(wildcard benchmarks/*.py))
# Files with test functions are pytest-benchmark tests; the others are plain scripts.
BENCH_TESTS := $(shell grep -l '^def test_' $(BENCHES) /dev/null)
BENCH_SCRIPTS := $(filter-out $(BENCH_TESTS),$(BENCHES))

# The compiled core (core/, docs/CORE.md): built by maturin when cargo is there.
CARGO := $(shell command -v cargo 2>/dev/null)
CORE_SOURCES := $(wildcard core/src/*.rs core/src/*/*.rs) core/build.rs core/Cargo.toml core/Cargo.lock core/pyproject.toml
CORE_STAMP := $(VENV)/.core-built
# With the core built, the Python tests require it (a stale or missing core fails them);
# without cargo they run on the Python engine.
CORE_CHOICE := $(if $(CARGO),native,auto)
# The core's own tests, with no Python: the Python engine's game records, the peer cases.
CORE_TESTS := $(if $(CARGO),cargo test --manifest-path core/Cargo.toml,@echo "No cargo: the core's own tests are skipped.")

.PHONY: lab app test bench clean core

$(BIN)/python:
	$(PY) -m venv $(VENV)

# The stamp is newer than pyproject.toml once its dependencies are installed.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install -e ".[$(EXTRAS)]"
	touch $@

ifeq ($(CARGO),)
core: $(STAMP)
	@echo "No cargo here: the compiled core is not built, the Python engine plays every game (docs/CORE.md)."
else
core: $(CORE_STAMP)
endif

# maturin builds the release extension into the venv (an editable install of alhambra_core).
$(CORE_STAMP): $(CORE_SOURCES) | $(STAMP)
	VIRTUAL_ENV=$(CURDIR)/$(VENV) PATH=$(CURDIR)/$(BIN):$$PATH \
		$(BIN)/maturin develop --release --manifest-path core/Cargo.toml
	touch $@

lab: $(STAMP) core
	$(BIN)/jupyter lab --ServerApp.root_dir=$(or $(wildcard notebooks),.) $(ROOT_ARGS) $(LAB_ARGS)

# The notebooks as a web app for people who never edit code: Voila runs them and shows
# only their text and widgets. On this machine only (127.0.0.1), on exactly APP_PORT
# (no retries, so the address printed is the address). The template in app/ drops
# Voila's CDN stylesheets: the app works offline; app/voila.py holds the settings (the
# front page, kernels shut down after a page closes). tests/browser/ starts it the same way.
app: $(STAMP)
	@echo "The notebooks as an app: http://127.0.0.1:$(APP_PORT)/ (Ctrl-C stops it)"
	JUPYTER_PATH=$(CURDIR)/app $(BIN)/voila notebooks --template=alhambra --no-browser \
		--Voila.config_file_paths=$(CURDIR)/app --Voila.ip=127.0.0.1 --port=$(APP_PORT) \
		--Voila.port_retries=0

# mypy first (its settings are [tool.mypy] in pyproject.toml); with cargo, the core's own
# tests (`cargo test`: no Python); then one pytest run: doctests of alhambra_lib, tests/,
# and the notebooks through nbval (--doctest-modules and --nbval-lax come from addopts in
# pyproject.toml), with the core required where it is built; last, the simulator's tests
# once more on the Python engine (ALHAMBRA_CORE=python), so the fallback stays complete.
test: $(STAMP) core
	$(BIN)/python -m mypy alhambra_lib
	$(CORE_TESTS)
	ALHAMBRA_CORE=$(CORE_CHOICE) $(BIN)/python -m pytest $(TEST_PATHS)
	ALHAMBRA_CORE=python $(BIN)/python -m pytest tests/test_sim.py

bench: $(STAMP)
ifeq ($(strip $(BENCHES)),)
	@echo "No benchmarks/*.py yet: nothing to measure."
endif
ifneq ($(strip $(BENCH_TESTS)),)
	$(BIN)/python -m pytest --benchmark-only $(BENCH_TESTS)
endif
	@for s in $(BENCH_SCRIPTS); do echo "$(BIN)/python $$s"; $(BIN)/python $$s || exit 1; done

clean:
	rm -rf $(VENV) core/target .pytest_cache .hypothesis .ruff_cache .mypy_cache .benchmarks build dist *.egg-info
	find . -path ./.git -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
