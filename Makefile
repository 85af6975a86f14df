# scorepad developer tasks. `make test` sets everything up first (venv, package, poppler).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install test lint check bench clean sheets

install: $(STAMP)

# Debian packages the tests need, installed when their command is missing:
# pdftoppm (poppler-utils) rasterises printed pages; chromium runs the browser tests
# (Playwright drives Debian's chromium; `playwright install` is never run).
APT_NEEDS := pdftoppm:poppler-utils chromium:chromium
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

$(STAMP): pyproject.toml
	@missing=""; for need in $(APT_NEEDS); do \
	  command -v $${need%%:*} >/dev/null 2>&1 || missing="$$missing $${need#*:}"; done; \
	if [ -n "$$missing" ]; then echo "installing$$missing for the tests"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing >/dev/null; fi
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

sheets: install
	$(BIN)/scorepad vv sheet berlin

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
	find output -mindepth 1 ! -name .gitignore -delete
