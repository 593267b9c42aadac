"""A reply holding what the database or a mail cannot carry (a NUL byte, other control
characters, an over-long line) is answered all the same, through ``manage.py receive_mail`` on
PostgreSQL (which stores no NUL in text or JSON): the refusal quotes the line cleaned, and
chat lines are posted cleaned."""

import io
import sys

import pytest
from django.core.management import call_command

from mailplay.parsing import MAX_LINE
from notifications.models import OutboundMail
from talk.models import Message
from tests.support.mail import compose, last_mail_to, mover, reply_to
from tests.support.play import AFRICA_ONLY

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db]


def receive(raw: bytes, monkeypatch, capture) -> str:
    """What ``manage.py receive_mail`` prints for ``raw``, its mails sent after the commit."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    out = io.StringIO()
    with capture(execute=True):
        call_command("receive_mail", stdout=out)
    return out.getvalue().strip()


@pytest.mark.parametrize(
    "line, quoted",
    [
        ("uncovr\x00 C3", "uncovr C3"),
        ("\x1buncovr\x7f C3\x01\x85\x0c\x9b", "uncovr C3"),
        ("uncovr " + "C3" * 1000, ("uncovr " + "C3" * 1000)[: MAX_LINE - 1] + "\u2026"),
    ],
    ids=["nul", "control characters", "over-long line"],
)
def test_a_refused_line_is_quoted_cleaned_and_the_refusal_is_sent(
    line, quoted, duel, mailoutbox, monkeypatch, django_capture_on_commit_callbacks
):
    user = mover(duel)
    raw = compose(reply_to(last_mail_to(mailoutbox, user)), line, sender=user.email)
    sent_before = len(mailoutbox)

    assert receive(raw, monkeypatch, django_capture_on_commit_callbacks) == "rejected"

    row = OutboundMail.objects.get(template="play_answer")
    assert (row.status, row.payload["failed_line"]) == (OutboundMail.Status.SENT, quoted)
    [answer] = [m for m in mailoutbox[sent_before:] if m.to == [user.email]]
    assert f'the line "{quoted}" failed' in answer.body
    assert '"uncovr" is not an action' in answer.body


@AFRICA_ONLY  # the reply plays Africa's start city
def test_a_chat_line_with_a_nul_byte_is_posted_cleaned_and_the_move_applied(
    duel, mailoutbox, monkeypatch, django_capture_on_commit_callbacks
):
    user = mover(duel)
    body = "say Good\x00 luck\x07!\r\nstart C2\x00"
    raw = compose(reply_to(last_mail_to(mailoutbox, user)), body, sender=user.email)

    assert receive(raw, monkeypatch, django_capture_on_commit_callbacks) == "applied"

    assert list(Message.objects.values_list("text", flat=True)) == ["Good luck!"]
    assert "  start C2\n" in last_mail_to(mailoutbox, user).body
