"""The play page and a move cost the same number of SQL queries early and late in a game."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.simulation import bot_action
from tests.games.conftest import play, player_to_move

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def queries_for_page_and_move(client, game) -> tuple[int, int]:
    game.seats.update(last_seen_at=None)  # both measurements note the visit
    mover = player_to_move(game)
    client.force_login(mover)
    with CaptureQueriesContext(connection) as page:
        client.get(game.get_absolute_url())
    with CaptureQueriesContext(connection) as move:
        client.post(
            reverse("game_act", args=[game.code]),
            {"action": "end", "version": game.version},
            headers=HTMX,
        )
    return len(page), len(move)


def advance(game, plies, rng):
    """Play ``plies`` random actions, then on until the player to move may end the turn."""
    for _n in range(plies):
        game = play(game, bot_action(game, rng))
    while "end" not in game.rules.legal_actions(game.state):
        game = play(game, bot_action(game, rng))
    return game


def test_queries_do_not_grow_with_the_length_of_the_game(client, duel):
    rng = random.Random(3)
    early = advance(duel, 6, rng)
    early_counts = queries_for_page_and_move(client, early)
    early.refresh_from_db()
    late = advance(early, 120, rng)

    assert queries_for_page_and_move(client, late) == early_counts
