"""Playing by email: in these tests ``duel`` is the duel whose first your-turn mail has gone out
(``mail_duel``). Only the seat's own player may move by mail; carol is a stranger to every game.
The helpers that write replies are in ``tests.support.mail``."""

import pytest


@pytest.fixture
def duel(mail_duel):
    """The mail tests' duel: ``mail_duel``."""
    return mail_duel
