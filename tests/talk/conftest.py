"""A running duel between alice and bob; carol watches (the game is public) and dave is an
outsider of a private game unless a test seats him."""

import pytest

from games import services
from games.models import Game
from tests.conftest import make_player


@pytest.fixture
def dave(db):
    return make_player("dave@example.com", "Dave")


@pytest.fixture
def duel(alice, bob) -> Game:
    """A running public 2-player Africa game between alice (its creator) and bob."""
    game = services.create_game(alice, num_players=2, seed=2024, public=True)
    services.join_game(game, bob)
    game.refresh_from_db()
    return game


HTMX = {"HX-Request": "true"}
