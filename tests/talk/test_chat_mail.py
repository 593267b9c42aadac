"""The chat in mails: the turn mail and the daily digest list what others wrote since the
player's last visit; a reply line starting with "say" is a chat message and never an action.

In the duel (seed 2024) P1 starts in C2 and P2 in D7."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from accounts.models import User
from games import services
from games import tasks as game_tasks
from games.models import Game, Seat
from mailplay.inbound import handle_message
from mailplay.parsing import parse_bytes
from notifications import tasks
from talk.mail import split_said
from talk.models import Message
from tests.support.mail import answer_by_mail, compose, last_mail_to, mover
from tests.support.play import AFRICA_ONLY, player_to_move

pytestmark = pytest.mark.django_db


def _say(game: Game, user, text: str, when=None) -> Message:
    return Message.objects.create(
        game=game, author=user, text=text, created_at=when or timezone.now()
    )


def _waiting(game: Game):
    game.refresh_from_db()
    return game.seats.exclude(number=game.current_seat).get().user


@AFRICA_ONLY
def test_the_turn_mail_lists_the_chat_since_the_last_visit(
    mail_duel, mailoutbox, django_capture_on_commit_callbacks
):
    game = mail_duel
    other = _waiting(game)
    me = player_to_move(game)
    Seat.objects.filter(game=game, user=other).update(
        last_seen_at=timezone.now() - timedelta(hours=1)
    )
    _say(game, me, "old news", when=timezone.now() - timedelta(hours=2))
    _say(game, me, "Good luck <b>friend</b>!")

    with django_capture_on_commit_callbacks(execute=True):
        action = game.kind.engine.legal_actions(game.state)[0]
        services.submit_action(game, me, action, game.version)

    mail = last_mail_to(mailoutbox, other)
    html = mail.alternatives[0][0]
    assert "In the chat since your last visit:" in mail.body
    assert "Good luck <b>friend</b>!" in mail.body
    assert "Good luck &lt;b&gt;friend&lt;/b&gt;!" in html
    assert "<b>friend" not in html
    assert "old news" not in mail.body
    assert 'write a line starting with “say”' in mail.body


def test_the_daily_digest_lists_the_chat_of_each_game(alice, bob, mailoutbox):
    game = services.create_game(alice, num_players=2, seed=2024)
    services.join_game(game, bob)
    game.refresh_from_db()
    waiting_for = player_to_move(game)
    User.objects.filter(pk=waiting_for.pk).update(notifications=User.Notifications.DAILY_DIGEST)
    other = _waiting(game)
    _say(game, other, "Your move, take your time")

    tasks.send_outbox.apply()  # the mails the game queued before
    mailoutbox.clear()
    eight = timezone.now().replace(hour=8, minute=5)
    with time_machine.travel(eight, tick=False):
        assert game_tasks.send_daily_digests.apply().get() == 1
        tasks.send_outbox.apply()  # the outbox's periodic sender
    [digest] = mailoutbox
    assert "Your move, take your time" in digest.body


def test_a_reply_of_chat_lines_only_posts_them_and_applies_nothing(
    mail_duel, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(mail_duel)
    version = mail_duel.version
    reply = "say Hello from my phone\nSay: start C2"
    outcome = answer_by_mail(mailoutbox, user, reply, django_capture_on_commit_callbacks)

    assert outcome.status == "said"
    assert list(Message.objects.values_list("text", "author")) == [
        ("Hello from my phone", user.pk),
        ("start C2", user.pk),
    ]
    mail_duel.refresh_from_db()
    assert mail_duel.version == version
    assert not mail_duel.moves.exists()


@AFRICA_ONLY
def test_chat_lines_and_actions_in_one_reply_each_go_their_way(
    mail_duel, mailoutbox, django_capture_on_commit_callbacks
):
    user = mover(mail_duel)
    outcome = answer_by_mail(
        mailoutbox, user, "start C2\nsay well, here I go", django_capture_on_commit_callbacks
    )

    assert outcome.status == "applied"
    assert outcome.applied == ["start C2"]
    assert Message.objects.get().text == "well, here I go"


def test_a_stranger_cannot_chat_by_mail(mail_duel, mailoutbox, carol):
    raw = compose(
        last_mail_to(mailoutbox, mover(mail_duel)).reply_to[0], "say hi", sender=carol.email
    )
    handle_message(parse_bytes(raw))
    assert not Message.objects.exists()


def test_only_lines_whose_first_word_is_say_are_chat():
    said = split_said("start C2\nsaying nothing\n- say hi\nSAY:  yes \nsay")

    assert said.messages == ["hi", "yes"]
    assert said.rest.split("\n") == ["start C2", "saying nothing", "", "", "say"]
