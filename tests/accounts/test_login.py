"""Signing in and out with an email address."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from tests.fixtures import PASSWORD, login_code

pytestmark = pytest.mark.django_db


def test_verified_player_logs_in_with_email_and_sees_their_name(client, alice):
    User.objects.filter(pk=alice.pk).update(date_joined=timezone.now() - timedelta(days=30))
    response = client.post(
        reverse("account_login"), {"login": "ALICE@example.com", "password": PASSWORD}, follow=True
    )

    assert client.session["_auth_user_id"] == str(alice.pk)
    assert "Welcome back, Alice." in response.content.decode()


def test_an_account_made_a_minute_ago_is_welcomed_not_welcomed_back(client, alice):
    User.objects.filter(pk=alice.pk).update(date_joined=timezone.now() - timedelta(minutes=1))
    client.force_login(alice)

    html = client.get("/").content.decode()

    assert "Welcome, Alice." in html
    assert "Welcome back" not in html


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


def _sign_in(client, password, address):
    return client.post(
        reverse("account_login"),
        {"login": "alice@example.com", "password": password},
        REMOTE_ADDR=address,
    )


def test_a_guesser_elsewhere_never_locks_the_owner_out(client, alice):
    for _ in range(6):
        _sign_in(client, "nope", "203.0.113.5")
    assert "Too many failed" in _sign_in(client, PASSWORD, "203.0.113.5").content.decode()

    _sign_in(client, PASSWORD, "198.51.100.7")

    assert client.session["_auth_user_id"] == str(alice.pk)


def test_a_sign_in_code_by_mail_is_a_way_in_after_failed_passwords(client, alice, mailoutbox):
    for _ in range(6):
        _sign_in(client, "nope", "127.0.0.1")
    assert "Send me a sign-in code" in client.get(reverse("account_login")).content.decode()

    client.post(reverse("account_request_login_code"), {"email": "alice@example.com"})
    [mail] = [m for m in mailoutbox if m.to == ["alice@example.com"]]
    client.post(reverse("account_confirm_login_code"), {"code": login_code(mail)})

    assert client.session["_auth_user_id"] == str(alice.pk)
