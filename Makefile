# scorepad developer tasks. `make test` sets everything up first (venv, package, poppler, fonts).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install test lint check bench callgrind clean sheets

install: $(STAMP)

# What the sheet tests need from Debian: pdftoppm (rasterising pages) and two fonts for the
# --font tests (DejaVu Sans: a family with bold/oblique files; Droid Sans Fallback: CJK).
TEST_FILES := /usr/bin/pdftoppm /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf \
  /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf
TEST_DEBS := poppler-utils fonts-dejavu-core fonts-droid-fallback

$(STAMP): pyproject.toml
	@for f in $(TEST_FILES); do test -e $$f || missing=1; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing $(TEST_DEBS) for the sheet tests"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $(TEST_DEBS) >/dev/null; fi
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

test: install
	$(BIN)/python -m pytest

lint: install
	$(BIN)/ruff check cli rules sheets tests benchmarks

check: lint test

bench: install
	$(BIN)/python benchmarks/run.py

# Instructions per game under callgrind (benchmarks/bench_callgrind.py; part of `make bench`).
callgrind: install
	$(BIN)/python benchmarks/run.py callgrind

sheets: install
	$(BIN)/scorepad vv sheet berlin

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
	find output -mindepth 1 ! -name .gitignore -delete
