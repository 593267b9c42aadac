"""Solo Source of the Nile: no deadline, the result (VP and rounds) on the player's profile,
and the solo high-score table of the game, ranked by VP then by fewer rounds."""

from __future__ import annotations

import random
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Game
from games.simulation import bot_action

pytestmark = pytest.mark.django_db


def _play_to_the_end(game: Game, user, seed: int = 1) -> Game:
    rng = random.Random(seed)
    for _ply in range(3000):
        if game.status != Game.Status.ACTIVE:
            return game
        game = services.submit_action(game, user, bot_action(game, rng), game.version)
    raise AssertionError("the solo game did not end")


def _finished_solo(user, score: int, rounds: int) -> Game:
    """A finished solo game with a given result (the table's order is what is tested)."""
    game = services.create_game(user, engine="nile", num_players=1)
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED, rounds=rounds, finished_at=timezone.now()
    )
    game.seats.update(final_score=score, place=1)
    return game


def test_a_solo_game_has_no_deadline_and_no_reminder(alice):
    game = services.create_game(alice, engine="nile", num_players=1, seed=3)
    rng = random.Random(2)
    for _ply in range(10):
        game = services.submit_action(game, alice, bot_action(game, rng), game.version)

    game.refresh_from_db()
    assert game.turn_deadline is None
    assert game.reminder_due_at is None
    assert not Game.objects.overdue(timezone.now() + timezone.timedelta(days=365)).exists()


def test_a_two_player_game_keeps_its_deadline(alice, bob):
    game = services.create_game(alice, engine="nile", num_players=2)
    services.join_game(game, bob)

    game.refresh_from_db()
    assert game.turn_deadline is not None


def test_the_play_page_of_a_solo_game_says_there_is_no_deadline(alice, client):
    game = services.create_game(alice, engine="nile", num_players=1)
    client.force_login(alice)

    page = client.get(game.get_absolute_url()).content.decode()

    assert "no deadline" in page
    assert "days per move" not in page
    assert " left." not in page


def test_a_finished_solo_game_shows_its_vp_and_rounds_on_the_profile(alice, client):
    game = services.create_game(alice, engine="nile", num_players=1, options={"max_rounds": 3})
    game = _play_to_the_end(game, alice)
    seat = game.seats.get()

    page = client.get(reverse("player_profile", args=["Alice"])).content.decode()

    assert game.rounds == game.state["round"] == 3
    section = page.split('id="solo-heading"')[1].split("</section>")[0]
    assert f'<td class="number">{seat.final_score}</td>' in section
    assert '<td class="number">3</td>' in section
    assert reverse("replay", args=[game.code]) in section


def test_the_solo_table_ranks_by_vp_then_fewer_rounds(alice, bob, client):
    _finished_solo(alice, score=10, rounds=12)
    _finished_solo(bob, score=10, rounds=8)
    _finished_solo(alice, score=14, rounds=30)
    services.create_game(bob, engine="nile", num_players=1)  # still running: not ranked

    page = client.get(reverse("solo_scores", args=["nile"])).content.decode()

    rows = page.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]
    results = [
        [re.sub("<[^>]+>", " ", cell).split() for cell in row.split("</td>")] for row in rows
    ]
    assert [(r[1][0], r[2][0], r[3][0]) for r in results] == [
        ("Alice", "14", "30"),
        ("Bob", "10", "8"),
        ("Alice", "10", "12"),
    ]


def test_the_leaderboard_links_the_solo_table_only_for_games_played_alone(client):
    nile = client.get(reverse("leaderboard", args=["nile"])).content.decode()
    africa = client.get(reverse("leaderboard", args=["africa"])).content.decode()

    assert reverse("solo_scores", args=["nile"]) in nile
    assert reverse("solo_scores", args=["africa"]) not in africa
    assert client.get(reverse("solo_scores", args=["africa"])).status_code == 404
