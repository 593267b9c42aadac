"""Following players: the lobby and My games show open games of people you follow first, and
a waiting room lists them to invite with one button."""

from datetime import timedelta

import pytest
from django.test import Client

from friends.models import Follow
from games import services
from games.models import Game, Invitation
from tests.fixtures import make_player
from tests.social import signed_in

pytestmark = pytest.mark.django_db



def test_a_player_follows_and_unfollows_by_name(alice, bob):
    client = signed_in(alice)
    client.post("/friends/follow/", {"name": "bob", "follow": "1"})
    assert Follow.objects.filter(user=alice, followed=bob).exists()
    assert "Bob" in client.get("/friends/").content.decode()

    client.post("/friends/follow/", {"name": "Bob", "follow": "0"})
    assert not Follow.objects.exists()


def test_nobody_follows_themselves_or_a_stranger(alice):
    client = signed_in(alice)
    client.post("/friends/follow/", {"name": "Alice", "follow": "1"})
    client.post("/friends/follow/", {"name": "Nobody", "follow": "1"})
    assert not Follow.objects.exists()


def test_follow_goes_back_only_to_a_page_of_this_site(alice, bob):
    client = signed_in(alice)
    response = client.post(
        "/friends/follow/", {"name": "Bob", "follow": "1", "next": "https://evil.example/"}
    )
    assert response["Location"] == "/friends/"


@pytest.mark.parametrize(
    "target", ["-1", "None", "[]", "\U0001f981", "friends", "//evil.example/"]
)
def test_follow_goes_to_the_friends_page_for_anything_but_a_local_path(alice, bob, target):
    client = signed_in(alice)
    response = client.post("/friends/follow/", {"name": "Bob", "follow": "1", "next": target})
    assert response.status_code == 302 and response["Location"] == "/friends/"


def test_follow_goes_back_to_a_local_path(alice, bob):
    client = signed_in(alice)
    response = client.post("/friends/follow/", {"name": "Bob", "follow": "1", "next": "/lobby/"})
    assert response["Location"] == "/lobby/"


def test_the_lobby_lists_open_games_of_people_you_follow_first(alice, bob):
    erin = make_player("erin@example.com", "Erin")
    of_bob = services.create_game(bob, num_players=3)
    newer = services.create_game(erin, num_players=3)
    Game.objects.filter(pk=of_bob.pk).update(created_at=newer.created_at - timedelta(hours=1))
    Follow.objects.create(user=alice, followed=bob)

    page = signed_in(alice).get("/games/").content.decode()
    assert page.index(str(of_bob.code)) < page.index(str(newer.code))
    assert "someone you follow plays" in page
    anonymous = Client().get("/games/").content.decode()
    assert anonymous.index(str(newer.code)) < anonymous.index(str(of_bob.code))


def test_my_games_lists_open_games_of_people_you_follow(alice, bob, carol):
    of_bob = services.create_game(bob, num_players=3)
    secret = services.create_game(bob, num_players=3, invite_only=True)
    Follow.objects.create(user=alice, followed=bob)

    page = signed_in(alice).get("/games/mine/").content.decode()
    assert str(of_bob.code) in page
    assert str(secret.code) not in page


def test_a_waiting_room_offers_to_invite_people_you_follow(alice, bob):
    game = services.create_game(alice, num_players=3, invite_only=True)
    Follow.objects.create(user=alice, followed=bob)
    client = signed_in(alice)

    assert "Invite Bob" in client.get(game.get_absolute_url()).content.decode()
    client.post(f"/games/{game.code}/invite/", {"display_name": "Bob"})
    assert Invitation.objects.filter(game=game, user=bob).exists()
    assert "Invite Bob" not in client.get(game.get_absolute_url()).content.decode()


def test_the_play_page_offers_to_follow_the_other_players(alice, bob):
    game = services.create_game(alice, num_players=2)
    services.join_game(game, bob)
    client = signed_in(alice)

    assert "Follow Bob" in client.get(game.get_absolute_url()).content.decode()
    client.post("/friends/follow/", {"name": "Bob", "follow": "1", "next": game.get_absolute_url()})
    assert "Stop following Bob" in client.get(game.get_absolute_url()).content.decode()


def test_a_game_against_computer_players_offers_nobody_to_follow(alice):
    game = services.create_game(alice, num_players=3, bots=2)
    page = signed_in(alice).get(game.get_absolute_url()).content.decode()

    assert game.seats.exclude(bot_level="").count() == 2
    assert "Players to follow" not in page
    assert 'class="follow-list"' not in page
