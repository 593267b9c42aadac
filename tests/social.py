"""Helpers shared by the tests of the talk, API, calendar and friends: a signed-in client and
a running duel between alice and bob."""

from django.test import Client

from games import services
from games.models import Game


def signed_in(user) -> Client:
    """A test client signed in as ``user``."""
    client = Client()
    client.force_login(user)
    return client


def running_duel(alice, bob, *, public: bool = False) -> Game:
    """A running 2-player Africa game created by alice (seed 2024), bob seated."""
    game = services.create_game(alice, num_players=2, seed=2024, public=public)
    services.join_game(game, bob)
    game.refresh_from_db()
    return game
