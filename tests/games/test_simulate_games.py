"""``manage.py simulate_games``: demo data and load-test games played through the services."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.engines import replay
from games.models import Game

pytestmark = pytest.mark.django_db


def test_it_plays_complete_games_that_replay_exactly():
    call_command("simulate_games", players=3, count=2, seed=4, stdout=StringIO())

    games = Game.objects.all()
    assert [g.status for g in games] == [Game.Status.FINISHED] * 2
    for game in games:
        actions = (
            game.moves.filter(taken_back=False).order_by("version").values_list("action", flat=True)
        )
        assert replay(game.kind.engine, 3, game.seed, game.options, actions) == game.state
        assert sorted(game.seats.values_list("place", flat=True))[0] == 1


def test_with_plies_the_games_stay_running():
    call_command("simulate_games", players=4, count=1, plies=12, seed=1, stdout=StringIO())

    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE
    assert game.moves.count() == 12


def test_the_demo_set_seats_the_named_players_once(alice, bob):
    out = StringIO()
    call_command(
        "simulate_games",
        demo=True,
        players=3,
        users="alice@example.com,bob@example.com",
        seed=2,
        stdout=out,
    )
    call_command(
        "simulate_games",
        demo=True,
        players=3,
        users="alice@example.com,bob@example.com",
        stdout=out,
    )

    assert Game.objects.count() == 4
    assert Game.objects.of_player(alice).count() == 4
    assert Game.objects.finished().count() == 2
    assert "already there" in out.getvalue()


def test_a_player_count_the_game_does_not_allow_is_an_error():
    with pytest.raises(CommandError):
        call_command("simulate_games", players=7, stdout=StringIO())


def test_each_running_africana_demo_game_waits_for_a_demo_account(alice, bob):
    call_command(
        "simulate_games",
        demo=True,
        game="africana",
        players=3,
        users="alice@example.com,bob@example.com",
        seed=6,
        stdout=StringIO(),
    )

    games = Game.objects.filter(engine="africana")
    assert games.finished().count() == 2
    running = games.active()
    assert running.count() == 2
    for game in running:
        assert game.seats.get(number=game.current_seat).user in (alice, bob)
        assert game.seats.count() == 3
