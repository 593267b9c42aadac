"""Games between the personas: alice and bob play; carol and dave are outsiders unless a test
seats them."""

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


@pytest.fixture
def duel(alice, bob) -> Game:
    """A running 2-player game between alice and bob, before the start cities are chosen."""
    game = services.create_game(alice, num_players=2, seed=2024)
    services.join_game(game, bob)
    game.refresh_from_db()
    return game


@pytest.fixture
def duel_underway(duel) -> Game:
    """The duel after both players chose a start city: the first player's turn begins."""
    first = duel.kind.engine.legal_actions(duel.state)[0]
    game = play(duel, first)
    return play(game, game.kind.engine.legal_actions(game.state)[0])
