"""What playing by email remembers: the inbound mails already handled."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class ProcessedMessage(models.Model):
    """An inbound mail handled once, by its Message-ID (RFC 5322 section 3.6.4).

    A provider or an MTA may deliver the same mail twice; the unique constraint lets only the
    first delivery through. ``outcome`` is the short status of ``mailplay.inbound.Outcome``.
    ``user`` and ``game`` name the player and the game of a reply that could be attributed;
    the limits on replies (``mailplay.limits``) count these rows, in the database, so that they
    hold when the shared cache is away.
    """

    message_id = models.CharField(max_length=255)
    outcome = models.CharField(max_length=16, blank=True)
    received_at = models.DateTimeField(default=timezone.now)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["message_id"], name="mailplay_message_once"),
        ]
        indexes = [
            models.Index(fields=["user", "received_at"], name="mailplay_replies_by_user"),
        ]

    def __str__(self):
        return self.message_id
