"""What playing by email remembers: the inbound mails already handled."""

from django.db import models
from django.utils import timezone


class ProcessedMessage(models.Model):
    """An inbound mail handled once, by its Message-ID (RFC 5322 section 3.6.4).

    A provider or an MTA may deliver the same mail twice; the unique constraint lets only the
    first delivery through. ``outcome`` is the short status of ``mailplay.inbound.Outcome``.
    """

    message_id = models.CharField(max_length=255)
    outcome = models.CharField(max_length=16, blank=True)
    received_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["message_id"], name="mailplay_message_once"),
        ]

    def __str__(self):
        return self.message_id
