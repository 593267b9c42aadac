"""The estimate of a game's length: from the game's usual turns and the time per move before
any game of the kind finished, from finished games and the players' reply times after; on
the new-game form, its htmx fragment, the lobby; and the profile's median time to move."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from accounts import services as accounts_services
from games import estimates, services
from games.models import Game
from tests.support.play import play, player_to_move

pytestmark = pytest.mark.django_db

MONDAY = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def test_without_finished_games_the_estimate_comes_from_the_kinds_usual_turns(alice, game_name):
    kind = Game(engine=game_name).kind
    turns = kind.turns_per_player * 3
    # half the time per move for each turn, at most every turn's whole time and every bank
    assert estimates.estimate_days(game_name, 3, 2, 7, [alice]) == turns
    assert estimates.estimate_days(game_name, 3, 4, 0, [alice]) == turns * 2


def test_finished_games_and_reply_times_give_the_estimate(alice, bob, game_name):
    for turns in (10, 30, 40):  # finished games of 10, 30 and 40 turns: the median is 30
        game = services.create_game(alice, engine=game_name, num_players=2, seed=turns)
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=MONDAY)
        for version in range(1, turns * 2 + 1):  # two actions a turn
            moment = MONDAY - timedelta(days=1) + version * timedelta(minutes=1)
            game.moves.create(version=version, seat=(version - 1) // 2 % 2, created_at=moment)
    assert estimates.median_turns(game_name, 2) == 30

    with time_machine.travel(MONDAY, tick=False) as clock:
        game = services.create_game(alice, engine=game_name, num_players=2, bank_days=0)
        services.join_game(game, bob)
        game.refresh_from_db()
        for _turn in range(4):  # each turn's first action 6 hours after the last turn's
            clock.shift(timedelta(hours=6))
            before = game.current_seat
            while game.status == Game.Status.ACTIVE and game.current_seat == before:
                game = play(game, game.kind.engine.timeout_action(game.state))
        days = estimates.estimate_days(game_name, 2, 3, 0, [alice, bob])
    assert days == 8  # 30 turns of a quarter of a day: 7.5, rounded up


def test_the_new_game_form_and_its_fragment_show_the_estimate(client, alice):
    client.force_login(alice)
    page = client.get(reverse("new_game") + "?game=africa").content.decode()
    fragment = client.get(
        reverse("new_game_estimate"),
        {"engine": "africa", "num_players": 4, "days_per_move": 7, "bank_days": 14},
    ).content.decode()
    turns = Game(engine="africa").kind.turns_per_player

    assert f"This game will take about {-(-turns * 9 // 2)} days." in page  # 3 players, 3 days
    assert f"This game will take about {turns * 4 * 7 // 2} days." in fragment
    assert 'id="game-estimate"' in fragment


def test_the_lobby_lists_the_estimate_of_open_games(client, alice):
    services.create_game(alice, engine="africa", num_players=3, days_per_move=1)
    turns = Game(engine="africa").kind.turns_per_player * 3
    assert f"about {-(-turns // 2)} days in all" in client.get(reverse("lobby")).content.decode()


def test_the_profile_shows_the_median_time_to_move_and_the_vacation(client, alice, bob):
    with time_machine.travel(MONDAY, tick=False) as clock:
        game = services.create_game(alice, num_players=2, bank_days=0)
        services.join_game(game, bob)
        game.refresh_from_db()
        for _turn in range(4):
            clock.shift(timedelta(hours=5))
            before = game.current_seat
            while game.current_seat == before:
                game = play(game, game.kind.engine.timeout_action(game.state))
        accounts_services.start_vacation(alice)
        page = client.get(reverse("player_profile", args=[alice.display_name])).content.decode()
        other = player_to_move(game)

    assert "Median time to move over the last 30 days: 5 h." in page
    assert "On vacation until" in page
    assert other is not None
