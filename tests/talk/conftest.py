"""A running duel between alice and bob; carol watches (the game is public) and dave is an
outsider of a private game unless a test seats him."""

import pytest

from games.models import Game
from tests.fixtures import make_player
from tests.social import running_duel


@pytest.fixture
def dave(db):
    return make_player("dave@example.com", "Dave")


@pytest.fixture
def duel(alice, bob) -> Game:
    """A running public 2-player Africa game between alice (its creator) and bob."""
    return running_duel(alice, bob, public=True)


HTMX = {"HX-Request": "true"}
