"""The outbox's sender in the background (``notifications.sender``).

``send_outbox`` sends the due rows: beat runs it every half minute, and a move's commit asks
for it at once (a "kick"); a kicked run that hit a mail server failure asks again after
MAIL_RETRY_BACKOFF seconds. The tasks that put mails about games in the outbox are in
``games.tasks``.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings

from notifications import sender

logger = logging.getLogger(__name__)


@shared_task(bind=True, name="notifications.tasks.send_outbox", max_retries=5)
def send_outbox(self, kicked: bool = False) -> dict[str, int]:
    """Send the due mails of the outbox (``sender.send_due``); returns its counts. A kicked run
    whose mails failed runs again when the first of them is due (beat would too, later)."""
    counts = sender.send_due()
    if kicked and counts["failed"] and not self.request.is_eager:
        raise self.retry(countdown=sender.seconds_to_next_due(cap=settings.MAIL_RETRY_BACKOFF * 4))
    return counts
