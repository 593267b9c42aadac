"""The games admin: staff find games by player and status; seeds stay hidden while games run."""

import pytest
from django.urls import reverse

from games import services
from tests.fixtures import shows

pytestmark = pytest.mark.django_db


def test_staff_find_games_by_player(client, staff, duel, carol):
    other = services.create_game(carol, num_players=3)
    client.force_login(staff)

    html = client.get(reverse("admin:games_game_changelist"), {"q": "alice"}).content.decode()

    assert str(duel.code) in html
    assert str(other.code) not in html


def test_a_running_games_seed_is_not_in_the_admin(client, staff, duel):
    client.force_login(staff)

    html = client.get(reverse("admin:games_game_change", args=[duel.pk])).content.decode()

    assert not shows(html, duel.seed)
    assert duel.seed_commitment in html


def test_a_games_seats_and_moves_are_shown_read_only(client, staff, duel_underway):
    client.force_login(staff)

    html = client.get(reverse("admin:games_game_change", args=[duel_underway.pk])).content
    html = html.decode()

    for move in duel_underway.moves.all():
        assert move.action in html
    assert "Alice" in html and "Bob" in html
    assert 'name="moves-0-action"' not in html  # nothing to edit


def test_a_finished_games_seed_is_shown_with_its_moves(client, staff, duel):
    services.resign(duel, duel.seats.get(number=0).user)
    client.force_login(staff)

    html = client.get(reverse("admin:games_game_change", args=[duel.pk])).content.decode()

    assert str(duel.seed) in html
