"""My games lists every finished game of each kind, the toy game too: one played to its end
with the player's place and score (or the place alone when no score was kept), an aborted one
as aborted, with no result."""

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.engines import engine_names
from games.models import Game, Seat, seed_commitment

pytestmark = pytest.mark.django_db

KINDS = pytest.mark.parametrize("engine", engine_names())


def finished_game(engine, alice, bob, score):
    """A game of ``engine`` played to its end: alice first with ``score`` (None: no score
    kept, as for a game imported without its scores), bob second."""
    game = Game.objects.create(
        engine=engine,
        num_players=2,
        status=Game.Status.FINISHED,
        seed=7,
        salt="s",
        seed_commitment=seed_commitment(7, "s"),
        finished_at=timezone.now(),
    )
    Seat.objects.create(game=game, user=alice, number=0, place=1, final_score=score)
    Seat.objects.create(game=game, user=bob, number=1, place=2, final_score=score)
    return game


def finished_entry(client, game) -> str:
    """The line of ``game`` in the finished games of the signed-in player's My games."""
    response = client.get(reverse("my_games"))
    assert response.status_code == 200
    finished = response.content.decode().split('id="finished-heading"', 1)[1]
    entries = [li for li in finished.split("<li>")[1:] if str(game.code) in li]
    assert len(entries) == 1, "the game is listed once among the finished games"
    return entries[0].split("</li>", 1)[0]


@KINDS
def test_a_played_game_shows_my_place_and_score(client, alice, bob, engine):
    game = finished_game(engine, alice, bob, score=30)
    client.force_login(alice)

    entry = finished_entry(client, game)

    assert "Finished" in entry
    assert "place 1, 30 points" in entry


@KINDS
def test_a_played_game_without_a_final_score_shows_my_place_alone(client, alice, bob, engine):
    game = finished_game(engine, alice, bob, score=None)
    client.force_login(bob)

    entry = finished_entry(client, game)

    assert "Finished" in entry
    assert "place 2" in entry and "point" not in entry


@KINDS
def test_an_aborted_game_shows_as_aborted_without_a_result(client, alice, engine):
    game = services.create_game(alice, engine=engine, num_players=2)
    services.leave_game(game, alice)  # its creator leaves: the game is called off
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    client.force_login(alice)

    entry = finished_entry(client, game)

    assert "Aborted" in entry
    assert "place" not in entry and "point" not in entry


def test_a_seat_with_a_place_in_an_aborted_game_shows_no_result(client, alice, bob):
    game = finished_game(engine_names()[0], alice, bob, score=12)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED)
    client.force_login(alice)

    entry = finished_entry(client, game)

    assert "Aborted" in entry and "place" not in entry
