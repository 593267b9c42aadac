"""Pure rules engines for the site's games.

Nothing in this package imports Django: an engine is a plain library that turns a seed, options
and a list of canonical action strings into states. The site stores the actions (the log is the
truth) and replays them; the engines never see a request, a user or a database row.

Every engine follows the same contract (see ``Engine``) and is found by name through
``get_engine``.
"""

from games.engines.base import (
    GAME_OVER,
    NOT_YOUR_TURN,
    Engine,
    IllegalAction,
    Reason,
    engine_names,
    explain,
    get_engine,
    gettext_noop,
    replay,
    turn_of,
)

__all__ = [
    "GAME_OVER",
    "NOT_YOUR_TURN",
    "Engine",
    "IllegalAction",
    "Reason",
    "engine_names",
    "explain",
    "get_engine",
    "gettext_noop",
    "replay",
    "turn_of",
]
