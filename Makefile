# scorepad developer tasks. `make test` sets everything up first (venv, package, poppler, fonts).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install test test-fast test-deps lint typecheck typecheck-js check bench bench-web callgrind clean sheets fuzz

install: $(STAMP)

# What the tests need from Debian: pdftoppm (rasterising pages), two fonts for the --font
# tests (DejaVu Sans: a family with bold/oblique files; Droid Sans Fallback: CJK) and chromium
# for the browser tests (Playwright drives Debian's chromium; `playwright install` is never run);
# tsc (node-typescript) checks the pages' JavaScript against the types of what they receive.
TEST_FILES := /usr/bin/pdftoppm /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf \
  /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf /usr/bin/chromium /usr/bin/tsc
TEST_DEBS := poppler-utils fonts-dejavu-core fonts-droid-fallback chromium node-typescript

$(STAMP): pyproject.toml
	@for f in $(TEST_FILES); do test -e $$f || missing=1; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing $(TEST_DEBS) for the tests"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $(TEST_DEBS) >/dev/null; fi
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	@# setuptools' notice on every editable install (mind folders named like the package:
	@# there is none here) is not a problem; every other warning still shows.
	PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install -q -e '.[test,cluster,scan,solve]'
	touch $(STAMP)

# The tests are independent (temporary folders, servers on free ports), so two workers
# (pytest-xdist) run them in about two thirds of the time on two cores.
TEST_JOBS ?= 2
# `make test` is the whole suite, then the command-line tests against the newest and the
# oldest releases pyproject.toml allows (test-deps); `make test-fast` leaves out the browser
# tests and the slow files (pytest markers `browser`, `slow`).
test: install
	$(BIN)/python -m pytest -n $(TEST_JOBS)
	$(MAKE) --no-print-directory test-deps

test-fast: install
	$(BIN)/python -m pytest -n $(TEST_JOBS) -m "not browser and not slow"

# Each run brings two venvs up to date with uv (its cache makes that take seconds): .venv-newest
# with the newest release of every dependency, .venv-oldest with the lowest that
# pyproject.toml allows for scorepad's own dependencies (uv's lowest-direct; what those pull
# in is the newest that fits). Both run the command-line tests with warnings as errors.
DEPS_KINDS ?= newest oldest
DEPS_TESTS := tests/test_help.py tests/test_cli_manners.py tests/test_vocabulary.py \
  tests/test_installed.py tests/test_completion.py tests/test_links.py \
  tests/test_vv_sheet_cli.py tests/test_vv_cli_game.py tests/test_vv_play.py \
  tests/test_mf_cli.py tests/test_mf_play.py tests/test_floris_game.py \
  tests/test_floris_tally.py tests/test_web_guard.py tests/test_examples.py
test-deps: install
	@for kind in $(DEPS_KINDS); do \
	  venv=$(VENV)-$$kind; \
	  if [ $$kind = oldest ]; then how="--resolution lowest-direct"; else how=; fi; \
	  echo "the command-line tests on the $$kind allowed releases ($$venv)"; \
	  $(BIN)/uv venv -q --allow-existing --python $(BIN)/python $$venv && \
	  $(BIN)/uv pip install -q --upgrade --python $$venv/bin/python $$how -e '.[test,scan]' && \
	  $$venv/bin/python -m pytest -n $(TEST_JOBS) -p no:cacheprovider \
	    -m "not browser and not slow" $(DEPS_TESTS) || exit 1; \
	done

lint: install typecheck typecheck-js
	$(BIN)/ruff check cli rules play sheets tests benchmarks

# The pages' JavaScript against the types of the states the server sends them: a copy of
# the pages with TypeScript declarations made from the Python types (scorepad.web.schema),
# checked by tsc (tests/test_page_types.py does the same).
typecheck-js: install
	$(BIN)/python -m scorepad.web.schema build/jscheck
	cd build/jscheck && tsc -p .

# mypy checks the package as it installs (cli/ is `scorepad`, with rules/, play/ and sheets/
# inside):
# a tree of links in build/typecheck mirrors that layout, since the editable install's import
# hook is invisible to mypy.
typecheck: install
	@rm -rf build/typecheck && mkdir -p build/typecheck/scorepad
	@for f in cli/*; do ln -s "$(CURDIR)/$$f" build/typecheck/scorepad/; done
	@ln -s "$(CURDIR)/rules" build/typecheck/scorepad/rules
	@ln -s "$(CURDIR)/play" build/typecheck/scorepad/play
	@ln -s "$(CURDIR)/sheets" build/typecheck/scorepad/sheets
	cd build/typecheck && ../../$(BIN)/mypy --config-file ../../pyproject.toml -p scorepad

check: lint test

# The long fuzz run (tests/test_fuzz.py with the `fuzz` profile): FUZZ_EXAMPLES inputs per
# test (5 tests), one line per input in output/fuzz-stats.tsv (exit code, seconds, command,
# message). docs/design.md › Development records the last run.
FUZZ_EXAMPLES ?= 3000
fuzz: install
	rm -f output/fuzz-stats.tsv
	SCOREPAD_FUZZ=1 FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) SCOREPAD_FUZZ_STATS=$(CURDIR)/output/fuzz-stats.tsv \
	  $(BIN)/python -m pytest tests/test_fuzz.py -x -p no:cacheprovider
	@cut -f1 output/fuzz-stats.tsv | sort | uniq -c | awk '{print "exit " $$2 ": " $$1 " inputs"}'

bench: install
	$(BIN)/python benchmarks/run.py

# The web load benchmark alone (benchmarks/bench_web.py: 50 tables x 6 phones of real
# 6-player Voll verplant games, 1,000 steps; about a minute): run it on a quiet machine.
bench-web: install
	$(BIN)/python benchmarks/run.py web

# Instructions per game under callgrind (benchmarks/bench_callgrind.py; part of `make bench`).
callgrind: install
	$(BIN)/python benchmarks/run.py callgrind

sheets: install
	$(BIN)/scorepad vv sheet berlin

clean:
	rm -rf $(VENV) $(VENV)-newest $(VENV)-oldest build *.egg-info .pytest_cache .ruff_cache
	find output -mindepth 1 ! -name .gitignore -delete
