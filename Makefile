PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PORT ?= 8501
LOCK := requirements.lock

AXE := $(VENV)/axe/axe.min.js
AXE_VERSION ?= 4

.PHONY: run serve test bench lint install clean axe words fit-bkt lock

# every package at the exact version requirements.lock pins (the app, its tests and benchmarks), then the app
# itself from this folder without anything more; an upgrade is `make lock` (docs/contributing.md)
$(STAMP): pyproject.toml $(LOCK)
	@echo "Setting up Fives Trainer in $(VENV) (the first time takes a minute or two)..."
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@echo "  updating pip"
	@$(PY) -m pip install --quiet --upgrade pip
	@echo "  installing the app and its tests at the versions of $(LOCK) (Streamlit, Plotly, SQLAlchemy, pytest, Playwright...)"
	@$(PY) -m pip install --quiet -r $(LOCK)
	@echo "  installing Fives Trainer itself from this folder"
	@$(PY) -m pip install --quiet --no-deps -e .
	@touch $(STAMP)
	@echo "  ready."

install: $(STAMP)

# requirements.lock made again from pyproject.toml with pip-tools: every package at its newest version allowed,
# or only some with UPGRADE="streamlit uvicorn" (and pyBKT's environment, tools/bkt/requirements.lock, anew); then `make test` says whether the runtime's changes still match
# (tests/test_runtime_guard.py; docs/contributing.md, "Upgrading Streamlit")
lock: $(STAMP)
	@$(PY) -m pip install --quiet pip-tools
	CUSTOM_COMPILE_COMMAND="make lock" $(VENV)/bin/pip-compile --quiet --strip-extras --extra test --extra bench --no-emit-index-url \
		--no-emit-trusted-host --no-emit-find-links \
		$(if $(UPGRADE),$(foreach p,$(UPGRADE),--upgrade-package $(p)),--upgrade) -o $(LOCK) pyproject.toml
	CUSTOM_COMPILE_COMMAND="make lock" $(VENV)/bin/pip-compile --quiet --strip-extras --no-emit-index-url \
		--no-emit-trusted-host --no-emit-find-links --upgrade -o tools/bkt/requirements.lock tools/bkt/requirements.in

# axe-core (the accessibility checker the browser tests run in each page), fetched once from the npm
# registry with npm; without npm the accessibility test fails and says how to get it
$(AXE):
	@if command -v npm >/dev/null 2>&1; then \
	  echo "  fetching axe-core@$(AXE_VERSION) from the npm registry (for the accessibility test)"; \
	  rm -rf $(VENV)/axe && mkdir -p $(VENV)/axe && \
	  (cd $(VENV)/axe && npm pack --silent axe-core@$(AXE_VERSION) >/dev/null && \
	   tar -xzf axe-core-*.tgz package/axe.min.js package/package.json package/LICENSE && \
	   mv package/axe.min.js package/package.json package/LICENSE . && rm -rf package axe-core-*.tgz); \
	else \
	  echo "  npm is missing, so axe-core cannot be fetched: the accessibility test will fail (apt-get install npm)"; \
	fi

axe: $(AXE)

run: $(STAMP)
	@echo "Starting Fives Trainer at http://localhost:$(PORT) (Ctrl+C stops it)"
	FORWARDED_ALLOW_IPS= $(VENV)/bin/streamlit run trainer/web/asgi.py --server.port $(PORT)

# a class: N app processes (default: one per core) behind HAProxy, sticky sessions
serve: $(STAMP)
	$(PY) -m trainer.serving --port $(PORT) $(if $(N),--processes $(N),)

# axe-core fetched if it is missing (make axe), the import contracts and mypy (as in lint), everything but the
# real-browser tests in two workers, then the real-browser tests in four workers, a file per worker
# (they mostly wait on pages and timers, so four fit two cores; a file keeps its one app server); a
# real-browser test that fails is run again, up to three times, and the report says so; each phase ends with
# its ten slowest tests
test: $(STAMP)
	-@$(MAKE) --no-print-directory axe
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	$(PY) -m pytest -n 2 -q -m "not browser" --durations 10 README.md docs tests trainer puzzles
	$(PY) -m pytest -n 4 --dist loadfile -q -m browser --reruns 3 --reruns-delay 2 -rR --durations 10 tests

bench: $(STAMP)
	$(PY) -m benchmarks

# ruff, the import contracts of pyproject.toml ([tool.importlinter]: the layers, only trainer.web imports Streamlit,
# no cycles), then mypy ([tool.mypy]: strict on the rules engine, the puzzles and the learner model)
lint: $(STAMP)
	$(VENV)/bin/ruff check trainer puzzles tests benchmarks
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

# every sentence of the app (its _(), ngettext() and N_() calls, see babel.cfg), for translators
words: $(STAMP)
	@mkdir -p trainer/words/locale
	$(VENV)/bin/pybabel extract -F babel.cfg --sort-by-file --no-wrap --project "Fives Trainer" \
		-o trainer/words/locale/messages.pot trainer puzzles
	@if ls trainer/words/locale/*/LC_MESSAGES/messages.po >/dev/null 2>&1; then \
		$(VENV)/bin/pybabel update --no-wrap -i trainer/words/locale/messages.pot -d trainer/words/locale; fi

# refit the learner model's BKT numbers with pyBKT, in its own environment (.venv-bkt, made the first time):
# make fit-bkt [DB=URL] [CLASS=CODE] [CSV=FILE] [OUT=FILE] [CHECK=0] -- checks the shipped numbers and a refit on
# held-out children (the report kept, dated, in trainer/learning/data/refits/), then prints the numbers;
# OUT=trainer/learning/data/bkt.json replaces the shipped numbers (docs/learner-model.md, "Where the numbers come from")
fit-bkt: $(STAMP)
	$(PY) -m trainer.classroom.fit $(if $(DB),--db "$(DB)") $(if $(CLASS),--class "$(CLASS)") \
		$(if $(CSV),--csv "$(CSV)") $(if $(OUT),--out "$(OUT)") $(if $(filter 0,$(CHECK)),,--check)

clean:
	rm -rf $(VENV) .venv-bkt build *.egg-info
