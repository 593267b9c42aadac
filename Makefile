# The two commands of README.md: `make run` starts the whole site, `make test` runs the tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test translations lint messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-site: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --editable .
	touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed-site
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --editable '.[test]'
	touch $@

translations: $(VENV)/.installed-site
	$(BIN)/pybabel -q compile --domain django --directory locale

run: $(VENV)/.installed-site translations
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_rulebooks
	$(BIN)/python manage.py create_demo_accounts
	$(BIN)/python manage.py simulate_games --demo --players 3 --users alice@example.com,bob@example.com
	$(BIN)/python manage.py simulate_games --demo --game africana --players 2 --users alice@example.com,bob@example.com
	@echo "Starting the web server, the worker and the scheduler on http://127.0.0.1:8000 (Ctrl-C stops them)"
	PATH="$(CURDIR)/$(BIN):$$PATH" exec $(BIN)/honcho start --procfile Procfile

test: $(VENV)/.installed-test translations
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/python manage.py makemigrations --check --dry-run

# Refresh the French and Dutch catalogues from the sources (needs GNU gettext).
messages: $(VENV)/.installed-site
	$(BIN)/python manage.py makemessages --locale fr --locale nl --no-obsolete --ignore '.venv/*' --ignore 'var/*'
