"""The user of a session is read from the shared cache: a signed-in player's pages read no
user row, and a change to the account (a new password, a closed account, a new language) is
seen by their very next request."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import User
from tests.fixtures import PASSWORD


def user_rows_read(client, url) -> tuple[int, int]:
    """(status, queries of the request that read the user table) of a GET of ``url``."""
    table = User._meta.db_table
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    return response.status_code, sum(f'FROM "{table}"' in q["sql"] for q in queries)


@pytest.mark.django_db
def test_a_signed_in_players_second_page_reads_no_user_row(client, alice):
    client.force_login(alice)

    assert user_rows_read(client, reverse("lobby")) == (200, 1)
    assert user_rows_read(client, reverse("lobby")) == (200, 0)


@pytest.mark.django_db
def test_after_signing_in_with_the_form_the_pages_read_no_user_row(client, alice):
    login = client.post(
        reverse("account_login"), {"login": "alice@example.com", "password": PASSWORD}
    )
    assert login.status_code == 302

    user_rows_read(client, reverse("lobby"))
    assert user_rows_read(client, reverse("lobby")) == (200, 0)


@pytest.mark.django_db
def test_a_wrong_password_signs_nobody_in(client, alice):
    answer = client.post(reverse("account_login"), {"login": "alice@example.com", "password": "x"})

    assert answer.status_code == 200
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_a_closed_account_is_signed_out_at_its_next_request(client, alice):
    client.force_login(alice)
    client.get(reverse("lobby"))
    alice.is_active = False
    alice.save()

    response = client.get(reverse("my_games"))

    assert response.status_code == 302
    assert "login" in response["Location"]


@pytest.mark.django_db
def test_a_new_password_signs_out_the_other_browsers_at_their_next_request(client, alice):
    client.force_login(alice)
    client.get(reverse("lobby"))
    alice.set_password("a new password 2026")
    alice.save()

    response = client.get(reverse("my_games"))

    assert response.status_code == 302


@pytest.mark.django_db
def test_a_new_language_shows_at_the_next_request(client, alice):
    client.force_login(alice)
    client.get(reverse("lobby"))
    alice.language = "fr"
    alice.save(update_fields=["language"])

    response = client.get(reverse("lobby"))

    assert response.headers["Content-Language"] == "fr"
