"""A chat line addressed to a player reaches them by mail and on their devices: in a game of
two every line goes to the other, at a larger table only to those named with "@"; never to its
author, to a player who muted them, or to one who is on the game's page."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games import services
from notifications import sender
from notifications.preferences import save_choices
from talk.models import Mute
from talk.services import post_message
from tests.social import running_duel

pytestmark = pytest.mark.django_db


def say(game, user, text):
    return post_message(game, user, game.seats.get(user=user), text)


def chat_mails(mailoutbox, user):
    return [m for m in mailoutbox if m.to == [user.email] and "wrote to you" in m.subject]


@pytest.fixture
def table(alice, bob, carol):
    """A running 3-player Africa game of alice, bob and carol."""
    game = services.create_game(alice, num_players=3, seed=7)
    services.join_game(game, bob)
    services.join_game(game, carol)
    game.refresh_from_db()
    return game


def test_in_a_duel_a_line_is_mailed_and_pushed_to_the_other_player(
    alice, bob, push_service, subscribe, mailoutbox
):
    game = running_duel(alice, bob)
    subscribe(bob)

    say(game, alice, "Shall we play faster? Your move, Bob.")
    sender.send_due()

    [mail] = chat_mails(mailoutbox, bob)
    assert mail.subject.endswith("Alice wrote to you in Africa")
    assert "Shall we play faster? Your move, Bob." in mail.body
    assert game.get_absolute_url() in mail.body
    assert not chat_mails(mailoutbox, alice)
    [push] = push_service.received
    assert push.payload["title"].endswith("Alice wrote to you in Africa")
    assert push.payload["tag"] == str(game.code)


def test_at_a_table_of_three_only_the_player_named_with_an_at_sign_is_told(
    table, alice, bob, carol, mailoutbox
):
    say(table, alice, "Nice move, everyone.")
    say(table, alice, "@carol, will you trade the kettle?")
    sender.send_due()

    assert not chat_mails(mailoutbox, bob)
    [mail] = chat_mails(mailoutbox, carol)
    assert "will you trade the kettle?" in mail.body


def test_no_mail_to_a_player_who_muted_the_author_or_turned_the_event_off(
    table, alice, bob, carol, mailoutbox
):
    Mute.objects.create(user=bob, muted=alice)
    save_choices(carol, {("chat_line", "mail"): False})

    say(table, alice, "@Bob @Carol look at the south!")
    sender.send_due()

    assert not chat_mails(mailoutbox, bob)
    assert not chat_mails(mailoutbox, carol)


def test_a_player_on_the_games_page_sees_the_line_there_and_gets_no_mail(
    alice, bob, mailoutbox
):
    game = running_duel(alice, bob)
    game.seats.filter(user=bob).update(last_seen_at=timezone.now() - timedelta(seconds=5))

    say(game, alice, "Hello!")
    sender.send_due()
    assert not chat_mails(mailoutbox, bob)

    game.seats.filter(user=bob).update(last_seen_at=timezone.now())  # the page polled
    with time_machine.travel(timezone.now() + timedelta(minutes=30)):
        sender.send_due()
    assert not chat_mails(mailoutbox, bob)
