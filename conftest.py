"""The fixtures and hooks of every test of the site, under tests/ and in each game's folder
(games/<game>/tests/): they live in ``tests.fixtures``, loaded here for the whole tree."""

pytest_plugins = ["tests.fixtures"]
