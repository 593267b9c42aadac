"""Games for the archive: one really played to the end (replayable), and quick finished rows.

alice and bob play; dave is an outsider unless a test seats him.
"""

import random

import pytest

from games.simulation import play_game


@pytest.fixture
def played(alice, bob):
    """A 2-player game between alice and bob, played to its end with random legal actions."""
    return play_game([alice, bob], rng=random.Random(3))
