"""The home page shows the three games, each with a button that starts a game against the
computer in one click."""

import pytest
from django.urls import reverse

from games.kinds import all_kinds
from games.models import Game

pytestmark = pytest.mark.django_db


def test_the_home_page_shows_every_game_with_a_play_now_button(client, alice):
    client.force_login(alice)

    html = client.get(reverse("home")).content.decode()

    for kind in all_kinds():
        assert f"<h2>{kind.label}</h2>" in html
        assert f'action="{reverse("play_now", args=[kind.name])}"' in html


@pytest.mark.parametrize("kind", [kind.name for kind in all_kinds()])
def test_one_click_starts_a_game_against_the_computer(client, alice, kind):
    client.force_login(alice)

    response = client.post(reverse("play_now", args=[kind]))

    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert game.engine == kind and game.status == Game.Status.ACTIVE
    assert sorted(seat.bot_level for seat in game.seats.all()) == ["", "easy"]


def test_an_unknown_game_is_not_found_and_makes_nothing(client, alice):
    client.force_login(alice)

    assert client.post(reverse("play_now", args=["chess"])).status_code == 404
    assert not Game.objects.exists()
