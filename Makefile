# Developer entry points: `make lab`, `make app`, `make test`, `make bench`, `make clean`.
# Everything runs in a local venv that is (re)installed only when pyproject.toml changes.

PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# `app` too: `make test` runs the browser tests of the app when Chromium is there.
EXTRAS := notebooks,dask,test,app
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

.PHONY: lab app test bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)

# The stamp is newer than pyproject.toml once its dependencies are installed.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install -e ".[$(EXTRAS)]"
	touch $@

lab: $(STAMP)
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

# mypy first (its settings are [tool.mypy] in pyproject.toml), then one pytest run:
# doctests of alhambra_lib, tests/, and the notebooks through nbval
# (--doctest-modules and --nbval-lax come from addopts in pyproject.toml).
test: $(STAMP)
	$(BIN)/python -m mypy alhambra_lib
	$(BIN)/python -m pytest $(TEST_PATHS)

bench: $(STAMP)
ifeq ($(strip $(BENCHES)),)
	@echo "No benchmarks/*.py yet: nothing to measure."
endif
ifneq ($(strip $(BENCH_TESTS)),)
	$(BIN)/python -m pytest --benchmark-only $(BENCH_TESTS)
endif
	@for s in $(BENCH_SCRIPTS); do echo "$(BIN)/python $$s"; $(BIN)/python $$s || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache .mypy_cache .benchmarks build dist *.egg-info
	find . -path ./.git -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
