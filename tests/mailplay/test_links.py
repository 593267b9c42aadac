"""One-click links in mails: opening one shows a page and changes nothing; its button acts;
a forged or expired link changes nothing. The links are personal: no sign-in is needed."""

import re
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from accounts.models import User
from games import services
from games.models import Game, Seat
from mailplay.links import link_url
from tests.support.mail import last_mail_to
from tests.support.play import AFRICA_ONLY, player_to_move

pytestmark = pytest.mark.django_db


def path_of(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)


def links_in(body: str) -> dict[str, str]:
    return {
        purpose: path_of(url)
        for url, purpose in re.findall(r"(https?://\S+/mail/do/(\w+)/\S+/)", body)
    }


@pytest.fixture
def turn_links(duel, mailoutbox):
    """The one-click links of the first your-turn mail of the duel, by purpose."""
    return links_in(last_mail_to(mailoutbox, player_to_move(duel)).body)


def test_the_turn_mail_offers_extension_vacation_and_digest(turn_links):
    assert set(turn_links) == {"extension", "vacation", "digest"}


def test_opening_the_extension_link_shows_a_page_and_changes_nothing(client, duel, turn_links):
    deadline = duel.turn_deadline

    response = client.get(turn_links["extension"])

    assert response.status_code == 200
    assert b"24 more hours" in response.content
    assert b'method="post"' in response.content
    duel.refresh_from_db()
    assert duel.turn_deadline == deadline
    assert not Seat.objects.filter(extension_taken_at__isnull=False).exists()


def test_the_extension_moves_deadline_and_reminder_by_a_day_once_per_game(client, duel, turn_links):
    deadline, reminder = duel.turn_deadline, duel.reminder_due_at

    first = client.post(turn_links["extension"])
    second = client.post(turn_links["extension"])

    duel.refresh_from_db()
    assert first.status_code == 200
    assert (duel.turn_deadline, duel.reminder_due_at) == (
        deadline + timedelta(hours=24),
        reminder + timedelta(hours=24),
    )
    assert second.status_code == 409
    assert b"already taken your 24 extra hours" in second.content


@AFRICA_ONLY
def test_the_extension_is_not_offered_again_once_taken(
    client, duel, mailoutbox, django_capture_on_commit_callbacks
):
    user = player_to_move(duel)
    client.post(links_in(last_mail_to(mailoutbox, user).body)["extension"])
    with django_capture_on_commit_callbacks(execute=True):
        game = services.submit_action(duel, user, "start C2", duel.version)
        game = services.submit_action(game, player_to_move(game), "start D7", game.version)

    assert "extension" not in links_in(last_mail_to(mailoutbox, user).body)


def test_the_extension_is_refused_when_it_is_not_your_turn(client, duel):
    waiting = duel.seats.exclude(number=duel.current_seat).get()
    deadline = duel.turn_deadline

    response = client.post(path_of(link_url("extension", waiting.pk)))

    assert response.status_code == 409
    duel.refresh_from_db()
    assert duel.turn_deadline == deadline


def test_the_vacation_link_starts_a_vacation_on_post_only(client, duel, turn_links):
    user = player_to_move(duel)

    client.get(turn_links["vacation"])
    assert not User.objects.get(pk=user.pk).on_vacation
    client.post(turn_links["vacation"])
    assert User.objects.get(pk=user.pk).on_vacation


def test_the_digest_link_switches_to_the_daily_digest_on_post_only(client, duel, turn_links):
    user = player_to_move(duel)

    client.get(turn_links["digest"])
    assert User.objects.get(pk=user.pk).notifications == User.Notifications.EACH_TURN
    client.post(turn_links["digest"])
    assert User.objects.get(pk=user.pk).notifications == User.Notifications.DAILY_DIGEST


@pytest.mark.parametrize("purpose", ["extension", "vacation", "digest"])
def test_a_forged_link_shows_an_error_and_changes_nothing(client, duel, turn_links, purpose):
    user = player_to_move(duel)
    url = turn_links[purpose]
    forged = url[:-3] + ("A" if url[-3] != "A" else "B") + url[-2:]

    response = client.post(forged)

    assert response.status_code == 400
    assert b"This link is not valid" in response.content
    fresh = User.objects.get(pk=user.pk)
    assert not fresh.on_vacation
    assert fresh.notifications == User.Notifications.EACH_TURN
    assert not Seat.objects.filter(extension_taken_at__isnull=False).exists()


def test_a_link_for_one_purpose_does_not_work_for_another(client, duel, turn_links):
    user = player_to_move(duel)
    token = turn_links["digest"].rstrip("/").rsplit("/", 1)[1]

    response = client.post(f"/mail/do/vacation/{token}/")

    assert response.status_code == 400
    assert not User.objects.get(pk=user.pk).on_vacation


def test_an_expired_link_changes_nothing(client, duel, turn_links):
    user = player_to_move(duel)

    with time_machine.travel(timezone.now() + timedelta(days=15)):
        response = client.post(turn_links["digest"])

    assert response.status_code == 400
    assert User.objects.get(pk=user.pk).notifications == User.Notifications.EACH_TURN


def test_the_invitation_mail_has_a_link_that_joins_the_game(
    client, alice, bob, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, num_players=2, invite_only=True)
        services.invite(game, alice, "Bob")
    accept = links_in(last_mail_to(mailoutbox, bob).body)["accept"]

    page = client.get(accept)
    assert page.status_code == 200
    assert not game.seats.filter(user=bob).exists()

    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(accept)

    assert done.status_code == 200
    assert game.seats.filter(user=bob).exists()
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


def test_a_game_without_deadlines_offers_neither_more_hours_nor_a_vacation(
    alice, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, engine="nile", num_players=1, seed=11)
    mail = last_mail_to(mailoutbox, alice)
    html = mail.alternatives[0][0]

    assert game.turn_deadline is None
    assert set(links_in(mail.body)) == {"digest"}
    assert "24 more hours" not in mail.body and "vacation" not in mail.body
    assert "24 more hours" not in html and "vacation" not in html
    assert "daily digest" in html
