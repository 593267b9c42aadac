"""The site's settings for the test suite: the site's own, with the toy game registered.

The toy game (``tests/toygame/``) is a fourth game unlike the site's three; registering it here,
with its folder as an app, is all it takes to add a game, and every generic suite then runs
over it too.
"""

from africa_site.settings import *  # noqa: F403
from africa_site.settings import INSTALLED_APPS
from games import add_game

add_game("toy", "tests.toygame")
INSTALLED_APPS = [*INSTALLED_APPS, "tests.toygame"]

# No live process runs beside the test server unless a test starts one (tests/live): the pages
# open no stream and poll, as they do when the stream fails.
LIVE_URL = ""
