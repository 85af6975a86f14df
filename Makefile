# scorepad developer tasks. `make test` sets everything up first (venv, package, poppler).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install test lint check bench clean sheets fuzz

install: $(STAMP)

$(STAMP): pyproject.toml
	@command -v pdftoppm >/dev/null 2>&1 || { \
	  echo "installing poppler-utils (pdftoppm) for the sheet tests"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq poppler-utils >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq poppler-utils >/dev/null; fi; }
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

test: install
	$(BIN)/python -m pytest

lint: install
	$(BIN)/ruff check cli rules sheets tests benchmarks

check: lint test

# The long fuzz run (tests/test_fuzz.py with the `fuzz` profile): FUZZ_EXAMPLES inputs per
# test (4 tests), one line per input in output/fuzz-stats.tsv (exit code, seconds, command,
# message). README › Development records the last run.
FUZZ_EXAMPLES ?= 3000
fuzz: install
	rm -f output/fuzz-stats.tsv
	SCOREPAD_FUZZ=1 FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) SCOREPAD_FUZZ_STATS=$(CURDIR)/output/fuzz-stats.tsv \
	  $(BIN)/python -m pytest tests/test_fuzz.py -x -p no:cacheprovider
	@cut -f1 output/fuzz-stats.tsv | sort | uniq -c | awk '{print "exit " $$2 ": " $$1 " inputs"}'

bench: install
	$(BIN)/python benchmarks/run.py

sheets: install
	$(BIN)/scorepad vv sheet berlin

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
	find output -mindepth 1 ! -name .gitignore -delete
