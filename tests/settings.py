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

# The tests' push service (tests/notifications/push_service.py) listens on http://127.0.0.1.
WEBPUSH_ALLOW_LOCAL_HTTP = True
# The bot's review of a game that ends in a test: a moment, not minutes.
GAME_REVIEW_SECONDS = 0.3
GAME_REVIEW_PLAYOUTS = 1
# A season's close plays the games still running with the easy bot: the same path, fast.
LEAGUE_CLOSE_BOT_LEVEL = "easy"
# The hard bot's solo median, measured when a solo game ends in a test: one quick game.
BOT_SOLO_GAMES = 1
BOT_HARD_ITERATIONS = 2
