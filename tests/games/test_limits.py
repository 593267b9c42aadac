"""What one account may do in an hour, and requests that change nothing: a repeated vote to
call a game off bumps no version, and an account over its hourly limit of new games,
invitations or seat changes is told so and changes nothing. alice and bob play; carol left
the game (her seat is played by a robot); dave is invited."""

import pytest
from django.urls import reverse

from games import services
from games.models import Game, Invitation

pytestmark = pytest.mark.django_db

NEW_GAME = {"engine": "africa", "num_players": 3, "variant": "standard", "days_per_move": 3}


@pytest.fixture
def deserted(alice, bob, carol):
    """A running 3-player game that carol has left."""
    game = services.create_game(alice, num_players=3, seed=4)
    services.join_game(game, bob)
    services.join_game(game, carol)
    game.refresh_from_db()
    return services.resign(game, carol)


def test_repeated_abort_votes_leave_the_version_alone(client, alice, deserted):
    client.force_login(alice)
    version = Game.objects.get(pk=deserted.pk).version

    for _vote in range(5):
        client.post(reverse("game_abort_vote", args=[deserted.code]))

    deserted.refresh_from_db()
    assert deserted.version == version
    assert deserted.status == Game.Status.ACTIVE
    assert deserted.seats.get(user=alice).abort_vote


def test_the_last_vote_calls_the_game_off_and_bumps_the_version(alice, bob, deserted):
    services.vote_abort(deserted, alice)
    version = Game.objects.get(pk=deserted.pk).version

    game = services.vote_abort(deserted, bob)

    assert game.status == Game.Status.ABORTED
    assert Game.objects.get(pk=deserted.pk).version == version + 1


def test_creating_too_many_games_in_an_hour_is_refused_with_a_message(client, alice, settings):
    settings.HOURLY_LIMITS = settings.HOURLY_LIMITS | {"new_game": "2/h"}
    client.force_login(alice)
    for _game in range(2):
        client.post(reverse("new_game"), NEW_GAME)

    response = client.post(reverse("new_game"), NEW_GAME, follow=True)

    assert Game.objects.count() == 2
    assert "You have created many games in the last hour" in response.content.decode()


def test_the_limit_counts_per_account(client, alice, bob, settings):
    settings.HOURLY_LIMITS = settings.HOURLY_LIMITS | {"new_game": "1/h"}
    client.force_login(alice)
    client.post(reverse("new_game"), NEW_GAME)
    client.force_login(bob)

    client.post(reverse("new_game"), NEW_GAME)

    assert Game.objects.filter(creator=bob).count() == 1


def test_inviting_too_many_players_in_an_hour_is_refused_with_a_message(
    client, alice, bob, dave, settings
):
    settings.HOURLY_LIMITS = settings.HOURLY_LIMITS | {"invitation": "1/h"}
    game = services.create_game(alice, num_players=3, invite_only=True)
    client.force_login(alice)
    url = reverse("game_invite", args=[game.code])
    client.post(url, {"display_name": "Bob"})

    response = client.post(url, {"display_name": "Dave"}, follow=True)

    assert list(Invitation.objects.values_list("user__display_name", flat=True)) == ["Bob"]
    assert "You have sent many invitations in the last hour" in response.content.decode()


def test_joining_and_leaving_over_and_over_is_limited(client, alice, bob, settings):
    settings.HOURLY_LIMITS = settings.HOURLY_LIMITS | {"seat": "4/h"}
    game = services.create_game(alice, num_players=3)
    client.force_login(bob)
    for _round in range(2):
        client.post(reverse("game_join", args=[game.code]))
        client.post(reverse("game_leave", args=[game.code]))
    version = Game.objects.get(pk=game.pk).version

    response = client.post(reverse("game_join", args=[game.code]), follow=True)

    assert Game.objects.get(pk=game.pk).version == version
    assert not game.seats.filter(user=bob).exists()
    assert "You have joined, left or voted many times" in response.content.decode()
