"""The games of the site, each in its own folder ``games/<name>/`` (engine, kind, partials,
static files, rules summaries and tests; see ``games/README.md``).

``GAMES`` is the one list of games: the engine and kind registries, the model choices, the
rulebooks, the installed apps and the test tables all derive from it. This module imports
nothing, so that the pure engines may import their package.
"""

#: Every game of the site, in the order the site lists them. Adding a game: its folder here
#: and its name in this tuple.
GAMES = ("africa", "africana", "nile")

#: {game name: the dotted package that holds its ``engine`` and ``kind``}. A game kept outside
#: ``games/`` (the test suite's toy game) is added with ``add_game``.
PACKAGES = {name: f"games.{name}" for name in GAMES}


def add_game(name: str, package: str) -> None:
    """Register the game ``name`` kept in the dotted ``package`` (which holds ``engine`` with
    ``ENGINE_CLASS`` and ``kind`` with ``KIND_CLASS``), after the site's games. Raises
    ValueError when the name is taken by another package."""
    if PACKAGES.get(name, package) != package:
        raise ValueError(f"the game name {name!r} is taken by {PACKAGES[name]}")
    PACKAGES[name] = package
