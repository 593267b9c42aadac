"""Housekeeping on beat's schedule: expired sessions and old mail records go, the rest stays."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.utils import timezone

from mailplay.models import ProcessedMessage
from notifications.models import OutboundMail
from operations.tasks import clear_expired_sessions, prune_mail_records

pytestmark = pytest.mark.django_db


def test_both_tasks_are_on_the_beat_schedule():
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}

    assert {
        "operations.tasks.clear_expired_sessions",
        "operations.tasks.prune_mail_records",
    } <= tasks


def test_expired_sessions_are_deleted_and_live_ones_kept():
    now = timezone.now()
    Session.objects.create(session_key="old", session_data="", expire_date=now - timedelta(1))
    Session.objects.create(session_key="live", session_data="", expire_date=now + timedelta(1))

    assert clear_expired_sessions.delay().get() == 1
    assert list(Session.objects.values_list("session_key", flat=True)) == ["live"]


def test_mail_records_past_the_retention_period_are_deleted(alice, settings):
    settings.MAIL_RETENTION_DAYS = 30
    settings.INBOUND_RETENTION_DAYS = 10
    now = timezone.now()
    old, recent = now - timedelta(days=31), now - timedelta(days=29)
    sent = OutboundMail.Status.SENT
    OutboundMail.objects.create(key="old", user=alice, template="t", status=sent, sent_at=old)
    OutboundMail.objects.create(key="recent", user=alice, template="t", status=sent, sent_at=recent)
    OutboundMail.objects.create(key="unsent", user=alice, template="t", created_at=old)
    closed = OutboundMail.Status.CLOSED
    OutboundMail.objects.create(key="gone", user=alice, template="t", status=closed, created_at=old)
    ProcessedMessage.objects.create(message_id="<a@x>", received_at=now - timedelta(days=11))
    ProcessedMessage.objects.create(message_id="<b@x>", received_at=now - timedelta(days=9))

    assert prune_mail_records.delay().get() == {"sent_mails": 2, "inbound_mails": 1}
    assert set(OutboundMail.objects.values_list("key", flat=True)) == {"recent", "unsent"}
    assert list(ProcessedMessage.objects.values_list("message_id", flat=True)) == ["<b@x>"]
