PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PORT ?= 8501

.PHONY: run serve test bench lint install clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,bench]'
	@touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/streamlit run trainer/app.py --server.port $(PORT)

# a class: N app processes (default: one per core) behind HAProxy, sticky sessions
serve: $(STAMP)
	$(PY) -m trainer.serve --port $(PORT) $(if $(N),--processes $(N),)

test: $(STAMP)
	$(PY) -m pytest -n 2 -q README.md docs tests trainer puzzles

bench: $(STAMP)
	$(PY) -m benchmarks

lint: $(STAMP)
	$(VENV)/bin/ruff check trainer puzzles tests benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
