"""Signing up: an account with a display name, usable only once its address is verified."""

import re

import pytest
from django.urls import reverse

from accounts.models import User
from tests.fixtures import PASSWORD

pytestmark = pytest.mark.django_db


def sign_up(client, email="dora@example.com", display_name="Dora", password=PASSWORD):
    return client.post(
        reverse("account_signup"),
        {
            "email": email,
            "display_name": display_name,
            "password1": password,
            "password2": password,
        },
    )


def confirmation_link(message) -> str:
    return re.search(r"https?://[^/\s]+(/accounts/confirm-email/[^\s]+/)", message.body).group(1)


def test_sign_up_creates_a_player_and_mails_a_verification_link(client, mailoutbox):
    response = sign_up(client)

    assert response.status_code == 302
    user = User.objects.get(email="dora@example.com")
    assert user.display_name == "Dora"
    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == ["dora@example.com"]
    assert "/accounts/confirm-email/" in mailoutbox[0].body


def test_unverified_player_cannot_log_in(client, carol):
    response = client.post(
        reverse("account_login"), {"login": "carol@example.com", "password": PASSWORD}
    )

    assert "_auth_user_id" not in client.session
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")


def test_link_in_the_mail_verifies_the_address_and_logs_in(client, mailoutbox):
    sign_up(client)
    link = confirmation_link(mailoutbox[0])

    page = client.get(link)
    assert page.status_code == 200
    assert "_auth_user_id" not in client.session  # a GET changes nothing
    client.post(link)

    user = User.objects.get(email="dora@example.com")
    assert user.emailaddress_set.get().verified
    assert client.session["_auth_user_id"] == str(user.pk)


def test_a_forged_verification_link_verifies_nothing(client, mailoutbox):
    sign_up(client)
    link = confirmation_link(mailoutbox[0])

    client.post(link[:-3] + "xx/")

    assert not User.objects.get(email="dora@example.com").emailaddress_set.get().verified


def test_display_name_differing_only_in_case_is_refused(client, alice):
    response = sign_up(client, display_name="ALICE")

    assert response.status_code == 200
    assert "This display name is already taken." in response.content.decode()
    assert not User.objects.filter(email="dora@example.com").exists()


def test_display_name_with_markup_is_refused(client):
    response = sign_up(client, display_name="<b>Dora</b>")

    assert response.status_code == 200
    assert not User.objects.filter(email="dora@example.com").exists()


def test_sign_up_remembers_the_language_the_visitor_reads(client):
    sign_up(client, email="eva@example.com", display_name="Eva")
    client.cookies.load({"django_language": "nl"})
    sign_up(client, email="joost@example.com", display_name="Joost")

    assert User.objects.get(email="eva@example.com").language == "en"
    assert User.objects.get(email="joost@example.com").language == "nl"
