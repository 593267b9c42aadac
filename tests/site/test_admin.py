"""The admin: staff find players by email or display name; players never get in."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_staff_searches_players_by_display_name(client, staff, alice, bob):
    client.force_login(staff)

    response = client.get(reverse("admin:accounts_user_changelist"), {"q": "ali"})

    html = response.content.decode()
    assert response.status_code == 200
    assert "alice@example.com" in html
    assert "bob@example.com" not in html


def test_staff_filters_players_by_language(client, staff, alice, bob):
    bob.language = "nl"
    bob.save()
    client.force_login(staff)

    html = client.get(reverse("admin:accounts_user_changelist"), {"language": "nl"}).content
    assert b"bob@example.com" in html
    assert b"alice@example.com" not in html


def test_staff_opens_a_player(client, staff, alice):
    client.force_login(staff)

    response = client.get(reverse("admin:accounts_user_change", args=[alice.pk]))

    assert response.status_code == 200
    assert b"quiet_hours_start" in response.content


def test_players_are_kept_out_of_the_admin(client, alice):
    client.force_login(alice)

    response = client.get(reverse("admin:accounts_user_changelist"))

    assert response.status_code == 302
