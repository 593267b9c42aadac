# The two commands of README.md: `make run` starts the whole site, `make test` runs the tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test translations lint messages lock

# Where `make run` keeps its files, the port of its web server and that of its live process
# (the open play pages' streams, live.asgi), which every program is told of.
VAR_DIR ?= $(CURDIR)/var
PORT ?= 8000
LIVE_PORT ?= $(shell expr $(PORT) + 1)
LIVE_URL ?= http://127.0.0.1:$(LIVE_PORT)/live/
LIVE_ALLOWED_ORIGINS ?= http://127.0.0.1:$(PORT),http://localhost:$(PORT)
LIVE_HEALTH_URL ?= http://127.0.0.1:$(LIVE_PORT)/live/health
# The site's own address, which every link of its mails starts with (the sign-up
# verification, the turn mails): on PORT, not on the settings' default port 8000.
SITE_URL ?= http://127.0.0.1:$(PORT)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Every package at the version in the lock files (requirements/*.txt, made by `make lock`),
# then the site itself without looking for dependencies again.
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check

$(VENV)/.installed-site: pyproject.toml requirements/dev.txt | $(BIN)/python
	$(PIP) --requirement requirements/dev.txt
	$(PIP) --no-deps --editable .
	touch $@

$(VENV)/.installed-test: pyproject.toml requirements/test.txt $(VENV)/.installed-site
	$(PIP) --requirement requirements/test.txt
	touch $@

# Each catalogue is compiled again only when its .po changed, so that a `make run` started by a
# test never rewrites a .mo file that the tests running beside it are reading.
translations: $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po))
locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po | $(VENV)/.installed-site
	$(BIN)/pybabel -q compile --domain django --directory locale --locale $*

run: export SITE_URL := $(SITE_URL)
run: $(VENV)/.installed-site translations
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_rulebooks
	$(BIN)/python manage.py create_demo_accounts
	$(BIN)/python manage.py simulate_games --demo --players 3 --users alice@example.com,bob@example.com
	$(BIN)/python manage.py simulate_games --demo --game africana --players 3 --users alice@example.com,bob@example.com
	@echo "Starting the web server, the live process, the worker and the scheduler on $(SITE_URL) (Ctrl-C stops them)"
	@mkdir -p "$(VAR_DIR)"
	$(BIN)/python manage.py vapid_keys --dir "$(VAR_DIR)"
	WEBPUSH_VAPID_PRIVATE_KEY="$$(cat "$(VAR_DIR)/vapid-private-key")" \
	WEBPUSH_VAPID_PUBLIC_KEY="$$(cat "$(VAR_DIR)/vapid-public-key")" \
	VAR_DIR="$(VAR_DIR)" PORT="$(PORT)" LIVE_PORT="$(LIVE_PORT)" LIVE_URL="$(LIVE_URL)" \
	LIVE_ALLOWED_ORIGINS="$(LIVE_ALLOWED_ORIGINS)" LIVE_HEALTH_URL="$(LIVE_HEALTH_URL)" \
	exec $(BIN)/supervisord --configuration supervisord.conf

# The suite runs in one process per core (pytest-xdist); the tests that start real processes
# (marker `processes`) all go to one of them. PYTEST_WORKERS=0 runs everything in one process
# (needed by --pdb); PYTEST_ARGS adds pytest's own options, e.g. PYTEST_ARGS="tests/games -x".
PYTEST_WORKERS ?= auto
test: $(VENV)/.installed-test translations
	$(BIN)/python -m pytest --numprocesses $(PYTEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/python manage.py makemigrations --check --dry-run

# Refresh the French, Dutch and German catalogues from the sources (needs GNU gettext).
messages: $(VENV)/.installed-site
	$(BIN)/python manage.py makemessages --locale fr --locale nl --locale de --no-obsolete --ignore '.venv/*' --ignore 'var/*'

# Pin every dependency, direct and indirect, from pyproject.toml: requirements/site.txt for
# production, dev.txt adds the tools of `make run`, test.txt the test tools.
LOCK := $(BIN)/uv pip compile --quiet --python-version 3.11 --no-header pyproject.toml
lock: $(VENV)/.installed-site
	$(LOCK) --output-file requirements/site.txt
	$(LOCK) --extra dev --output-file requirements/dev.txt
	$(LOCK) --extra dev --extra test --output-file requirements/test.txt
