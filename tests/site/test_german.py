"""A German reader: the pages, the mails and the answers to their mail replies in German."""

import random

import pytest
from django.urls import reverse

from accounts.models import User
from games import services
from games.simulation import play_game
from tests.support.mail import answer_by_mail, last_mail_to, mover
from tests.support.play import AFRICA_ONLY, first_with, player_to_move

pytestmark = pytest.mark.django_db


def _german(user):
    User.objects.filter(pk=user.pk).update(language="de")
    user.refresh_from_db()
    return user


def test_the_play_page_of_each_game_is_in_german(client, alice, bob):
    _german(alice)
    client.force_login(alice)
    nile = play_game([alice, bob], rng=random.Random(1), engine="nile", plies=0)
    africa = play_game([alice, bob], rng=random.Random(1), engine="africa", plies=0)

    nile_html = client.get(nile.get_absolute_url()).content.decode()
    africa_html = client.get(africa.get_absolute_url()).content.decode()

    assert '<html lang="de">' in nile_html
    assert "Nilquelle" in nile_html.split("</h1>")[0]
    assert "Source of the Nile" not in nile_html.split("</h1>")[0]
    assert "Spielbrett" in africa_html
    assert "Startstadt" in africa_html
    assert "Your move" not in africa_html


@AFRICA_ONLY
def test_the_turn_mail_is_in_german(alice, bob, django_capture_on_commit_callbacks, mailoutbox):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, num_players=2, seed=2024)
        services.join_game(game, bob)
    game.refresh_from_db()
    second = _german(game.seats.get(number=1).user)
    mailoutbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        first = player_to_move(game)
        services.submit_action(game, first, first_with(game, "start "), game.version)

    mail = last_mail_to(mailoutbox, second)
    assert mail.subject.startswith("Du bist dran in Africa")
    assert f"Hallo {second.display_name}," in mail.body
    assert f"{first.display_name} beginnt in" in mail.body
    assert '<html lang="de">' in mail.alternatives[0][0]


@AFRICA_ONLY
def test_a_reply_from_a_german_mail_program_plays_and_is_answered_in_german(
    alice, bob, django_capture_on_commit_callbacks, mailoutbox
):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, num_players=2, seed=2024)
        services.join_game(game, bob)
        game.refresh_from_db()
        game = services.submit_action(game, player_to_move(game), "start C2", game.version)
        game = services.submit_action(game, player_to_move(game), "start D7", game.version)
    user = _german(mover(game))
    reply = (
        "Moin,\n\nuncover C3\nkeep\nend\n\nViele Grüße\n\n"
        "Am 21.11.26 um 10:55 schrieb Africa:\n> Hallo,\n> uncover D2\n"
    )

    outcome = answer_by_mail(mailoutbox, user, reply, django_capture_on_commit_callbacks)

    assert outcome.status == "applied"
    assert outcome.applied == ["uncover C3", "keep", "end"]
    answer = last_mail_to(mailoutbox, user)
    assert "Hallo" in answer.body
    assert "Ausgeführt, in dieser Reihenfolge:" in answer.body


def test_choosing_german_in_the_switcher_serves_this_browser_in_german(client, alice):
    client.force_login(alice)

    client.post(reverse("set_language"), {"language": "de", "next": "/"})

    response = client.get(reverse("account_settings"))
    assert response["Content-Language"] == "de"
    assert "Sprache deiner E-Mails" in response.content.decode()
    alice.refresh_from_db()
    assert alice.language == "en"  # the mails' language, changed on the settings page only


def test_choosing_german_on_the_settings_page_keeps_it_on_the_account(client, alice):
    client.force_login(alice)
    form = {"display_name": "Alice", "language": "de", "time_zone": "UTC"}

    client.post(reverse("account_settings"), form | {"notifications": "each_turn"})

    alice.refresh_from_db()
    assert alice.language == "de"
    response = client.get(reverse("account_settings"))
    assert response["Content-Language"] == "de"
    assert '<option value="de" selected>Deutsch</option>' in response.content.decode()
