"""A player who sends too many replies in an hour is answered that the reply was not read,
and nothing is applied (alice and bob play the duel by mail)."""

import pytest

from games.models import Game
from tests.mailplay.conftest import answer_by_mail, last_mail_to, mover

pytestmark = pytest.mark.django_db


def test_replies_over_the_hourly_limit_are_not_read(
    duel, mailoutbox, settings, django_capture_on_commit_callbacks
):
    settings.HOURLY_LIMITS = settings.HOURLY_LIMITS | {"mail_reply": "2/h"}
    user = mover(duel)
    for _reply in range(2):
        answer_by_mail(mailoutbox, user, "hello", django_capture_on_commit_callbacks)
    version = Game.objects.get(pk=duel.pk).version
    start = duel.rules.legal_actions(duel.state)[0]

    outcome = answer_by_mail(mailoutbox, user, start, django_capture_on_commit_callbacks)

    assert outcome.status == "refused"
    assert Game.objects.get(pk=duel.pk).version == version
    assert "You have sent many replies in the last hour" in last_mail_to(mailoutbox, user).body
