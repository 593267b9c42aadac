"""Limits on emailed replies: per game, and on replies that play nothing. A reply over a limit
is answered that it was not read, with the time from which replies are read again and an
address to reply to; honest moves in another game are never held up (alice and bob play the
duel by mail)."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games import services
from games.models import Game
from mailplay.inbound import handle_message
from mailplay.parsing import parse_bytes
from tests.support.mail import answer_by_mail, compose, last_mail_to, mover, reply_to

pytestmark = pytest.mark.django_db


def test_replies_over_the_limit_of_a_game_are_answered_with_when_to_reply_again(
    duel, mailoutbox, settings, django_capture_on_commit_callbacks
):
    settings.HOURLY_LIMITS = settings.HOURLY_LIMITS | {"mail_reply_game": "2/h"}
    user = mover(duel)
    for _reply in range(2):
        answer_by_mail(mailoutbox, user, "hello", django_capture_on_commit_callbacks)
    version = Game.objects.get(pk=duel.pk).version
    start = duel.kind.engine.legal_actions(duel.state)[0]

    outcome = answer_by_mail(mailoutbox, user, start, django_capture_on_commit_callbacks)

    assert outcome.status == "limited"
    assert Game.objects.get(pk=duel.pk).version == version
    answer = last_mail_to(mailoutbox, user)
    assert "You have sent many replies about this game in the last hour" in answer.body
    retry_at = timezone.localtime(timezone.now() + timedelta(hours=1), user.zone)
    assert f"Replies are read again from {retry_at:%H:%M}" in answer.body or (
        f"Replies are read again from {retry_at + timedelta(minutes=1):%H:%M}" in answer.body
    )
    # The refusal can be replied to: after the hour, the reply to it plays.
    raw = compose(reply_to(answer), start, sender=user.email)
    with time_machine.travel(timezone.now() + timedelta(hours=1, minutes=1)):
        with django_capture_on_commit_callbacks(execute=True):
            assert handle_message(parse_bytes(raw)).status == "applied"


def test_moves_played_in_one_sitting_are_not_limited_but_a_flood_of_unplayable_replies_is(
    alice, bob, duel, mailoutbox, settings, django_capture_on_commit_callbacks
):
    settings.HOURLY_LIMITS = settings.HOURLY_LIMITS | {"mail_reply_unplayed": "3/h"}
    user = mover(duel)
    for _reply in range(3):
        assert (
            answer_by_mail(mailoutbox, user, "hello", django_capture_on_commit_callbacks).status
            == "rejected"
        )
    start = duel.kind.engine.legal_actions(duel.state)[0]

    outcome = answer_by_mail(mailoutbox, user, start, django_capture_on_commit_callbacks)

    assert outcome.status == "limited"
    assert (
        "Many of your replies in the last hour played nothing"
        in last_mail_to(mailoutbox, user).body
    )


def test_a_game_over_its_limit_does_not_hold_up_the_players_other_games(
    alice, bob, duel, mailoutbox, settings, django_capture_on_commit_callbacks
):
    settings.HOURLY_LIMITS = settings.HOURLY_LIMITS | {"mail_reply_game": "2/h"}
    user = mover(duel)
    address = reply_to(last_mail_to(mailoutbox, user))
    with django_capture_on_commit_callbacks(execute=True):
        other = services.create_game(alice, num_players=2, seed=7)
        services.join_game(other, bob)
    other.refresh_from_db()
    outcomes = []
    for _reply in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            raw = compose(address, "hello", sender=user.email)
            outcomes.append(handle_message(parse_bytes(raw)).status)
    assert outcomes == ["rejected", "rejected", "limited"]

    other_mover = mover(other)
    mail = [
        m
        for m in mailoutbox
        if m.to == [other_mover.email] and m.reply_to and f"play+{other.pk}." in m.reply_to[0]
    ][-1]
    start = other.kind.engine.legal_actions(other.state)[0]
    raw = compose(reply_to(mail), start, sender=other_mover.email)
    with django_capture_on_commit_callbacks(execute=True):
        assert handle_message(parse_bytes(raw)).status == "applied"
