"""Past a ceiling of failed passwords for one account from all addresses together
(LOGIN_CODE_AFTER_FAILURES, 20 a day), a password alone no longer signs in to it: the code sent
by mail is asked too. A guesser spread over twelve addresses fails against alice's account;
alice signs in from her own address, with her password and the code, or with the code alone;
bob's account is untouched."""

import pytest
from django.urls import reverse

from tests.fixtures import PASSWORD, login_code

pytestmark = pytest.mark.django_db

GUESSERS = [f"203.0.113.{n}" for n in range(1, 13)]
ALICE_ADDRESS, PROXY = "198.51.100.7", "10.0.0.2"
SETUPS = {
    "direct": ({}, "REMOTE_ADDR"),
    "behind a proxy": ({"ALLAUTH_TRUSTED_PROXY_COUNT": 1}, "HTTP_X_FORWARDED_FOR"),
}


def _sign_in(client, password, address, header="REMOTE_ADDR", email="alice@example.com"):
    extra = {"REMOTE_ADDR": PROXY, header: address} if header != "REMOTE_ADDR" else {}
    return client.post(
        reverse("account_login"),
        {"login": email, "password": password},
        **{"REMOTE_ADDR": address, **extra},
    )


def _guess(client, failures, header="REMOTE_ADDR"):
    """``failures`` wrong passwords for alice, spread over the guessers' addresses."""
    for n in range(failures):
        response = _sign_in(client, f"guess {n}", GUESSERS[n % len(GUESSERS)], header)
        assert "not correct" in response.content.decode()


def _mails_to_alice(mailoutbox):
    return [m for m in mailoutbox if m.to == ["alice@example.com"]]


@pytest.mark.parametrize("setup", SETUPS)
def test_past_the_ceiling_the_owner_signs_in_with_password_and_mailed_code(
    client, alice, mailoutbox, settings, setup
):
    overrides, header = SETUPS[setup]
    for name, value in overrides.items():
        setattr(settings, name, value)
    _guess(client, 60, header)

    response = _sign_in(client, PASSWORD, ALICE_ADDRESS, header)

    assert "_auth_user_id" not in client.session
    assert response.url == reverse("account_confirm_login_code")
    [mail] = _mails_to_alice(mailoutbox)
    client.post(reverse("account_confirm_login_code"), {"code": login_code(mail)})
    assert client.session["_auth_user_id"] == str(alice.pk)


@pytest.mark.parametrize(
    ("language", "why"),
    [("en", "Many wrong passwords have been tried"), ("fr", "De nombreux mots de passe")],
)
def test_past_the_ceiling_the_owner_reads_why_the_code_is_asked(client, alice, language, why):
    _guess(client, 20)
    client.cookies["django_language"] = language

    response = client.post(
        reverse("account_login"),
        {"login": "alice@example.com", "password": PASSWORD},
        REMOTE_ADDR=ALICE_ADDRESS,
        follow=True,
    )

    assert why in response.content.decode()


def test_past_the_ceiling_a_wrong_code_does_not_sign_in(client, alice, mailoutbox):
    _guess(client, 20)
    _sign_in(client, PASSWORD, GUESSERS[0])

    response = client.post(reverse("account_confirm_login_code"), {"code": "WRONG1"})

    assert "_auth_user_id" not in client.session
    assert response.status_code == 200


def test_below_the_ceiling_the_password_alone_signs_in(client, alice, mailoutbox):
    _guess(client, 19)

    response = _sign_in(client, PASSWORD, ALICE_ADDRESS)

    assert response.url == reverse("home")
    assert client.session["_auth_user_id"] == str(alice.pk)
    assert _mails_to_alice(mailoutbox) == []


def test_the_ceiling_is_per_account(client, alice, bob):
    _guess(client, 60)

    _sign_in(client, PASSWORD, ALICE_ADDRESS, email="bob@example.com")

    assert client.session["_auth_user_id"] == str(bob.pk)


def test_an_outsiders_failures_never_lock_the_owner_out_of_the_code_route(
    client, alice, mailoutbox
):
    _guess(client, 60)

    client.post(
        reverse("account_request_login_code"),
        {"email": "alice@example.com"},
        REMOTE_ADDR=ALICE_ADDRESS,
    )
    [mail] = _mails_to_alice(mailoutbox)
    client.post(
        reverse("account_confirm_login_code"), {"code": login_code(mail)}, REMOTE_ADDR=ALICE_ADDRESS
    )

    assert client.session["_auth_user_id"] == str(alice.pk)
