"""Both ways a reply arrives, ``manage.py receive_mail`` (an MTA pipe) and django-anymail's
inbound webhooks, end in the same handler and play the move."""

import hashlib
import hmac
import io
import sys
import time

import pytest
from anymail.inbound import AnymailInboundMessage
from anymail.signals import AnymailInboundEvent, EventType, inbound
from django.core.checks import run_checks
from django.core.management import call_command
from django.db import OperationalError

from mailplay import inbound as mail_inbound
from mailplay.inbound import handle_message
from mailplay.models import ProcessedMessage
from mailplay.parsing import parse_bytes
from tests.support.mail import ALL_MAILS, MAILS, last_mail_to, mover, reply_to
from tests.support.play import AFRICA_ONLY

pytestmark = [AFRICA_ONLY, pytest.mark.django_db]


def raw_reply(name: str, game, mailoutbox) -> bytes:
    """The fixture mail ``name`` as the player to move would send it to their reply address."""
    user = mover(game)
    raw = (MAILS / name).read_bytes()
    raw = raw.replace(b"PLAY_ADDRESS", reply_to(last_mail_to(mailoutbox, user)).encode())
    return raw.replace(b"PLAYER_ADDRESS", user.email.encode())


def through_command(raw: bytes, monkeypatch) -> str:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    out = io.StringIO()
    call_command("receive_mail", stdout=out)
    return out.getvalue().strip()


def through_signal(raw: bytes, monkeypatch) -> str:
    message = AnymailInboundMessage.parse_raw_mime_bytes(raw)
    event = AnymailInboundEvent(event_type=EventType.INBOUND, message=message)
    inbound.send(sender=object, event=event, esp_name="Test")
    return "sent"


@pytest.mark.parametrize("path", [through_command, through_signal], ids=["command", "signal"])
@pytest.mark.parametrize("name", ALL_MAILS)
def test_a_real_reply_plays_the_move(
    name, path, duel, mailoutbox, monkeypatch, django_capture_on_commit_callbacks
):
    first = mover(duel)
    raw = raw_reply(name, duel, mailoutbox)

    with django_capture_on_commit_callbacks(execute=True):
        path(raw, monkeypatch)

    duel.refresh_from_db()
    assert list(duel.moves.values_list("seat", "action")) == [(0, "start C2")]
    answer = last_mail_to(mailoutbox, first)
    assert answer.subject.startswith("Your move is applied")
    assert "  start C2\n" in answer.body


def test_the_command_prints_what_became_of_the_mail(
    duel, mailoutbox, monkeypatch, django_capture_on_commit_callbacks
):
    raw = raw_reply("thunderbird_nl.eml", duel, mailoutbox)
    with django_capture_on_commit_callbacks(execute=True):
        assert through_command(raw, monkeypatch) == "applied"
        assert through_command(raw, monkeypatch) == "duplicate"


def mailgun_post(client, raw: bytes, key: str):
    """POST ``raw`` as Mailgun's inbound_mime webhook does, signed with ``key``."""
    timestamp, token = str(int(time.time())), "a" * 50
    signature = hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256)
    data = {
        "body-mime": raw.decode(),
        "timestamp": timestamp,
        "token": token,
        "signature": signature.hexdigest(),
    }
    return client.post("/mail/anymail/mailgun/inbound_mime/", data)


def test_the_webhook_needs_its_signing_key_and_then_plays_the_move(
    client, settings, duel, mailoutbox, django_capture_on_commit_callbacks
):
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": "key-right"}
    raw = raw_reply("gmail_multipart.eml", duel, mailoutbox)

    forged = mailgun_post(client, raw, "key-wrong")
    with django_capture_on_commit_callbacks(execute=True):
        accepted = mailgun_post(client, raw, "key-right")

    assert forged.status_code == 400
    assert accepted.status_code == 200
    assert list(duel.moves.values_list("action", flat=True)) == ["start C2"]


def test_a_mail_with_unstorable_characters_in_its_headers_is_handled(duel, mailoutbox):
    raw = (
        b"From: stranger@example.com\r\nTo: play@example.com\r\n"
        b"Message-ID: <bad\x00id\xff@example.com>\r\nSubject: hi\r\n\r\nend\r\n"
    )

    outcome = handle_message(parse_bytes(raw))

    assert outcome.status == "dropped"
    [stored] = ProcessedMessage.objects.values_list("message_id", flat=True)
    assert "\x00" not in stored and not any("\ud800" <= c <= "\udfff" for c in stored)


def test_the_webhooks_refuse_every_post_when_no_secret_is_set(client, settings, duel, mailoutbox):
    settings.ANYMAIL = {}
    raw = raw_reply("gmail_multipart.eml", duel, mailoutbox)

    mailgun = mailgun_post(client, raw, "key-any")
    postmark = client.post(
        "/mail/anymail/postmark/inbound/",
        {"RawEmail": raw.decode()},
        content_type="application/json",
    )

    assert (mailgun.status_code, postmark.status_code) == (404, 404)
    assert ProcessedMessage.objects.count() == 0


def test_a_provider_without_its_own_signing_key_is_refused(client, settings, duel, mailoutbox):
    settings.ANYMAIL = {"WEBHOOK_SECRET": "user:password"}
    raw = raw_reply("gmail_multipart.eml", duel, mailoutbox)

    response = mailgun_post(client, raw, "key-any")

    assert response.status_code == 404
    assert ProcessedMessage.objects.count() == 0


def test_the_deployment_check_warns_of_webhooks_without_a_secret(settings):
    settings.ANYMAIL = {}
    warned = {m.id for m in run_checks(include_deployment_checks=True)}
    settings.MAIL_WEBHOOKS = False
    off = {m.id for m in run_checks(include_deployment_checks=True)}
    settings.MAIL_WEBHOOKS, settings.ANYMAIL = True, {"WEBHOOK_SECRET": "user:password"}
    guarded = {m.id for m in run_checks(include_deployment_checks=True)}

    assert "mailplay.W001" in warned
    assert "mailplay.W001" not in off | guarded


def test_a_reply_met_by_an_unreachable_service_is_deferred_and_played_when_delivered_again(
    duel, mailoutbox, monkeypatch, django_capture_on_commit_callbacks
):
    raw = raw_reply(ALL_MAILS[0], duel, mailoutbox)

    def unreachable(*args, **kwargs):
        raise OperationalError("could not connect to server")

    with monkeypatch.context() as patch:
        patch.setattr(mail_inbound, "_play", unreachable)
        with pytest.raises(SystemExit) as exit_code:
            through_command(raw, monkeypatch)
        assert exit_code.value.code == 75  # EX_TEMPFAIL: the mail server keeps it and retries
        with pytest.raises(mail_inbound.Deferred):  # a webhook answers 500: the provider retries
            through_signal(raw, monkeypatch)
    assert not ProcessedMessage.objects.exists()

    with django_capture_on_commit_callbacks(execute=True):
        assert through_command(raw, monkeypatch) == "applied"
        assert through_command(raw, monkeypatch) == "duplicate"
