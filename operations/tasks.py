"""Housekeeping on beat's schedule: expired sessions, old mail records.

Retention periods are settings (MAIL_RETENTION_DAYS, INBOUND_RETENTION_DAYS). A sent mail's
row is only needed while a retry could still come (hours); a handled inbound mail's row only
while a provider could deliver it again (days).
"""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db.models import Q
from django.utils import timezone

from mailplay.models import ProcessedMessage
from notifications.models import OutboundMail


@shared_task
def clear_expired_sessions() -> int:
    """Delete the sessions past their expiry date (Django's ``clearsessions``); returns how
    many were deleted."""
    deleted, _ = Session.objects.filter(expire_date__lt=timezone.now()).delete()
    return deleted


@shared_task
def prune_mail_records() -> dict[str, int]:
    """Delete outbox rows sent, or closed (lost their purpose), more than MAIL_RETENTION_DAYS
    ago and handled inbound mails older than INBOUND_RETENTION_DAYS. Pending mails are kept
    whatever their age."""
    now = timezone.now()
    cutoff = now - timedelta(days=settings.MAIL_RETENTION_DAYS)
    sent, _ = OutboundMail.objects.filter(
        Q(status=OutboundMail.Status.SENT, sent_at__lt=cutoff)
        | Q(status=OutboundMail.Status.CLOSED, created_at__lt=cutoff)
    ).delete()
    inbound, _ = ProcessedMessage.objects.filter(
        received_at__lt=now - timedelta(days=settings.INBOUND_RETENTION_DAYS)
    ).delete()
    return {"sent_mails": sent, "inbound_mails": inbound}
