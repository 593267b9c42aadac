"""The site's own health checks, beside django-health-check's database and cache checks.

- ``Broker``: Celery's broker answers (a connection is made and closed).
- ``DeadlineSweep``: the deadline sweep finished within HEALTH_SWEEP_MAX_AGE seconds, which
  takes beat, the broker and a worker all working (its heartbeat: operations.signals).
- ``MailQueue``: no mail of the outbox has been due longer than HEALTH_MAIL_MAX_AGE seconds
  without being sent (a mail held for quiet hours is due when they end).
- ``LiveProcess``: the live process (``live.asgi``) answers its health URL, LIVE_HEALTH_URL
  (skipped when it is empty), with 200: it runs and hears the site's news.

Each raises ServiceUnavailable with a short reason; messages never hold secrets or addresses.
"""

from __future__ import annotations

import dataclasses
import urllib.error
import urllib.request
from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from health_check.base import HealthCheck
from health_check.exceptions import ServiceUnavailable

from africa_site.celery import app
from notifications.models import OutboundMail
from operations.models import Heartbeat
from operations.signals import SWEEP_TASK


@dataclasses.dataclass
class Broker(HealthCheck):
    """Celery's broker (Redis, or the embedded SQLite file) accepts a connection."""

    timeout = timedelta(seconds=5)

    def run(self):
        try:
            with app.connection_for_write() as connection:
                connection.ensure_connection(max_retries=1, timeout=3)
        except Exception as error:  # any transport's error means the same: no broker
            raise ServiceUnavailable("the broker does not answer") from error


@dataclasses.dataclass
class DeadlineSweep(HealthCheck):
    """The deadline sweep ran recently."""

    def run(self):
        beat = Heartbeat.objects.filter(name=SWEEP_TASK).first()
        if beat is None:
            raise ServiceUnavailable("the deadline sweep has never run")
        age = (timezone.now() - beat.at).total_seconds()
        if age > settings.HEALTH_SWEEP_MAX_AGE:
            raise ServiceUnavailable(f"the deadline sweep last ran {age:.0f} s ago")


@dataclasses.dataclass
class MailQueue(HealthCheck):
    """The oldest due mail not yet sent has been due for less than HEALTH_MAIL_MAX_AGE."""

    def run(self):
        now = timezone.now()
        oldest = (
            OutboundMail.objects.filter(status=OutboundMail.Status.PENDING, send_after__lte=now)
            .order_by("send_after")
            .values_list("send_after", flat=True)
            .first()
        )
        if oldest is None:
            return
        age = (now - oldest).total_seconds()
        if age > settings.HEALTH_MAIL_MAX_AGE:
            raise ServiceUnavailable(f"the oldest unsent mail has waited {age:.0f} s")


@dataclasses.dataclass
class LiveProcess(HealthCheck):
    """The live process answers ``settings.LIVE_HEALTH_URL`` with 200 (no URL: nothing to
    check). Behind a proxy with several live processes, the URL reaches one of them."""

    timeout = timedelta(seconds=5)

    def run(self):
        url = settings.LIVE_HEALTH_URL
        if not url:
            return
        try:
            with urllib.request.urlopen(url, timeout=3) as answer:  # noqa: S310 (a setting)
                status = answer.status
        except urllib.error.HTTPError as error:
            status = error.code
        except OSError as error:
            raise ServiceUnavailable("the live process does not answer") from error
        if status != 200:
            raise ServiceUnavailable(f"the live process answers {status}")
