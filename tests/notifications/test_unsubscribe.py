"""One-click unsubscribe: the link in every game mail, and the header mail programs use."""

import re

import pytest
from django.urls import reverse

from accounts.models import User
from games import services
from notifications.emails import make_message, unsubscribe_token

pytestmark = pytest.mark.django_db


def link_path(message) -> str:
    return re.search(r"http://127.0.0.1:8000(/notifications/unsubscribe/\S+/)", message.body)[1]


@pytest.fixture
def invitation_mail(alice, bob):
    game = services.create_game(alice, num_players=3)
    context = {"game": game, "game_url": "http://127.0.0.1:8000/", "host": "Alice"}
    return make_message("invitation", bob, context)


def test_the_link_asks_first_and_a_get_changes_nothing(client, bob, invitation_mail):
    page = client.get(link_path(invitation_mail))

    assert page.status_code == 200
    assert "bob@example.com" in page.content.decode()
    assert User.objects.get(pk=bob.pk).notifications == "each_turn"


def test_confirming_stops_game_mails(client, bob, invitation_mail):
    response = client.post(link_path(invitation_mail))

    assert "You will get no more game emails" in response.content.decode()
    assert User.objects.get(pk=bob.pk).notifications == "none"


def test_a_mail_programs_one_click_post_unsubscribes(client, bob, invitation_mail):
    header = invitation_mail.extra_headers["List-Unsubscribe"].strip("<>")
    path = header.replace("http://127.0.0.1:8000", "")

    client.post(
        path, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )

    assert User.objects.get(pk=bob.pk).notifications == "none"


def test_a_forged_link_changes_nothing(client, alice, bob):
    token = unsubscribe_token(bob)
    forged = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")

    response = client.post(reverse("unsubscribe", args=[forged]))

    assert response.status_code == 400
    assert User.objects.get(pk=bob.pk).notifications == "each_turn"


def test_a_link_does_not_unsubscribe_anyone_else(client, alice, bob, invitation_mail):
    client.post(link_path(invitation_mail))

    assert User.objects.get(pk=alice.pk).notifications == "each_turn"
