"""Behind a reverse proxy, sign-in rate limits count per real client: the address comes from
X-Forwarded-For (a trusted proxy count) or from a header a trusted proxy sets. alice and bob
sign in from two addresses behind the same proxy; an attacker fails from a third."""

import pytest
from django.urls import reverse

from tests.fixtures import PASSWORD
from tests.site.test_settings import manage

ATTACKER, ALICE_ADDRESS, PROXY = "203.0.113.5", "198.51.100.7", "10.0.0.2"
SETUPS = {
    "proxy count": ({"ALLAUTH_TRUSTED_PROXY_COUNT": 1}, "HTTP_X_FORWARDED_FOR"),
    "client header": ({"ALLAUTH_TRUSTED_CLIENT_IP_HEADER": "X-Real-IP"}, "HTTP_X_REAL_IP"),
}


def test_the_trusted_proxy_settings_come_from_the_environment(tmp_path):
    code = (
        "from django.conf import settings; "
        "print(settings.ALLAUTH_TRUSTED_PROXY_COUNT, settings.ALLAUTH_TRUSTED_CLIENT_IP_HEADER)"
    )
    extra = {"ALLAUTH_TRUSTED_PROXY_COUNT": "2", "ALLAUTH_TRUSTED_CLIENT_IP_HEADER": "X-Real-IP"}

    result = manage(["shell", "-v", "0", "-c", code], extra, tmp_path)
    default = manage(["shell", "-v", "0", "-c", code], {}, tmp_path)

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["2", "X-Real-IP"]
    assert default.stdout.split() == ["0", "None"]


def _login(client, email, password, header, address):
    return client.post(
        reverse("account_login"),
        {"login": email, "password": password},
        REMOTE_ADDR=PROXY,
        **{header: address},
    )


@pytest.mark.django_db
@pytest.mark.parametrize("setup", SETUPS)
def test_failed_logins_lock_out_only_the_client_that_made_them(client, alice, settings, setup):
    overrides, header = SETUPS[setup]
    for name, value in overrides.items():
        setattr(settings, name, value)
    for attempt in range(12):
        _login(client, f"nobody{attempt}@example.com", "wrong", header, ATTACKER)

    locked = _login(client, "alice@example.com", PASSWORD, header, ATTACKER)
    assert "Too many failed login attempts" in locked.content.decode()
    assert "_auth_user_id" not in client.session

    _login(client, "alice@example.com", PASSWORD, header, ALICE_ADDRESS)
    assert client.session["_auth_user_id"] == str(alice.pk)
