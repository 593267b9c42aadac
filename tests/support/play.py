"""Playing a game through the services, as its players would: whose turn it is, applying
actions in order, finding an action by its first words."""

import pytest

from games import services
from games.models import Game


def player_to_move(game: Game):
    """The user whose turn it is in ``game``."""
    return game.seats.get(number=game.current_seat).user


def other_player(game: Game):
    return game.seats.exclude(number=game.current_seat).first().user


def play(game: Game, *actions: str) -> Game:
    """Apply ``actions`` in order, each by the player whose turn it is."""
    for action in actions:
        game = services.submit_action(game, player_to_move(game), action, game.version)
    return game


def first_with(game: Game, *prefixes: str) -> str:
    """The first legal action starting with one of ``prefixes``."""
    return next(a for a in game.kind.engine.legal_actions(game.state) if a.startswith(prefixes))


def uncover_and_decide(game: Game) -> Game:
    """The player to move uncovers a marker and settles any decision it asks for, so that
    the next slot can begin with a move onto the uncovered cell."""
    game = play(game, first_with(game, "uncover "))
    if game.kind.engine.observation(game.state, None)["pending"]:
        game = play(game, first_with(game, "keep", "place "))
    return game


#: The mark of a test (or, as ``pytestmark``, a module) about Africa itself: its ``duel`` is an
#: Africa game only, not one of each of ``tests.fixtures.GENERIC_GAMES``.
AFRICA_ONLY = pytest.mark.games("africa")
