"""A sign-in that fails for the server's reasons (the database unreachable) is not a failed
attempt: it never counts toward the limits on failed passwords, so nobody is locked out once
the database is back. alice signs in from one address throughout."""

from contextlib import contextmanager

import pytest
from django.db import InterfaceError, OperationalError, connection
from django.urls import reverse

from tests.fixtures import PASSWORD

pytestmark = pytest.mark.django_db

ADDRESS = "198.51.100.7"
ERRORS = {
    "connection refused": OperationalError("connection to server failed: Connection refused"),
    "connection closed": InterfaceError("connection already closed"),
}


@contextmanager
def database_down(error):
    """Every query on the test's connection raises ``error``, as during an outage."""

    def refuse(execute, sql, params, many, context):
        raise error

    with connection.execute_wrapper(refuse):
        yield


def _sign_in(client, password):
    return client.post(
        reverse("account_login"),
        {"login": "alice@example.com", "password": password},
        REMOTE_ADDR=ADDRESS,
    )


@pytest.mark.parametrize("error", ERRORS)
def test_sign_ins_that_failed_with_the_database_do_not_lock_the_owner_out(client, alice, error):
    client.raise_request_exception = False
    with database_down(ERRORS[error]):
        # More than the limits per address (10 a minute) and per account and address (5).
        answers = [_sign_in(client, PASSWORD).status_code for _ in range(11)]
    assert answers == [500] * 11

    response = _sign_in(client, PASSWORD)

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_wrong_passwords_around_an_outage_still_count(client, alice):
    client.raise_request_exception = False
    for _ in range(3):
        _sign_in(client, "nope")
    with database_down(ERRORS["connection refused"]):
        _sign_in(client, PASSWORD)
    for _ in range(2):
        _sign_in(client, "nope")

    response = _sign_in(client, PASSWORD)

    assert "Too many failed login attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session
