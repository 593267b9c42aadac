"""Signing in and out with an email address."""

import pytest
from django.urls import reverse

from tests.fixtures import PASSWORD

pytestmark = pytest.mark.django_db


def test_verified_player_logs_in_with_email_and_sees_their_name(client, alice):
    response = client.post(
        reverse("account_login"), {"login": "ALICE@example.com", "password": PASSWORD}, follow=True
    )

    assert client.session["_auth_user_id"] == str(alice.pk)
    assert "Welcome back, Alice." in response.content.decode()


def test_wrong_password_is_refused_with_a_message(client, alice):
    response = client.post(
        reverse("account_login"), {"login": "alice@example.com", "password": "nope"}
    )

    assert "_auth_user_id" not in client.session
    assert response.status_code == 200
    assert "not correct" in response.content.decode()


def test_repeated_failed_logins_are_rate_limited(client, alice):
    for _ in range(6):
        client.post(reverse("account_login"), {"login": "alice@example.com", "password": "nope"})

    response = client.post(
        reverse("account_login"), {"login": "alice@example.com", "password": PASSWORD}
    )

    assert "_auth_user_id" not in client.session
    assert "Too many failed login attempts" in response.content.decode()


def test_logout_is_a_post(client, alice):
    client.force_login(alice)

    client.get(reverse("account_logout"))
    assert "_auth_user_id" in client.session
    client.post(reverse("account_logout"))
    assert "_auth_user_id" not in client.session


def test_password_reset_mails_a_link(client, alice, mailoutbox):
    client.post(reverse("account_reset_password"), {"email": "alice@example.com"})

    assert len(mailoutbox) == 1
    assert "/accounts/password/reset/key/" in mailoutbox[0].body
